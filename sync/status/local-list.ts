/**
 * A list kept in one RxDB local document (never replicated): the device's own records
 * beside the replicated tables (the problems log, parked writes, the cash-close outbox;
 * docs/decisions/0023-device-database.md). Writes are read-modify-write of the whole
 * list, so they run one at a time: two interleaved writes would lose one of them.
 */
import { map, type Observable } from 'rxjs'
import type { RxDatabase } from 'rxdb'
import { localDocumentData$ } from '../replication/rxdb-internals.ts'

interface LocalDocDb {
  getLocal(id: string): Promise<{ get(path: string): unknown } | null>
  upsertLocal(id: string, data: Record<string, unknown>): Promise<unknown>
}

export interface LocalList<T> {
  readonly items$: Observable<T[]>
  read(): Promise<T[]>
  /** Replaces the list with `change(current)`; serialised with every other write. */
  update(change: (items: T[]) => T[]): Promise<void>
}

/** One writer at a time for every list of one database. */
export type Serial = <R>(fn: () => Promise<R>) => Promise<R>

export function serialQueue(): Serial {
  let queue: Promise<unknown> = Promise.resolve()
  return (fn) => {
    const run = queue.then(fn, fn)
    queue = run.catch(() => {})
    return run
  }
}

export function localList<T>(db: RxDatabase, docId: string, field: string, serial: Serial = serialQueue()): LocalList<T> {
  const local = db as unknown as LocalDocDb
  const read = async () => ((await local.getLocal(docId))?.get(field) as T[] | undefined)?.slice() ?? []
  return {
    // Not RxDB's getLocal$: it steps through every document every download writes (rxdb-internals.ts).
    items$: localDocumentData$(db, docId).pipe(map((data) => ((data?.[field] as T[] | undefined) ?? []).slice())),
    read,
    update: (change) =>
      serial(async () => {
        await local.upsertLocal(docId, { [field]: change(await read()) })
      }),
  }
}
