/**
 * Sign-in, sign-out and the session's life on this device (spec 1 §4, §6, §8 with the
 * offline adaptations of docs/architecture.md §5). Loaded only by /login and the panel: it pulls in
 * supabase-js.
 */
import { LOGIN_ERROR_TITLE, MENSAJES_LOGIN, LOGIN_UNEXPECTED, isNetworkFailure, loginErrorMessage } from '@/domain/login-errors.ts'
import { MENSAJES_SESION, isSessionAlreadyGone, queueHeldMessage, type SessionMode } from '@/domain/session-rules.ts'
import { displayName } from '@/domain/greeting.ts'
import { clearStoredSession, getSupabase, type SupabaseClient } from '@/lib/supabase/client.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import { createVerifier, findVerifier, forgetVerifiers, saveVerifier, verifyPassword } from './offline-verifier.ts'
import { loadPanelUser } from './profile.ts'
import { getSessionUser, setSessionMode, setSignedIn, setSignedOut, useSession, type SignOutNotice } from './session-store.ts'
import { syncBridge, type HeldQueue } from './sync-bridge.ts'
import type { PanelUser } from './panel-user.ts'
import { writeDeviceSession } from './device-session.ts'

export type SignInResult = { ok: true; user: PanelUser; offline: boolean } | { ok: false; title: string; description: string }

/**
 * The password of an offline sign-in, in memory only, so the device can sign in to the
 * server by itself when the network returns (and sync resumes). Never stored.
 */
let offlinePassword: string | null = null

/** True while this tab is signing out, so its own SIGNED_OUT event is not taken for an expiry. */
let signingOut = false
export const isSigningOut = () => signingOut

async function whileSigningOut<T>(work: () => Promise<T>): Promise<T> {
  signingOut = true
  try {
    return await work()
  } finally {
    signingOut = false
  }
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false

export function welcomeMessage(user: PanelUser): string {
  return `Bienvenido de nuevo, ${displayName({ nombre: user.nombre, email: user.email })}!`
}

export async function signIn(rawEmail: string, password: string): Promise<SignInResult> {
  const email = rawEmail.trim().toLowerCase()
  if (!email || !password) return { ok: false, title: MENSAJES_LOGIN.incompleteTitle, description: MENSAJES_LOGIN.incomplete }
  if (!online()) return signInOffline(email, password)
  try {
    const supabase = await getSupabase().catch(() => null)
    if (!supabase) return signInOffline(email, password)
    const { data, error } = await supabase.auth.signInWithPassword({ email, password })
    if (error) {
      if (isNetworkFailure(error)) return signInOffline(email, password)
      return { ok: false, title: LOGIN_ERROR_TITLE, description: loginErrorMessage(error) }
    }
    const user = await loadPanelUser(supabase, data.user)
    // The device database opens first: another user's waiting writes keep this user out
    // (they must upload under their author's session), and the server session just
    // created is dropped again.
    const held = await syncBridge().open(user, supabase)
    if (held) {
      await Promise.race([supabase.auth.signOut({ scope: 'local' }).catch(() => {}), new Promise((r) => setTimeout(r, 2000))])
      clearStoredSession()
      return heldFailure(held)
    }
    offlinePassword = null
    setSignedIn(user, 'online')
    // The verifier takes a few hundred ms of PBKDF2: do not hold the user at the door.
    void createVerifier(user, password).then(saveVerifier, () => {})
    return { ok: true, user, offline: false }
  } catch (error) {
    if (isNetworkFailure(error as Error)) return signInOffline(email, password)
    console.error(error)
    return { ok: false, ...LOGIN_UNEXPECTED }
  }
}

async function signInOffline(email: string, password: string): Promise<SignInResult> {
  const verifier = findVerifier(email)
  if (!verifier) return { ok: false, title: LOGIN_ERROR_TITLE, description: MENSAJES_LOGIN.offlineFirstTime }
  if (!(await verifyPassword(verifier, password))) return { ok: false, title: LOGIN_ERROR_TITLE, description: MENSAJES_LOGIN.invalid }
  const supabase = await getSupabase().catch(() => null)
  const held = supabase ? await syncBridge().open(verifier.user, supabase) : null
  if (held) return heldFailure(held)
  offlinePassword = password
  setSignedIn(verifier.user, 'offline')
  return { ok: true, user: verifier.user, offline: true }
}

function heldFailure(held: HeldQueue): SignInResult {
  return { ok: false, title: MENSAJES_SESION.queueHeld, description: queueHeldMessage(held) }
}

/**
 * After an offline sign-in (or a reload while offline), get a server session back as
 * soon as the network allows: the stored session if it still refreshes, else a fresh
 * sign-in with the password kept in memory. Sync resumes with it.
 */
export async function reconnect(): Promise<void> {
  const user = getSessionUser()
  if (!user || useSession.getState().mode !== 'offline' || !online()) return
  const supabase = await getSupabase().catch(() => null)
  if (!supabase) return
  const { data, error } = await supabase.auth.getSession()
  if (data.session && data.session.user.id === user.id) {
    setSessionMode('online')
    return
  }
  if (error && isNetworkFailure(error)) return
  if (!offlinePassword) return // the header asks the user to sign in again to sync
  const signed = await supabase.auth.signInWithPassword({ email: user.email, password: offlinePassword })
  if (signed.error) {
    if (isNetworkFailure(signed.error)) return
    // The server refused the password this device accepted: it changed, or the account
    // was disabled. The local data stays; the user must sign in again.
    offlinePassword = null
    await endSession('expired')
    return
  }
  const fresh = await loadPanelUser(supabase, signed.data.user)
  void createVerifier(fresh, offlinePassword).then(saveVerifier, () => {})
  offlinePassword = null
  setSignedIn(fresh, 'online')
  await syncBridge().open(fresh, supabase)
}

/** Whether the device is signed in locally but has no server session to sync with. */
export function needsServerSignIn(): boolean {
  return useSession.getState().mode === 'offline' && offlinePassword === null
}

/**
 * Ends the session without the user asking (idle, expired): signs out of the server when
 * possible, keeps the local database and its pending writes for the next sign-in.
 */
export async function endSession(reason: Exclude<SignOutNotice, null>): Promise<void> {
  if (!getSessionUser() || signingOut) return
  await whileSigningOut(async () => {
    // Out of the panel at once (the clean-up below may wait on the network); /login
    // says why, from the notice.
    offlinePassword = null
    const mode = useSession.getState().mode
    setSignedOut(reason)
    await syncBridge()
      .close({ removeLocalData: false })
      .catch((error: unknown) => console.error(error))
    await serverSignOut(mode)
  })
}

/** How many writes would be lost by signing out now (after trying to upload them). */
export async function pendingBeforeSignOut(timeoutMs = 8000): Promise<number> {
  return syncBridge().flush(timeoutMs)
}

/**
 * The sign-out button (the screen flushed and warned first). The device database stays
 * for whoever signs in next (docs/decisions/0023-device-database.md); with `erase` ('Cerrar
 * sesión y borrar los datos de este equipo') it is removed, with the offline sign-in
 * verifiers. Sync stops before the server session ends, so no request meets a revoked
 * token ('La sesión expiró; renovando el acceso…' must not flash). A failed server
 * sign-out still signs out here and says 'Error al cerrar sesión' (spec 1 §8);
 * 'session_not_found' counts as success.
 */
export async function signOutByUser(options: { erase?: boolean } = {}): Promise<void> {
  // Read before sync stops: a server that does not answer is not told (supabase-js
  // would wait for it), so the sign-out answers at once (docs/decisions/0035).
  const reachable = syncBridge().serverAnswers()
  const failure = await whileSigningOut(async () => {
    await syncBridge()
      .close({ removeLocalData: options.erase === true })
      .catch((error: unknown) => console.error(error))
    if (options.erase) forgetVerifiers()
    offlinePassword = null
    const mode = useSession.getState().mode
    setSignedOut(null)
    return serverSignOut(reachable ? mode : 'offline')
  })
  if (failure) toast({ title: MENSAJES_SESION.signOutError, description: failure, variant: 'destructive' })
  else toast({ title: MENSAJES_SESION.signedOut, description: 'Hasta pronto.', variant: 'success' })
}

const SIGN_OUT_TIMEOUT_MS = 5000

/**
 * Tells the server; returns the Spanish description of 'Error al cerrar sesión' when
 * that failed (an error other than 'session_not_found', no answer, a network failure).
 * The stored session is dropped in every case.
 */
async function serverSignOut(mode: SessionMode): Promise<string | null> {
  const supabase = await getSupabase().catch(() => null)
  // Offline, or signed in offline: nothing to tell the server. supabase-js would first
  // try to refresh an expired token (retrying for 30 s), so the stored session is
  // simply dropped.
  if (!supabase || !online() || mode === 'offline') {
    clearStoredSession()
    return null
  }
  try {
    const result = await Promise.race([supabase.auth.signOut(), new Promise<null>((resolve) => setTimeout(() => resolve(null), SIGN_OUT_TIMEOUT_MS))])
    if (!result) return MENSAJES_SESION.signOutErrorDetail
    const { error } = result
    if (!error || isSessionAlreadyGone(error)) return null
    return isNetworkFailure(error) ? MENSAJES_SESION.signOutErrorDetail : `${MENSAJES_SESION.signOutErrorDetail} (${error.message})`
  } catch (error) {
    return `${MENSAJES_SESION.signOutErrorDetail} (${(error as Error).message})`
  } finally {
    clearStoredSession()
  }
}

/** 'Limpiar sesión (si tienes problemas)': forget every trace of the session on this device. */
export async function clearSession(): Promise<void> {
  await whileSigningOut(async () => {
    const supabase = await getSupabase().catch(() => null)
    // Tells this tab's listeners; bounded, since supabase-js may first try a refresh.
    if (supabase) await Promise.race([supabase.auth.signOut({ scope: 'local' }).catch(() => {}), new Promise((r) => setTimeout(r, 2000))])
    clearStoredSession()
    writeDeviceSession(null)
    offlinePassword = null
    setSignedOut(null)
  })
}

/** For /login: is there a usable server session already (e.g. another tab signed in)? */
export async function restoreServerSession(): Promise<PanelUser | null> {
  const supabase = await getSupabase().catch(() => null)
  if (!supabase) return null
  const { data } = await supabase.auth.getSession()
  if (!data.session) return null
  const user = await loadPanelUser(supabase, data.session.user)
  // Another user's writes wait on this device: this session may not use it.
  if (await syncBridge().open(user, supabase)) return null
  setSignedIn(user, 'online')
  return user
}

export type { SupabaseClient }

/**
 * The panel's 'Confirma tu contraseña' after a reload while signed in offline: the
 * password is no longer in memory, so the device asks once to get a server session.
 */
export async function reauthenticate(password: string): Promise<SignInResult> {
  const user = getSessionUser()
  if (!user) return { ok: false, title: LOGIN_ERROR_TITLE, description: LOGIN_UNEXPECTED.description }
  offlinePassword = password
  if (!online()) {
    const verifier = findVerifier(user.email)
    const ok = verifier ? await verifyPassword(verifier, password) : false
    if (!ok) offlinePassword = null
    return ok ? { ok: true, user, offline: true } : { ok: false, title: LOGIN_ERROR_TITLE, description: MENSAJES_LOGIN.invalid }
  }
  const supabase = await getSupabase().catch(() => null)
  if (!supabase) return { ok: false, title: LOGIN_ERROR_TITLE, description: MENSAJES_LOGIN.network }
  const { data, error } = await supabase.auth.signInWithPassword({ email: user.email, password })
  if (error) {
    if (isNetworkFailure(error)) return { ok: false, title: LOGIN_ERROR_TITLE, description: MENSAJES_LOGIN.network }
    offlinePassword = null
    return { ok: false, title: LOGIN_ERROR_TITLE, description: loginErrorMessage(error) }
  }
  const fresh = await loadPanelUser(supabase, data.user)
  void createVerifier(fresh, password).then(saveVerifier, () => {})
  offlinePassword = null
  setSignedIn(fresh, 'online')
  await syncBridge().open(fresh, supabase)
  return { ok: true, user: fresh, offline: false }
}
