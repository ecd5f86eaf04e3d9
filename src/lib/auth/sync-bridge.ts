/**
 * Where the session meets the sync layer (src/lib/db, docs/decisions/0003-sync.md): open
 * the device database for the signed-in user, upload before an explicit sign-out, close
 * it (removing it only when the user asks to erase this device's data,
 * docs/decisions/0023-device-database.md). Kept to this one file so
 * the rest of the auth code does not depend on the sync API's exact shape.
 */
import type { SupabaseClient } from '@/lib/supabase/client.ts'
import type { PanelUser } from './panel-user.ts'

/** Another user's writes wait on this device: who, and how many (docs/decisions/0023-device-database.md). */
export interface HeldQueue {
  email: string | null
  pending: number
}

export interface SyncBridge {
  /** Opens the device database for `user`; a HeldQueue when another user's writes wait there. */
  open(user: PanelUser, supabase: SupabaseClient): Promise<HeldQueue | null>
  /** Tries to upload pending writes; resolves with how many are still waiting. */
  flush(timeoutMs: number): Promise<number>
  /** Whether the server answers (the sync status machine), not the browser's navigator.onLine. */
  serverAnswers(): boolean
  /** removeLocalData: 'Cerrar sesión y borrar los datos de este equipo'; otherwise the data stays. */
  close(opts: { removeLocalData: boolean }): Promise<void>
}

/**
 * The sync layer's bridge, imported on first use: RxDB loads once someone signs in (or
 * the panel opens), not with /login's first paint.
 */
let loaded: SyncBridge | null = null
const load = () =>
  import('@/lib/db/sync-bridge.ts').then((m) => {
    loaded ??= m.createSyncBridge()
    return loaded
  })
const lazySync: SyncBridge = {
  open: async (user, supabase) => (await load()).open(user, supabase),
  flush: async (timeoutMs) => (await load()).flush(timeoutMs),
  close: async (opts) => (await load()).close(opts),
  // Before the sync layer loaded nothing was learnt yet: the browser's hint.
  serverAnswers: () => (loaded ? loaded.serverAnswers() : typeof navigator === 'undefined' || navigator.onLine !== false),
}

export function syncBridge(): SyncBridge {
  return lazySync
}
