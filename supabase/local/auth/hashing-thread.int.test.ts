// Password hashing runs off the serving thread (docs/decisions/0032-bloqueo-carpeta-y-acceso.md):
// a burst of sign-ins does not hold up a REST read that arrives behind it, and hashes
// written through the pool are the ones pgcrypto (seed.sql, SQL-created users) reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { createTestUser } from '../../../tests/support/test-users.ts'
import { BcryptPool, bcryptPool, PoolBusyError } from './bcrypt-pool.ts'
import { verifyPassword } from './passwords.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.close()
})

describe('bcrypt off the serving thread', () => {
  it('a REST read sent behind a burst of 12 sign-ins answers before the sign-ins have all finished', async () => {
    const finished: string[] = []
    const signIns = Array.from({ length: 12 }, (_, i) =>
      fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `rafaga${i}@spa.test`, password: 'clave-equivocada' }),
      }).then(async (res) => {
        await res.arrayBuffer()
        finished.push(`sign-in ${res.status}`)
      }),
    )
    const read = fetch(`${stack.url}/rest/v1/tb_tratamientos?select=id_tratamiento&limit=1`, { headers: { apikey: stack.anonKey } }).then(
      async (res) => {
        await res.arrayBuffer()
        finished.push(`read ${res.status}`)
      },
    )
    await Promise.all([...signIns, read])
    expect(finished.filter((f) => f.startsWith('sign-in'))).toEqual(Array(12).fill('sign-in 400'))
    expect(finished.indexOf('read 200')).toBeGreaterThanOrEqual(0)
    expect(finished.indexOf('read 200')).toBeLessThan(finished.length - 1)
  })

  it('a password hashed by the pool is checked by pgcrypto, and a pgcrypto hash signs in', async () => {
    const user = await createTestUser(stack, { password: 'clave-del-pool-1' })
    const { rows } = await stack.db.query<{ ok: boolean }>(
      `select encrypted_password = extensions.crypt('clave-del-pool-1', encrypted_password) ok from auth.users where id = $1`,
      [user.id],
    )
    expect(rows[0]!.ok).toBe(true)
    await stack.db.query(`update auth.users set encrypted_password = extensions.crypt('clave-sql-1', extensions.gen_salt('bf', 10)) where id = $1`, [
      user.id,
    ])
    await expect(stack.signIn(user.email, 'clave-sql-1')).resolves.toBeDefined()
  })

  it('a burst beyond the waiting room is refused at once, the rest are served, and the pool works on afterwards', async () => {
    const hash = await new BcryptPool(1).hash('clave-de-la-cola', 4)
    const pool = new BcryptPool(1, { maxQueue: 3, busyShare: 0.5 })
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        pool.compare('clave-de-la-cola', hash).then(
          (ok) => (ok ? 'servido' : 'falso'),
          (error: unknown) => (error instanceof PoolBusyError ? 'rechazado' : String(error)),
        ),
      ),
    )
    // One at work and three waiting are served; the other four are refused without waiting.
    expect(outcomes.filter((o) => o === 'servido')).toHaveLength(4)
    expect(outcomes.filter((o) => o === 'rechazado')).toHaveLength(4)
    expect(await pool.compare('clave-de-la-cola', hash)).toBe(true)
  })

  it('a sign-in that meets a full waiting room is answered 429 with a Spanish message, not a 500', async () => {
    const hash = await bcryptPool.hash('clave-de-la-rafaga', 10)
    // Fill the process's pool (one at work, sixteen waiting) before the sign-in's compare.
    const flood = Array.from({ length: 17 }, () => bcryptPool.compare('otra', hash).catch(() => false))
    const refused = await verifyPassword('clave-de-la-rafaga', hash).then(
      () => null,
      (error: unknown) => error as { status?: number; message?: string },
    )
    expect(refused).toMatchObject({ status: 429, message: 'Hay demasiados inicios de sesión en este momento. Intenta de nuevo en unos segundos.' })
    await Promise.all(flood)
    expect(await verifyPassword('clave-de-la-rafaga', hash)).toBe(true)
  })
})
