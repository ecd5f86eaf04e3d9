/**
 * The signed-in state every panel screen reads. Light on purpose (no supabase-js):
 * route guards use it synchronously, so the panel opens without waiting on the network.
 */
import { create } from 'zustand'
import { isIdle, type SessionMode } from '@/domain/session-rules.ts'
import { readDeviceSession, writeDeviceSession } from './device-session.ts'
import type { PanelUser } from './panel-user.ts'

export type SignOutNotice = 'idle' | 'expired' | null

export interface SessionState {
  user: PanelUser | null
  mode: SessionMode
  lastActivityAt: number
  /** Why the last session ended without the user asking, for the login page to say so. */
  notice: SignOutNotice
}

function initialState(): SessionState {
  const saved = typeof localStorage === 'undefined' ? null : readDeviceSession()
  if (!saved) return { user: null, mode: 'online', lastActivityAt: 0, notice: null }
  // A tablet left alone for over an hour, then reopened, is signed out at once.
  if (isIdle(saved.lastActivityAt, Date.now())) {
    writeDeviceSession(null)
    return { user: null, mode: 'online', lastActivityAt: 0, notice: 'idle' }
  }
  return { user: saved.user, mode: saved.mode, lastActivityAt: saved.lastActivityAt, notice: null }
}

export const useSession = create<SessionState>(initialState)

function persist() {
  const { user, mode, lastActivityAt } = useSession.getState()
  writeDeviceSession(user ? { user, mode, lastActivityAt } : null)
}

export function getSessionUser(): PanelUser | null {
  return useSession.getState().user
}

export function setSignedIn(user: PanelUser, mode: SessionMode): void {
  useSession.setState({ user, mode, lastActivityAt: Date.now(), notice: null })
  persist()
}

export function setSessionMode(mode: SessionMode): void {
  if (useSession.getState().mode === mode) return
  useSession.setState({ mode })
  persist()
}

export function updateSessionUser(user: PanelUser): void {
  if (!useSession.getState().user) return
  useSession.setState({ user })
  persist()
}

export function setSignedOut(notice: SignOutNotice = null): void {
  useSession.setState({ user: null, mode: 'online', lastActivityAt: 0, notice })
  persist()
}

export function clearNotice(): void {
  useSession.setState({ notice: null })
}

let lastPersisted = 0

/** Called on user activity: cheap in memory, written to storage at most every 15 s. */
export function recordActivity(now: number = Date.now()): void {
  if (!useSession.getState().user) return
  useSession.setState({ lastActivityAt: now })
  if (now - lastPersisted > 15_000) {
    lastPersisted = now
    persist()
  }
}
