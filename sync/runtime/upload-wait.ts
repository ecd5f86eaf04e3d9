/**
 * What waits to upload, counted from each table's own bookkeeping, and the wait for an
 * empty queue the sign-out and tests use (docs/decisions/0023-device-database.md).
 */
import type { TableSync } from '../replication/table-sync.ts'
import type { SyncStatusStore } from '../status/status-store.ts'

/**
 * Local changes not acknowledged by the server, per table. A tab that does not replicate
 * reports the leader's published figures. `full` checks every document, not only those
 * after the upload checkpoint: slower, used where a wrong answer could lose data.
 */
export async function pendingCounts(syncs: Map<string, TableSync>, status: SyncStatusStore, options: { full?: boolean } = {}): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const [name, sync] of syncs) {
    const docs = await sync.pendingDocuments(options)
    out[name] = docs ? docs.length : (status.getState().collections[name]?.pending ?? 0)
  }
  return out
}

export async function pendingTotal(syncs: Map<string, TableSync>, status: SyncStatusStore, options: { full?: boolean } = {}): Promise<number> {
  return Object.values(await pendingCounts(syncs, status, options)).reduce((a, b) => a + b, 0)
}

/**
 * Resolves true once nothing is waiting to upload (every document checked) and every
 * replication is idle, or false after `timeoutMs`.
 */
export async function waitForUpload(syncs: Map<string, TableSync>, status: SyncStatusStore, timeoutMs: number, closed: () => boolean): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (const sync of syncs.values()) sync.resync()
  while (Date.now() < deadline && !closed()) {
    if ((await pendingTotal(syncs, status)) === 0 && [...syncs.values()].every((s) => !s.busy)) {
      if ((await pendingTotal(syncs, status, { full: true })) === 0) return true
      // Something sits behind the upload checkpoint: hand it back to the upload.
      for (const sync of syncs.values()) await sync.repairStalled()
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return (await pendingTotal(syncs, status, { full: true })) === 0
}
