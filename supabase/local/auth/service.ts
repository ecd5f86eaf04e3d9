/** What every Auth endpoint works with: the stack, the settings and the sign-in limiter. */
import type { StackContext } from '../http.ts'
import type { AuthOptions } from './options.ts'
import type { KeyedLock } from './keyed-lock.ts'
import type { FailureLimiter, KnownPairs } from './rate-limit.ts'
import type { UserAccess } from './access-check.ts'

export interface AuthService {
  ctx: StackContext
  options: AuthOptions
  limiter: FailureLimiter
  /** (account, address) pairs that signed in before: never slowed by failures elsewhere. */
  knownPairs: KnownPairs
  /** Serialises password checks per email (see token-endpoint.ts). */
  signInLock: KeyedLock
  /** Which sessions' tokens REST and Functions still accept; told when Auth changes a user. */
  access: UserAccess
}
