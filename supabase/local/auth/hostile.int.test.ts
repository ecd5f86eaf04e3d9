/**
 * Hostile input against /auth/v1: forged and malformed tokens, bad bodies, odd emails and
 * ids. Every answer is a 4xx with GoTrue's error shape, never a 500, and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { createTestUser, decodeJwt, type TestUser } from '../../../tests/support/test-users.ts'

let stack: TestStack
let user: TestUser
let userToken: string
let usersBefore: number

beforeAll(async () => {
  stack = await startTestStack()
  user = await createTestUser(stack)
  const { data } = await stack.anon().auth.signInWithPassword({ email: user.email, password: user.password })
  userToken = data.session!.access_token
  usersBefore = await countUsers()
})
afterAll(async () => {
  await stack?.close()
})

async function countUsers(): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from auth.users')
  return rows[0]!.n
}

async function call(path: string, init: { method?: string; token?: string; body?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${stack.url}/auth/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: stack.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...(init.token !== undefined ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')

describe('forged and malformed tokens', () => {
  const serviceClaims = { role: 'service_role', iss: 'supabase', exp: Math.floor(Date.now() / 1000) + 3600 }

  it('refuses tokens signed with another secret, with alg none, or with another algorithm', async () => {
    const otherSecret = await new SignJWT(serviceClaims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)))
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(serviceClaims)}.`
    const hs512 = await new SignJWT(serviceClaims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(stack.keys.jwtSecret))
    // A real user token whose payload was edited to claim the service role.
    const [h, , s] = userToken.split('.')
    const tampered = `${h}.${b64({ ...decodeJwt(userToken), role: 'service_role' })}.${s}`
    for (const token of [otherSecret, algNone, hs512, tampered]) {
      for (const path of ['/admin/users', '/user']) {
        const r = await call(path, { token })
        expect(r.status, `${path} ${token.slice(0, 20)}`).toBe(403)
        expect(r.body).toMatchObject({ code: 'bad_jwt' })
      }
    }
  })

  it('refuses garbage in the Authorization header', async () => {
    for (const token of ['abc', 'a.b.c', '....', 'x'.repeat(8_000), `${userToken}x`, 'eyJ.eyJ.', 'Ã±.Ã±.Ã±']) {
      const r = await call('/user', { token })
      expect(r.status).toBe(403)
      expect(r.body).toMatchObject({ code: 'bad_jwt' })
    }
    // Headers beyond Node's 16 KB limit never reach the handler.
    expect((await call('/user', { token: 'x'.repeat(50_000) })).status).toBe(431)
    const basic = await call('/user', { headers: { authorization: 'Basic dXNlcjpwYXNz' } })
    expect(basic.status).toBe(401)
    expect(basic.body).toMatchObject({ code: 'no_authorization' })
  })

  it('refuses a valid signature with bad claims', async () => {
    const sign = (claims: Record<string, unknown>) => stack.keys.sign({ exp: Math.floor(Date.now() / 1000) + 60, ...claims })
    const notUuid = await call('/user', { token: await sign({ sub: "1' or '1'='1", role: 'authenticated' }) })
    expect(notUuid.status).toBe(403)
    expect(notUuid.body).toMatchObject({ code: 'bad_jwt', message: 'invalid claim: sub claim must be a UUID' })
    const badSession = await call('/user', { token: await sign({ sub: user.id, role: 'authenticated', session_id: 'nope' }) })
    expect(badSession.body).toMatchObject({ code: 'bad_jwt' })
    const goneSession = await call('/user', { token: await sign({ sub: user.id, session_id: '00000000-0000-4000-8000-000000000001' }) })
    expect(goneSession.status).toBe(403)
    expect(goneSession.body).toMatchObject({ code: 'session_not_found' })
  })
})

describe('bad bodies', () => {
  it('answers malformed JSON, non-objects and wrong types with 400 bad_json', async () => {
    for (const body of ['{', 'null', '[1,2]', '"x"', '{"email": 123, "password": "x"}', '{"email": "a@b.co", "password": {"$gt": ""}}', '['.repeat(100_000)]) {
      const r = await call('/token?grant_type=password', { method: 'POST', body })
      expect(r.status, body.slice(0, 30)).toBe(400)
      expect(r.body).toMatchObject({ code: 'bad_json' })
    }
  })

  it('refuses NUL characters, which Postgres text cannot hold, with 400', async () => {
    const r = await call('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: 'a\u0000@b.co', password: 'x' }) })
    expect(r.status).toBe(400)
    const meta = await call('/user', { method: 'PUT', token: userToken, body: JSON.stringify({ data: { 'k\u0000': 1 } }) })
    expect(meta.status).toBe(400)
  })

  it('refuses metadata too large to travel in a token header', async () => {
    const big = { notas: 'x'.repeat(5000) }
    const own = await call('/user', { method: 'PUT', token: userToken, body: JSON.stringify({ data: big }) })
    expect(own.status).toBe(400)
    expect(own.body).toMatchObject({ code: 'validation_failed' })
    const create = await call('/admin/users', { method: 'POST', token: stack.serviceRoleKey, body: JSON.stringify({ email: 'grande@spa.test', password: 'clave-segura-1', user_metadata: big }) })
    expect(create.status).toBe(400)
    // Still usable afterwards.
    expect((await call('/user', { token: userToken })).status).toBe(200)
  })

  it('answers a body over the size limit with 413 before reading it all', async () => {
    const r = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(5 * 1024 * 1024) }),
    })
    expect(r.status).toBe(413)
  })

  it('handles a large but allowed body (a 3 MB password) as a wrong password', async () => {
    const r = await call('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: user.email, password: 'x'.repeat(3 * 1024 * 1024) }) })
    expect(r.status).toBe(400)
    expect(r.body).toMatchObject({ code: 'invalid_credentials' })
  })

  it('refuses unknown grant types and routes', async () => {
    expect((await call('/token?grant_type=pkce', { method: 'POST', body: '{}' })).status).toBe(400)
    expect((await call('/token', { method: 'POST', body: '{}' })).status).toBe(400)
    expect((await call('/otp', { method: 'POST', body: '{}' })).status).toBe(404)
    expect((await call('/token?grant_type=password')).status).toBe(405)
  })
})

describe('odd emails and ids', () => {
  const odd = [
    "' or 1=1 --@spa.test",
    'robert"); drop table auth.users;--@spa.test',
    `${'a'.repeat(10_000)}@spa.test`,
    'ñandú@spa.pe',
    '🙂@spa.test',
    'sin-arroba',
    '',
    '   ',
    '%@%',
    '_@_',
  ]

  it('never lets an odd email sign in or break the server', async () => {
    for (const email of odd) {
      const r = await call('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: 'x' }) })
      expect(r.status, email.slice(0, 40)).toBe(400)
      expect(['invalid_credentials', 'validation_failed']).toContain(r.body?.code)
    }
  })

  it('refuses odd emails when creating users, and creates nothing', async () => {
    for (const email of odd) {
      const r = await call('/admin/users', { method: 'POST', token: stack.serviceRoleKey, body: JSON.stringify({ email, password: 'clave-segura-1' }) })
      expect(r.status, email.slice(0, 40)).toBe(400)
      expect(r.body).toMatchObject({ code: 'validation_failed' })
    }
    expect(await countUsers()).toBe(usersBefore)
  })

  it('treats odd ids and query values as not found or bad input', async () => {
    for (const id of ["1' or '1'='1", '..%2F..%2Fetc', '%E0%A4%A', 'a'.repeat(5000), '00000000-0000-0000-0000-00000000000g']) {
      const r = await call(`/admin/users/${id}`, { token: stack.serviceRoleKey })
      expect(r.status, id.slice(0, 30)).toBe(404)
    }
    for (const q of ['page=-1', 'page=1e3', 'per_page=abc', 'page=99999999999999']) {
      expect((await call(`/admin/users?${q}`, { token: stack.serviceRoleKey })).status, q).toBe(400)
    }
    const nul = await call('/admin/users?filter=%00%25', { token: stack.serviceRoleKey })
    expect(nul.status).toBe(200)
    const wildcard = await call('/admin/users?filter=%25', { token: stack.serviceRoleKey })
    expect((wildcard.body as { users: unknown[] }).users).toEqual([])
  })

  it('ignores a malformed API version header (legacy format)', async () => {
    const r = await call('/user', { headers: { 'x-supabase-api-version': "2024-01-01'; drop" } })
    expect(r.status).toBe(401)
    expect(r.body).toMatchObject({ code: 401, error_code: 'no_authorization' })
  })

  it('left the users table as it was', async () => {
    expect(await countUsers()).toBe(usersBefore)
    const { data } = await stack.anon().auth.signInWithPassword({ email: user.email, password: user.password })
    expect(data.session).not.toBeNull()
  })
})
