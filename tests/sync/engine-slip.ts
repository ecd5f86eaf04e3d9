/**
 * A stand-in for a slip of RxDB's replication engine, for the tests of the defence
 * against it (docs/decisions/0024-sync-refusals-conflicts-efficiency.md): a local change
 * written the way only the download writes, which the upload skips while moving its
 * checkpoint past it. It reaches the collection through the session's public
 * `collection()` and RxDB's storage API only: simulating an engine fault is the one
 * place outside sync/replication/rxdb-internals.ts that writes RxDB's bookkeeping
 * fields, and it does so in a test (docs/decisions/0048-casa-confiable.md).
 */
import { createRevision, now, type RxCollection } from 'rxdb'
import type { Subscription } from 'rxjs'

export interface DownloadWrites {
  /** The context RxDB gave the download's last write to the collection (undefined before one). */
  context(): string | undefined
  stop(): void
}

/** Watches the collection's storage for the download's writes (their context starts 'replication-downstream'). */
export function watchDownloadWrites(collection: RxCollection): DownloadWrites {
  let last: string | undefined
  const sub: Subscription = collection.storageInstance.changeStream().subscribe((bulk) => {
    if (bulk.context.startsWith('replication-downstream')) last = bulk.context
  })
  return { context: () => last, stop: () => sub.unsubscribe() }
}

/** Writes `change` into the stored document `id` under the download's `context`. */
export async function writeAsDownload(collection: RxCollection, context: string, id: string, change: Record<string, unknown>): Promise<void> {
  const [current] = await collection.storageInstance.findDocumentsById([id], false)
  if (!current) throw new Error(`no hay documento ${id}`)
  const document = { ...current, ...change, _meta: { ...current._meta, lwt: now() }, _rev: createRevision(collection.database.token, current) }
  const result = await collection.storageInstance.bulkWrite([{ previous: current, document }], context)
  if (result.error.length > 0) throw new Error(`escritura rechazada: ${JSON.stringify(result.error)}`)
}
