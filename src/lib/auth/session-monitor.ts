/**
 * What runs while the panel is open: the 1-hour idle sign-out, the 5-minute session
 * check, the auth events of supabase-js, and getting a server session back when the
 * network returns. Started by the panel layout; stopped when it unmounts.
 */
import { ACTIVITY_EVENTS, SESSION_CHECK_INTERVAL_MS, idleRemaining, sessionCheckVerdict } from '@/domain/session-rules.ts'
import { isNetworkFailure } from '@/domain/login-errors.ts'
import { getSupabase } from '@/lib/supabase/client.ts'
import { endSession, isSigningOut, reconnect } from './auth-service.ts'
import { loadPanelUser } from './profile.ts'
import { getSessionUser, recordActivity, setSessionMode, updateSessionUser, useSession } from './session-store.ts'
import { syncBridge } from './sync-bridge.ts'

export function startSessionMonitor(): () => void {
  let stopped = false
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  const cleanups: Array<() => void> = []

  // Idle: one timer re-armed for the time left; activity only moves a timestamp.
  const armIdle = () => {
    clearTimeout(idleTimer)
    const { user, lastActivityAt } = useSession.getState()
    if (!user || stopped) return
    const left = idleRemaining(lastActivityAt, Date.now())
    if (left <= 0) void endSession('idle')
    else idleTimer = setTimeout(armIdle, left)
  }
  const onActivity = () => recordActivity()
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true })
  cleanups.push(() => ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity, { capture: true })))
  armIdle()
  cleanups.push(() => clearTimeout(idleTimer))

  // Every 5 minutes: a session with a refresh token must still exist.
  const check = async () => {
    const { user, mode } = useSession.getState()
    if (!user) return
    if (mode === 'offline') return reconnect()
    const supabase = await getSupabase().catch(() => null)
    if (!supabase || stopped) return
    const { data, error } = await supabase.auth.getSession()
    const verdict = sessionCheckVerdict({
      mode,
      hasRefreshToken: !!data.session?.refresh_token,
      error: error ? { message: error.message, network: isNetworkFailure(error) || navigator.onLine === false } : null,
    })
    if (verdict === 'expired' && getSessionUser()) await endSession('expired')
  }
  const interval = setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS)
  cleanups.push(() => clearInterval(interval))

  // The network is back: a device signed in offline gets its server session.
  const onOnline = () => void reconnect()
  window.addEventListener('online', onOnline)
  cleanups.push(() => window.removeEventListener('online', onOnline))
  void reconnect()

  // supabase-js events: refreshes, profile changes, and a session the server ended.
  void getSupabase().then(
    (supabase) => {
      if (stopped) return
      // After a reload the device session is restored from storage: open this user's
      // local database (idempotent when sign-in already opened it).
      const user = getSessionUser()
      if (user)
        void syncBridge()
          .open(user, supabase)
          .catch((error: unknown) => console.error('No se pudo abrir la base local', error))
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        const user = getSessionUser()
        if (!user) return
        if ((event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN') && session?.user.id === user.id) setSessionMode('online')
        if (event === 'USER_UPDATED' && session) {
          // Outside the auth callback: supabase-js holds its lock while callbacks run.
          setTimeout(() => void loadPanelUser(supabase, session.user).then(updateSessionUser), 0)
        }
        // supabase-js drops the session only when the server refused the refresh token
        // (network failures keep it), or another tab signed out.
        if (event === 'SIGNED_OUT' && !isSigningOut() && useSession.getState().mode === 'online') setTimeout(() => void endSession('expired'), 0)
      })
      cleanups.push(() => data.subscription.unsubscribe())
    },
    () => {},
  )

  return () => {
    stopped = true
    cleanups.forEach((c) => c())
  }
}
