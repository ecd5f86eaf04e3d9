/**
 * The small HTTP vocabulary shared by the embedded APIs. Handlers are plain async
 * functions from an already-read request to a response; the server does the Node
 * plumbing (body limit, CORS, apikey gateway, errors) once for all of them.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { Db } from './db.ts'
import type { Keys } from './keys.ts'
import type { AnonSurface } from './rest/anon-surface.ts'

export interface ApiRequest {
  method: string
  /** Full URL as the client sent it (host from the Host header). */
  url: URL
  /** Path below the API prefix, e.g. `/tb_citas` for `/rest/v1/tb_citas`. */
  path: string
  /** Lower-cased header names, as Node gives them. */
  headers: IncomingHttpHeaders
  body: Buffer
  /** Remote address, for rate limits. */
  ip: string
  /** Aborted when the client disconnects before the answer is sent. */
  signal?: AbortSignal
}

export interface ApiResponse {
  status: number
  headers?: Record<string, string>
  body?: string | Buffer | null
}

export type ApiHandler = (req: ApiRequest) => Promise<ApiResponse>

export interface StackContext {
  db: Db
  keys: Keys
  /** Access-token lifetime in seconds (GoTrue's JWT_EXP). */
  jwtExpiry: number
  /** Public base URL of this stack, e.g. http://localhost:54321 (for `iss`, functions). */
  publicUrl(): string
  /** Environment handed to Edge Functions (secrets stay server-side). */
  functionsEnv: Record<string, string>
  /** Statement time limit per database role in ms (absent or 0: none). */
  statementTimeouts?: Record<string, number>
  /** What anon may ask of /rest/v1; default Spa Lima's public surface, null: only grants and RLS. */
  anonSurface?: AnonSurface | null
  log(message: string): void
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  }
}

export function header(req: Pick<ApiRequest, 'headers'>, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()]
  return Array.isArray(v) ? v.join(', ') : v
}

/** The bearer token of the request, if any. */
export function bearer(req: Pick<ApiRequest, 'headers'>): string | undefined {
  const auth = header(req, 'authorization')
  const m = auth ? /^bearer\s+(.+)$/i.exec(auth.trim()) : null
  return m?.[1]?.trim() || undefined
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly payload: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof payload === 'object' && payload && 'message' in payload ? String(payload.message) : `HTTP ${status}`)
  }
}

export const corsHeaders: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-expose-headers':
    'Content-Range, Content-Location, Location, Range-Unit, Content-Type, X-Supabase-Api-Version, x-sb-error-code, X-Total-Count, Link, Retry-After',
  'access-control-max-age': '86400',
}
