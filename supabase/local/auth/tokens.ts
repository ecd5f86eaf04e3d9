/**
 * Access tokens: what Supabase Auth puts in them, and how bearers are checked by Auth
 * and by the Edge Functions gateway.
 */
import { JwtError, type JwtClaims, type Keys } from '../keys.ts'
import type { StackContext } from '../http.ts'
import type { SessionGrant } from './sessions.ts'
import { userJson, type UserRow } from './users.ts'

/**
 * Verifies signature and algorithm (HS256 only: `alg: none` and other keys are refused)
 * and, unlike `keys.verify` which allows PostgREST's 30 s clock skew, treats a token
 * as expired the second its `exp` passes, as GoTrue and the Functions gateway do.
 */
export async function verifyAccessToken(keys: Keys, token: string): Promise<JwtClaims> {
  const claims = await keys.verify(token)
  if (typeof claims.exp === 'number' && claims.exp <= Date.now() / 1000) {
    throw new JwtError('expired', 'token has invalid claims: token is expired')
  }
  return claims
}

export interface TokenResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Record<string, unknown>
}

/** The `/token` answer: a fresh access token for the session plus its refresh token. */
export async function tokenResponse(ctx: StackContext, user: UserRow, grant: SessionGrant): Promise<TokenResponse> {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + ctx.jwtExpiry
  const access_token = await ctx.keys.sign({
    iss: `${ctx.publicUrl()}/auth/v1`,
    sub: user.id,
    aud: user.aud || 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: Math.floor(new Date(grant.sessionCreatedAt).getTime() / 1000) }],
    session_id: grant.sessionId,
    is_anonymous: user.is_anonymous,
  })
  return {
    access_token,
    token_type: 'bearer',
    expires_in: ctx.jwtExpiry,
    expires_at: exp,
    refresh_token: grant.refreshToken,
    user: userJson(user),
  }
}
