/**
 * Session rules of spec 1 §4, §6, §8 and their offline adaptations (docs/architecture.md §5):
 * idle sign-out, the periodic session check, which errors end a session, guards.
 */
import { ADMIN_SECTION_PATHS } from './panel-sections.ts'

/** Signed out after 1 hour without mouse, keyboard, scroll or touch activity. */
export const IDLE_TIMEOUT_MS = 3_600_000
/** How often the panel checks that a session with a refresh token still exists. */
export const SESSION_CHECK_INTERVAL_MS = 300_000
/** DOM events that count as activity (spec: mouse move, mouse down, key press, scroll, touch). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart'] as const

export const MENSAJES_SESION = {
  expired: 'Sesión expirada',
  expiredDetail: 'Tu sesión ha expirado. Inicia sesión nuevamente.',
  idle: 'Sesión cerrada por inactividad',
  idleDetail: 'Cerramos tu sesión tras una hora sin actividad. Tus datos locales siguen guardados en este equipo.',
  signedOut: 'Sesión cerrada',
  signOutError: 'Error al cerrar sesión',
  signOutErrorDetail: 'No se pudo avisar al servidor. En este equipo la sesión sí se cerró.',
  queueHeld: 'Este equipo tiene cambios de otra persona',
  accessDenied: 'Acceso Denegado',
  adminOnly: 'Solo los administradores pueden acceder a esta sección.',
  adminOnlySettings: 'Solo los administradores pueden acceder a la configuración de usuarios.',
} as const

/** Milliseconds left before the idle sign-out (0 or less: sign out now). */
export function idleRemaining(lastActivityAt: number, now: number): number {
  return lastActivityAt + IDLE_TIMEOUT_MS - now
}

export function isIdle(lastActivityAt: number, now: number): boolean {
  return idleRemaining(lastActivityAt, now) <= 0
}

/** The server no longer knows the refresh token: the session is over for good. */
export function isInvalidRefreshToken(message: string | null | undefined): boolean {
  return /invalid refresh token|refresh token not found/i.test(message ?? '')
}

/** Sign-out refused because the session is already gone on the server: that is a success. */
export function isSessionAlreadyGone(error: { message?: string; code?: string } | null | undefined): boolean {
  if (!error) return false
  return error.code === 'session_not_found' || /session from session_id claim in jwt does not exist/i.test(error.message ?? '')
}

/**
 * How the device is signed in: 'online' with a server session, or 'offline' after a
 * local sign-in (password checked against this device's verifier) waiting for the
 * network to get a server session.
 */
export type SessionMode = 'online' | 'offline'

export type SessionCheck = 'ok' | 'expired'

/**
 * The 5-minute check. A session counts as expired only when the server has said so
 * (no stored session, or an invalid refresh token); a check that failed because the
 * network is down, or a device signed in offline, keeps the user signed in.
 */
export function sessionCheckVerdict(input: {
  mode: SessionMode
  hasRefreshToken: boolean
  error?: { message?: string; network?: boolean } | null
}): SessionCheck {
  if (input.mode === 'offline') return 'ok'
  if (input.error?.network) return 'ok'
  if (input.error && isInvalidRefreshToken(input.error.message)) return 'expired'
  return input.hasRefreshToken ? 'ok' : 'expired'
}

export const PANEL_HOME = '/control-citas'


function normalizePath(path: string): string {
  const p = path.split(/[?#]/)[0] ?? ''
  return p.length > 1 ? p.replace(/\/+$/, '') : p
}

export function isAdminPath(path: string): boolean {
  const p = normalizePath(path)
  return ADMIN_SECTION_PATHS.some((a) => p === a || p.startsWith(`${a}/`))
}

export function isPanelPath(path: string): boolean {
  const p = normalizePath(path)
  return p === PANEL_HOME || p.startsWith(`${PANEL_HOME}/`)
}

export type RouteAccess = 'allow' | 'login' | 'denied'

/** Guard for /control-citas/**: sign in first; admin screens need an admin. */
export function routeAccess(path: string, user: { isAdmin: boolean } | null): RouteAccess {
  if (!isPanelPath(path)) return 'allow'
  if (!user) return 'login'
  if (isAdminPath(path) && !user.isAdmin) return 'denied'
  return 'allow'
}

/**
 * Where to go after signing in: the remembered origin when it is a panel page of this
 * site (never an external or protocol-relative URL), else the hub.
 */
export function afterLoginPath(remembered: string | null | undefined): string {
  if (!remembered || !remembered.startsWith('/') || remembered.startsWith('//') || remembered.includes('\\')) return PANEL_HOME
  return isPanelPath(remembered) ? remembered : PANEL_HOME
}

/**
 * Another user's writes wait on this device and must upload under that user's session
 * (docs/decisions/0023-device-database.md): who must sign in, and why.
 */
export function queueHeldMessage(owner: { email: string | null; pending: number }): string {
  const who = owner.email ?? 'la persona que los hizo'
  const changes = owner.pending === 1 ? '1 cambio' : `${owner.pending} cambios`
  const verb = owner.pending === 1 ? 'llega' : 'llegan'
  return `Hay ${changes} de ${who} que aún no ${verb} al servidor. Para que se suban a su nombre, ${who} debe iniciar sesión en este equipo con conexión; después podrás ingresar.`
}
