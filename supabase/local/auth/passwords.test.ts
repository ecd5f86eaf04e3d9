import { describe, expect, it } from 'vitest'
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.ts'

describe('passwords', () => {
  it('hashes with bcrypt cost 10 and verifies', async () => {
    const hash = await hashPassword('recepcion1234')
    expect(hash).toMatch(/^\$2[ab]\$10\$/)
    expect(await verifyPassword('recepcion1234', hash)).toBe(true)
    expect(await verifyPassword('recepcion123', hash)).toBe(false)
  })

  it('accepts the $2a$ and $2y$ prefixes other bcrypt implementations write', async () => {
    // (Hashes made by pgcrypto's crypt() itself are checked in sign-in.int.test.ts.)
    const hash = await hashPassword('admin1234')
    expect(await verifyPassword('admin1234', hash.replace(/^\$2b\$/, '$2a$'))).toBe(true)
    expect(await verifyPassword('admin1234', hash.replace(/^\$2b\$/, '$2y$'))).toBe(true)
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
