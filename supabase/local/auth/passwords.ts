/**
 * Password hashing as GoTrue does it: bcrypt, cost 10. bcryptjs also verifies the
 * `$2a$` hashes pgcrypto's `crypt(pw, gen_salt('bf'))` makes, which is how
 * supabase/seed.sql (and hosted Supabase's SQL-created users) store passwords.
 * The work runs in worker threads (bcrypt-pool.ts), never on the serving thread.
 */
import { bcryptPool, PoolBusyError } from './bcrypt-pool.ts'
import { errors } from './errors.ts'
import { LockBusyError } from './keyed-lock.ts'

/**
 * A burst the pool or the per-account turn refuses (bcrypt-pool.ts, keyed-lock.ts) is a
 * 429 with a Spanish message, not a 500 nor a wait of minutes.
 */
export async function bounded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof PoolBusyError || error instanceof LockBusyError) {
      throw errors.rateLimited(2, 'Hay demasiados inicios de sesión en este momento. Intenta de nuevo en unos segundos.')
    }
    throw error
  }
}

/**
 * One cost for every hash: GoTrue's, the seeded accounts' (supabase/seed.sql passes 10
 * to gen_salt, whose default is 6) and the dummy compared for unknown emails, so a wrong
 * password takes as long for an existing account as for an unknown one.
 */
export const COST = 10
/** bcrypt only reads the first 72 bytes; longer passwords are refused, like GoTrue. */
const MAX_BYTES = 72

export function hashPassword(password: string): Promise<string> {
  return bounded(() => bcryptPool.hash(password, COST))
}

// Compared against when there is no usable hash, so a wrong email costs the same time
// as a wrong password and response times do not tell which emails exist.
let timingDummy: Promise<string> | undefined

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const usable = typeof hash === 'string' && /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(hash)
  const tooLong = Buffer.byteLength(password) > MAX_BYTES
  if (!usable || tooLong) {
    timingDummy ??= bcryptPool.hash('timing-dummy', COST)
    const dummy = await timingDummy.catch((error: unknown) => {
      timingDummy = undefined
      throw error
    })
    await bounded(() => bcryptPool.compare(password.slice(0, MAX_BYTES), dummy))
    return false
  }
  return bounded(() => bcryptPool.compare(password, hash))
}

/** True for a hash made with another cost (an older seed): re-hashed at the next sign-in. */
export function needsRehash(hash: string): boolean {
  return !hash.startsWith(`$2a$${COST}$`) && !hash.startsWith(`$2b$${COST}$`) && !hash.startsWith(`$2y$${COST}$`)
}

/** GoTrue's checks before a password is stored: minimum length, bcrypt's byte limit. */
export function checkPasswordStrength(password: string, minLength: number): void {
  if ([...password].length < minLength) throw errors.weakPassword(minLength)
  if (Buffer.byteLength(password) > MAX_BYTES) {
    throw errors.validation(`Password cannot be longer than ${MAX_BYTES} bytes`)
  }
}
