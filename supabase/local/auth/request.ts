/**
 * Reading Auth requests: JSON bodies with typed fields, emails, and the bearer checks
 * GoTrue runs before user and admin endpoints.
 */
import { JwtError, type JwtClaims } from '../keys.ts'
import { bearer, header, type ApiRequest, type StackContext } from '../http.ts'
import { errors } from './errors.ts'
import type { ClientMeta } from './sessions.ts'
import { verifyAccessToken } from './tokens.ts'
import { findUserAndSession, type UserRow } from './users.ts'

export type JsonObject = Record<string, unknown>

/** The body as a JSON object; an empty body is `{}`. Anything else is 400 bad_json. */
export function readJsonObject(req: ApiRequest): JsonObject {
  const text = req.body.toString('utf8').trim()
  if (text === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw errors.badJson((error as Error).message)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.badJson('the body must be a JSON object')
  }
  if (hasNulCharacter(value)) throw errors.validation('Text values cannot contain NUL characters')
  return value as JsonObject
}

/**
 * Postgres text and jsonb cannot hold U+0000; refusing it here turns what would be a
 * database error (a 500) into a 400. Iterative, so deeply nested input cannot overflow.
 */
function hasNulCharacter(root: unknown): boolean {
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const v = pending.pop()
    if (typeof v === 'string') {
      if (v.includes('\0')) return true
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, child] of Object.entries(v)) {
        if (key.includes('\0')) return true
        pending.push(child)
      }
    }
  }
  return false
}

function wrongType(name: string, expected: string) {
  return errors.badJson(`field "${name}" must be ${expected}`)
}

/** A string field; absent and `null` read as undefined. */
export function stringField(body: JsonObject, name: string): string | undefined {
  const v = body[name]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw wrongType(name, 'a string')
  return v
}

export function booleanField(body: JsonObject, name: string): boolean | undefined {
  const v = body[name]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'boolean') throw wrongType(name, 'a boolean')
  return v
}

export function objectField(body: JsonObject, name: string): JsonObject | undefined {
  const v = body[name]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'object' || Array.isArray(v)) throw wrongType(name, 'an object')
  return v as JsonObject
}

// GoTrue's email pattern (the HTML living standard's), plus its 255-character limit.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** Trimmed and lower-cased, or 400 validation_failed. */
export function validEmail(raw: string): string {
  const email = raw.trim().toLowerCase()
  if (email.length > 255) throw errors.validation('An email address is too long')
  if (!emailPattern.test(email)) throw errors.validation('Unable to validate email address: invalid format')
  return email
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (s: unknown): s is string => typeof s === 'string' && uuidPattern.test(s)

export function clientMeta(req: ApiRequest): ClientMeta {
  return { userAgent: header(req, 'user-agent')?.slice(0, 1000) ?? null, ip: req.ip || null }
}

/** The verified claims of the request's bearer JWT (401 without one, 403 when bad). */
export async function bearerClaims(ctx: StackContext, req: ApiRequest): Promise<JwtClaims> {
  const token = bearer(req)
  if (!token) throw errors.noAuthorization()
  try {
    return await verifyAccessToken(ctx.keys, token)
  } catch (error) {
    if (error instanceof JwtError) throw errors.badJwt(error.message)
    throw error
  }
}

export interface Authenticated {
  claims: JwtClaims
  user: UserRow
  /** The session the token belongs to (null for tokens minted without one). */
  sessionId: string | null
}

/** GoTrue's requireAuthentication: a valid user token whose user and session still exist. */
export async function authenticate(ctx: StackContext, req: ApiRequest): Promise<Authenticated> {
  const claims = await bearerClaims(ctx, req)
  if (typeof claims.sub !== 'string' || claims.sub === '') throw errors.badClaim('invalid claim: missing sub claim')
  if (!isUuid(claims.sub)) throw errors.badClaim('invalid claim: sub claim must be a UUID')
  const sid = claims.session_id
  const hasSession = sid !== undefined && sid !== null && sid !== '' && sid !== '00000000-0000-0000-0000-000000000000'
  if (hasSession && !isUuid(sid)) throw errors.badClaim('invalid claim: session_id claim must be a UUID')
  const sessionId = hasSession ? (sid as string) : null
  const found = await findUserAndSession(ctx.db, claims.sub, sessionId)
  if (!found) throw errors.userFromJwtNotFound()
  if (sessionId && !found.sessionExists) throw errors.sessionNotFound()
  const user = found.user
  return { claims, user, sessionId }
}

const adminRoles = new Set(['service_role', 'supabase_admin'])

/** The admin API is for the service-role key (servers, Edge Functions), never users. */
export async function requireAdmin(ctx: StackContext, req: ApiRequest): Promise<void> {
  const claims = await bearerClaims(ctx, req)
  if (typeof claims.role !== 'string' || !adminRoles.has(claims.role)) throw errors.notAdmin()
}
