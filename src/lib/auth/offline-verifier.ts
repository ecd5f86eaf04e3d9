/**
 * Offline sign-in (docs/architecture.md §5): at each online sign-in the device keeps a verifier of the
 * password — PBKDF2-SHA256 via WebCrypto, 600,000 iterations (OWASP's figure for
 * PBKDF2-SHA256), a random 16-byte salt — never the password itself. With the network
 * down, a user who signed in here before is let in if the password derives the same key.
 */
import type { PanelUser } from './panel-user.ts'

export const PBKDF2_ITERATIONS = 600_000
const KEY = 'spa-lima.offline-verifiers'

export interface OfflineVerifier {
  email: string
  salt: string
  hash: string
  iterations: number
  user: PanelUser
  savedAt: string
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256)
  return new Uint8Array(bits)
}

export async function createVerifier(user: PanelUser, password: string, iterations = PBKDF2_ITERATIONS): Promise<OfflineVerifier> {
  const salt = crypto.getRandomValues(new Uint8Array(16))
  const hash = await derive(password, salt, iterations)
  return { email: user.email.toLowerCase(), salt: toBase64(salt), hash: toBase64(hash), iterations, user, savedAt: new Date().toISOString() }
}

export async function verifyPassword(verifier: OfflineVerifier, password: string): Promise<boolean> {
  const expected = fromBase64(verifier.hash)
  const actual = await derive(password, fromBase64(verifier.salt), verifier.iterations)
  // Constant-time comparison: no early exit on the first differing byte.
  let diff = expected.length ^ actual.length
  for (let i = 0; i < expected.length; i++) diff |= expected[i]! ^ (actual[i] ?? 0)
  return diff === 0
}

function readAll(storage: Storage): Record<string, OfflineVerifier> {
  try {
    const v = JSON.parse(storage.getItem(KEY) ?? '{}') as unknown
    return v && typeof v === 'object' ? (v as Record<string, OfflineVerifier>) : {}
  } catch {
    return {}
  }
}

export function findVerifier(email: string, storage: Storage = localStorage): OfflineVerifier | null {
  return readAll(storage)[email.trim().toLowerCase()] ?? null
}

export function saveVerifier(verifier: OfflineVerifier, storage: Storage = localStorage): void {
  const all = readAll(storage)
  all[verifier.email] = verifier
  try {
    storage.setItem(KEY, JSON.stringify(all))
  } catch {
    // Without storage there is no offline sign-in on this device; online still works.
  }
}

/** 'Cerrar sesión y borrar los datos de este equipo': nobody can sign in offline here any more. */
export function forgetVerifiers(storage: Storage = localStorage): void {
  storage.removeItem(KEY)
}
