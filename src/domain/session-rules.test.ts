import { describe, expect, it } from 'vitest'
import {
  IDLE_TIMEOUT_MS,
  SESSION_CHECK_INTERVAL_MS,
  afterLoginPath,
  queueHeldMessage,
  idleRemaining,
  isAdminPath,
  isIdle,
  isInvalidRefreshToken,
  isPanelPath,
  isSessionAlreadyGone,
  routeAccess,
  sessionCheckVerdict,
} from './session-rules.ts'

describe('idle sign-out', () => {
  it('signs out after exactly one hour without activity', () => {
    expect(IDLE_TIMEOUT_MS).toBe(3_600_000)
    const t0 = 1_000_000
    expect(isIdle(t0, t0 + IDLE_TIMEOUT_MS - 1)).toBe(false)
    expect(isIdle(t0, t0 + IDLE_TIMEOUT_MS)).toBe(true)
    expect(idleRemaining(t0, t0 + 60_000)).toBe(IDLE_TIMEOUT_MS - 60_000)
  })
})

describe('session check', () => {
  it('runs every five minutes', () => expect(SESSION_CHECK_INTERVAL_MS).toBe(300_000))

  it('keeps a session with a refresh token', () => {
    expect(sessionCheckVerdict({ mode: 'online', hasRefreshToken: true })).toBe('ok')
  })

  it('expires a session the server no longer has', () => {
    expect(sessionCheckVerdict({ mode: 'online', hasRefreshToken: false })).toBe('expired')
    expect(sessionCheckVerdict({ mode: 'online', hasRefreshToken: false, error: { message: 'Invalid Refresh Token: Refresh Token Not Found' } })).toBe(
      'expired',
    )
  })

  it('never signs out because the network is down', () => {
    expect(sessionCheckVerdict({ mode: 'online', hasRefreshToken: false, error: { message: 'Failed to fetch', network: true } })).toBe('ok')
  })

  it('does not expect a server session on a device signed in offline', () => {
    expect(sessionCheckVerdict({ mode: 'offline', hasRefreshToken: false })).toBe('ok')
  })
})

describe('session errors', () => {
  it('recognises an invalid refresh token', () => {
    expect(isInvalidRefreshToken('Invalid Refresh Token: Refresh Token Not Found')).toBe(true)
    expect(isInvalidRefreshToken('Invalid Refresh Token: Already Used')).toBe(true)
    expect(isInvalidRefreshToken('Refresh Token Not Found')).toBe(true)
    expect(isInvalidRefreshToken('Failed to fetch')).toBe(false)
    expect(isInvalidRefreshToken(null)).toBe(false)
  })

  it('counts a sign-out of a session already gone as success', () => {
    expect(isSessionAlreadyGone({ message: 'Session from session_id claim in JWT does not exist' })).toBe(true)
    expect(isSessionAlreadyGone({ code: 'session_not_found', message: '' })).toBe(true)
    expect(isSessionAlreadyGone({ message: 'Failed to fetch' })).toBe(false)
    expect(isSessionAlreadyGone(null)).toBe(false)
  })
})

describe('guards', () => {
  const staff = { isAdmin: false }
  const admin = { isAdmin: true }

  it('knows the panel and its admin screens', () => {
    expect(isPanelPath('/control-citas')).toBe(true)
    expect(isPanelPath('/control-citas/pacientes?x=1')).toBe(true)
    expect(isPanelPath('/control-citasx')).toBe(false)
    expect(isPanelPath('/')).toBe(false)
    expect(isAdminPath('/control-citas/usuarios/')).toBe(true)
    expect(isAdminPath('/control-citas/egresos')).toBe(true)
    expect(isAdminPath('/control-citas/conciliacion-bancaria')).toBe(true)
    expect(isAdminPath('/control-citas/pacientes')).toBe(false)
  })

  it('sends visitors to sign in and non-admins away from admin screens', () => {
    expect(routeAccess('/', null)).toBe('allow')
    expect(routeAccess('/control-citas', null)).toBe('login')
    expect(routeAccess('/control-citas/pacientes', staff)).toBe('allow')
    expect(routeAccess('/control-citas/usuarios', staff)).toBe('denied')
    expect(routeAccess('/control-citas/usuarios', admin)).toBe('allow')
  })

  it('returns to the remembered panel page after sign-in, never elsewhere', () => {
    expect(afterLoginPath('/control-citas/pacientes')).toBe('/control-citas/pacientes')
    expect(afterLoginPath(undefined)).toBe('/control-citas')
    expect(afterLoginPath('/')).toBe('/control-citas')
    expect(afterLoginPath('https://evil.example/control-citas')).toBe('/control-citas')
    expect(afterLoginPath('//evil.example/control-citas')).toBe('/control-citas')
    expect(afterLoginPath('/\\evil.example')).toBe('/control-citas')
  })
})

describe('queueHeldMessage', () => {
  it("names whose writes wait and who must sign in, in singular and plural", () => {
    expect(queueHeldMessage({ email: 'ana@spa.pe', pending: 1 })).toBe(
      'Hay 1 cambio de ana@spa.pe que aún no llega al servidor. Para que se suban a su nombre, ana@spa.pe debe iniciar sesión en este equipo con conexión; después podrás ingresar.',
    )
    expect(queueHeldMessage({ email: 'ana@spa.pe', pending: 3 })).toMatch(/^Hay 3 cambios de ana@spa\.pe que aún no llegan al servidor\./)
  })

  it('without an e-mail it still says what to do', () => {
    expect(queueHeldMessage({ email: null, pending: 2 })).toContain('la persona que los hizo debe iniciar sesión en este equipo con conexión')
  })
})
