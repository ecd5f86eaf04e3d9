/**
 * `/rest/v1` request handling: routing (`/<table>`, `/rpc/<fn>`), content negotiation,
 * preferences, and turning the one-row result of the request's statement into
 * PostgREST's response — status, `Content-Range`, `Location`, `Preference-Applied` and
 * the JSON body Postgres already built.
 */
import { header, type ApiRequest, type ApiResponse } from '../http.ts'
import type { Keys } from '../keys.ts'
import { checkAnonInsertBody, checkAnonRequest } from './anon-guard.ts'
import type { AnonSurface } from './anon-surface.ts'
import { identify, type Identity } from './auth.ts'
import {
  type RestError,
  columnNotFound,
  databaseUnavailable,
  fromDatabaseError,
  invalidBody,
  invalidPreferences,
  invalidResourcePath,
  invalidRpcMethod,
  isDatabaseError,
  maxAffectedRpcViolation,
  maxAffectedViolation,
  mediaTypeError,
  notEmbedded,
  rangeNotSatisfiable,
  rowBudgetExceeded,
  singularityError,
  tableNotFound,
  unacceptableSchema,
  undefinedColumn,
  unsupportedMethod,
  whereRequired,
} from './errors.ts'
import type { Executor, RequestSettings, Row } from './executor.ts'
import { anyFilterSql, logicSql, orderTermSql } from './filters-sql.ts'
import { checkQueryValues, parseJsonBody } from './guards.ts'
import { deleteSql, insertSql, updateSql, type MutationResponse, type WhereClause } from './mutate-sql.ts'
import { planRead, resolveField, resolveLogic, tableSource, type ReadNode, type Source } from './plan.ts'
import { parsePreferences, preferenceApplied, type Preferences } from './preferences.ts'
import { headerRange, intersectRanges, parseQueryParams, type QueryParams } from './query-params.ts'
import { ROW_BUDGET, budgetProbeSql, capTopLevel, hasEmbeds } from './read-budget.ts'
import { readQuery } from './read-sql.ts'
import { callSql, findRoutine } from './rpc.ts'
import { closest, type Column, type Routine, type SchemaCache, type Table } from './schema-cache.ts'
import { Params, qualified, responseColumns } from './sql.ts'

export interface RestState {
  cache: SchemaCache
  executor: Executor
  keys: Keys
  /** Statement time limit per role in ms (see executor.ts). */
  statementTimeouts: Record<string, number>
  /** What the anonymous role may ask (anon-surface.ts); null: anything the grants allow. */
  anonSurface: AnonSurface | null
}

interface Media {
  single: boolean
  stripNulls: boolean
}

interface Request {
  state: RestState
  req: ApiRequest
  method: string
  identity: Identity
  prefs: Preferences
  q: QueryParams
  media: Media
  settings: RequestSettings
}

const JSON_TYPE = 'application/json; charset=utf-8'
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'

export async function handleRest(state: RestState, req: ApiRequest): Promise<ApiResponse> {
  let identity: Identity | null = null
  try {
    const method = req.method.toUpperCase()
    const segments = pathSegments(req.path)
    checkProfile(req, method)
    identity = await identify(req, state.keys, state.cache)
    const prefs = parsePreferences(header(req, 'prefer'))
    if (prefs.handling === 'strict' && prefs.invalid.length > 0) throw invalidPreferences(prefs.invalid)
    const q = parseQueryParams(req.url.searchParams)
    // The internet-facing role gets a closed list; the guards stay for everyone else.
    if (!identity.authenticated && state.anonSurface) checkAnonRequest(state.anonSurface, { method, segments, q, prefs })
    checkQueryValues(q)
    const r: Request = {
      state, req, method, identity, prefs, q,
      media: negotiate(header(req, 'accept')),
      settings: {
        role: identity.role, claims: identity.claims, method, path: req.path,
        // x-forwarded-for carries the address the server determined (trusted proxy or
        // socket), never the client's own claim: SQL limits read it, as on hosted Supabase.
        headers: JSON.stringify({ ...req.headers, 'x-forwarded-for': req.ip }),
        statementTimeoutMs: state.statementTimeouts[identity.role] ?? 0,
      },
    }
    if (segments.length === 2 && segments[0] === 'rpc') return await callRoutine(r, segments[1]!)
    if (segments.length !== 1) throw invalidResourcePath()
    const table = state.cache.tables.get(segments[0]!)
    if (!table) {
      const s = closest(segments[0]!, state.cache.tables.keys())
      throw tableNotFound(segments[0]!, s ? `Perhaps you meant the table 'public.${s}'` : null)
    }
    switch (method) {
      case 'GET':
      case 'HEAD':
        return await read(r, table)
      case 'POST':
        return await insert(r, table)
      case 'PATCH':
        return await update(r, table)
      case 'DELETE':
        return await remove(r, table)
      default:
        throw unsupportedMethod(method)
    }
  } catch (error) {
    if (isDatabaseError(error)) throw fromDatabaseError(error, identity?.authenticated ?? false)
    // node-postgres losing its connection (ECONNREFUSED, ECONNRESET…): PostgREST's 503.
    const code = (error as { code?: unknown } | null)?.code
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) throw databaseUnavailable(code)
    throw error
  }
}

function pathSegments(path: string): string[] {
  const parts = path.split('/').filter((s) => s !== '')
  try {
    return parts.map((s) => decodeURIComponent(s))
  } catch {
    throw invalidResourcePath()
  }
}

/** Only `public` is exposed; asking for another schema is PostgREST's 406. */
function checkProfile(req: ApiRequest, method: string) {
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile'
  const profile = header(req, name)
  if (profile !== undefined && profile.trim() !== 'public') throw unacceptableSchema(profile.trim())
}

function negotiate(accept: string | undefined): Media {
  if (!accept || accept.trim() === '') return { single: false, stripNulls: false }
  const offered = accept
    .split(',')
    .map((part, i) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim())
      const q = Number(params.find((x) => x.startsWith('q='))?.slice(2) ?? '1')
      return { type: type.toLowerCase(), stripNulls: params.includes('nulls=stripped'), q: Number.isFinite(q) ? q : 1, i }
    })
    .sort((a, b) => b.q - a.q || a.i - b.i)
  for (const m of offered) {
    if (m.q <= 0) continue
    if (['application/json', '*/*', 'application/*', 'application/vnd.pgrst.array+json', 'application/vnd.pgrst.array'].includes(m.type)) {
      return { single: false, stripNulls: m.stripNulls }
    }
    if (m.type === 'application/vnd.pgrst.object+json' || m.type === 'application/vnd.pgrst.object') return { single: true, stripNulls: m.stripNulls }
  }
  throw mediaTypeError(offered.map((m) => m.type))
}

// ------------------------------------------------------------------------------------
// Reading

async function read(r: Request, table: Table): Promise<ApiResponse> {
  const root = planRead(r.state.cache, tableSource(table), r.q, { mutation: false })
  applyHeaderRange(r, root)
  // Bounded answers (read-budget.ts): max-rows on the top level, a row budget with embeds.
  if (r.identity.role !== 'service_role') {
    root.range = capTopLevel(root.range)
    if (hasEmbeds(root)) await checkRowBudget(r, root, qualified(table.name))
  }
  const p = new Params()
  const q = readQuery(p, root, {
    from: qualified(table.name), count: r.prefs.count !== undefined, body: r.method !== 'HEAD',
    stripNulls: r.media.stripNulls, order: true, range: true,
  })
  const row = await r.state.executor.run(`SELECT ${responseColumns(q.total, q.page, q.body)} FROM (${q.inner}) _r`, p.values, { readOnly: true, settings: r.settings, signal: r.req.signal })
  return readResponse(r, row, root.range?.offset ?? 0, true)
}

/** Counts (bounded) the rows a read with embeds would build, refusing it over the budget. */
async function checkRowBudget(r: Request, root: ReadNode, from: string) {
  const p = new Params()
  const [n] = await r.state.executor.run(budgetProbeSql(p, root, from), p.values, { readOnly: true, settings: r.settings, signal: r.req.signal })
  if (Number(n ?? 0) > ROW_BUDGET) {
    throw rowBudgetExceeded(`La lectura devolvería más de ${ROW_BUDGET} filas contando los recursos embebidos; el máximo por respuesta es ${ROW_BUDGET}.`)
  }
}

function applyHeaderRange(r: Request, root: ReadNode) {
  const range = r.method === 'GET' ? headerRange(header(r.req, 'range')) : null
  if (range) root.range = intersectRanges(root.range ?? { offset: 0, limit: null }, range)
}

/** Status, Content-Range and body of a read (tables and set-returning functions). */
function readResponse(r: Request, row: Row, offset: number, isArray: boolean): ApiResponse {
  const [totalText, pageText, body] = row
  const page = Number(pageText ?? 0)
  const total = totalText === null || totalText === undefined ? null : Number(totalText)
  const headers: Record<string, string> = {
    'content-range': contentRange(offset, page, total),
    ...preferenceApplied([r.prefs.count && `count=${r.prefs.count}`]),
  }
  let status = 200
  if (total !== null) {
    if (offset > total) throw rangeNotSatisfiable(`An offset of ${offset} was requested, but there are only ${total} rows.`)
    if (page < total) status = 206
  }
  if (r.media.single && isArray) {
    if (page !== 1) throw singularityError(page)
    return { status, headers: { ...headers, 'content-type': OBJECT_TYPE }, body: body === null || body === undefined ? null : unwrapSingle(body) }
  }
  return { status, headers: { ...headers, 'content-type': r.media.single ? OBJECT_TYPE : JSON_TYPE }, body: body ?? null }
}

function contentRange(offset: number, page: number, total: number | null): string {
  const range = page > 0 && total !== 0 ? `${offset}-${offset + page - 1}` : '*'
  return `${range}/${total ?? '*'}`
}

/** `[{…}]` → `{…}`: json_agg's array of one element, unwrapped without re-serialising. */
function unwrapSingle(body: string): string {
  return body.slice(1, -1).trim()
}

// ------------------------------------------------------------------------------------
// Writing

function bodyText(r: Request): string {
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

function mutationResponse(r: Request, table: Table): MutationResponse {
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
function mutationVerify(r: Request): ((row: Row) => RestError | null) | undefined {
  const strictMax = r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined ? r.prefs.maxAffected : null
  if (!r.media.single && strictMax === null) return undefined
  return (row) => {
    const affected = Number(row[1] ?? 0)
    if (strictMax !== null && affected > strictMax) return maxAffectedViolation(affected)
    if (r.media.single && affected !== 1) return singularityError(affected)
    return null
  }
}

function appliedMutationPrefs(r: Request, extra: Array<string | false | undefined> = []) {
  const strictMax = r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined
  return preferenceApplied([
    r.prefs.return && `return=${r.prefs.return}`,
    r.prefs.count && `count=${r.prefs.count}`,
    ...extra,
    strictMax && 'handling=strict',
    strictMax && `max-affected=${r.prefs.maxAffected}`,
  ])
}

function mutationBody(r: Request, res: MutationResponse, body: string | null): { body: string | null; contentType: Record<string, string> } {
  if (!res.representation || body === null) return { body: null, contentType: {} }
  return r.media.single ? { body: unwrapSingle(body), contentType: { 'content-type': OBJECT_TYPE } } : { body, contentType: { 'content-type': JSON_TYPE } }
}

async function insert(r: Request, table: Table): Promise<ApiResponse> {
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
function mutationWhere(r: Request, table: Table, p: Params): WhereClause {
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

async function update(r: Request, table: Table): Promise<ApiResponse> {
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

async function remove(r: Request, table: Table): Promise<ApiResponse> {
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
function hasRootFilter(r: Request): boolean {
  const range = r.q.ranges.get('')
  return (
    r.q.filters.some((f) => f.path.length === 0) ||
    r.q.logic.some((l) => l.path.length === 0) ||
    (range !== undefined && range.limit !== null)
  )
}

async function runMutation(r: Request, sql: string, p: Params): Promise<Row> {
  const verify = mutationVerify(r)
  return r.state.executor.run(sql, p.values, { readOnly: false, settings: r.settings, signal: r.req.signal, ...(verify ? { verify } : {}) })
}

/** PATCH and DELETE: 204, or 200 with the changed rows. */
function finishChange(r: Request, res: MutationResponse, row: Row): ApiResponse {
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

// ------------------------------------------------------------------------------------
// Functions

async function callRoutine(r: Request, name: string): Promise<ApiResponse> {
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
