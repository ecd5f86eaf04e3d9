/** What every Auth endpoint works with: the stack, the settings and the sign-in limiter. */
import type { StackContext } from '../http.ts'
import type { AuthOptions } from './options.ts'
import type { KeyedLock } from './keyed-lock.ts'
import type { FailureLimiter } from './rate-limit.ts'

export interface AuthService {
  ctx: StackContext
  options: AuthOptions
  limiter: FailureLimiter
  /** Serialises password checks per email (see token-endpoint.ts). */
  signInLock: KeyedLock
}
