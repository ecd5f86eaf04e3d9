/**
 * The admin user API through supabase-js's `auth.admin` with the service-role key, and
 * its refusal of everyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { createTestUser, uniqueEmail } from '../../../tests/support/test-users.ts'

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.close()
})

const admin = () => stack.service().auth.admin
const signIn = (email: string, password: string) => stack.anon().auth.signInWithPassword({ email, password })

function rawAdmin(path: string, token: string | null, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${stack.url}/auth/v1/admin${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: stack.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
}

describe('admin API with the service role', () => {
  it('creates a confirmed user who can sign in', async () => {
    const email = uniqueEmail('Nueva').replace('nueva', 'NUEVA')
    const { data, error } = await admin().createUser({
      email,
      password: 'clave-segura-1',
      email_confirm: true,
      user_metadata: { nombre: 'Nueva Persona' },
      app_metadata: { sede: 'Miraflores' },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email: email.toLowerCase(),
      aud: 'authenticated',
      role: 'authenticated',
      email_confirmed_at: expect.any(String),
      user_metadata: { nombre: 'Nueva Persona' },
      app_metadata: { provider: 'email', providers: ['email'], sede: 'Miraflores' },
      is_anonymous: false,
    })
    expect(data.user!.identities).toHaveLength(1)
    expect((await signIn(email, 'clave-segura-1')).error).toBeNull()
  })

  it('creates an unconfirmed user when email_confirm is not set', async () => {
    const email = uniqueEmail()
    const { data } = await admin().createUser({ email, password: 'clave-segura-1' })
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect((await signIn(email, 'clave-segura-1')).error?.code).toBe('email_not_confirmed')
  })

  it('refuses duplicates, bad emails, short passwords and user roles other than authenticated', async () => {
    const user = await createTestUser(stack)
    const dup = await admin().createUser({ email: user.email.toUpperCase(), password: 'clave-segura-1' })
    expect(dup.error).toMatchObject({ status: 422, code: 'email_exists', message: 'A user with this email address has already been registered' })
    const bad = await admin().createUser({ email: 'no-es-correo', password: 'clave-segura-1' })
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' })
    const none = await admin().createUser({ password: 'clave-segura-1' })
    expect(none.error).toMatchObject({ status: 400, code: 'validation_failed' })
    const weak = await admin().createUser({ email: uniqueEmail(), password: '123' })
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' })
    const role = await admin().createUser({ email: uniqueEmail(), password: 'clave-segura-1', role: 'service_role' })
    expect(role.error).toMatchObject({ status: 400, code: 'validation_failed' })
  })

  it('gets a user by id; unknown ids are 404', async () => {
    const user = await createTestUser(stack)
    const { data, error } = await admin().getUserById(user.id)
    expect(error).toBeNull()
    expect(data.user?.email).toBe(user.email)
    const missing = await admin().getUserById('00000000-0000-4000-8000-000000000000')
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' })
    const malformed = await rawAdmin('/users/no-es-uuid', stack.serviceRoleKey)
    expect(malformed.status).toBe(404)
    expect(await malformed.json()).toMatchObject({ code: 'validation_failed', message: 'user_id must be an UUID' })
  })

  it('lists users newest first, page by page, with X-Total-Count and Link', async () => {
    for (let i = 0; i < 3; i++) await createTestUser(stack)
    const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from auth.users where deleted_at is null')
    const total = rows[0]!.n
    const { data, error } = await admin().listUsers({ page: 1, perPage: 2 })
    expect(error).toBeNull()
    expect(data.users).toHaveLength(2)
    expect(data).toMatchObject({ aud: 'authenticated', total, nextPage: 2, lastPage: Math.ceil(total / 2) })
    const [first, second] = data.users
    expect(Date.parse(first!.created_at) >= Date.parse(second!.created_at)).toBe(true)

    const page2 = await admin().listUsers({ page: 2, perPage: 2 })
    expect(page2.data.users.map((u) => u.id)).not.toContain(first!.id)

    const res = await rawAdmin('/users?page=1&per_page=2', stack.serviceRoleKey)
    expect(res.headers.get('x-total-count')).toBe(String(total))
    expect(res.headers.get('link')).toContain('</admin/users?page=2&per_page=2>; rel="next"')
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Total-Count/)

    const bad = await rawAdmin('/users?page=cero', stack.serviceRoleKey)
    expect(bad.status).toBe(400)
  })

  it('filters the list by email', async () => {
    const user = await createTestUser(stack, { email: uniqueEmail('filtrable') })
    const res = await rawAdmin(`/users?filter=${encodeURIComponent(user.email.slice(0, 14))}`, stack.serviceRoleKey)
    const body = (await res.json()) as { users: Array<{ id: string }> }
    expect(body.users.map((u) => u.id)).toEqual([user.id])
  })

  it('updates password, email and metadata; a new password ends the user\'s sessions', async () => {
    const user = await createTestUser(stack, { metadata: { nombre: 'Luz', turno: 'tarde' } })
    const session = (await signIn(user.email, user.password)).data.session!
    const newEmail = uniqueEmail('cambiado')
    const { data, error } = await admin().updateUserById(user.id, {
      password: 'otra-clave-3',
      email: newEmail,
      user_metadata: { turno: null, nombre: 'Luz Clara' },
      app_metadata: { sede: 'Surco' },
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      email: newEmail,
      user_metadata: { nombre: 'Luz Clara' },
      app_metadata: { provider: 'email', sede: 'Surco' },
    })
    expect(data.user?.user_metadata).not.toHaveProperty('turno')
    expect((await stack.anon().auth.refreshSession({ refresh_token: session.refresh_token })).error?.code).toBe('refresh_token_not_found')
    expect((await signIn(user.email, 'otra-clave-3')).error?.code).toBe('invalid_credentials')
    expect((await signIn(newEmail, user.password)).error?.code).toBe('invalid_credentials')
    expect((await signIn(newEmail, 'otra-clave-3')).error).toBeNull()

    const taken = await createTestUser(stack)
    const clash = await admin().updateUserById(user.id, { email: taken.email })
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' })
  })

  it('bans for a Go duration and lifts the ban with "none"; refuses a malformed duration', async () => {
    const user = await createTestUser(stack)
    const session = (await signIn(user.email, user.password)).data.session!
    const banned = await admin().updateUserById(user.id, { ban_duration: '876000h' })
    expect(Date.parse(banned.data.user!.banned_until!)).toBeGreaterThan(Date.now() + 90 * 365 * 24 * 3600 * 1000)
    expect((await signIn(user.email, user.password)).error?.code).toBe('user_banned')
    // The ban ends existing sessions at once.
    expect((await stack.anon().auth.refreshSession({ refresh_token: session.refresh_token })).error?.code).toBe('refresh_token_not_found')

    const lifted = await admin().updateUserById(user.id, { ban_duration: 'none' })
    expect(lifted.data.user?.banned_until).toBeUndefined()
    expect((await signIn(user.email, user.password)).error).toBeNull()

    const bad = await admin().updateUserById(user.id, { ban_duration: '3 días' })
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' })
  })

  it('deletes a user: no more sign-in, sessions gone, the email free again', async () => {
    const user = await createTestUser(stack)
    await signIn(user.email, user.password)
    const { error } = await admin().deleteUser(user.id)
    expect(error).toBeNull()
    expect((await admin().getUserById(user.id)).error?.code).toBe('user_not_found')
    expect((await signIn(user.email, user.password)).error?.code).toBe('invalid_credentials')
    const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from auth.sessions where user_id = $1::uuid`, [user.id])
    expect(rows[0]!.n).toBe(0)
    expect((await admin().createUser({ email: user.email, password: 'clave-segura-1' })).error).toBeNull()
  })

  it('soft-deletes a user: the row stays with deleted_at, nobody can sign in with it', async () => {
    const user = await createTestUser(stack)
    expect((await admin().deleteUser(user.id, true)).error).toBeNull()
    const { data } = await admin().getUserById(user.id)
    expect(data.user?.deleted_at).toEqual(expect.any(String))
    expect((await signIn(user.email, user.password)).error?.code).toBe('invalid_credentials')
    const listed = await rawAdmin('/users?per_page=1000', stack.serviceRoleKey)
    expect(((await listed.json()) as { users: Array<{ id: string }> }).users.map((u) => u.id)).not.toContain(user.id)
    expect((await admin().createUser({ email: user.email, password: 'clave-segura-1' })).error).toBeNull()
  })
})

describe('admin API for anyone else', () => {
  it('refuses a signed-in user\'s token and the anon key: 403 not_admin', async () => {
    const user = await createTestUser(stack)
    const token = (await signIn(user.email, user.password)).data.session!.access_token
    for (const t of [token, stack.anonKey]) {
      const res = await rawAdmin('/users', t)
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'not_admin', message: 'User not allowed' })
    }
    // supabase-js's admin client on an anon client sends the anon key.
    const { error } = await stack.anon().auth.admin.createUser({ email: uniqueEmail(), password: 'clave-segura-1' })
    expect(error).toMatchObject({ status: 403, code: 'not_admin' })
    const del = await rawAdmin(`/users/${user.id}`, token, { method: 'DELETE' })
    expect(del.status).toBe(403)
    expect((await admin().getUserById(user.id)).data.user?.id).toBe(user.id)
  })

  it('requires a bearer token: 401 no_authorization', async () => {
    const res = await rawAdmin('/users', null)
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: 'no_authorization' })
  })
})
