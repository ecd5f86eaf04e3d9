/**
 * `/rest/v1/<table>` writes: POST (insert, upsert), PATCH and DELETE, each one statement
 * whose single row carries the count, the affected rows, the representation and the
 * Location; checks that must roll back (single object, max-affected) run before commit.
 */
import type { ApiResponse } from '../http.ts'
import { checkAnonInsertBody } from './anon-guard.ts'
import {
  type RestError,
  columnNotFound,
  invalidBody,
  maxAffectedViolation,
  notEmbedded,
  singularityError,
  undefinedColumn,
  whereRequired,
} from './errors.ts'
import type { Row } from './executor.ts'
import { anyFilterSql, logicSql, orderTermSql } from './filters-sql.ts'
import { parseJsonBody } from './guards.ts'
import { deleteSql, insertSql, updateSql, type MutationResponse, type WhereClause } from './mutate-sql.ts'
import { planRead, resolveField, resolveLogic, tableSource, type Source } from './plan.ts'
import { preferenceApplied } from './preferences.ts'
import { JSON_TYPE, OBJECT_TYPE, unwrapSingle, type RestRequest } from './request.ts'
import type { Column, Table } from './schema-cache.ts'
import { Params } from './sql.ts'

function bodyText(r: RestRequest): string {
  const raw = r.req.body.toString('utf8')
  if (raw.trim() === '') throw invalidBody('Empty or invalid json')
  return raw
}

function columnsOf(table: Table, names: string[]): Column[] {
  return names.map((n) => {
    const c = table.columns.get(n)
    if (!c) throw columnNotFound(table.name, n)
    return c
  })
}

function mutationResponse(r: RestRequest, table: Table): MutationResponse {
  const representation = r.prefs.return === 'representation'
  const location = r.prefs.return === 'headers-only' && table.primaryKey.length > 0 ? table.primaryKey : null
  return {
    representation: representation ? planRead(r.state.cache, tableSource(table), r.q, { mutation: true }) : null,
    count: r.prefs.count !== undefined,
    stripNulls: r.media.stripNulls,
    location,
  }
}

/** Single-object and max-affected checks, made before commit so a violation rolls back. */
function mutationVerify(r: RestRequest): ((row: Row) => RestError | null) | undefined {
  const strictMax = r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined ? r.prefs.maxAffected : null
  if (!r.media.single && strictMax === null) return undefined
  return (row) => {
    const affected = Number(row[1] ?? 0)
    if (strictMax !== null && affected > strictMax) return maxAffectedViolation(affected)
    if (r.media.single && affected !== 1) return singularityError(affected)
    return null
  }
}

function appliedMutationPrefs(r: RestRequest, extra: Array<string | false | undefined> = []) {
  const strictMax = r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined
  return preferenceApplied([
    r.prefs.return && `return=${r.prefs.return}`,
    r.prefs.count && `count=${r.prefs.count}`,
    ...extra,
    strictMax && 'handling=strict',
    strictMax && `max-affected=${r.prefs.maxAffected}`,
  ])
}

function mutationBody(r: RestRequest, res: MutationResponse, body: string | null): { body: string | null; contentType: Record<string, string> } {
  if (!res.representation || body === null) return { body: null, contentType: {} }
  return r.media.single ? { body: unwrapSingle(body), contentType: { 'content-type': OBJECT_TYPE } } : { body, contentType: { 'content-type': JSON_TYPE } }
}

export async function insert(r: RestRequest, table: Table): Promise<ApiResponse> {
  const raw = bodyText(r)
  const value = parseJsonBody(raw)
  const rows = Array.isArray(value) ? value : [value]
  if (!rows.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))) throw invalidBody('All object keys must match')
  if (!r.identity.authenticated && r.state.anonSurface) checkAnonInsertBody(r.state.anonSurface, table.name, rows)
  let names: string[]
  if (r.q.columns) names = r.q.columns
  else {
    names = Object.keys(rows[0] ?? {})
    const key = [...names].sort().join('\u0000')
    if (rows.some((row) => Object.keys(row as object).sort().join('\u0000') !== key)) throw invalidBody('All object keys must match')
  }
  const columns = columnsOf(table, names)
  let onConflict: { columns: string[]; action: 'merge' | 'ignore' } | null = null
  if (r.prefs.resolution) {
    const cols = r.q.onConflict ?? table.primaryKey
    for (const c of cols) if (!table.columns.has(c)) throw undefinedColumn(table.name, c)
    onConflict = { columns: cols, action: r.prefs.resolution === 'merge-duplicates' ? 'merge' : 'ignore' }
  }
  const res = mutationResponse(r, table)
  const p = new Params()
  const sql = insertSql(p, table, {
    columns, body: Array.isArray(value) ? raw : `[${raw}]`, onConflict, missingDefault: r.prefs.missing === 'default',
  }, res)
  const verify = mutationVerify(r)
  const row = await r.state.executor.run(sql, p.values, { readOnly: false, settings: r.settings, signal: r.req.signal, ...(verify ? { verify } : {}) })
  const [totalText, affectedText, body, insertedText, locationText] = row
  const affected = Number(affectedText ?? 0)
  const merged = insertedText !== null && insertedText !== undefined
  const status = merged && affected > 0 && Number(insertedText) === 0 ? 200 : 201
  const out = mutationBody(r, res, body ?? null)
  return {
    status,
    headers: {
      'content-range': `*/${totalText ?? '*'}`,
      ...out.contentType,
      ...(res.location && locationText ? { location: locationHeader(table, locationText) } : {}),
      ...appliedMutationPrefs(r, [r.prefs.resolution && `resolution=${r.prefs.resolution}`, r.prefs.missing === 'default' && 'missing=default']),
    },
    body: out.body,
  }
}

/** `Location: /table?id=eq.1` from the first returned row's primary key. */
function locationHeader(table: Table, json: string): string {
  const pk = JSON.parse(json) as Record<string, unknown>
  const params = table.primaryKey.map((c) => {
    const v = pk[c]
    return `${encodeURIComponent(c)}=${v === null || v === undefined ? 'is.null' : `eq.${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`}`
  })
  return `/${encodeURIComponent(table.name)}?${params.join('&')}`
}

/** Root filters and, for limited PATCH/DELETE, the order and limit that pick the rows. */
function mutationWhere(r: RestRequest, table: Table, p: Params): WhereClause {
  const source: Source = tableSource(table)
  const conditions: string[] = []
  for (const { path, filter } of r.q.filters) {
    if (path.length > 0) continue
    conditions.push(anyFilterSql(p, table.name, { ...resolveField(source, filter.field), expr: filter.expr }))
  }
  for (const { path, tree } of r.q.logic) {
    if (path.length === 0) conditions.push(logicSql(p, table.name, resolveLogic(source, tree)))
  }
  const range = r.q.ranges.get('')
  let limited: WhereClause['limited'] = null
  if (range && (range.limit !== null || range.offset > 0)) {
    const order = r.q.order.find((o) => o.path.length === 0)?.terms ?? []
    const orderBy = order.map((t) => {
      // The rows a PATCH/DELETE picks can only be ordered by the table's own columns.
      if (t.relation !== undefined) throw notEmbedded(t.relation)
      return orderTermSql(p, table.name, { field: resolveField(source, t.field), ...(t.direction ? { direction: t.direction } : {}), ...(t.nulls ? { nulls: t.nulls } : {}) })
    })
    limited = {
      orderBy: orderBy.length > 0 ? ` ORDER BY ${orderBy.join(', ')}` : '',
      limit: ` LIMIT ${p.add(range.limit === null ? null : String(range.limit))} OFFSET ${p.add(String(range.offset))}`,
    }
  }
  return { conditions, limited }
}

export async function update(r: RestRequest, table: Table): Promise<ApiResponse> {
  const value = parseJsonBody(bodyText(r))
  const first = Array.isArray(value) ? value[0] : value
  if (first !== undefined && (first === null || typeof first !== 'object' || Array.isArray(first))) throw invalidBody('Empty or invalid json')
  const obj = (first ?? {}) as Record<string, unknown>
  const columns = columnsOf(table, r.q.columns ?? Object.keys(obj))
  if (columns.length > 0 && !hasRootFilter(r)) throw whereRequired('UPDATE')
  const res = mutationResponse(r, table)
  const p = new Params()
  // With nothing to set the statement has no WHERE, so the filters are not bound.
  const where = columns.length > 0 ? mutationWhere(r, table, p) : { conditions: [], limited: null }
  const sql = updateSql(p, table, columns, JSON.stringify(obj), where, res)
  return finishChange(r, res, await runMutation(r, sql, p))
}

export async function remove(r: RestRequest, table: Table): Promise<ApiResponse> {
  if (!hasRootFilter(r)) throw whereRequired('DELETE')
  const res = mutationResponse(r, table)
  const p = new Params()
  const where = mutationWhere(r, table, p)
  const sql = deleteSql(p, table, where, res)
  return finishChange(r, res, await runMutation(r, sql, p))
}

/**
 * A filter on the table itself, or a limit (PostgREST's limited update/delete runs with
 * a WHERE on the chosen rows). Embedded filters do not narrow a PATCH or DELETE.
 */
function hasRootFilter(r: RestRequest): boolean {
  const range = r.q.ranges.get('')
  return (
    r.q.filters.some((f) => f.path.length === 0) ||
    r.q.logic.some((l) => l.path.length === 0) ||
    (range !== undefined && range.limit !== null)
  )
}

async function runMutation(r: RestRequest, sql: string, p: Params): Promise<Row> {
  const verify = mutationVerify(r)
  return r.state.executor.run(sql, p.values, { readOnly: false, settings: r.settings, signal: r.req.signal, ...(verify ? { verify } : {}) })
}

/** PATCH and DELETE: 204, or 200 with the changed rows. */
function finishChange(r: RestRequest, res: MutationResponse, row: Row): ApiResponse {
  const [totalText, affectedText, body] = row
  const affected = Number(affectedText ?? 0)
  const out = mutationBody(r, res, body ?? null)
  const range = affected > 0 ? `0-${affected - 1}` : '*'
  return {
    status: res.representation ? 200 : 204,
    headers: { 'content-range': `${range}/${totalText ?? '*'}`, ...out.contentType, ...appliedMutationPrefs(r) },
    body: out.body,
  }
}
