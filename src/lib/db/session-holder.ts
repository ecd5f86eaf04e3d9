/**
 * The tab's one sync session on the device database (docs/decisions/0023-device-database.md).
 * Opening is idempotent per user, so StrictMode double effects, an offline sign-in
 * followed by an online one, and several callers all share one session; another user
 * signing in first closes the previous user's session (keeping the data, which is the
 * device's, and the previous user's waiting writes, which then block the new sign-in
 * until they are uploaded: QueueHeldError).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { drainLegacyDatabase, eraseDeviceDatabases, resolveDeviceDatabase, type DeviceLayoutEnv } from '@sync/device-layout.ts'
import type { CloseResult, SyncUser } from '@sync/session-options.ts'
import { SyncSession } from '@sync/session.ts'
import { adoptDexieDatabase } from '@sync/storage/from-dexie.ts'
import { getRxStoragePersistedMemory } from '@sync/storage/persisted-memory.ts'
import { getAppConfig } from '@/lib/supabase/app-config.ts'

export interface OpenSyncSessionOptions {
  supabase: SupabaseClient
  user: SyncUser
}

export interface CloseSyncSessionOptions {
  /**
   * true: upload what is waiting, then remove the device database ('Cerrar sesión y
   * borrar los datos de este equipo'). If something could not be uploaded nothing is
   * removed and the result says how much is waiting; `force: true` removes anyway.
   * false: any other sign-out (explicit, idle, expiry): keep the database and the
   * waiting writes; the explicit sign-out tries to upload first (auth flow's flush).
   */
  upload: boolean
  force?: boolean
  timeoutMs?: number
}

type Listener = () => void

const REGISTRY_KEY = 'spa-lima.base-local-por-servidor'

function readRegistry(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(REGISTRY_KEY) ?? '{}')
    return value && typeof value === 'object' ? (value as Record<string, string>) : {}
  } catch {
    return {}
  }
}

const browserLayout: DeviceLayoutEnv = {
  registry: {
    get: (serverUrl) => readRegistry()[serverUrl] ?? null,
    set: (serverUrl, name) => localStorage.setItem(REGISTRY_KEY, JSON.stringify({ ...readRegistry(), [serverUrl]: name })),
    clear: (serverUrl) => {
      const next = readRegistry()
      delete next[serverUrl]
      localStorage.setItem(REGISTRY_KEY, JSON.stringify(next))
    },
  },
  listIndexedDb: async () => {
    const list = (await indexedDB.databases?.()) ?? []
    return list.map((d) => d.name).filter((n): n is string => typeof n === 'string')
  },
  deleteIndexedDb: (name) =>
    new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name)
      request.onsuccess = () => resolve()
      request.onerror = () => reject(request.error ?? new Error(`no se pudo borrar ${name}`))
      // Another tab still holds it open: it goes when that tab closes; do not wait.
      request.onblocked = () => resolve()
    }),
}

const storage = () => getRxStoragePersistedMemory()

/**
 * A database the previous build kept in RxDB's Dexie storage is copied into the memory
 * storage before it is opened (docs/decisions/0052-almacen-en-memoria.md). If the copy
 * fails the sign-in fails: opening anyway would start an empty database beside the one
 * holding the waiting writes.
 */
const adoptPrevious = (name: string) => adoptDexieDatabase({ ...browserLayout, indexedDB, IDBKeyRange }, name, storage())

let current: SyncSession | null = null
let opening: { userId: string; isAdmin: boolean; promise: Promise<SyncSession> } | null = null
/** A close in progress: an open waits for it, so it never reuses a session being closed. */
let closing: Promise<unknown> | null = null
const listeners = new Set<Listener>()

function publish(next: SyncSession | null) {
  current = next
  for (const l of [...listeners]) l()
}

/** The open session, or null (signed out, or still opening). */
export function getSyncSession(): SyncSession | null {
  return current
}

export function subscribeSyncSession(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Offline the old database waits for the next online sign-in (drainLegacyDatabase). */
async function drainLegacy(name: string, supabase: SupabaseClient, user: SyncUser, serverUrl: string) {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return
  try {
    await adoptPrevious(name)
    await drainLegacyDatabase(browserLayout, name, () => SyncSession.open({ supabase, user, storage: storage(), serverUrl, databaseName: name }))
  } catch (error) {
    console.error(error)
  }
}

export async function openSyncSession({ supabase, user }: OpenSyncSessionOptions): Promise<SyncSession> {
  // Signing in again right after an idle sign-out: the old session may still be closing.
  while (closing) await closing
  if (opening && opening.userId === user.id && opening.isAdmin === user.isAdmin) return opening.promise
  const existing = current
  const phase = existing?.status.getState().phase
  if (existing && existing.user.id === user.id && existing.user.isAdmin === user.isAdmin && (phase === 'starting' || phase === 'running')) {
    return existing
  }
  const promise = (async () => {
    // A different user, or the same one with other rights (promoted: admin tables to
    // open): close what is open, keeping its data.
    if (existing) {
      publish(null)
      await existing.close({ upload: false })
    }
    const { supabaseUrl: serverUrl } = await getAppConfig()
    const plan = await resolveDeviceDatabase(browserLayout, { userId: user.id, serverUrl })
    if (plan.drain) await drainLegacy(plan.drain, supabase, user, serverUrl)
    await adoptPrevious(plan.name)
    const session = await SyncSession.open({ supabase, user, storage: storage(), serverUrl, databaseName: plan.name })
    publish(session)
    return session
  })()
  opening = { userId: user.id, isAdmin: user.isAdmin, promise }
  try {
    return await promise
  } finally {
    if (opening?.promise === promise) opening = null
  }
}

export async function closeSyncSession(options: CloseSyncSessionOptions): Promise<CloseResult> {
  const session = current ?? (opening ? await opening.promise.catch(() => null) : null)
  if (!session) return { uploaded: true, pending: 0, removed: false }
  const done = session.close(options)
  const settled = done.catch(() => null)
  closing = settled
  try {
    const result = await done
    if ((result.removed || !options.upload) && current === session) publish(null)
    return result
  } finally {
    if (closing === settled) closing = null
  }
}

/**
 * 'Cerrar sesión y borrar los datos de este equipo': the open session's database and
 * every other local database of this server (old per-user ones too) are removed.
 */
export async function eraseDeviceData(): Promise<void> {
  await closeSyncSession({ upload: true, force: true, timeoutMs: 0 })
  const { supabaseUrl } = await getAppConfig()
  await eraseDeviceDatabases(browserLayout, supabaseUrl, storage())
}
