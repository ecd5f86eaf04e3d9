/**
 * Checks the JWT a channel joins (or refreshes) with, the way hosted Realtime does:
 * signed with the project secret, `role` and `exp` present, and not expired — with no
 * clock skew, unlike PostgREST, because Realtime closes a channel at the very second its
 * token expires. Messages are hosted Realtime's, so clients written against hosted
 * Supabase recognise them (ours, where hosted has none, are in Spanish).
 */
import { JwtError, type Keys } from '../keys.ts'
import type { Auth } from './types.ts'

export type Authorization = { ok: true; auth: Auth } | { ok: false; code: string; message: string }

export async function authorize(keys: Keys, token: unknown, roleAllowed: (role: string) => Promise<boolean>): Promise<Authorization> {
  if (typeof token !== 'string' || !decodeClaims(token)) {
    return { ok: false, code: 'InvalidJWTToken', message: 'The token provided is not a valid JWT' }
  }
  let claims
  try {
    claims = await keys.verify(token)
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired') return expired(Number(decodeClaims(token)?.exp))
    return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' }
  }
  const { role, exp } = claims
  if (typeof role !== 'string' || typeof exp !== 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' }
  }
  if (exp * 1000 <= Date.now()) return expired(exp)
  if (!(await roleAllowed(role))) {
    // PostgREST would refuse to switch to it too: only roles the authenticator may become.
    return { ok: false, code: 'InvalidJWTToken', message: `el rol "${role}" no está permitido` }
  }
  const claimsJson = JSON.stringify(claims)
  return { ok: true, auth: { token, role, claims, claimsJson, exp, key: `${role}\u0000${claimsJson}` } }
}

export function expiredMessage(exp: number): string {
  return `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000 - exp))} seconds ago`
}

function expired(exp: number): Authorization {
  return { ok: false, code: 'InvalidJWTToken', message: expiredMessage(Number.isFinite(exp) ? exp : 0) }
}

/** The claims of a well-formed JWT, unverified; null when it is not a JWT at all. */
function decodeClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  try {
    const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as unknown
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as unknown
    if (!header || typeof header !== 'object' || !claims || typeof claims !== 'object' || Array.isArray(claims)) return null
    return claims as Record<string, unknown>
  } catch {
    return null
  }
}
