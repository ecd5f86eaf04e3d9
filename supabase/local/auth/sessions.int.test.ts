/**
 * Sessions through supabase-js: refresh-token rotation and reuse, logout scopes, the
 * user's own profile and password, and expired access tokens.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Session, SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { createTestUser, decodeJwt, type TestUser } from '../../../tests/support/test-users.ts'

const REUSE_INTERVAL = 2
let stack: TestStack

beforeAll(async () => {
  vi.stubEnv('GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL', String(REUSE_INTERVAL))
  stack = await startTestStack()
  vi.unstubAllEnvs()
})
afterAll(async () => {
  await stack?.close()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function signIn(user: TestUser): Promise<{ client: SupabaseClient; session: Session }> {
  const client = stack.anon()
  const { data, error } = await client.auth.signInWithPassword({ email: user.email, password: user.password })
  if (error) throw error
  return { client, session: data.session }
}

/** A refresh from a fresh client, as a tablet whose previous answer never arrived would send it. */
const refresh = (refresh_token: string) => stack.anon().auth.refreshSession({ refresh_token })

const getUser = (jwt: string) => stack.anon().auth.getUser(jwt)

function rawAuth(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  return fetch(`${stack.url}/auth/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: stack.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
}

describe('refresh token rotation', () => {
  it('exchanges a refresh token for a new pair in the same session', async () => {
    const { session } = await signIn(await createTestUser(stack))
    const { data, error } = await refresh(session.refresh_token)
    expect(error).toBeNull()
    const next = data.session!
    expect(next.refresh_token).not.toBe(session.refresh_token)
    expect(decodeJwt(next.access_token).session_id).toBe(decodeJwt(session.access_token).session_id)
    expect((await getUser(next.access_token)).error).toBeNull()

    const { rows } = await stack.db.query<{ token: string; revoked: boolean; parent: string | null }>(
      `select token, revoked, parent from auth.refresh_tokens where session_id = $1::uuid order by id`,
      [decodeJwt(session.access_token).session_id],
    )
    expect(rows).toEqual([
      { token: session.refresh_token, revoked: true, parent: null },
      { token: next.refresh_token, revoked: false, parent: session.refresh_token },
    ])
  })

  it('answers a retry of a used token within the reuse interval with the current tokens', async () => {
    const { session } = await signIn(await createTestUser(stack))
    const first = (await refresh(session.refresh_token)).data.session!
    const retry = await refresh(session.refresh_token)
    expect(retry.error).toBeNull()
    expect(retry.data.session!.refresh_token).toBe(first.refresh_token)
    expect((await getUser(retry.data.session!.access_token)).error).toBeNull()
    // The chain goes on from the current token.
    const second = await refresh(first.refresh_token)
    expect(second.error).toBeNull()
    expect(second.data.session!.refresh_token).not.toBe(first.refresh_token)
  })

  it('answers the parent of the unused current token at any time: the client never got its child', async () => {
    // An offline tablet whose refresh answer was lost keeps presenting its old token.
    const { session } = await signIn(await createTestUser(stack))
    const lost = (await refresh(session.refresh_token)).data.session!
    await sleep(REUSE_INTERVAL * 1000 + 600)
    const retry = await refresh(session.refresh_token)
    expect(retry.error).toBeNull()
    expect(retry.data.session!.refresh_token).toBe(lost.refresh_token)
    expect((await refresh(lost.refresh_token)).error).toBeNull()
  })

  it('refuses an older used token after the interval and ends the session it belonged to', async () => {
    const { session } = await signIn(await createTestUser(stack))
    const second = (await refresh(session.refresh_token)).data.session!
    const current = (await refresh(second.refresh_token)).data.session!
    await sleep(REUSE_INTERVAL * 1000 + 600)

    const replay = await refresh(session.refresh_token)
    expect(replay.data.session).toBeNull()
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' })

    // Whoever holds the newer tokens (thief or owner) is signed out too.
    const next = await refresh(current.refresh_token)
    expect(next.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    const res = await rawAuth('/user', { token: current.access_token })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'session_not_found' })
  })

  it('lets two concurrent refreshes of one token both succeed with one new token', async () => {
    const { session } = await signIn(await createTestUser(stack))
    const [a, b] = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)])
    expect(a.error).toBeNull()
    expect(b.error).toBeNull()
    expect(a.data.session!.refresh_token).toBe(b.data.session!.refresh_token)
    const { rows } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from auth.refresh_tokens where session_id = $1::uuid and not revoked`,
      [decodeJwt(session.access_token).session_id],
    )
    expect(rows[0]!.n).toBe(1)
  })

  it('refuses unknown, missing and oversized refresh tokens', async () => {
    expect((await refresh('no-existe')).error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    const missing = await rawAuth('/token?grant_type=refresh_token', { method: 'POST', body: {} })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ code: 'validation_failed', message: 'refresh_token required' })
    const huge = await rawAuth('/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: 'x'.repeat(100_000) } })
    expect(huge.status).toBe(400)
    expect(await huge.json()).toMatchObject({ code: 'refresh_token_not_found' })
  })

  it('refuses a banned user\'s refresh token', async () => {
    const user = await createTestUser(stack)
    const { session } = await signIn(user)
    await stack.db.query(`update auth.users set banned_until = now() + interval '1 hour' where id = $1::uuid`, [user.id])
    expect((await refresh(session.refresh_token)).error).toMatchObject({ status: 400, code: 'user_banned' })
  })
})

describe('strict reuse (SPA_AUTH_REUSE_PARENT_OF_CURRENT_TOKEN=false)', () => {
  let strict: TestStack
  beforeAll(async () => {
    vi.stubEnv('GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL', '2')
    vi.stubEnv('SPA_AUTH_REUSE_PARENT_OF_CURRENT_TOKEN', 'false')
    strict = await startTestStack()
    vi.unstubAllEnvs()
  })
  afterAll(async () => {
    await strict?.close()
  })

  it('allows reuse only within the interval, then refuses and ends the session', async () => {
    const user = await createTestUser(strict)
    const { data } = await strict.anon().auth.signInWithPassword({ email: user.email, password: user.password })
    const first = data.session!.refresh_token
    const next = (await strict.anon().auth.refreshSession({ refresh_token: first })).data.session!
    expect((await strict.anon().auth.refreshSession({ refresh_token: first })).data.session?.refresh_token).toBe(next.refresh_token)
    await sleep(2600)
    const replay = await strict.anon().auth.refreshSession({ refresh_token: first })
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' })
    expect((await strict.anon().auth.refreshSession({ refresh_token: next.refresh_token })).error?.code).toBe('refresh_token_not_found')
  })
})

describe('logout scopes', () => {
  it('others: ends every other session, keeps this one', async () => {
    const user = await createTestUser(stack)
    const a = await signIn(user)
    const b = await signIn(user)
    const c = await signIn(user)
    expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await getUser(a.session.access_token)).error).toBeNull()
    for (const other of [b, c]) {
      expect((await getUser(other.session.access_token)).error?.name).toBe('AuthSessionMissingError')
      expect((await refresh(other.session.refresh_token)).error?.code).toBe('refresh_token_not_found')
    }
    expect((await refresh(a.session.refresh_token)).error).toBeNull()
  })

  it('local: ends only this session', async () => {
    const user = await createTestUser(stack)
    const a = await signIn(user)
    const b = await signIn(user)
    expect((await b.client.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect((await b.client.auth.getSession()).data.session).toBeNull()
    expect((await getUser(b.session.access_token)).error?.name).toBe('AuthSessionMissingError')
    expect((await getUser(a.session.access_token)).error).toBeNull()
  })

  it('global (the default): ends every session of the user, 204', async () => {
    const user = await createTestUser(stack)
    const a = await signIn(user)
    const b = await signIn(user)
    const res = await rawAuth('/logout', { method: 'POST', token: b.session.access_token })
    expect(res.status).toBe(204)
    for (const s of [a, b]) expect((await refresh(s.session.refresh_token)).error?.code).toBe('refresh_token_not_found')
    const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from auth.sessions where user_id = $1::uuid`, [user.id])
    expect(rows[0]!.n).toBe(0)
    // Signing out again is a success for supabase-js (spec 1 §8: 'Sesión cerrada').
    expect((await a.client.auth.signOut()).error).toBeNull()
  })

  it('refuses an unknown scope', async () => {
    const { session } = await signIn(await createTestUser(stack))
    const res = await rawAuth('/logout?scope=todos', { method: 'POST', token: session.access_token })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'validation_failed', message: 'Unsupported logout scope "todos"' })
  })
})

describe('the user\'s own profile', () => {
  it('GET /user returns the user of a valid token and refuses anything else', async () => {
    const user = await createTestUser(stack)
    const { session } = await signIn(user)
    const { data, error } = await getUser(session.access_token)
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ id: user.id, email: user.email, last_sign_in_at: expect.any(String) })

    const none = await rawAuth('/user')
    expect(none.status).toBe(401)
    expect(await none.json()).toMatchObject({ code: 'no_authorization' })
    const key = await rawAuth('/user', { token: stack.anonKey })
    expect(key.status).toBe(403)
    expect(await key.json()).toMatchObject({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' })

    await stack.service().auth.admin.deleteUser(user.id)
    const gone = await rawAuth('/user', { token: session.access_token })
    expect(gone.status).toBe(403)
    expect(await gone.json()).toMatchObject({ code: 'user_not_found' })
  })

  it('changes the password: the old one stops working and other sessions end', async () => {
    const user = await createTestUser(stack)
    const here = await signIn(user)
    const elsewhere = await signIn(user)
    const { data, error } = await here.client.auth.updateUser({ password: 'nueva-clave-2' })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)

    expect((await getUser(here.session.access_token)).error).toBeNull()
    expect((await getUser(elsewhere.session.access_token)).error?.name).toBe('AuthSessionMissingError')
    const old = await stack.anon().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await stack.anon().auth.signInWithPassword({ email: user.email, password: 'nueva-clave-2' })
    expect(fresh.error).toBeNull()
  })

  it('refuses the same password and a short one with GoTrue codes', async () => {
    const user = await createTestUser(stack)
    const { client } = await signIn(user)
    const same = await client.auth.updateUser({ password: user.password })
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' })
    const short = await client.auth.updateUser({ password: '123' })
    expect(short.error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length'] })
  })

  it('merges user_metadata (null removes a key) and refuses email changes', async () => {
    const user = await createTestUser(stack, { metadata: { nombre: 'Ana', turno: 'mañana' } })
    const { client } = await signIn(user)
    const { data, error } = await client.auth.updateUser({ data: { nombre: 'Ana María', turno: null, sede: 'Miraflores' } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toEqual({ nombre: 'Ana María', sede: 'Miraflores' })

    const email = await client.auth.updateUser({ email: 'otra@spa.test' })
    expect(email.error).toMatchObject({ status: 422, code: 'email_change_not_allowed' })
    expect((await getUser((await client.auth.getSession()).data.session!.access_token)).data.user?.email).toBe(user.email)
  })
})

describe('expired access tokens', () => {
  let short: TestStack
  beforeAll(async () => {
    short = await startTestStack({ jwtExpiry: 2 })
  })
  afterAll(async () => {
    await short?.close()
  })

  it('refuses a token the second it expires (403 bad_jwt) while its refresh token still works', async () => {
    const user = await createTestUser(short)
    const { data } = await short.anon().auth.signInWithPassword({ email: user.email, password: user.password })
    const session = data.session!
    expect(session.expires_in).toBe(2)
    expect((await short.anon().auth.getUser(session.access_token)).error).toBeNull()
    await sleep(3000)
    const expired = await short.anon().auth.getUser(session.access_token)
    expect(expired.data.user).toBeNull()
    expect(expired.error).toMatchObject({ status: 403, code: 'bad_jwt' })
    expect(expired.error?.message).toMatch(/token is expired/)

    const renewed = await short.anon().auth.refreshSession({ refresh_token: session.refresh_token })
    expect(renewed.error).toBeNull()
    expect((await short.anon().auth.getUser(renewed.data.session!.access_token)).error).toBeNull()
  })
})
