/**
 * Rows that leave the user's visibility (an admin demoted, a policy tightened) are
 * never delivered again by any pull: the server simply stops showing them. After a
 * table's pull has reached the end of what the server gives, its local count of
 * server-known rows is compared with the exact count the server shows the user; only
 * when the device holds more are the visible keys fetched and the surplus removed.
 * The removal enters through the replication's own downstream (as server tombstones),
 * so it is never pushed back, and documents with local changes still waiting to upload
 * are left alone.
 *
 * The end counts even when the server said it withheld rows behind an open transaction
 * (docs/decisions/0028-pull-retenido.md): a shared server does so whenever another one
 * is open, and waiting to be caught up put the check off for minutes. The keys decide
 * whatever is withheld; only equal counts are then no proof (a row still to come can
 * hide one that left), so the check runs again at the next end.
 */
import type { AnyCollection } from '../database.ts'
import type { SyncBackend } from '../replication/backend.ts'
import { ReplicationStopped } from '../replication/retry.ts'
import type { TableSync } from '../replication/table-sync.ts'
import type { ErrorBoard } from '../status/error-board.ts'

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
  /** The pull that reached the end said it withheld rows. */
  held = false,
): Promise<VisibilityCheck> {
  // With nothing waiting to upload, every local row is one the server has (or had):
  // cheap counts decide whether the expensive comparison is needed at all.
  const pending = await sync.pendingDocuments()
  if (pending === null || pending.length > 0 || !sync.replication || !sync.lastCheckpoint) return { removed: 0, checked: false }
  const localCount = await collection.count().exec()
  const serverCount = await retry(() => backend.count(sync.def.name))
  if (localCount === serverCount) return { removed: 0, checked: !held }
  // Fewer: rows committed after the pull's watermark are still to come (on PostgreSQL
  // any open transaction in the cluster holds the watermark back). Check again after
  // the next end rather than conclude anything now.
  if (localCount < serverCount) return { removed: 0, checked: false }

  // Every local row counts, including rows this device uploaded and the server
  // acknowledged but that no pull has brought back yet (their sync_xid is still null):
  // they can leave the user's visibility too.
  const docs = await collection.find().exec()

  const visible = new Set<string>()
  for (let after: string | null = null; ; ) {
    const page: string[] = await retry(() => backend.ids(sync.def.name, after, PAGE))
    for (const id of page) visible.add(id)
    if (page.length < PAGE) break
    after = page[page.length - 1]!
  }
  const pk = sync.def.primaryKey
  const candidates = docs.map((d) => d.toMutableJSON(false) as Record<string, unknown>).filter((d) => !visible.has(String(d[pk])))
  if (candidates.length === 0) return { removed: 0, checked: true }
  // A row written on this device while the keys were being fetched is not on the server
  // yet: it must upload, never be removed. Anything pending now is left alone.
  const pendingNow = await sync.pendingDocuments()
  if (pendingNow === null) return { removed: 0, checked: false }
  const waiting = new Set(pendingNow.map((d) => String((d as Record<string, unknown>)[pk])))
  const gone = candidates.filter((d) => !waiting.has(String(d[pk]))).map((d) => ({ ...d, _deleted: true }))
  if (gone.length > 0) sync.replication.emitEvent({ documents: gone as never, checkpoint: sync.lastCheckpoint })
  return { removed: gone.length, checked: true }
}

export interface VisibilityChecksEnv {
  sync(table: string): TableSync | undefined
  collection(table: string): AnyCollection | undefined
  backend: SyncBackend
  /** Runs `op` with the session's retries, its failures reported under `visibility:<table>`. */
  retry<T>(table: string, op: () => Promise<T>): Promise<T>
  errors: ErrorBoard
  closed(): boolean
  log(message: string): void
}

/** The check, once per table after its pull first reaches the end; again after a later end if it could not run or failed. */
export class VisibilityChecks {
  private readonly done = new Set<string>()

  constructor(private readonly env: VisibilityChecksEnv) {}

  afterReachedEnd(table: string, held: boolean): void {
    if (this.done.has(table)) return
    this.done.add(table)
    void this.check(table, held)
  }

  private async check(table: string, held: boolean) {
    const sync = this.env.sync(table)
    const collection = this.env.collection(table)
    if (!sync || !collection) return
    try {
      const result = await reconcileVisibility(sync, collection, this.env.backend, (op) => this.env.retry(table, op), held)
      this.env.errors.clear(`visibility:${table}`)
      if (!result.checked) this.done.delete(table) // try again after the next end
      if (result.removed > 0) this.env.log(`${table}: ${result.removed} fila(s) ya no visibles eliminadas del dispositivo`)
    } catch (error) {
      this.done.delete(table)
      if (!(error instanceof ReplicationStopped) && !this.env.closed()) this.env.log(`visibilidad ${table}: ${String(error)}`)
    }
  }
}
