// Sign-in lock-out by email and address together, client addresses and the public
// origin from proxy headers only when a proxy is trusted, and one bcrypt cost for every
// hash (issue 12, items 7 and 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo, startTestStack, type TestStack } from '../../../tests/support/stack.ts'

let trusted: TestStack
let direct: TestStack

beforeAll(async () => {
  ;[trusted, direct] = await Promise.all([startTestStack({ trustProxy: true }), startTestStack()])
})
afterAll(async () => {
  await Promise.all([trusted?.close(), direct?.close()])
})

async function signIn(stack: TestStack, password: string, forwardedFor?: string) {
  const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ email: demo.admin.email, password }),
  })
  return res.status
}

describe('sign-in lock-out', () => {
  it("five wrong passwords from one address lock that address out, not the admin elsewhere", async () => {
    for (let i = 0; i < 5; i++) expect(await signIn(trusted, 'adivinanza', '203.0.113.9')).toBe(400)
    expect(await signIn(trusted, demo.admin.password, '203.0.113.9')).toBe(429)
    // The admin at the spa, behind the same proxy, still gets in.
    expect(await signIn(trusted, demo.admin.password, '198.51.100.7')).toBe(200)
  })

  it('without a trusted proxy X-Forwarded-For is ignored: a new header per attempt does not escape', async () => {
    for (let i = 0; i < 5; i++) expect(await signIn(direct, 'adivinanza', `203.0.113.${i}`)).toBe(400)
    expect(await signIn(direct, demo.admin.password, '198.51.100.7')).toBe(429)
  })
})

describe('/app-config.json', () => {
  const config = async (stack: TestStack, headers: Record<string, string>) =>
    ((await (await fetch(`${stack.url}/app-config.json`, { headers })).json()) as { supabaseUrl: string }).supabaseUrl

  it('ignores X-Forwarded-Host/-Proto unless a proxy is trusted', async () => {
    const url = await config(direct, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })
    expect(url).toBe(direct.url)
  })

  it('behind a trusted proxy uses them, but only a well-formed host and http/https', async () => {
    expect(await config(trusted, { 'x-forwarded-host': 'spa.example', 'x-forwarded-proto': 'https' })).toBe('https://spa.example')
    expect(await config(trusted, { 'x-forwarded-host': 'evil.example/@x', 'x-forwarded-proto': 'javascript' })).toBe(
      trusted.url,
    )
  })
})

describe('bcrypt cost', () => {
  it('seeded accounts are hashed with cost 10, the same as the dummy for unknown emails', async () => {
    const { rows } = await direct.db.query<{ h: string }>(`select encrypted_password h from auth.users where email is not null`)
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) expect(r.h).toMatch(/^\$2[aby]\$10\$/)
  })

  it('an older hash with another cost is replaced at the next sign-in', async () => {
    await trusted.db.query(`update auth.users set encrypted_password = extensions.crypt($1, extensions.gen_salt('bf', 6)) where email = $2`, [
      demo.staff.password,
      demo.staff.email,
    ])
    await trusted.signIn(demo.staff.email, demo.staff.password)
    const { rows } = await trusted.db.query<{ h: string }>(`select encrypted_password h from auth.users where email = $1`, [demo.staff.email])
    expect(rows[0]!.h).toMatch(/^\$2[aby]\$10\$/)
  })
})
