/**
 * JWT keys of the embedded stack. Like a Supabase project, it has one HS256 secret;
 * the anon and service-role API keys are long-lived JWTs signed with it, and user
 * access tokens are short-lived ones. The secret is generated on first start and kept
 * in the data directory so keys and sessions survive restarts.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number }

export class JwtError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid',
    message: string,
  ) {
    super(message)
  }
}

export interface Keys {
  readonly jwtSecret: string
  readonly anonKey: string
  readonly serviceRoleKey: string
  /** Signs `claims`; `iat` is set here, `exp` must be in the claims. */
  sign(claims: JwtClaims): Promise<string>
  /** Verifies signature, algorithm and exp/nbf/iat with PostgREST's 30 s skew. */
  verify(token: string): Promise<JwtClaims>
}

const TEN_YEARS = 10 * 365 * 24 * 3600

export function loadOrCreateSecret(dataDir: string | null): string {
  if (!dataDir) return randomBytes(32).toString('hex')
  const file = join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}

export async function createKeys(jwtSecret: string): Promise<Keys> {
  const key = new TextEncoder().encode(jwtSecret)
  const sign = (claims: JwtClaims) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().sign(key)

  // API keys are deterministic for a given secret (fixed iat), so a restarted server
  // prints the same keys and clients configured with them keep working.
  const apiKey = (role: string) =>
    new SignJWT({ iss: 'supabase', ref: 'local', role, exp: 1_700_000_000 + TEN_YEARS })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(1_700_000_000)
      .sign(key)

  // Verifying is on every request's path; remember recent good tokens until they expire.
  const cache = new Map<string, JwtClaims>()
  async function verify(token: string): Promise<JwtClaims> {
    const hit = cache.get(token)
    const now = Date.now() / 1000
    if (hit && (typeof hit.exp !== 'number' || hit.exp + 30 > now)) return hit
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], clockTolerance: 30 })
      if (cache.size > 5000) cache.clear()
      cache.set(token, payload as JwtClaims)
      return payload as JwtClaims
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired')
      throw new JwtError('invalid', (error as Error).message)
    }
  }

  return {
    jwtSecret,
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
    sign,
    verify,
  }
}
