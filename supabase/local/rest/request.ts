/**
 * One `/rest/v1` request as the handlers see it (handler.ts reads, write.ts writes,
 * rpc.ts functions), and the response parts they share: `Content-Range`, the body's
 * media type and the single-object unwrap.
 */
import { header, type ApiRequest, type ApiResponse } from '../http.ts'
import type { Keys } from '../keys.ts'
import type { AnonSurface } from './anon-surface.ts'
import type { Identity } from './auth.ts'
import { rangeNotSatisfiable, singularityError } from './errors.ts'
import type { Executor, RequestSettings, Row } from './executor.ts'
import type { ReadNode } from './plan.ts'
import { preferenceApplied, type Preferences } from './preferences.ts'
import { headerRange, intersectRanges, type QueryParams } from './query-params.ts'
import type { SchemaCache } from './schema-cache.ts'

export interface RestState {
  cache: SchemaCache
  executor: Executor
  keys: Keys
  /** Statement time limit per role in ms (see executor.ts). */
  statementTimeouts: Record<string, number>
  /** What the anonymous role may ask (anon-surface.ts); null: anything the grants allow. */
  anonSurface: AnonSurface | null
}

export interface Media {
  single: boolean
  stripNulls: boolean
}

export interface RestRequest {
  state: RestState
  req: ApiRequest
  method: string
  identity: Identity
  prefs: Preferences
  q: QueryParams
  media: Media
  settings: RequestSettings
}

export const JSON_TYPE = 'application/json; charset=utf-8'
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'

export function applyHeaderRange(r: RestRequest, root: ReadNode) {
  const range = r.method === 'GET' ? headerRange(header(r.req, 'range')) : null
  if (range) root.range = intersectRanges(root.range ?? { offset: 0, limit: null }, range)
}

/** Status, Content-Range and body of a read (tables and set-returning functions). */
export function readResponse(r: RestRequest, row: Row, offset: number, isArray: boolean): ApiResponse {
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

export function contentRange(offset: number, page: number, total: number | null): string {
  const range = page > 0 && total !== 0 ? `${offset}-${offset + page - 1}` : '*'
  return `${range}/${total ?? '*'}`
}

/** `[{…}]` → `{…}`: json_agg's array of one element, unwrapped without re-serialising. */
export function unwrapSingle(body: string): string {
  return body.slice(1, -1).trim()
}
