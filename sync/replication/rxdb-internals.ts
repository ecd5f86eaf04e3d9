/**
 * Every use of RxDB's internal replication state, in one module (docs/decisions/0024-sync-refusals-conflicts-efficiency.md). Checked
 * against rxdb 17.6.0; `rxdb-internals.test.ts` exercises each of them against the real
 * engine and fails when an upgrade changes one (or the version, so someone re-reads this).
 *
 * Why internals at all (docs/decisions/0003-sync.md): "what is waiting to upload" is read
 * from RxDB's own bookkeeping — documents changed since the upload checkpoint whose state
 * differs from the assumed master state — rather than from a parallel counter that could
 * drift; and a local change stranded behind the checkpoint is handed back to the upload by
 * rewriting it. Both need the fork and meta storage instances the engine keeps inside.
 * And what waits to upload is re-counted only after a local write, told apart from the
 * download's writes by the collection's event bulks and their context (onLocalWrite); the
 * device's own records in local documents are followed through the database's event
 * bulks too (localDocumentData$), without RxDB's per-document `getLocal$`.
 */
import {
  createRevision,
  createRxDatabaseStorageInstance,
  getAllCollectionDocuments,
  getAssumedMasterState,
  getChangedDocumentsSince,
  getComposedPrimaryKeyOfDocumentData,
  getHeightOfRevision,
  INTERNAL_STORAGE_NAME,
  INTERNAL_STORE_SCHEMA,
  normalizeMangoQuery,
  now,
  prepareQuery,
  type RxCollection,
  type RxJsonSchema,
  type RxStorage,
  type RxDatabase,
  type RxDocumentData,
} from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { filter, firstValueFrom, merge, Observable, type Subscription } from 'rxjs'

/** The RxDB release these internals were read from. */
export const RXDB_CHECKED_AGAINST = '17.6.0'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyReplication = RxReplicationState<any, any>

/** A position in a storage's change order (lwt, then primary key), as the Dexie and memory storages write it. */
export interface ChangePosition {
  id: string
  lwt: number
}

export type StoredDoc = Record<string, unknown> & { _meta: { lwt: number }; _deleted?: boolean }

/** Where a stored document sits in the change order. */
export function positionOf(doc: StoredDoc, primaryKey: string): ChangePosition {
  return { id: String(doc[primaryKey]), lwt: doc._meta.lwt }
}

/** `a` comes after `b` in the change order (anything comes after no position). */
export function isAfter(a: ChangePosition, b: ChangePosition | undefined): boolean {
  if (!b || typeof b.lwt !== 'number') return true
  return a.lwt > b.lwt || (a.lwt === b.lwt && a.id > b.id)
}

/**
 * Documents by id straight from the collection's storage, tombstones included (queries
 * never return a deleted document, and RxDB silently re-inserts over one).
 */
export async function storedByIds(collection: RxCollection, ids: readonly string[]): Promise<Array<Record<string, unknown>>> {
  return (await collection.storageInstance.findDocumentsById([...ids], true)) as Array<Record<string, unknown>>
}

/**
 * Every live document of the collection straight from its storage, as stored: one scan,
 * no RxDocument made for each (a session lookup built over ~22,800 citas,
 * src/lib/db/local-lookup.ts).
 */
export async function storedLiveDocuments(collection: RxCollection): Promise<Array<Record<string, unknown>>> {
  const schema = collection.schema.jsonSchema
  const live = prepareQuery(schema, normalizeMangoQuery(schema, { selector: { _deleted: { $eq: false } } } as never))
  return (await collection.storageInstance.query(live)).documents as Array<Record<string, unknown>>
}

/** Names of the collections stored in a database (its internal store), opened or not. */
export async function storedCollectionNames(db: RxDatabase): Promise<string[]> {
  const docs = await getAllCollectionDocuments(db.internalStore)
  return [...new Set(docs.map((d) => d.data.name))]
}

export interface StoredInstance {
  collectionName: string
  schema: RxJsonSchema<unknown>
}

/**
 * Every storage instance a database keeps in `storage`, read from its internal store
 * without opening the database: each collection, the instances RxDB connected to it (the
 * replication's checkpoints and server states), and the internal store itself, last.
 */
export async function storageInstancesOf(storage: RxStorage<unknown, unknown>, databaseName: string): Promise<StoredInstance[]> {
  const internal = await createRxDatabaseStorageInstance('lectura-de-instancias', storage, databaseName, {}, false)
  const found = new Map<string, StoredInstance>()
  try {
    for (const doc of await getAllCollectionDocuments(internal)) {
      const all = [{ collectionName: doc.data.name, schema: doc.data.schema }, ...doc.data.connectedStorages]
      for (const i of all) found.set(`${i.collectionName}|${i.schema.version}`, { collectionName: i.collectionName, schema: i.schema as RxJsonSchema<unknown> })
    }
  } finally {
    await internal.close()
  }
  return [...found.values(), { collectionName: INTERNAL_STORAGE_NAME, schema: INTERNAL_STORE_SCHEMA as RxJsonSchema<unknown> }]
}

export interface Bookkeeping {
  /** Changes when the replication restarts: positions of an older one are not valid. */
  readonly identity: object
  /** Where the upload has got to in the change order (undefined before its first run). */
  uploadCheckpoint(): Promise<ChangePosition | undefined>
  /** Local documents after `since` in change order, a page at a time. */
  changedSince(limit: number, since: ChangePosition | undefined): Promise<{ documents: StoredDoc[]; checkpoint: ChangePosition }>
  /** The server state the engine last saw for each id (absent: never uploaded nor pulled). */
  assumedMaster(ids: string[]): Promise<Record<string, Record<string, unknown>>>
  /**
   * Tells a document the download updated and nothing changed since: RxDB marks what its
   * downstream writes with `_meta.o` (the replication's hash and the revision height it
   * wrote), the same test its downstream uses. It holds before the matching server state
   * is stored (a second write), so a scan between the two does not take a pulled update
   * for a local change (an admin's own row saying they were demoted, for one). RxDB 17.6's
   * insert path replaces `_meta`, so a row the download inserted carries no mark.
   */
  pulledAsIs(): Promise<(doc: StoredDoc) => boolean>
  /**
   * Calls `onChange` on every write to the local documents or to the bookkeeping, and
   * `onUploadMoved` when the upload checkpoint was written: RxDB writes it after the push
   * handler returned, so only then does "what is waiting" show the batch as sent.
   */
  watch(onChange: () => void, onUploadMoved?: () => void): () => void
  /** Writes the documents again unchanged with a new lwt, which puts them back in the upload's way. */
  rewrite(ids: string[], context: string): Promise<number>
}

/** The replication has started (its internal state exists). */
export function replicationStarted(r: AnyReplication): boolean {
  return !!r.internalReplicationState
}

/** Resolves once the replication started, or after `timeoutMs`. */
export async function whenReplicationStarted(r: AnyReplication, timeoutMs: number): Promise<void> {
  await Promise.race([r.startPromise, new Promise((resolve) => setTimeout(resolve, timeoutMs))])
}

/**
 * Resolves once the downstream has stored what the running pull handler returns. RxDB
 * writes a pulled batch into the collection only after the handler returned, and marks
 * its downstream idle once those writes are done (replication-protocol/downstream.js:
 * `events.active.down`); called from inside the handler, this answers "the batch can now
 * be read". Also resolves when the replication is cancelled or closed (its subjects
 * complete then: nothing more will be stored).
 */
export function downstreamStored(r: AnyReplication): Promise<void> {
  const state = r.internalReplicationState
  if (!state) return Promise.resolve()
  const idle = state.events.active.down.pipe(filter((active) => !active))
  const cancelled = state.events.canceled.pipe(filter((c) => c))
  return firstValueFrom(merge(idle, cancelled), { defaultValue: undefined }).then(() => undefined)
}

export function bookkeeping(r: AnyReplication): Bookkeeping | null {
  const state = r.internalReplicationState
  const meta = r.metaInstance
  if (!state || !meta) return null
  const fork = state.input.forkInstance
  return {
    identity: state,
    async uploadCheckpoint() {
      // The 'up' checkpoint document of the meta instance (replication-protocol/checkpoint.js).
      const id = getComposedPrimaryKeyOfDocumentData(meta.schema, { itemId: 'up', isCheckpoint: '1' })
      const [doc] = await meta.findDocumentsById([id], false)
      return (doc as { checkpointData?: ChangePosition } | undefined)?.checkpointData
    },
    async changedSince(limit, since) {
      const page = await getChangedDocumentsSince(fork, limit, since as never)
      return { documents: page.documents as unknown as StoredDoc[], checkpoint: page.checkpoint as ChangePosition }
    },
    async pulledAsIs() {
      const hash = await state.input.hashFunction(state.input.identifier)
      return (doc) => {
        const o = (doc._meta as { o?: { hash?: string; _rev?: number } }).o
        return !!o && o.hash === hash && o._rev === getHeightOfRevision(String(doc._rev))
      }
    },
    async assumedMaster(ids) {
      const found = await getAssumedMasterState(state, ids)
      return Object.fromEntries(Object.entries(found).map(([id, v]) => [id, v.docData as Record<string, unknown>]))
    },
    watch(onChange, onUploadMoved) {
      const upId = getComposedPrimaryKeyOfDocumentData(meta.schema, { itemId: 'up', isCheckpoint: '1' })
      const subs = [
        fork.changeStream().subscribe(() => onChange()),
        meta.changeStream().subscribe((bulk: { events: Array<{ documentId: string }> }) => {
          onChange()
          if (onUploadMoved && bulk.events.some((e) => e.documentId === upId)) onUploadMoved()
        }),
      ]
      return () => subs.forEach((s) => s.unsubscribe())
    },
    async rewrite(ids, context) {
      if (ids.length === 0) return 0
      const current = await fork.findDocumentsById(ids, true)
      const token = r.collection.database.token
      const rows = current.map((previous: RxDocumentData<Record<string, unknown>>) => ({
        previous,
        document: { ...previous, _meta: { ...previous._meta, lwt: now() }, _rev: createRevision(token, previous) },
      }))
      await fork.bulkWrite(rows, context)
      return rows.length
    },
  }
}

/**
 * Calls `onWrite` after each write to the collection that did not come from the
 * download (local writes, conflict resolutions): only those can change what waits to
 * upload. Reads the collection's `eventBulks$`, absent from RxCollection's type in rxdb 17,
 * and the context RxDB's replication gives its downstream writes ('replication-downstream…').
 */
export function onLocalWrite(collection: RxCollection, onWrite: () => void): Subscription {
  const bulks = (collection as unknown as { eventBulks$: Observable<{ context?: string }> }).eventBulks$
  return bulks.subscribe((bulk) => {
    if (!bulk.context?.startsWith('replication-downstream')) onWrite()
  })
}

interface LocalDocEvent {
  documentId: string
  documentData: { data?: Record<string, unknown>; _deleted?: boolean }
}

/**
 * A database-level local document's data (null while it does not exist): what storage
 * holds, then after each change to it. Not RxDB's `getLocal$`: that one runs an async step
 * for every change event of every collection (the database's `$`, flattened per document),
 * thousands at once while a download writes, each removed from one growing subscriber
 * list; a first sync spent seconds of main thread there (docs/decisions/0052-almacen-en-memoria.md).
 * Here only the database's local event bulks (`isLocal`, no collection) are looked at.
 */
export function localDocumentData$(db: RxDatabase, id: string): Observable<Record<string, unknown> | null> {
  const bulks = (db as unknown as { eventBulks$: Observable<{ isLocal?: boolean; collectionName?: string; events: LocalDocEvent[] }> }).eventBulks$
  const local = db as unknown as { getLocal(id: string): Promise<{ toJSON(): { data: Record<string, unknown> } } | null> }
  return new Observable((subscriber) => {
    let changed = false
    const sub = bulks.subscribe((bulk) => {
      if (!bulk.isLocal || bulk.collectionName) return
      const event = bulk.events.filter((e) => e.documentId === id).at(-1)
      if (!event) return
      changed = true
      subscriber.next(event.documentData._deleted ? null : (event.documentData.data ?? null))
    })
    local.getLocal(id).then(
      (doc) => {
        if (!changed) subscriber.next(doc ? doc.toJSON().data : null)
      },
      (error: unknown) => subscriber.error(error),
    )
    return () => sub.unsubscribe()
  })
}

/** The most change events a live query folds in one by one before it re-runs instead. */
export const EVENT_REDUCE_LIMIT = 100

/**
 * A live query of `collection` that missed more than `limit` change events re-runs over
 * the storage instead of folding each event into its results (docs/decisions/0062-descarga-en-tareas-cortas.md).
 * RxDB re-runs a query once its change-event buffer (100 events) has moved past it,
 * except when the events came in one bulk: a bulk longer than the buffer is kept whole,
 * so a 1,000-row page of a download was folded event by event into every open query
 * (RxDB 17's `ChangeEventBuffer.getFrom`, the query's only reader of the buffer). A re-run
 * on the in-memory storage reads an index; folding 1,000 events into a sorted list of
 * thousands compares and splices for each.
 */
export function boundEventReduce(collection: RxCollection, limit = EVENT_REDUCE_LIMIT): void {
  const buffer = (collection as unknown as { _changeEventBuffer: { getFrom(pointer: number): unknown[] | null } })._changeEventBuffer
  const getFrom = buffer.getFrom.bind(buffer)
  buffer.getFrom = (pointer) => {
    const events = getFrom(pointer)
    return events && events.length > limit ? null : events
  }
}
