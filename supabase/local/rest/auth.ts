/**
 * Who a request runs as. Like PostgREST: the JWT from `Authorization: Bearer` (else the
 * `apikey`, which on Supabase is itself a JWT) is verified with the project secret; its
 * `role` claim names the database role the transaction switches to, and the claims go
 * to `request.jwt.claims` for RLS (`auth.uid()`, `auth.role()`, `auth.jwt()`).
 * Failures are PostgREST's 401s (PGRST301 undecodable/forged, PGRST303 expired).
 */
import { bearer, header, type ApiRequest } from '../http.ts'
import { JwtError, type JwtClaims, type Keys } from '../keys.ts'
import { RestError, jwtClaimsError, jwtDecodeError } from './errors.ts'
import type { SchemaCache } from './schema-cache.ts'

export interface Identity {
  role: string
  /** `request.jwt.claims` as JSON text. */
  claims: string
  /** Whether the role is not the anonymous one (42501 → 403 instead of 401). */
  authenticated: boolean
}

const ANON = 'anon'
const claimsText = new WeakMap<JwtClaims, string>()

export async function identify(req: ApiRequest, keys: Keys, cache: SchemaCache): Promise<Identity> {
  const token = bearer(req) ?? header(req, 'apikey')
  if (!token) return { role: ANON, claims: JSON.stringify({ role: ANON }), authenticated: false }

  let claims: JwtClaims
  try {
    claims = await keys.verify(token)
  } catch (error) {
    throw jwtError(token, error)
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : ANON
  if (!cache.roles.switchable.has(role)) {
    // What Postgres answers when PostgREST's authenticator tries `set role` to it.
    throw cache.roles.existing.has(role)
      ? new RestError(403, { code: '42501', message: `permission denied to set role "${role}"`, details: null, hint: null })
      : new RestError(401, { code: '22023', message: `role "${role}" does not exist`, details: null, hint: null }, { 'www-authenticate': 'Bearer' })
  }
  let text = claimsText.get(claims)
  if (text === undefined) {
    text = JSON.stringify(claims)
    claimsText.set(claims, text)
  }
  return { role, claims: text, authenticated: role !== ANON }
}

/** PostgREST's wording for each way a token can be unusable. */
function jwtError(token: string, error: unknown): RestError {
  if (error instanceof JwtError && error.reason === 'expired') return jwtClaimsError('JWT expired')
  const parts = token.split('.')
  if (parts.length !== 3) return jwtDecodeError(`Expected 3 parts in JWT; got ${parts.length}`)
  let alg: unknown
  try {
    alg = (JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as { alg?: unknown }).alg
  } catch {
    return jwtDecodeError("JWT couldn't be decoded")
  }
  if (alg !== 'HS256') return jwtDecodeError('Wrong or unsupported encoding algorithm', `Unsupported algorithm: ${String(alg)}`)
  const message = error instanceof Error ? error.message : ''
  if (/signature/i.test(message)) return jwtDecodeError('JWT cryptographic operation failed')
  if (/"nbf"/.test(message)) return jwtClaimsError('JWT not yet valid')
  if (/"iat"/.test(message)) return jwtClaimsError('JWT issued at future')
  if (/"exp"/.test(message)) return jwtClaimsError("The JWT 'exp' claim must be a number")
  return jwtDecodeError("JWT couldn't be decoded")
}
