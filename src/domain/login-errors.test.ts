import { describe, expect, it } from 'vitest'
import { MENSAJES_LOGIN, LOGIN_UNEXPECTED, isNetworkFailure, loginErrorMessage } from './login-errors.ts'

describe('loginErrorMessage', () => {
  it('maps the catalogue by message', () => {
    expect(loginErrorMessage({ message: 'Invalid login credentials', status: 400 })).toBe('Email o contraseña incorrectos.')
    expect(loginErrorMessage({ message: 'Email not confirmed', status: 400 })).toBe('Por favor confirma tu email antes de iniciar sesión.')
    expect(loginErrorMessage({ message: 'Too many requests' })).toBe('Demasiados intentos. Espera un momento antes de intentar nuevamente.')
  })

  it('maps the catalogue by GoTrue error code and HTTP status', () => {
    expect(loginErrorMessage({ code: 'invalid_credentials', message: 'x' })).toBe(MENSAJES_LOGIN.invalid)
    expect(loginErrorMessage({ code: 'email_not_confirmed', message: 'x' })).toBe(MENSAJES_LOGIN.unconfirmed)
    expect(loginErrorMessage({ code: 'over_request_rate_limit', status: 429, message: 'Request rate limit reached' })).toBe(MENSAJES_LOGIN.tooMany)
    expect(loginErrorMessage({ status: 429, message: 'Slow down' })).toBe(MENSAJES_LOGIN.tooMany)
  })

  it('recognises network failures', () => {
    expect(loginErrorMessage({ name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 })).toBe(
      'Error de conexión. Verifica tu internet e intenta nuevamente.',
    )
    expect(loginErrorMessage({ name: 'TypeError', message: 'NetworkError when attempting to fetch resource.' })).toBe(MENSAJES_LOGIN.network)
  })

  it('says in Spanish that a deactivated (banned) account cannot sign in', () => {
    expect(loginErrorMessage({ code: 'user_banned', status: 400, message: 'User is banned' })).toBe(MENSAJES_LOGIN.banned)
    expect(loginErrorMessage({ message: 'User is banned' })).toBe('Tu cuenta está desactivada. Consulta con un administrador.')
  })

  it('shows any other message as is, and a generic text when there is none', () => {
    expect(loginErrorMessage({ message: 'Signups not allowed for this instance' })).toBe('Signups not allowed for this instance')
    expect(loginErrorMessage({})).toBe('Ocurrió un error inesperado. Inténtalo de nuevo.')
    expect(`${LOGIN_UNEXPECTED.title}: ${LOGIN_UNEXPECTED.description}`).toBe('Error inesperado: Ocurrió un error inesperado. Inténtalo de nuevo.')
  })
})

describe('isNetworkFailure', () => {
  it('does not mistake a refusal for a network failure', () => {
    expect(isNetworkFailure({ message: 'Invalid login credentials', status: 400 })).toBe(false)
    expect(isNetworkFailure({ message: 'fetch failed' })).toBe(true)
    expect(isNetworkFailure({ name: 'TypeError', message: 'Load failed' })).toBe(true)
  })
})
