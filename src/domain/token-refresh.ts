/**
 * When the panel renews its access token (docs/decisions/0026-token-refresh.md).
 *
 * supabase-js treats a token as expired 90 s before its end, so with tokens shorter than
 * that (`npm start -- --jwt-expiry 60`) it renewed on every request: several refreshes a
 * minute instead of one per token. The panel renews once per lifetime instead, at a
 * margin proportional to the lifetime: the later of 80 % of it and one minute before the
 * end (a 1 h token renews at 59 min, a 60 s one at 48 s, a 4 s one at 3.2 s).
 */

/** Share of the lifetime after which a token is renewed, for short tokens. */
export const REFRESH_AT_SHARE = 0.8
/** Long tokens are renewed this long before they expire. */
export const REFRESH_LEAD_MS = 60_000
/** A token this close to its end is not sent: it could expire on the way. */
export const EXPIRY_SKEW_MS = 2_000
/** A refresh that failed while online (server down, timeout) is tried again after this. */
export const REFRESH_RETRY_MS = [2_000, 5_000, 15_000, 30_000] as const

export interface TokenTimes {
  /** Milliseconds since the epoch (the JWT's `iat` and `exp`). */
  issuedAt: number
  expiresAt: number
}

/** The moment to renew a token: the later of 80 % of its lifetime and one minute before its end. */
export function refreshDueAt({ issuedAt, expiresAt }: TokenTimes): number {
  const lifetime = Math.max(0, expiresAt - issuedAt)
  return Math.max(issuedAt + Math.round(lifetime * REFRESH_AT_SHARE), expiresAt - REFRESH_LEAD_MS)
}

/** True when the token must be renewed before it is sent (expired, or about to). */
export function mustRefreshBeforeUse(expiresAt: number, now: number): boolean {
  return expiresAt - now <= EXPIRY_SKEW_MS
}

/** Wait before retry number `attempt` (0-based) of a refresh that failed while online. */
export function refreshRetryDelay(attempt: number): number {
  return REFRESH_RETRY_MS[Math.min(Math.max(0, attempt), REFRESH_RETRY_MS.length - 1)]!
}
