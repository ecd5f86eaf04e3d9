import bcrypt from 'bcryptjs'
import { threadId } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { bcryptPool } from './bcrypt-pool.ts'
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.ts'

// Several cost-10 hashes per test: slow on a busy machine, and nothing here is timed.
describe('passwords', { timeout: 30_000 }, () => {
  it('hashes with bcrypt cost 10 and verifies', async () => {
    const hash = await hashPassword('recepcion1234')
    // GoTrue's prefix, the one pgcrypto's crypt() reads too.
    expect(hash).toMatch(/^\$2a\$10\$/)
    expect(await verifyPassword('recepcion1234', hash)).toBe(true)
    expect(await verifyPassword('recepcion123', hash)).toBe(false)
  })

  it('accepts the $2b$ and $2y$ prefixes other bcrypt implementations write', async () => {
    // (Hashes made by pgcrypto's crypt() itself are checked in sign-in.int.test.ts.)
    const hash = await hashPassword('admin1234')
    expect(await verifyPassword('admin1234', hash.replace(/^\$2a\$/, '$2b$'))).toBe(true)
    expect(await verifyPassword('admin1234', hash.replace(/^\$2a\$/, '$2y$'))).toBe(true)
  })

  it('interoperates with bcrypt on the calling thread, as passwords were hashed before the pool', async () => {
    // A hash written by the old code (bcryptjs on the serving thread) still verifies…
    const old = bcrypt.hashSync('clave-antigua-1', 10)
    expect(await verifyPassword('clave-antigua-1', old)).toBe(true)
    expect(await verifyPassword('clave-antigua-2', old)).toBe(false)
    // …and what the pool writes verifies anywhere bcrypt does.
    const made = await hashPassword('clave-nueva-1')
    expect(bcrypt.compareSync('clave-nueva-1', made)).toBe(true)
    expect(bcrypt.compareSync('clave-nueva-2', made)).toBe(false)
  })

  it('does the work on another thread than the caller', async () => {
    const hash = bcrypt.hashSync('x1234567', 4)
    const done = await bcryptPool.compareOn('x1234567', hash)
    expect(done.result).toBe(true)
    expect(done.threadId).not.toBe(threadId)
  })

  it('is false, not an error, for missing or malformed hashes and over-long passwords', async () => {
    expect(await verifyPassword('x', null)).toBe(false)
    expect(await verifyPassword('x', '')).toBe(false)
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false)
    const hash = await hashPassword('a'.repeat(72))
    // bcrypt ignores bytes after 72: a longer password must not match by its prefix.
    expect(await verifyPassword('a'.repeat(73), hash)).toBe(false)
  })

  it('enforces the minimum length and bcrypt limit with GoTrue codes', () => {
    expect(() => checkPasswordStrength('12345', 6)).toThrow(expect.objectContaining({ code: 'weak_password', status: 422 }))
    expect(() => checkPasswordStrength('ñandú!', 6)).not.toThrow()
    expect(() => checkPasswordStrength('é'.repeat(40), 6)).toThrow(expect.objectContaining({ code: 'validation_failed' }))
  })
})
