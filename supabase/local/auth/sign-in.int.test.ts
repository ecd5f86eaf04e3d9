/**
 * Password sign-in through the unmodified supabase-js client: the session it gets, the
 * GoTrue errors it parses, the failed-attempt limit, and the endpoints that need no session.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { createTestUser, decodeJwt, uniqueEmail } from '../../../tests/support/test-users.ts'

let stack: TestStack
const logs: string[] = []

beforeAll(async () => {
  // This file fails many sign-ins from 127.0.0.1 on purpose; the per-address limit is
  // raised for this stack (read once at start) and tested with defaults on its own below.
  vi.stubEnv('SPA_AUTH_MAX_FAILED_SIGNINS_PER_IP', '1000')
  stack = await startTestStack({ log: (m) => logs.push(m) })
  vi.unstubAllEnvs()
})
afterAll(async () => {
  await stack?.close()
})

describe('sign-in with email and password', () => {
  it('returns a Supabase session whose access token carries Supabase claims', async () => {
    const user = await createTestUser(stack, { metadata: { nombre: 'Rosa' } })
    const before = Math.floor(Date.now() / 1000)
    const { data, error } = await stack.anon().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(error).toBeNull()
    const session = data.session!
    expect(session.token_type).toBe('bearer')
    expect(session.expires_in).toBe(3600)
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600)
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(data.user).toMatchObject({ id: user.id, email: user.email, aud: 'authenticated', role: 'authenticated', user_metadata: { nombre: 'Rosa' } })
    expect(data.user!.identities?.[0]).toMatchObject({ provider: 'email', user_id: user.id })

    const claims = decodeJwt(session.access_token)
    expect(claims).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      iss: `${stack.url}/auth/v1`,
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { nombre: 'Rosa' },
    })
    expect(claims.exp).toBe((claims.iat as number) + 3600)
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])

    const { rows } = await stack.db.query<{ sessions: number; signed_in: boolean }>(
      `select (select count(*)::int from auth.sessions where id = $2::uuid and user_id = $1::uuid) as sessions,
              (select last_sign_in_at > now() - interval '1 minute' from auth.users where id = $1::uuid) as signed_in`,
      [user.id, claims.session_id],
    )
    expect(rows[0]).toEqual({ sessions: 1, signed_in: true })
  })

  it('matches the email case-insensitively', async () => {
    const user = await createTestUser(stack)
    const { error } = await stack.anon().auth.signInWithPassword({ email: `  ${user.email.toUpperCase()} `, password: user.password })
    expect(error).toBeNull()
  })

  it('verifies passwords hashed by pgcrypto crypt(), as seed.sql stores them', async () => {
    const email = uniqueEmail('seed')
    await stack.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated',
               $1, extensions.crypt($2, extensions.gen_salt('bf')), now(),
               '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [email, 'admin1234'],
    )
    const { rows } = await stack.db.query<{ h: string }>('select encrypted_password as h from auth.users where email = $1', [email])
    expect(rows[0]!.h).toMatch(/^\$2a\$/)
    const ok = await stack.anon().auth.signInWithPassword({ email, password: 'admin1234' })
    expect(ok.error).toBeNull()
    const bad = await stack.anon().auth.signInWithPassword({ email, password: 'admin12345' })
    expect(bad.error?.code).toBe('invalid_credentials')
  })

  it('refuses a wrong password and an unknown email alike: 400 invalid_credentials', async () => {
    const user = await createTestUser(stack)
    for (const attempt of [
      { email: user.email, password: 'no-es-esta' },
      { email: uniqueEmail('nadie'), password: user.password },
    ]) {
      const { data, error } = await stack.anon().auth.signInWithPassword(attempt)
      expect(data.session).toBeNull()
      expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
    }
  })

  it('refuses an unconfirmed email only once the password is right', async () => {
    const user = await createTestUser(stack, { confirmed: false })
    const right = await stack.anon().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(right.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' })
    const wrong = await stack.anon().auth.signInWithPassword({ email: user.email, password: 'otra-clave' })
    expect(wrong.error?.code).toBe('invalid_credentials')
  })

  it('refuses a banned user (without revealing it to a wrong password)', async () => {
    const user = await createTestUser(stack)
    const ban = await stack.service().auth.admin.updateUserById(user.id, { ban_duration: '24h' })
    expect(ban.error).toBeNull()
    expect(ban.data.user?.banned_until).toBeTruthy()
    const right = await stack.anon().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(right.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' })
    const wrong = await stack.anon().auth.signInWithPassword({ email: user.email, password: 'otra-clave' })
    expect(wrong.error?.code).toBe('invalid_credentials')

    await stack.service().auth.admin.updateUserById(user.id, { ban_duration: 'none' })
    const again = await stack.anon().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(again.error).toBeNull()
  })

  it('refuses phone sign-in: only email accounts exist', async () => {
    const { error } = await stack.anon().auth.signInWithPassword({ phone: '+51999999999', password: 'x123456' })
    expect(error).toMatchObject({ status: 422, code: 'phone_provider_disabled' })
  })

  it('locks an email for a while after 5 failed attempts (429), even for the right password', async () => {
    const user = await createTestUser(stack)
    const other = await createTestUser(stack)
    for (let i = 0; i < 5; i++) {
      const { error } = await stack.anon().auth.signInWithPassword({ email: user.email, password: `mal-${i}` })
      expect(error?.code).toBe('invalid_credentials')
    }
    const locked = await stack.anon().auth.signInWithPassword({ email: user.email.toUpperCase(), password: user.password })
    expect(locked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' })
    // Other accounts are not affected by one account's lockout.
    const fine = await stack.anon().auth.signInWithPassword({ email: other.email, password: other.password })
    expect(fine.error).toBeNull()
    expect(logs.some((m) => m.includes('bloqueado') && m.includes(user.email))).toBe(true)
  })

  it('holds against a burst of concurrent guesses: at most 5 are checked', async () => {
    const user = await createTestUser(stack)
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => stack.anon().auth.signInWithPassword({ email: user.email, password: `rafaga-${i}` })),
    )
    const codes = results.map((r) => r.error?.code)
    expect(codes.filter((c) => c === 'invalid_credentials')).toHaveLength(5)
    expect(codes.filter((c) => c === 'over_request_rate_limit')).toHaveLength(7)
  })

  it('lets many tablets sign in to one account at the same moment', async () => {
    const user = await createTestUser(stack)
    const results = await Promise.all(
      Array.from({ length: 8 }, () => stack.anon().auth.signInWithPassword({ email: user.email, password: user.password })),
    )
    expect(results.map((r) => r.error)).toEqual(Array(8).fill(null))
    expect(new Set(results.map((r) => r.data.session!.refresh_token)).size).toBe(8)
  })

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await createTestUser(stack)
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) {
        expect((await stack.anon().auth.signInWithPassword({ email: user.email, password: 'mal' })).error?.code).toBe('invalid_credentials')
      }
      expect((await stack.anon().auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull()
    }
  })
})

describe('endpoints without a session', () => {
  it('has sign-up disabled: 422 signup_disabled', async () => {
    const { data, error } = await stack.anon().auth.signUp({ email: uniqueEmail('nuevo'), password: 'clave-segura-1' })
    expect(data.user).toBeNull()
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' })
  })

  it('accepts password recovery requests and logs them, for any email', async () => {
    const user = await createTestUser(stack)
    for (const email of [user.email, uniqueEmail('desconocido')]) {
      const { error } = await stack.anon().auth.resetPasswordForEmail(email)
      expect(error).toBeNull()
      expect(logs.some((m) => m.includes('recuperación de contraseña') && m.includes(email))).toBe(true)
    }
    const bad = await stack.anon().auth.resetPasswordForEmail('no es un correo')
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' })
  })

  it('reports its settings: email only, sign-up disabled', async () => {
    const res = await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.anonKey } })
    expect(await res.json()).toMatchObject({ disable_signup: true, external: { email: true, phone: false } })
  })
})

describe('error formats', () => {
  const signIn = (headers: Record<string, string>) =>
    fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: uniqueEmail('formato'), password: 'x' }),
    })

  it('answers API version 2024-01-01 with the code string and the version header', async () => {
    const res = await signIn({ 'x-supabase-api-version': '2024-01-01' })
    expect(res.status).toBe(400)
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials')
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i)
    expect(await res.json()).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials' })
  })

  it('answers older clients in the legacy format', async () => {
    const res = await signIn({})
    expect(res.headers.get('x-supabase-api-version')).toBeNull()
    expect(await res.json()).toMatchObject({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' })
  })

  it('gives auth-js the same code when the version header is lost on the way', async () => {
    // A proxy that drops the request header: auth-js then reads `error_code`.
    const stripping: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers)
      headers.delete('x-supabase-api-version')
      return fetch(input, { ...init, headers })
    }
    const client = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: stripping },
      realtime: { transport: ws as unknown as typeof WebSocket },
    })
    const { error } = await client.auth.signInWithPassword({ email: uniqueEmail('proxy'), password: 'x' })
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
  })
})

describe('failed sign-ins from one address', () => {
  let own: TestStack
  beforeAll(async () => {
    own = await startTestStack()
  })
  afterAll(async () => {
    await own?.close()
  })

  it('locks the address after 20 failures over any emails (429)', async () => {
    const user = await createTestUser(own)
    for (let i = 0; i < 20; i++) {
      const { error } = await own.anon().auth.signInWithPassword({ email: uniqueEmail(`probe${i}`), password: 'x' })
      expect(error?.code).toBe('invalid_credentials')
    }
    const res = await fetch(`${own.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: own.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(250)
    expect(await res.json()).toMatchObject({ code: 'over_request_rate_limit' })
  })
})
