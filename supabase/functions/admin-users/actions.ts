/**
 * The four things an admin does to staff accounts. Each keeps the Auth user (who can
 * sign in, with which password) and the tbusuarios profile (name, admin flag, active)
 * consistent. Business rules (at least one active admin, valid names and emails) are
 * the database's, and their Spanish messages reach the caller unchanged, so the profile
 * is written first wherever the database may refuse: an Auth change made before a
 * refusal could not be taken back (a deleted account, a ban). Create is the exception
 * (the profile needs the new account's id): its account is removed again if the
 * profile is refused. When the Auth step after a profile change fails, the profile
 * change is undone.
 */
import { PublicError } from '../_shared/http.ts'
import type { ApiResult, Caller, SupabaseApi } from '../_shared/supabase-api.ts'
import { MENSAJES_USUARIOS } from './messages.ts'

export interface Usuario {
  id_usuario: string
  auth_user_id: string | null
  id_nombre: string | null
  id_correo: string | null
  is_admin: boolean
  is_active: boolean
  _deleted: boolean
  [column: string]: unknown
}

export interface ActionContext {
  api: SupabaseApi
  caller: Caller
}

type Body = Record<string, unknown>

// A deactivated account is banned for 100 years: it cannot sign in or refresh, and the
// ban ends its sessions at once. Reactivating lifts the ban.
const DEACTIVATED_BAN = '876000h'
const MAX_NAME = 120

// ---------------------------------------------------------------------------------
// Input

// Auth's pattern (the HTML standard's), with a dot in the domain as tbusuarios requires:
// an email this accepts is accepted by both, so neither refuses it half-way through.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// A field that is not text is refused, never turned into text: `String({})` stored a
// name as '[object Object]'.
function optionalText(body: Body, key: string): string | undefined {
  const v = body[key]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.invalidText(key))
  return v
}

function optionalFlag(body: Body, key: string): boolean | undefined {
  const v = body[key]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'boolean') throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.invalidFlag(key))
  return v
}

function validName(raw: string | undefined): string {
  const name = (raw ?? '').trim()
  if (!name) throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.nameRequired)
  if (name.length > MAX_NAME) throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.nameTooLong)
  return name
}

function validEmail(raw: string): string {
  const email = raw.trim().toLowerCase()
  if (email.length > 255 || !emailPattern.test(email)) throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.invalidEmail)
  return email
}

function validPassword(password: string): string {
  if ([...password].length < 6) throw new PublicError(400, 'weak_password', MENSAJES_USUARIOS.passwordTooShort)
  if (new TextEncoder().encode(password).length > 72) throw new PublicError(400, 'weak_password', MENSAJES_USUARIOS.passwordTooLong)
  return password
}

function validId(body: Body): string {
  const id = body.id_usuario
  if (typeof id !== 'string' || !uuidPattern.test(id)) throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.invalidId)
  return id
}

// ---------------------------------------------------------------------------------
// tbusuarios over REST

const table = '/tbusuarios'

async function findActive(api: SupabaseApi, id: string): Promise<Usuario> {
  const r = await api.rest<Usuario[]>('GET', `${table}?select=*&id_usuario=eq.${id}&_deleted=is.false`)
  if (!r.ok) throw failure(r, MENSAJES_USUARIOS.unexpected)
  const row = r.data[0]
  if (!row) throw new PublicError(404, 'user_not_found', MENSAJES_USUARIOS.notFound)
  return row
}

async function patchRow(api: SupabaseApi, id: string, changes: Record<string, unknown>, failMessage: string): Promise<Usuario> {
  const r = await api.rest<Usuario[]>('PATCH', `${table}?id_usuario=eq.${id}`, { ...changes, updated_at: new Date().toISOString() })
  if (!r.ok || !r.data[0]) throw failure(r, failMessage)
  return r.data[0]
}

/**
 * A refusal from REST or Auth. The schema explains its rules in Spanish (constraint and
 * trigger messages, e.g. 'Debe quedar al menos un administrador activo.'), so a 4xx
 * passes that message on; anything else is logged and answered with `message`.
 */
function failure(r: ApiResult, message: string): PublicError {
  const data = r.data as { message?: unknown; msg?: unknown; code?: unknown } | null
  const detail = typeof data?.message === 'string' ? data.message : typeof data?.msg === 'string' ? data.msg : ''
  if (r.status === 409 || data?.code === '23505') return new PublicError(409, 'email_exists', MENSAJES_USUARIOS.duplicateEmail)
  if (r.status >= 400 && r.status < 500 && r.status !== 401 && r.status !== 403 && detail) {
    return new PublicError(400, typeof data?.code === 'string' ? data.code : 'rejected', detail)
  }
  console.error(`admin-users: ${message} (HTTP ${r.status}) ${detail}`)
  return new PublicError(500, 'unexpected_failure', message)
}

/** A refusal from Auth (English, GoTrue codes) in the words of the users screen. */
function authFailure(r: ApiResult, message: string): PublicError {
  const code = (r.data as { code?: unknown } | null)?.code
  if (code === 'email_exists') return new PublicError(409, 'email_exists', MENSAJES_USUARIOS.duplicateEmail)
  if (code === 'weak_password') return new PublicError(400, 'weak_password', MENSAJES_USUARIOS.passwordTooShort)
  console.error(`admin-users: ${message} (Auth HTTP ${r.status}) ${JSON.stringify(r.data)}`)
  return new PublicError(500, 'unexpected_failure', message)
}

// ---------------------------------------------------------------------------------
// Actions

export async function createUser({ api }: ActionContext, body: Body): Promise<Usuario> {
  const rawName = optionalText(body, 'nombre')
  const rawEmail = optionalText(body, 'email')
  if (!rawName?.trim() || !rawEmail?.trim()) throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.nameAndEmailRequired)
  const nombre = validName(rawName)
  const email = validEmail(rawEmail)
  const rawPassword = optionalText(body, 'password')
  if (!rawPassword?.trim()) throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.passwordRequired)
  const password = validPassword(rawPassword)
  const isAdmin = optionalFlag(body, 'is_admin') ?? false

  // Deleted profiles keep their email (soft delete), so only live ones count; the
  // database's partial unique index says the same.
  const existing = await api.rest<Usuario[]>('GET', `${table}?select=id_usuario&id_correo=eq.${encodeURIComponent(email)}&_deleted=is.false`)
  if (!existing.ok) throw failure(existing, MENSAJES_USUARIOS.createFailed)
  if (existing.data.length > 0) throw new PublicError(409, 'email_exists', MENSAJES_USUARIOS.duplicateEmail)

  const created = await api.authAdmin<{ id: string }>('POST', '/users', {
    email,
    password,
    email_confirm: true,
    user_metadata: { nombre },
  })
  if (!created.ok) throw authFailure(created, MENSAJES_USUARIOS.createFailed)
  const authUserId = created.data.id

  const now = new Date().toISOString()
  const saved = await api.rest<Usuario[]>('POST', table, {
    id_usuario: crypto.randomUUID(),
    auth_user_id: authUserId,
    id_nombre: nombre,
    id_correo: email,
    is_admin: isAdmin,
    is_active: true,
    created_at: now,
    updated_at: now,
  })
  if (!saved.ok || !saved.data[0]) {
    // Never leave an account that can sign in without a profile.
    const undo = await api.authAdmin('DELETE', `/users/${authUserId}`)
    if (!undo.ok) console.error(`admin-users: no se pudo deshacer la cuenta ${authUserId} (HTTP ${undo.status})`)
    throw failure(saved, MENSAJES_USUARIOS.createFailed)
  }
  return saved.data[0]
}

export async function updateUser({ api, caller }: ActionContext, body: Body): Promise<Usuario> {
  const id = validId(body)
  const row = await findActive(api, id)
  const rawEmail = optionalText(body, 'email')
  if (rawEmail !== undefined && rawEmail.trim().toLowerCase() !== (row.id_correo ?? '').toLowerCase()) {
    throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.emailImmutable)
  }
  const rawName = optionalText(body, 'nombre')
  const nombre = rawName === undefined ? undefined : validName(rawName)
  const isAdmin = optionalFlag(body, 'is_admin')
  const isActive = optionalFlag(body, 'is_active')
  const rawPassword = optionalText(body, 'password')
  // A blank password on edit keeps the current one (spec 2 §5 Users).
  const password = rawPassword?.trim() ? validPassword(rawPassword) : undefined

  const self = row.auth_user_id === caller.id
  if (self && isAdmin === false) throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.selfDemote)
  if (self && isActive === false) throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.selfDeactivate)

  const authChanges: Record<string, unknown> = {}
  if (password) authChanges.password = password
  if (nombre !== undefined && nombre !== row.id_nombre) authChanges.user_metadata = { nombre }
  if (isActive !== undefined && isActive !== row.is_active) authChanges.ban_duration = isActive ? 'none' : DEACTIVATED_BAN
  if (Object.keys(authChanges).length > 0 && !row.auth_user_id && (password || isActive)) {
    throw new PublicError(409, 'no_account', MENSAJES_USUARIOS.noAccount)
  }

  const changes: Record<string, unknown> = {}
  if (nombre !== undefined) changes.id_nombre = nombre
  if (isAdmin !== undefined) changes.is_admin = isAdmin
  if (isActive !== undefined) changes.is_active = isActive
  // The profile first: demoting or deactivating the last active admin is refused here,
  // before the account is banned.
  const updated = Object.keys(changes).length > 0 ? await patchRow(api, id, changes, MENSAJES_USUARIOS.updateFailed) : row

  if (Object.keys(authChanges).length > 0 && row.auth_user_id) {
    const r = await api.authAdmin('PUT', `/users/${row.auth_user_id}`, authChanges)
    if (!r.ok) {
      await undo(api, row, Object.keys(changes))
      throw authFailure(r, MENSAJES_USUARIOS.updateFailed)
    }
  }
  return updated
}

/** Puts the profile's `columns` back as they were in `before` (best effort: logged if it fails). */
async function undo(api: SupabaseApi, before: Usuario, columns: string[]): Promise<void> {
  if (columns.length === 0) return
  const r = await api.rest('PATCH', `${table}?id_usuario=eq.${before.id_usuario}`, {
    ...Object.fromEntries(columns.map((c) => [c, before[c]])),
    updated_at: new Date().toISOString(),
  })
  if (!r.ok) console.error(`admin-users: no se pudo deshacer el cambio del perfil ${before.id_usuario} (HTTP ${r.status})`)
}

export async function resetPassword({ api }: ActionContext, body: Body): Promise<Usuario> {
  const id = validId(body)
  const rawPassword = optionalText(body, 'password')
  if (!rawPassword?.trim()) throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.newPasswordRequired)
  const password = validPassword(rawPassword)
  const row = await findActive(api, id)
  if (!row.auth_user_id) throw new PublicError(409, 'no_account', MENSAJES_USUARIOS.noAccount)
  // Auth ends every session of the user: whoever knew the old password is signed out.
  const r = await api.authAdmin('PUT', `/users/${row.auth_user_id}`, { password })
  if (!r.ok) throw authFailure(r, MENSAJES_USUARIOS.resetFailed)
  return row
}

export async function deleteUser({ api, caller }: ActionContext, body: Body): Promise<Usuario> {
  const id = validId(body)
  const row = await findActive(api, id)
  if (row.auth_user_id === caller.id) throw new PublicError(400, 'validation_failed', MENSAJES_USUARIOS.selfDelete)
  // Deactivate first: the database refuses it for the last active admin (two admins
  // deleting each other at once), and nothing irreversible has happened yet.
  if (row.is_active) await patchRow(api, id, { is_active: false }, MENSAJES_USUARIOS.deleteFailed)
  // Then the account: if this fails, the profile is reactivated and the delete can be
  // repeated; if the soft delete after it fails, nobody can sign in with it and
  // repeating the delete finishes the job.
  if (row.auth_user_id) {
    const r = await api.authAdmin('DELETE', `/users/${row.auth_user_id}`)
    if (!r.ok && r.status !== 404) {
      if (row.is_active) await undo(api, row, ['is_active'])
      throw failure(r, MENSAJES_USUARIOS.deleteFailed)
    }
  }
  // Soft delete: clients never hard-delete replicated rows (docs/architecture.md §3).
  return patchRow(api, id, { _deleted: true, is_active: false }, MENSAJES_USUARIOS.deleteFailed)
}
