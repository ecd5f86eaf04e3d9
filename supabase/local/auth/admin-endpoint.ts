/**
 * GoTrue's admin user API (`/admin/users[/<id>]`), for the service-role key only: the
 * `admin-users` Edge Function creates, updates and deletes staff accounts through it.
 */
import { json, type ApiRequest, type ApiResponse } from '../http.ts'
import type { Queryable } from '../db.ts'
import type { AuthService } from './service.ts'
import { AuthError, errors } from './errors.ts'
import { parseGoDuration } from './go-duration.ts'
import { checkPasswordStrength, hashPassword } from './passwords.ts'
import { booleanField, isUuid, objectField, readJsonObject, requireAdmin, stringField, validEmail, type JsonObject } from './request.ts'
import { endSessions } from './sessions.ts'
import {
  deleteUser,
  emailTaken,
  findUserById,
  insertUser,
  listUsers,
  softDeleteUser,
  updateUser,
  userJson,
  type UserChanges,
  type UserRow,
} from './users.ts'

const DEFAULT_PER_PAGE = 50
const MAX_PER_PAGE = 1000

export async function adminUsers(auth: AuthService, req: ApiRequest, id: string | null): Promise<ApiResponse> {
  await requireAdmin(auth.ctx, req)
  if (id === null) {
    if (req.method === 'GET') return list(auth, req)
    if (req.method === 'POST') return create(auth, req)
    throw errors.methodNotAllowed()
  }
  const user = await loadUser(auth.ctx.db, id)
  if (req.method === 'GET') return json(200, userJson(user))
  if (req.method === 'PUT') return update(auth, req, user)
  if (req.method === 'DELETE') return remove(auth, req, user)
  throw errors.methodNotAllowed()
}

async function loadUser(db: Queryable, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
  const user = await findUserById(db, id)
  if (!user) throw errors.userNotFound()
  return user
}

function pageParam(req: ApiRequest, name: string, fallback: number): number {
  const raw = req.url.searchParams.get(name) ?? ''
  if (raw === '') return fallback
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw errors.validation(`Bad Pagination Parameters: ${name} must be a positive integer`)
  }
  return Number(raw)
}

async function list(auth: AuthService, req: ApiRequest): Promise<ApiResponse> {
  const page = pageParam(req, 'page', 1)
  const perPage = Math.min(pageParam(req, 'per_page', DEFAULT_PER_PAGE), MAX_PER_PAGE)
  // NUL cannot reach Postgres text (a 500); it can never match an email anyway.
  const filter = (req.url.searchParams.get('filter') ?? '').replaceAll('\0', '').slice(0, 255)
  const { users, total } = await listUsers(auth.ctx.db, page, perPage, filter)

  // GoTrue's pagination headers. auth-js reads the page number as the first value after
  // '=' in each link, so `page` must come first in the query.
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const link = (p: number, rel: string) => {
    const q = new URLSearchParams({ page: String(p), per_page: String(perPage), ...(filter ? { filter } : {}) })
    return `</admin/users?${q}>; rel="${rel}"`
  }
  const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')]
  return json(200, { users: users.map(userJson), aud: 'authenticated' }, { 'x-total-count': String(total), link: links.join(', ') })
}

/** `ban_duration`: "none" lifts a ban, a Go duration bans until now + duration. */
function banUntil(body: JsonObject): Date | null | undefined {
  const raw = stringField(body, 'ban_duration')
  if (raw === undefined || raw === '') return undefined
  if (raw === 'none') return null
  let ms: number
  try {
    ms = parseGoDuration(raw)
  } catch (error) {
    throw errors.validation(`invalid format for ban duration: ${(error as Error).message}`)
  }
  return ms === 0 ? null : new Date(Date.now() + ms)
}

/**
 * Only `authenticated` is accepted as a user role: the role claim becomes the Postgres
 * role of the user's REST requests, so anything else would be a privilege escalation.
 */
function roleParam(body: JsonObject): string | undefined {
  const role = stringField(body, 'role')
  if (role === undefined || role === '' || role === 'authenticated') return role || undefined
  throw errors.validation('Solo se admite el rol "authenticated" para usuarios del personal.')
}

async function passwordParam(auth: AuthService, body: JsonObject): Promise<string | undefined> {
  const password = stringField(body, 'password')
  if (password === undefined) return undefined
  checkPasswordStrength(password, auth.options.passwordMinLength)
  return hashPassword(password)
}

function refusePhone(body: JsonObject) {
  if (stringField(body, 'phone')) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled')
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
}

async function create(auth: AuthService, req: ApiRequest): Promise<ApiResponse> {
  const { db } = auth.ctx
  const body = readJsonObject(req)
  refusePhone(body)
  const rawEmail = stringField(body, 'email')
  if (!rawEmail) throw errors.validation('Cannot create a user without either an email or phone')
  const email = validEmail(rawEmail)
  const id = stringField(body, 'id')
  if (id !== undefined && (!isUuid(id) || /^[0-]+$/.test(id))) throw errors.validation('ID must conform to the uuid v4 format')
  const role = roleParam(body) ?? 'authenticated'
  const bannedUntil = banUntil(body) ?? null
  const userMetadata = objectField(body, 'user_metadata') ?? {}
  const appMetadata = objectField(body, 'app_metadata') ?? {}
  const emailConfirmed = booleanField(body, 'email_confirm') ?? false
  if (await emailTaken(db, email)) throw errors.emailExists()
  // Without a password the account exists but cannot sign in until one is set.
  const passwordHash = (await passwordParam(auth, body)) ?? ''

  let userId: string
  try {
    userId = await db.transaction((tx) =>
      insertUser(tx, { id, email, passwordHash, emailConfirmed, role, userMetadata, appMetadata, bannedUntil }),
    )
  } catch (error) {
    // Two admins creating the same email at once: the unique index decides.
    if (isUniqueViolation(error)) throw errors.emailExists()
    throw error
  }
  auth.ctx.log(`Auth: usuario creado ${email}`)
  return json(200, userJson((await findUserById(db, userId))!))
}

async function update(auth: AuthService, req: ApiRequest, user: UserRow): Promise<ApiResponse> {
  const { db } = auth.ctx
  const body = readJsonObject(req)
  refusePhone(body)
  const changes: UserChanges = {}
  const rawEmail = stringField(body, 'email')
  if (rawEmail) {
    const email = validEmail(rawEmail)
    if (email !== user.email) {
      if (await emailTaken(db, email, user.id)) throw errors.emailExists()
      changes.email = email
    }
  }
  const role = roleParam(body)
  if (role) changes.role = role
  const bannedUntil = banUntil(body)
  if (bannedUntil !== undefined) changes.bannedUntil = bannedUntil
  const userMetadata = objectField(body, 'user_metadata')
  if (userMetadata) changes.userMetadata = userMetadata
  const appMetadata = objectField(body, 'app_metadata')
  if (appMetadata) changes.appMetadata = appMetadata
  if (booleanField(body, 'email_confirm')) changes.confirmEmail = true
  const passwordHash = await passwordParam(auth, body)
  if (passwordHash) changes.passwordHash = passwordHash

  try {
    await db.transaction(async (tx) => {
      await updateUser(tx, user, changes)
      // A reset password or a ban ends every session at once: refresh tokens stop
      // working and /auth/v1 refuses the user's access tokens.
      if (passwordHash || bannedUntil) await endSessions(tx, user.id, 'global', null)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.emailExists()
    throw error
  }
  // A ban, a new password or a new role applies to the tokens already out there at once.
  auth.access.forgetUser(user.id)
  return json(200, userJson((await findUserById(db, user.id))!))
}

async function remove(auth: AuthService, req: ApiRequest, user: UserRow): Promise<ApiResponse> {
  const soft = booleanField(readJsonObject(req), 'should_soft_delete') ?? false
  await auth.ctx.db.transaction((tx) => (soft ? softDeleteUser(tx, user.id) : deleteUser(tx, user.id)))
  auth.access.forgetUser(user.id)
  auth.ctx.log(`Auth: usuario ${soft ? 'desactivado (borrado lógico)' : 'eliminado'} ${user.email ?? user.id}`)
  return json(200, {})
}
