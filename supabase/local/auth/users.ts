/**
 * auth.users as GoTrue reads and writes it, and the user JSON GoTrue sends (the shape
 * of auth-js's `User`).
 */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db.ts'
import { errors } from './errors.ts'

export interface IdentityJson {
  identity_id: string
  id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: string | null
  created_at: string | null
  updated_at: string | null
  email: string | null
}

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  phone: string | null
  phone_confirmed_at: Date | null
  confirmed_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | null
  updated_at: Date | null
  banned_until: Date | null
  deleted_at: Date | null
  is_anonymous: boolean
  /** banned_until is in the future (computed by the database clock). */
  banned: boolean
  identities: IdentityJson[]
}

const selectUser = `
  select u.id, u.aud, u.role, u.email, u.encrypted_password, u.email_confirmed_at, u.phone,
         u.phone_confirmed_at, u.confirmed_at, u.last_sign_in_at, u.raw_app_meta_data,
         u.raw_user_meta_data, u.created_at, u.updated_at, u.banned_until, u.deleted_at,
         u.is_anonymous,
         coalesce(u.banned_until > now(), false) as banned,
         coalesce((
           select jsonb_agg(jsonb_build_object(
                    'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id,
                    'identity_data', i.identity_data, 'provider', i.provider,
                    'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
                    'updated_at', i.updated_at, 'email', i.email)
                  order by i.created_at, i.id)
           from auth.identities i where i.user_id = u.id
         ), '[]'::jsonb) as identities
  from auth.users u`

export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(`${selectUser} where u.id = $1::uuid`, [id])
  return rows[0] ?? null
}

/**
 * The user of an access token and whether its session still exists, in one round trip
 * (every authenticated request asks both).
 */
export async function findUserAndSession(
  q: Queryable,
  id: string,
  sessionId: string | null,
): Promise<{ user: UserRow; sessionExists: boolean } | null> {
  const { rows } = await q.query<UserRow & { session_exists: boolean }>(
    `select s.*, exists(select 1 from auth.sessions x where x.id = $2::uuid and x.user_id = s.id) as session_exists
       from (${selectUser} where u.id = $1::uuid) s`,
    [id, sessionId],
  )
  const row = rows[0]
  if (!row) return null
  const { session_exists, ...user } = row
  return { user, sessionExists: session_exists }
}

/** Email sign-in lookup: case-insensitive, never a soft-deleted or SSO user. */
export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(
    `${selectUser} where lower(u.email) = lower($1::text) and u.deleted_at is null and u.is_sso_user = false
     order by u.created_at limit 1`,
    [email],
  )
  return rows[0] ?? null
}

export async function emailTaken(q: Queryable, email: string, exceptUserId?: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 from auth.users where lower(email) = lower($1::text) and is_sso_user = false
       and ($2::uuid is null or id <> $2::uuid) limit 1`,
    [email, exceptUserId ?? null],
  )
  return rows.length > 0
}

export interface UserPage {
  users: UserRow[]
  total: number
}

export async function listUsers(q: Queryable, page: number, perPage: number, filter: string): Promise<UserPage> {
  // GoTrue's `filter` matches email or full name; LIKE wildcards in it are literal.
  const pattern = filter ? `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const where = `where u.deleted_at is null and ($1::text is null or u.email ilike $1 or u.raw_user_meta_data ->> 'full_name' ilike $1)`
  const count = await q.query<{ n: number }>(`select count(*)::int as n from auth.users u ${where}`, [pattern])
  const { rows } = await q.query<UserRow>(
    `${selectUser} ${where} order by u.created_at desc nulls last, u.id limit $2 offset $3`,
    [pattern, perPage, (page - 1) * perPage],
  )
  return { users: rows, total: count.rows[0]?.n ?? 0 }
}

export interface NewUser {
  id?: string | undefined
  email: string
  passwordHash: string
  emailConfirmed: boolean
  role: string
  userMetadata: Record<string, unknown>
  appMetadata: Record<string, unknown>
  bannedUntil: Date | null
}

/** Inserts the user and its `email` identity, as GoTrue's admin create does. */
export async function insertUser(tx: Queryable, u: NewUser): Promise<string> {
  const id = u.id ?? randomUUID()
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until,
                             is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', $2, $3, $4,
             case when $5::boolean then now() end, $6::jsonb, $7::jsonb, now(), now(), $8::timestamptz,
             false, false)`,
    [
      id,
      u.role,
      u.email,
      u.passwordHash,
      u.emailConfirmed,
      metadataJson({ provider: 'email', providers: ['email'], ...u.appMetadata }, 'app_metadata'),
      metadataJson(u.userMetadata, 'user_metadata'),
      u.bannedUntil,
    ],
  )
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $2::uuid, $3::jsonb, 'email', now(), now())`,
    [id, id, JSON.stringify({ sub: id, email: u.email, email_verified: u.emailConfirmed, phone_verified: false })],
  )
  return id
}

/**
 * Metadata travels inside every access token, and a token is sent in a header on every
 * request (Node refuses headers over 16 KB): a few KB is plenty for names and flags, and
 * keeps one careless update from making the account unusable.
 */
const MAX_METADATA_BYTES = 4096

function metadataJson(value: Record<string, unknown>, field: 'user_metadata' | 'app_metadata'): string {
  const text = JSON.stringify(value)
  if (Buffer.byteLength(text) > MAX_METADATA_BYTES) throw errors.validation(`${field} is too large (maximum ${MAX_METADATA_BYTES} bytes)`)
  return text
}

/** GoTrue's metadata update: top-level keys merge, a `null` value removes the key. */
export function mergeMetadata(current: Record<string, unknown> | null, updates: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) }
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

export interface UserChanges {
  email?: string
  passwordHash?: string
  confirmEmail?: boolean
  role?: string
  userMetadata?: Record<string, unknown>
  appMetadata?: Record<string, unknown>
  /** `null` lifts a ban. */
  bannedUntil?: Date | null
}

export async function updateUser(tx: Queryable, user: UserRow, c: UserChanges): Promise<void> {
  const sets: string[] = ['updated_at = now()']
  const params: unknown[] = [user.id]
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value)
    sets.push(`${column} = $${params.length}${cast}`)
  }
  if (c.email !== undefined) set('email', c.email)
  if (c.passwordHash !== undefined) set('encrypted_password', c.passwordHash)
  if (c.confirmEmail) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())')
  if (c.role !== undefined) set('role', c.role)
  if (c.userMetadata) set('raw_user_meta_data', metadataJson(mergeMetadata(user.raw_user_meta_data, c.userMetadata), 'user_metadata'), '::jsonb')
  if (c.appMetadata) set('raw_app_meta_data', metadataJson(mergeMetadata(user.raw_app_meta_data, c.appMetadata), 'app_metadata'), '::jsonb')
  if (c.bannedUntil !== undefined) set('banned_until', c.bannedUntil, '::timestamptz')
  await tx.query(`update auth.users set ${sets.join(', ')} where id = $1::uuid`, params)

  if (c.email !== undefined || c.confirmEmail) {
    await tx.query(
      `update auth.identities
          set identity_data = identity_data || jsonb_build_object('email', coalesce($2, identity_data ->> 'email'))
                              || case when $3::boolean then '{"email_verified": true}'::jsonb else '{}'::jsonb end,
              updated_at = now()
        where user_id = $1::uuid and provider = 'email'`,
      [user.id, c.email ?? null, Boolean(c.confirmEmail)],
    )
  }
}

export async function recordSignIn(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`update auth.users set last_sign_in_at = now() where id = $1::uuid`, [userId])
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1::uuid and provider = 'email'`, [userId])
}

export async function deleteUser(tx: Queryable, userId: string): Promise<void> {
  // Sessions, refresh tokens and identities go with the user (foreign keys cascade).
  await tx.query(`delete from auth.refresh_tokens where user_id = $1`, [userId])
  await tx.query(`delete from auth.users where id = $1::uuid`, [userId])
}

/**
 * GoTrue's soft delete: the row stays (for references and audit) but can never sign in
 * again and its email is free for a new account.
 */
export async function softDeleteUser(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users
        set deleted_at = now(), updated_at = now(), email = null, phone = null, encrypted_password = '',
            raw_app_meta_data = '{}'::jsonb, raw_user_meta_data = '{}'::jsonb
      where id = $1::uuid and deleted_at is null`,
    [userId],
  )
  await tx.query(`delete from auth.identities where user_id = $1::uuid`, [userId])
  await tx.query(`delete from auth.sessions where user_id = $1::uuid`, [userId])
  await tx.query(`delete from auth.refresh_tokens where user_id = $1`, [userId])
}

const iso = (d: Date | string | null | undefined): string | undefined =>
  d == null ? undefined : d instanceof Date ? d.toISOString() : new Date(d).toISOString()

/** The user object of GoTrue's responses; absent timestamps are omitted as GoTrue does. */
export function userJson(u: UserRow): Record<string, unknown> {
  const optional = (key: string, d: Date | null) => (d ? { [key]: iso(d) } : {})
  return {
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    ...optional('email_confirmed_at', u.email_confirmed_at),
    phone: u.phone ?? '',
    ...optional('phone_confirmed_at', u.phone_confirmed_at),
    ...optional('confirmed_at', u.confirmed_at),
    ...optional('last_sign_in_at', u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: u.identities.map((i) => ({
      ...i,
      last_sign_in_at: iso(i.last_sign_in_at) ?? null,
      created_at: iso(i.created_at) ?? null,
      updated_at: iso(i.updated_at) ?? null,
    })),
    created_at: iso(u.created_at) ?? null,
    updated_at: iso(u.updated_at) ?? null,
    ...optional('banned_until', u.banned_until),
    ...optional('deleted_at', u.deleted_at),
    is_anonymous: u.is_anonymous,
  }
}
