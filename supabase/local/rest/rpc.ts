/**
 * `/rpc/<fn>`: choosing the overload PostgREST would choose (by argument names, or a
 * single unnamed json/jsonb parameter that receives the whole body) and calling it.
 * Arguments travel as one JSON parameter read with `json_to_record(…) AS _(arg type, …)`,
 * so Postgres converts them with the declared parameter types; the call is made with
 * named notation. The result is read like a table: filters, order and limit apply to
 * set-returning functions, and a function returning a table's rows can embed.
 */
import type { ApiResponse } from '../http.ts'
import { ambiguousFunction, invalidRpcMethod, maxAffectedRpcViolation, maxAffectedViolation, noFunction, singularityError } from './errors.ts'
import type { Row } from './executor.ts'
import { parseJsonBody } from './guards.ts'
import { planRead, tableSource, type ReadNode, type Source } from './plan.ts'
import { preferenceApplied } from './preferences.ts'
import { applyHeaderRange, contentRange, JSON_TYPE, OBJECT_TYPE, readResponse, type RestRequest } from './request.ts'
import { readQuery } from './read-sql.ts'
import { closest, type Routine, type SchemaCache } from './schema-cache.ts'
import { ident, Params, qualified, responseColumns } from './sql.ts'

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

// ------------------------------------------------------------------------------------
// The request

export async function callRoutine(r: RestRequest, name: string): Promise<ApiResponse> {
  const isPost = r.method === 'POST'
  if (!isPost && r.method !== 'GET' && r.method !== 'HEAD') throw invalidRpcMethod(r.method)

  let argNames: Set<string>
  let postArgs = '{}'
  const getArgs = new Map<string, string[]>()
  if (isPost) {
    const raw = r.req.body.toString('utf8')
    const value = raw.trim() === '' ? {} : parseJsonBody(raw)
    const isObject = value !== null && typeof value === 'object' && !Array.isArray(value)
    argNames = new Set(isObject ? Object.keys(value) : [])
    if (raw.trim() !== '') postArgs = raw
  } else {
    for (const [k, v] of r.q.params) getArgs.set(k, [...(getArgs.get(k) ?? []), v])
    argNames = new Set(getArgs.keys())
  }
  const routine = findRoutine(r.state.cache, name, argNames, isPost)
  const args = isPost ? postArgs : JSON.stringify(Object.fromEntries([...getArgs].map(([k, vs]) => [k, argValue(routine, k, vs)])))

  const strictMax = r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined ? r.prefs.maxAffected : null
  if (strictMax !== null && !routine.returnsSet) throw maxAffectedRpcViolation()

  let root: ReadNode | null = null
  if (routine.returns === 'composite') {
    const table = routine.returnTable ? r.state.cache.tables.get(routine.returnTable)! : null
    const source: Source = table
      ? tableSource(table)
      : { name: routine.name, columns: new Map(routine.returnColumns.map((c) => [c.name, c])), columnList: routine.returnColumns, table: null }
    root = planRead(r.state.cache, source, r.q, { mutation: false })
    applyHeaderRange(r, root)
  }
  const single = r.media.single && routine.returnsSet
  const p = new Params()
  const sql = callSql(p, routine, {
    args, argNames, read: root, count: r.prefs.count !== undefined, body: r.method !== 'HEAD', stripNulls: r.media.stripNulls, single,
  })
  const readOnly = !isPost || routine.volatility !== 'v'
  const needsCheck = !readOnly && (single || strictMax !== null)
  const verify = needsCheck
    ? (row: Row) => {
        const page = Number(row[1] ?? 0)
        if (strictMax !== null && page > strictMax) return maxAffectedViolation(page)
        if (single && page !== 1) return singularityError(page)
        return null
      }
    : undefined
  const row = await r.state.executor.run(sql, p.values, { readOnly, settings: r.settings, signal: r.req.signal, ...(verify ? { verify } : {}) })

  if (routine.returns === 'void') return { status: 204, headers: { ...preferenceApplied([r.prefs.count && `count=${r.prefs.count}`]) }, body: null }
  if (strictMax !== null && Number(row[1] ?? 0) > strictMax) throw maxAffectedViolation(Number(row[1]))
  if (single && Number(row[1] ?? 0) !== 1) throw singularityError(Number(row[1] ?? 0))
  if (!routine.returnsSet) {
    return { status: 200, headers: { 'content-range': contentRange(0, 1, row[0] === null ? null : Number(row[0])), 'content-type': r.media.single ? OBJECT_TYPE : JSON_TYPE }, body: row[2] ?? null }
  }
  const response = readResponse(r, row, root?.range?.offset ?? 0, false)
  return single ? { ...response, headers: { ...response.headers, 'content-type': OBJECT_TYPE } } : response
}

/** A GET argument: repeated keys make an array for array-typed parameters. */
function argValue(routine: Routine, name: string, values: string[]): string | string[] {
  const param = routine.params.find((p) => p.name === name)
  if (param && param.baseType.startsWith('_') && values.length > 1) return values
  return values[values.length - 1]!
}
