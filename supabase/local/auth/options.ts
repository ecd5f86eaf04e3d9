/**
 * Tunables of the embedded Auth server. Like GoTrue, it is configured by environment
 * variables (GoTrue's own names where GoTrue has the setting), so the stack's callers
 * and the tests can change them without new plumbing through the server.
 */
export interface AuthOptions {
  /**
   * Seconds during which a refresh token that was already exchanged may be presented
   * again and gets the session's current tokens instead of an error (GoTrue's default:
   * 10 s). Covers concurrent refreshes and quick retries.
   */
  refreshTokenReuseInterval: number
  /**
   * Current GoTrue also answers, at any time, the token whose child is the session's
   * still-unused current token: the client demonstrably never received that child (an
   * offline tablet whose refresh response was lost, retrying minutes or hours later).
   * On by default, because docs/architecture.md §5 says going offline never signs staff out; off
   * gives the strict reading where only the time interval allows reuse.
   */
  reuseParentOfCurrentToken: boolean
  /**
   * Failed password sign-ins for one email FROM ONE ADDRESS within the window before
   * 429: a stranger guessing the admin's password locks only their own address out.
   */
  maxFailedSignInsPerEmail: number
  /**
   * Failed sign-ins for one email from all addresses together before attempts from
   * addresses that never signed in to it are slowed (429 with Retry-After, growing from
   * 1 s up to `signInMaxDelay`). Never a ban: an address the account signed in from
   * before is not slowed (docs/decisions/0032-bloqueo-carpeta-y-acceso.md).
   */
  maxFailedSignInsPerEmailTotal: number
  /** The longest wait, in seconds, the slowing above imposes between attempts. */
  signInMaxDelay: number
  /** Failed password sign-ins from one IP address within the window before 429. */
  maxFailedSignInsPerIp: number
  /** Length of the failed sign-in window, in seconds. */
  failedSignInWindow: number
  /** Shortest accepted password (GoTrue's default: 6). */
  passwordMinLength: number
}

export const defaultAuthOptions: AuthOptions = {
  refreshTokenReuseInterval: 10,
  reuseParentOfCurrentToken: true,
  // Five wrong passwords in five minutes stops guessing one account while a person who
  // mistypes twice is never bothered; an address (a shared tablet, or an attacker trying
  // many accounts) gets more room because several staff may sign in from it.
  maxFailedSignInsPerEmail: 5,
  maxFailedSignInsPerEmailTotal: 10,
  signInMaxDelay: 60,
  maxFailedSignInsPerIp: 20,
  failedSignInWindow: 300,
  passwordMinLength: 6,
}

const envNames: Record<keyof AuthOptions, string> = {
  refreshTokenReuseInterval: 'GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL',
  reuseParentOfCurrentToken: 'SPA_AUTH_REUSE_PARENT_OF_CURRENT_TOKEN',
  maxFailedSignInsPerEmail: 'SPA_AUTH_MAX_FAILED_SIGNINS_PER_EMAIL',
  maxFailedSignInsPerEmailTotal: 'SPA_AUTH_MAX_FAILED_SIGNINS_PER_EMAIL_TOTAL',
  signInMaxDelay: 'SPA_AUTH_SIGNIN_MAX_DELAY',
  maxFailedSignInsPerIp: 'SPA_AUTH_MAX_FAILED_SIGNINS_PER_IP',
  failedSignInWindow: 'SPA_AUTH_FAILED_SIGNIN_WINDOW',
  passwordMinLength: 'GOTRUE_PASSWORD_MIN_LENGTH',
}

/** The defaults overridden by any well-formed environment value (numbers ≥ 0, booleans true/false/1/0). */
export function authOptionsFromEnv(env: Record<string, string | undefined> = process.env): AuthOptions {
  const options: AuthOptions = { ...defaultAuthOptions }
  const target = options as unknown as Record<string, number | boolean>
  for (const key of Object.keys(envNames) as Array<keyof AuthOptions>) {
    const name = envNames[key]
    const raw = env[name]?.trim()
    if (raw === undefined || raw === '') continue
    if (typeof defaultAuthOptions[key] === 'boolean') {
      if (!/^(true|false|1|0)$/i.test(raw)) throw new Error(`${name} debe ser true o false (recibido "${raw}")`)
      target[key] = /^(true|1)$/i.test(raw)
      continue
    }
    const value = Number(raw)
    if (!Number.isFinite(value) || value < 0) {
      throw new Error(`${name} debe ser un número no negativo (recibido "${raw}")`)
    }
    target[key] = value
  }
  return options
}
