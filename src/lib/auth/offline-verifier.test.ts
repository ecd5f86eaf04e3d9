import { describe, expect, it } from 'vitest'
import { PBKDF2_ITERATIONS, createVerifier, findVerifier, saveVerifier, verifyPassword } from './offline-verifier.ts'

class MemoryStorage implements Storage {
  private data = new Map<string, string>()
  get length() {
    return this.data.size
  }
  clear() {
    this.data.clear()
  }
  getItem(key: string) {
    return this.data.get(key) ?? null
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null
  }
  removeItem(key: string) {
    this.data.delete(key)
  }
  setItem(key: string, value: string) {
    this.data.set(key, value)
  }
}

const user = { id: 'u1', email: 'Recepcion@Spa.local', nombre: 'Recepción', isAdmin: false }

describe('offline verifier', () => {
  it('uses PBKDF2-SHA256 with 600,000 iterations and a random salt, never storing the password', async () => {
    const a = await createVerifier(user, 'recepcion1234')
    const b = await createVerifier(user, 'recepcion1234')
    expect(a.iterations).toBe(PBKDF2_ITERATIONS)
    expect(PBKDF2_ITERATIONS).toBe(600_000)
    expect(a.salt).not.toBe(b.salt)
    expect(a.hash).not.toBe(b.hash)
    expect(JSON.stringify(a)).not.toContain('recepcion1234')
    expect(atob(a.salt)).toHaveLength(16)
    expect(atob(a.hash)).toHaveLength(32)
  })

  it('accepts the right password and refuses any other', async () => {
    const v = await createVerifier(user, 'recepcion1234', 1000)
    expect(await verifyPassword(v, 'recepcion1234')).toBe(true)
    expect(await verifyPassword(v, 'recepcion12345')).toBe(false)
    expect(await verifyPassword(v, '')).toBe(false)
  })

  it('is stored per email, case-insensitively, and replaced on the next sign-in', async () => {
    const storage = new MemoryStorage()
    saveVerifier(await createVerifier(user, 'vieja', 1000), storage)
    saveVerifier(await createVerifier(user, 'nueva', 1000), storage)
    const found = findVerifier(' recepcion@spa.LOCAL ', storage)
    expect(found?.user).toEqual(user)
    expect(await verifyPassword(found!, 'nueva')).toBe(true)
    expect(await verifyPassword(found!, 'vieja')).toBe(false)
    expect(findVerifier('otro@spa.local', storage)).toBeNull()
  })
})
