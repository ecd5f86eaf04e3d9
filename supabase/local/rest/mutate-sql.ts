/**
 * INSERT (and upsert), UPDATE and DELETE as PostgREST writes them: a data-modifying CTE
 * `pgrst_source` whose RETURNING feeds the response query. The JSON body is one bound
 * parameter read with `json_to_recordset(…) AS _(col type, …)`, typed from the schema
 * cache, so Postgres converts every value (arrays, jsonb, numeric, dates) itself.
 *
 * RETURNING asks only for what the response needs: with `return=minimal` nothing is
 * read back, so a role that may insert but not select (the public booking form) can
 * still insert, exactly as on hosted Supabase.
 */
import type { ReadNode } from './plan.ts'
import { readQuery } from './read-sql.ts'
import type { Column, Table } from './schema-cache.ts'
import { ident, literal, qualified, type Params } from './sql.ts'

export interface MutationResponse {
  representation: ReadNode | null
  count: boolean
  stripNulls: boolean
  /** Primary-key columns to report for `Location` (return=headers-only). */
  location: string[] | null
}

export interface WhereClause {
  conditions: string[]
  /** `limit`/`offset` (and `order`) on PATCH/DELETE: rows picked by ctid. */
  limited: { orderBy: string; limit: string } | null
}

/** The final SELECT over `pgrst_source`: total, affected, body, inserted, location — all text. */
function responseSql(p: Params, table: Table, res: MutationResponse, cte: string, merged: boolean): string {
  // With xmax added to RETURNING, the representation reads the table's own columns.
  const from = merged
    ? `(SELECT ${table.columnList.map((c) => ident(c.name)).join(', ')} FROM pgrst_source) AS ${ident(table.name)}`
    : `pgrst_source AS ${ident(table.name)}`
  let body = 'NULL::text'
  if (res.representation) {
    const r = readQuery(p, res.representation, { from, count: false, body: true, stripNulls: res.stripNulls, order: false, range: false })
    body = `(SELECT ${r.body} FROM (${r.inner}) _r)`
  }
  const location = res.location
    ? `(SELECT row_to_json(_l)::text FROM (SELECT ${res.location.map(ident).join(', ')} FROM pgrst_source LIMIT 1) _l)`
    : 'NULL::text'
  return (
    `WITH pgrst_source AS (${cte}) SELECT ` +
    `${res.count ? '(SELECT count(*) FROM pgrst_source)::text' : 'NULL::text'} AS total, ` +
    `(SELECT count(*) FROM pgrst_source)::text AS page, ${body} AS body, ` +
    `${merged ? '(SELECT count(*) FROM pgrst_source WHERE pgrst_inserted)::text' : 'NULL::text'} AS inserted, ` +
    `${location} AS location`
  )
}

function returning(table: Table, res: MutationResponse, merged: boolean): string {
  const cols = res.representation ? [`${ident(table.name)}.*`] : res.location ? res.location.map((c) => `${ident(table.name)}.${ident(c)}`) : []
  // xmax is 0 on a freshly inserted row and set on one ON CONFLICT updated.
  if (merged) cols.push(`(${ident(table.name)}.xmax = 0) AS pgrst_inserted`)
  return ` RETURNING ${cols.length > 0 ? cols.join(', ') : '1'}`
}

const recordDefinition = (columns: Column[]) => columns.map((c) => `${ident(c.name)} ${c.type}`).join(', ')

export interface InsertOptions {
  columns: Column[]
  /** The body as a JSON array text. */
  body: string
  onConflict: { columns: string[]; action: 'merge' | 'ignore' } | null
  /** Prefer: missing=default — absent keys take the column default instead of NULL. */
  missingDefault: boolean
}

export function insertSql(p: Params, table: Table, o: InsertOptions, res: MutationResponse): string {
  const target = `${qualified(table.name)}`
  const bodyParam = p.add(o.body)
  let source: string
  if (o.columns.length === 0) {
    // `{}` or `[{}, …]`: one row of defaults per element.
    source = `SELECT FROM json_array_elements(${bodyParam}::json)`
  } else if (o.missingDefault) {
    // PostgREST's approach: merge each element over an object of the column defaults.
    const defaults = o.columns.filter((c) => c.default !== null)
    const defaultsObject = defaults.length === 0
      ? `'{}'::jsonb`
      : chunk(defaults, 40).map((part) => `jsonb_build_object(${part.map((c) => `${literal(c.name)}, ${c.default}`).join(', ')})`).join(' || ')
    source =
      `SELECT ${o.columns.map((c) => ident(c.name)).join(', ')} FROM jsonb_to_recordset(` +
      `(SELECT jsonb_agg(${defaultsObject} || pgrst_e) FROM jsonb_array_elements(${bodyParam}::jsonb) pgrst_e)) AS _(${recordDefinition(o.columns)})`
  } else {
    source = `SELECT ${o.columns.map((c) => ident(c.name)).join(', ')} FROM json_to_recordset(${bodyParam}::json) AS _(${recordDefinition(o.columns)})`
  }
  const cols = o.columns.length > 0 ? ` (${o.columns.map((c) => ident(c.name)).join(', ')})` : ''
  let conflict = ''
  if (o.onConflict && o.onConflict.columns.length > 0) {
    const target = `(${o.onConflict.columns.map(ident).join(', ')})`
    conflict = o.onConflict.action === 'ignore' || o.columns.length === 0
      ? ` ON CONFLICT ${target} DO NOTHING`
      : ` ON CONFLICT ${target} DO UPDATE SET ${o.columns.map((c) => `${ident(c.name)} = EXCLUDED.${ident(c.name)}`).join(', ')}`
  } else if (o.onConflict?.action === 'ignore') conflict = ' ON CONFLICT DO NOTHING'
  const merged = table.isTable && o.onConflict?.action === 'merge' && conflict.includes('DO UPDATE')
  const cte = `INSERT INTO ${target}${cols} ${source}${conflict}${returning(table, res, merged)}`
  return responseSql(p, table, res, cte, merged)
}

export function updateSql(p: Params, table: Table, columns: Column[], body: string, where: WhereClause, res: MutationResponse): string {
  if (columns.length === 0) {
    // An empty body changes nothing and matches nothing, as in PostgREST.
    return responseSql(p, table, res, `SELECT ${ident(table.name)}.* FROM ${qualified(table.name)} WHERE FALSE`, false)
  }
  const set = columns.map((c) => `${ident(c.name)} = pgrst_body.${ident(c.name)}`).join(', ')
  const cte =
    `UPDATE ${qualified(table.name)} SET ${set} ` +
    `FROM (SELECT * FROM json_to_record(${p.add(body)}::json) AS _(${recordDefinition(columns)})) AS pgrst_body` +
    `${whereSql(table, where)}${returning(table, res, false)}`
  return responseSql(p, table, res, cte, false)
}

export function deleteSql(p: Params, table: Table, where: WhereClause, res: MutationResponse): string {
  const cte = `DELETE FROM ${qualified(table.name)}${whereSql(table, where)}${returning(table, res, false)}`
  return responseSql(p, table, res, cte, false)
}

function whereSql(table: Table, where: WhereClause): string {
  const conditions = [...where.conditions]
  if (where.limited) {
    // Postgres has no UPDATE … LIMIT: pick the rows by ctid (tables only, as in PostgREST).
    const inner = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''
    conditions.push(
      `${ident(table.name)}.ctid = ANY(ARRAY(SELECT ${ident(table.name)}.ctid FROM ${qualified(table.name)}${inner}${where.limited.orderBy}${where.limited.limit}))`,
    )
  }
  return conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''
}

function chunk<T>(list: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}
