/**
 * The shape src/lib/auth's SyncBridge expects (open / flush / close), implemented on
 * the sync session; src/lib/auth/sync-bridge.ts imports it on first use, so the auth
 * flow opens, flushes and closes the local database at the right moments.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { closeSyncSession, getSyncSession, openSyncSession } from './session-holder.ts'

export interface BridgeUser {
  id: string
  email: string
  isAdmin: boolean
}

export function createSyncBridge() {
  return {
    async open(user: BridgeUser, supabase: SupabaseClient): Promise<void> {
      await openSyncSession({ supabase, user: { id: user.id, email: user.email, isAdmin: user.isAdmin } })
    },
    /** Tries to upload what is waiting; resolves with how many writes are still waiting. */
    async flush(timeoutMs: number): Promise<number> {
      const session = getSyncSession()
      if (!session) return 0
      await session.waitForUpload(timeoutMs)
      return session.pendingTotal()
    },
    async close({ removeLocalData }: { removeLocalData: boolean }): Promise<void> {
      // The auth flow flushes first (and warns); by now the server session may be gone,
      // so removal does not wait for an upload that can no longer happen.
      await closeSyncSession(removeLocalData ? { upload: true, force: true, timeoutMs: 0 } : { upload: false })
    },
  }
}
