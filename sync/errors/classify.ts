/**
 * What to do with a failed request to the backend. The rule the whole sync layer
 * lives by: retry what the network or the server caused, refresh the token on 401,
 * and refuse only what the data caused — a refused write is recorded and skipped,
 * it never blocks the queue, and nothing is ever dropped because of the network or
 * an expired token.
 */

export type Disposition =
  /** Network down, timeout, 5xx, 429: try again later with backoff. */
  | 'retry'
  /** 401 / bad or expired JWT: refresh the session, then try again. */
  | 'auth'
  /** The server lacks the sync functions or a table (deployment lag): keep everything, retry slowly. */
  | 'incompatible'
  /** The request itself was refused (4xx): judge the rows one by one. */
  | 'refused'

export interface RequestFailure {
  /** HTTP status; 0 when no response arrived. */
  status: number
  code: string
  message: string
}

export interface Classified extends RequestFailure {
  disposition: Disposition
}

/** Minimal shape of a PostgREST / supabase-js error. */
export interface PostgrestLikeError {
  code?: string | null
  message?: string | null
  details?: string | null
  hint?: string | null
}

const INCOMPATIBLE_CODES = new Set(['PGRST202', 'PGRST205', '42P01', '42883'])
const AUTH_CODES = new Set(['PGRST301', 'PGRST302', 'PGRST303'])

export function classifyFailure(status: number, error: PostgrestLikeError | null | undefined): Classified {
  const code = error?.code ?? ''
  const message = error?.message ?? ''
  const base = { status, code, message }
  if (status === 0 || status === 408 || status === 425 || status === 429 || status >= 500) return { ...base, disposition: 'retry' }
  // PostgREST reports some server-side trouble with SQLSTATE classes too.
  if (/^(08|40|53|54|55|57|58|XX)/.test(code)) return { ...base, disposition: 'retry' }
  if (status === 401 || AUTH_CODES.has(code) || /jwt/i.test(message)) return { ...base, disposition: 'auth' }
  if (INCOMPATIBLE_CODES.has(code) || status === 404) return { ...base, disposition: 'incompatible' }
  // The RPCs are granted to `authenticated` only: a 403 with 42501 on the call itself
  // means the request ran as anon (no or unusable token), not that a row was refused.
  if (status === 403 && code === '42501') return { ...base, disposition: 'auth' }
  return { ...base, disposition: 'refused' }
}

/** A thrown exception (fetch failed, aborted, timeout …) is always the network's fault. */
export function classifyThrown(error: unknown): Classified {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return { status: 0, code: '', message, disposition: 'retry' }
}

export class SyncRequestError extends Error {
  constructor(readonly failure: Classified) {
    super(failure.message || `HTTP ${failure.status}`)
    this.name = 'SyncRequestError'
  }
}
