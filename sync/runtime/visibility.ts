/**
 * Rows that leave the user's visibility (an admin demoted, a policy tightened) are
 * never delivered again by any pull: the server simply stops showing them. After a
 * table has caught up, its local count of server-known rows is compared with the exact
 * count the server shows the user; only when the device holds more are the visible
 * keys fetched and the surplus removed. The removal enters through the replication's
 * own downstream (as server tombstones), so it is never pushed back, and documents
 * with local changes still waiting to upload are left alone.
 */
import type { AnyCollection } from '../database.ts'
import type { SyncBackend } from '../replication/backend.ts'
import type { TableSync } from '../replication/table-sync.ts'
import { SYNC_XID } from '../tables/table-def.ts'

const PAGE = 5000

export interface VisibilityCheck {
  /** Rows removed locally. */
  removed: number
  /** False when the check could not run now (local writes pending, not replicating). */
  checked: boolean
}

export async function reconcileVisibility(
  sync: TableSync,
  collection: AnyCollection,
  backend: SyncBackend,
  retry: <T>(op: () => Promise<T>) => Promise<T>,
): Promise<VisibilityCheck> {
  // With nothing waiting to upload, every local row is one the server has (or had):
  // cheap counts decide whether the expensive comparison is needed at all.
  const pending = await sync.pendingDocuments()
  if (pending === null || pending.length > 0 || !sync.replication || !sync.lastCheckpoint) return { removed: 0, checked: false }
  const localCount = await collection.count().exec()
  const serverCount = await retry(() => backend.count(sync.def.name))
  if (localCount <= serverCount) return { removed: 0, checked: true }

  const docs = await collection.find({ selector: { [SYNC_XID]: { $ne: null } } }).exec()

  const visible = new Set<string>()
  for (let after: string | null = null; ; ) {
    const page: string[] = await retry(() => backend.ids(sync.def.name, after, PAGE))
    for (const id of page) visible.add(id)
    if (page.length < PAGE) break
    after = page[page.length - 1]!
  }
  const pk = sync.def.primaryKey
  const gone = docs
    .map((d) => d.toMutableJSON(false) as Record<string, unknown>)
    .filter((d) => !visible.has(String(d[pk])))
    .map((d) => ({ ...d, _deleted: true }))
  if (gone.length > 0) sync.replication.emitEvent({ documents: gone as never, checkpoint: sync.lastCheckpoint })
  return { removed: gone.length, checked: true }
}
