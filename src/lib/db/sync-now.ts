/**
 * "Sync now": pull every table at once instead of waiting for Realtime or the periodic
 * resync (docs/architecture.md §5). For screens whose writes go to the server directly
 * (the `admin-users` Edge Function, docs/decisions/0010-administracion.md): the server's
 * new row then reaches the local database, and the list, within a moment.
 * Does nothing when no sync session is open.
 */
import { getSyncSession } from './session-holder.ts'

export function syncNow(): void {
  getSyncSession()?.resync()
}
