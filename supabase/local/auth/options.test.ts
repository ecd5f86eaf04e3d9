import { describe, expect, it } from 'vitest'
import { authOptionsFromEnv, defaultAuthOptions } from './options.ts'

describe('auth options from the environment', () => {
  it('uses GoTrue defaults when nothing is set', () => {
    expect(authOptionsFromEnv({})).toEqual(defaultAuthOptions)
    expect(defaultAuthOptions.refreshTokenReuseInterval).toBe(10)
  })

  it('reads GoTrue and spa variable names', () => {
    const o = authOptionsFromEnv({ GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: '30', SPA_AUTH_MAX_FAILED_SIGNINS_PER_EMAIL: '3' })
    expect(o.refreshTokenReuseInterval).toBe(30)
    expect(o.maxFailedSignInsPerEmail).toBe(3)
    expect(o.maxFailedSignInsPerIp).toBe(defaultAuthOptions.maxFailedSignInsPerIp)
  })

  it('reads booleans', () => {
    expect(authOptionsFromEnv({}).reuseParentOfCurrentToken).toBe(true)
    expect(authOptionsFromEnv({ SPA_AUTH_REUSE_PARENT_OF_CURRENT_TOKEN: 'false' }).reuseParentOfCurrentToken).toBe(false)
    expect(authOptionsFromEnv({ SPA_AUTH_REUSE_PARENT_OF_CURRENT_TOKEN: '0' }).reuseParentOfCurrentToken).toBe(false)
    expect(() => authOptionsFromEnv({ SPA_AUTH_REUSE_PARENT_OF_CURRENT_TOKEN: 'quizás' })).toThrow(/true o false/)
  })

  it('refuses nonsense instead of silently ignoring it', () => {
    expect(() => authOptionsFromEnv({ GOTRUE_PASSWORD_MIN_LENGTH: 'seis' })).toThrow(/GOTRUE_PASSWORD_MIN_LENGTH/)
    expect(() => authOptionsFromEnv({ SPA_AUTH_FAILED_SIGNIN_WINDOW: '-1' })).toThrow(/no negativo/)
  })
})
