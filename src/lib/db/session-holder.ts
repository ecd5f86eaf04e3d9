/**
 * The tab's one sync session (the signed-in user's local database and replication).
 * Opening is idempotent per user, so StrictMode double effects, an offline sign-in
 * followed by an online one, and several callers all share one session; another user
 * signing in first closes the previous user's session (keeping its data).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { SyncSession, type CloseResult, type SyncUser } from '@sync/session.ts'

export interface OpenSyncSessionOptions {
  supabase: SupabaseClient
  user: SyncUser
}

export interface CloseSyncSessionOptions {
  /**
   * true: explicit sign-out — upload what is waiting, then remove this user's local
   * database. If something could not be uploaded (offline) nothing is removed and the
   * result says how much is waiting, so the screen can warn; call again with
   * `force: true` to remove it anyway.
   * false: idle time-out or expiry — keep the database and its pending writes for this
   * user's next sign-in.
   */
  upload: boolean
  force?: boolean
  timeoutMs?: number
}

type Listener = () => void

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
    const session = await SyncSession.open({
      supabase,
      user,
      storage: getRxStorageDexie(),
      serverUrl: (supabase as unknown as { supabaseUrl?: string }).supabaseUrl,
    })
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
