/**
 * The device's record of who is signed in, in localStorage. It is what lets the panel
 * open instantly — and with the network off — after a reload: the server session
 * (supabase-js, its own key) is reconciled in the background, never awaited at start.
 */
import type { SessionMode } from '@/domain/session-rules.ts'
import type { PanelUser } from './panel-user.ts'

const KEY = 'spa-lima.session'

export interface DeviceSession {
  user: PanelUser
  mode: SessionMode
  /** Epoch ms of the last user activity seen (kept across reloads for the idle rule). */
  lastActivityAt: number
}

export function readDeviceSession(): DeviceSession | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as DeviceSession | null
    if (!v || typeof v.user?.id !== 'string' || typeof v.user.email !== 'string' || typeof v.lastActivityAt !== 'number') return null
    return {
      user: { id: v.user.id, email: v.user.email, nombre: v.user.nombre ?? null, isAdmin: v.user.isAdmin === true },
      mode: v.mode === 'offline' ? 'offline' : 'online',
      lastActivityAt: v.lastActivityAt,
    }
  } catch {
    return null
  }
}

export function writeDeviceSession(session: DeviceSession | null): void {
  try {
    if (session) localStorage.setItem(KEY, JSON.stringify(session))
    else localStorage.removeItem(KEY)
  } catch {
    // Storage full or blocked: the session still lives in memory for this visit.
  }
}
