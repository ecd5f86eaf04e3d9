/**
 * The shape src/lib/auth's SyncBridge expects (open / flush / close), implemented on
 * the sync session; src/lib/auth/sync-bridge.ts imports it on first use, so the auth
 * flow opens, flushes and closes the local database at the right moments.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { QueueHeldError } from '@sync/status/queue-owner.ts'
import { closeSyncSession, eraseDeviceData, getSyncSession, openSyncSession } from './session-holder.ts'

export interface BridgeUser {
  id: string
  email: string
  isAdmin: boolean
}

/** The status machine's answer: the server answered the last request, the session is valid. */
function serverAnswers(): boolean {
  const model = getSyncSession()?.status.getState().model
  // No session open (still opening): the browser's hint is all there is.
  if (!model) return navigator.onLine !== false
  return model.network === 'up' && model.server !== 'unreachable' && model.session !== 'expired'
}

export function createSyncBridge() {
  return {
    /** null when open; who holds the queue when another user's writes wait here. */
    async open(user: BridgeUser, supabase: SupabaseClient): Promise<{ email: string | null; pending: number } | null> {
      try {
        await openSyncSession({ supabase, user: { id: user.id, email: user.email, isAdmin: user.isAdmin } })
        return null
      } catch (error) {
        if (error instanceof QueueHeldError) return { email: error.owner.email, pending: error.owner.pending }
        throw error
      }
    },
    /**
     * Tries to upload what is waiting; resolves with how many writes are still waiting,
     * as published in the status store (the figure the header shows at that moment).
     */
    async flush(timeoutMs: number): Promise<number> {
      const session = getSyncSession()
      if (!session) return 0
      // Only a server that answers, with a valid session, can take the uploads: otherwise
      // the sign-out answers at once with what is waiting (docs/decisions/0035), instead
      // of spinning while the Wi-Fi is up and the internet is not.
      if (serverAnswers()) await Promise.all([session.waitForUpload(timeoutMs), session.cierresCaja.send()])
      // This user's cash closes still waiting count as changes (docs/decisions/0038).
      const cierres = await session.cierresCaja.outbox.waiting(session.user.id)
      return (await session.refreshPending()) + cierres.length
    },
    serverAnswers,
    async close({ removeLocalData }: { removeLocalData: boolean }): Promise<void> {
      // The auth flow flushes first (and warns); removal does not wait for an upload.
      if (removeLocalData) await eraseDeviceData()
      else await closeSyncSession({ upload: false })
    },
  }
}
