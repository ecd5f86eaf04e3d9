/**
 * `/rpc/<fn>`: choosing the overload PostgREST would choose (by argument names, or a
 * single unnamed json/jsonb parameter that receives the whole body) and calling it.
 * Arguments travel as one JSON parameter read with `json_to_record(…) AS _(arg type, …)`,
 * so Postgres converts them with the declared parameter types; the call is made with
 * named notation. The result is read like a table: filters, order and limit apply to
 * set-returning functions, and a function returning a table's rows can embed.
 */
import { ambiguousFunction, noFunction } from './errors.ts'
import type { ReadNode } from './plan.ts'
import { readQuery } from './read-sql.ts'
import { closest, type Routine, type SchemaCache } from './schema-cache.ts'
import { ident, qualified, responseColumns, type Params } from './sql.ts'

/** PostgREST's `findProc`: the overload whose parameters match the argument names. */
export function findRoutine(cache: SchemaCache, name: string, argNames: Set<string>, isPost: boolean): Routine {
  const overloads = cache.routines.get(name) ?? []
  const matching: Routine[] = []
  const singleJson: Routine[] = []
  for (const r of overloads) {
    if (matches(r, argNames)) matching.push(r)
    else if (isPost && r.params.length === 1 && r.params[0]!.name === '' && ['json', 'jsonb'].includes(r.params[0]!.baseType)) singleJson.push(r)
  }
  if (matching.length === 1) return matching[0]!
  if (matching.length > 1) throw ambiguousFunction(matching.map(signature))
  if (singleJson.length === 1) return singleJson[0]!
  if (singleJson.length > 1) throw ambiguousFunction(singleJson.map(signature))
  const args = [...argNames].sort()
  let suggestion: string | null = null
  if (overloads.length === 0) {
    const s = closest(name, cache.routines.keys())
    if (s) suggestion = `Perhaps you meant to call the function public.${s}`
  } else {
    const lists = overloads.map((r) => `(${r.params.map((p) => p.name).sort().join(', ')})`)
    const s = closest(`(${args.join(', ')})`, lists, 0.33)
    if (s) suggestion = `Perhaps you meant to call the function public.${name}${s}`
  }
  throw noFunction(name, args, suggestion)
}

function matches(r: Routine, args: Set<string>): boolean {
  if (r.params.length === 0) return args.size === 0
  const required = r.params.filter((p) => p.required).map((p) => p.name)
  const optional = new Set(r.params.filter((p) => !p.required).map((p) => p.name))
  if (required.some((n) => n === '')) return false
  const rest = [...args].filter((a) => !optional.has(a))
  return rest.length === required.length && required.every((n) => args.has(n))
}

const signature = (r: Routine) => `public.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`

export interface CallOptions {
  /** JSON object text of the named arguments, or the whole body for a single json parameter. */
  args: string
  argNames: Set<string>
  read: ReadNode | null
  count: boolean
  body: boolean
  stripNulls: boolean
  /** Accept: vnd.pgrst.object — the caller wants one value. */
  single: boolean
}

/**
 * The call and its response: total, page, body as text. `body` is a JSON array for
 * set-returning functions and the value itself otherwise (`null` for none).
 */
export function callSql(p: Params, r: Routine, o: CallOptions): string {
  const fn = qualified(r.name)
  let call: string
  let args = ''
  if (r.params.length === 1 && r.params[0]!.name === '') {
    // The single unnamed json/jsonb parameter receives the whole body.
    call = `${fn}(${p.add(o.args)}::${r.params[0]!.type})`
  } else {
    const used = r.params.filter((prm) => o.argNames.has(prm.name))
    if (used.length > 0) {
      args = `pgrst_args AS (SELECT * FROM json_to_record(${p.add(o.args)}::json) AS _(${used.map((prm) => `${ident(prm.name)} ${prm.type}`).join(', ')})), `
    }
    call = `${fn}(${used.map((prm) => `${prm.variadic ? 'VARIADIC ' : ''}${ident(prm.name)} := (SELECT ${ident(prm.name)} FROM pgrst_args)`).join(', ')})`
  }

  if (r.returns === 'void') return `WITH ${args}pgrst_source AS (SELECT ${call}) SELECT ${responseColumns('NULL::text', '(SELECT count(*) FROM pgrst_source)::text', 'NULL::text')}`

  if (r.returns === 'scalar') {
    const source = r.returnsSet
      ? `SELECT pgrst_call.pgrst_scalar FROM ${call} AS pgrst_call(pgrst_scalar)`
      : `SELECT ${call} AS pgrst_scalar`
    const agg = o.stripNulls ? 'json_strip_nulls(json_agg(_r.pgrst_scalar))' : 'json_agg(_r.pgrst_scalar)'
    const body = !o.body ? 'NULL::text' : r.returnsSet && !o.single ? `coalesce(${agg}, '[]')::text` : `coalesce((${agg}->0)::text, 'null')`
    return (
      `WITH ${args}pgrst_source AS (${source}) ` +
      `SELECT ${responseColumns(o.count ? '(SELECT count(*) FROM pgrst_source)::text' : 'NULL::text', 'count(_r)::text', body)} ` +
      `FROM (SELECT pgrst_scalar FROM pgrst_source) _r`
    )
  }

  const alias = r.returnTable ?? r.name
  const q = readQuery(p, o.read!, { from: `pgrst_source AS ${ident(alias)}`, count: o.count, body: o.body, stripNulls: o.stripNulls, order: true, range: true })
  const body = !o.body ? 'NULL::text' : r.returnsSet && !o.single ? q.body : `coalesce((${o.stripNulls ? 'json_strip_nulls(json_agg(_r))' : 'json_agg(_r)'}->0)::text, 'null')`
  return `WITH ${args}pgrst_source AS (SELECT pgrst_call.* FROM ${call} AS pgrst_call) SELECT ${responseColumns(q.total, q.page, body)} FROM (${q.inner}) _r`
}
