/** The sign-in error catalogue (spec 1 §8), from what supabase-js reports to the toast. */

export const LOGIN_ERROR_TITLE = 'Error de inicio de sesión'

export const MENSAJES_LOGIN = {
  invalid: 'Email o contraseña incorrectos.',
  unconfirmed: 'Por favor confirma tu email antes de iniciar sesión.',
  tooMany: 'Demasiados intentos. Espera un momento antes de intentar nuevamente.',
  network: 'Error de conexión. Verifica tu internet e intenta nuevamente.',
  offlineFirstTime:
    'Error de conexión. Verifica tu internet e intenta nuevamente. (Para ingresar sin internet, primero inicia sesión con conexión en este equipo.)',
  // Not in spec 1 §8: GoTrue's English 'User is banned' would be the only English text
  // a receptionist can meet; an admin bans (deactivates) staff accounts.
  banned: 'Tu cuenta está desactivada. Consulta con un administrador.',
  incompleteTitle: 'Campos incompletos',
  incomplete: 'Por favor, ingresa tu correo y contraseña.',
} as const

/** An exception nobody expected (spec: 'Error inesperado: Ocurrió un error inesperado. Inténtalo de nuevo.'). */
export const LOGIN_UNEXPECTED = { title: 'Error inesperado', description: 'Ocurrió un error inesperado. Inténtalo de nuevo.' } as const

/** The parts of an AuthError (or a thrown fetch error) the mapping looks at. */
export interface AuthFailure {
  message?: string
  status?: number
  code?: string
  name?: string
}

/** True when the failure means the server could not be reached (not a refusal). */
export function isNetworkFailure(error: AuthFailure): boolean {
  const message = (error.message ?? '').toLowerCase()
  if (error.name === 'AuthRetryableFetchError') return true
  if (error.name === 'TypeError' && /fetch|network|load failed/.test(message)) return true
  return /failed to fetch|networkerror|network request failed|load failed|fetch failed/.test(message)
}

/** Toast description for a sign-in that supabase-js answered with an error. */
export function loginErrorMessage(error: AuthFailure): string {
  const message = error.message ?? ''
  const lower = message.toLowerCase()
  if (error.code === 'invalid_credentials' || lower.includes('invalid login credentials')) return MENSAJES_LOGIN.invalid
  if (error.code === 'email_not_confirmed' || lower.includes('email not confirmed')) return MENSAJES_LOGIN.unconfirmed
  if (error.status === 429 || error.code === 'over_request_rate_limit' || lower.includes('too many requests') || lower.includes('rate limit')) {
    return MENSAJES_LOGIN.tooMany
  }
  if (error.code === 'user_banned' || lower === 'user is banned') return MENSAJES_LOGIN.banned
  if (isNetworkFailure(error)) return MENSAJES_LOGIN.network
  return message || LOGIN_UNEXPECTED.description
}
