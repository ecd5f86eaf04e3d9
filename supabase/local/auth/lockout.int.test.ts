// Sign-in lock-out by email and address together, client addresses and the public
// origin from proxy headers only when a proxy is trusted, and one bcrypt cost for every
// hash (docs/decisions/0020-backend-hardening.md). An account attacked from many addresses is slowed for
// new addresses, never closed to the places its owner signed in from
// (docs/decisions/0032-bloqueo-carpeta-y-acceso.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo, startTestStack, type TestStack } from '../../../tests/support/stack.ts'

let trusted: TestStack
let direct: TestStack
let attacked: TestStack

beforeAll(async () => {
  ;[trusted, direct] = await Promise.all([startTestStack({ trustProxy: true }), startTestStack()])
  // The longest slow-down of an attacked account, short so the test can wait it out.
  process.env.SPA_AUTH_SIGNIN_MAX_DELAY = '5'
  try {
    attacked = await startTestStack({ trustProxy: true })
  } finally {
    delete process.env.SPA_AUTH_SIGNIN_MAX_DELAY
  }
})
afterAll(async () => {
  await Promise.all([trusted?.close(), direct?.close(), attacked?.close()])
})

async function attempt(stack: TestStack, password: string, forwardedFor?: string, email = demo.admin.email) {
  const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ email, password }),
  })
  const body = (await res.json()) as { msg?: string }
  return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0), msg: body.msg ?? '' }
}

async function signIn(stack: TestStack, password: string, forwardedFor?: string) {
  return (await attempt(stack, password, forwardedFor)).status
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

describe('an account attacked from many addresses', () => {
  it('20 addresses × 5 wrong passwords never lock the owner out of an address they signed in from', async () => {
    expect(await signIn(attacked, demo.admin.password, '198.51.100.50')).toBe(200)
    const seen = new Set<number>()
    for (let a = 0; a < 20; a++) {
      for (let i = 0; i < 5; i++) seen.add(await signIn(attacked, 'adivinanza', `203.0.113.${a}`))
    }
    // Wrong passwords were refused or slowed down, never let in.
    expect([...seen].sort()).toEqual([400, 429])
    expect(await signIn(attacked, demo.admin.password, '198.51.100.50')).toBe(200)
  })

  it('a new address is slowed, not banned: 429 with a short Retry-After in Spanish, then the right password gets in', async () => {
    // The attack goes on: one more wrong password gets through to bcrypt (after waiting
    // its turn), and right behind it the owner tries from an address never seen before.
    for (let a = 20; ; a++) {
      const guess = await attempt(attacked, 'adivinanza', `203.0.113.${a}`)
      if (guess.status === 400) break
      await new Promise((r) => setTimeout(r, guess.retryAfter * 1000))
    }
    const slowed = await attempt(attacked, demo.admin.password, '198.51.100.99')
    expect(slowed.status).toBe(429)
    expect(slowed.msg).toMatch(/^Demasiados intentos fallidos para esta cuenta\. Espera \d+ s antes de intentar nuevamente\.$/)
    expect(slowed.retryAfter).toBeGreaterThanOrEqual(1)
    expect(slowed.retryAfter).toBeLessThanOrEqual(5)
    await new Promise((r) => setTimeout(r, slowed.retryAfter * 1000))
    expect(await signIn(attacked, demo.admin.password, '198.51.100.99')).toBe(200)
  })

  it('one address guessing many accounts is still stopped after 20 failures', async () => {
    for (let i = 0; i < 20; i++) expect((await attempt(attacked, 'adivinanza', '192.0.2.77', `nadie${i}@spa.local`)).status).toBe(400)
    expect(await signIn(attacked, demo.admin.password, '192.0.2.77')).toBe(429)
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
