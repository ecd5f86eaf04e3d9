/**
 * The device database's storage (docs/decisions/0052-almacen-en-memoria.md): RxDB's memory
 * storage answers every read and write, and each write is kept on the device before it is
 * acknowledged, as one IndexedDB record per write batch (the log) that is folded, now and
 * then, into pages of documents. A first download of thousands of rows is then a handful of
 * IndexedDB records instead of a record, an index entry and a bookkeeping copy per row; a
 * start reads a few large records instead of one per row.
 *
 * Durability: `bulkWrite` resolves only once its batch is committed to IndexedDB, so a
 * payment the screen reported as saved survives a crash or a closed tab.
 * Several tabs: each tab holds its own copy in memory. A tab that wrote tells the others
 * (BroadcastChannel) after the commit, and each copy keeps, per document, the version
 * `keeps` chooses (more edits deep, then the later write), which is also the rule a start
 * replays the log with, so every tab and every restart agree. The message names the log
 * records, not their documents: posting a download's thousand rows cloned them on the main
 * thread a second time (as long as IndexedDB's own copy, measured in 0052), for tabs that
 * are usually not there. A tab that finds a record already folded away reads the pages.
 */
import type { BulkWriteRow, RxStorage, RxStorageBulkWriteResponse, RxStorageInstance, RxStorageInstanceCreationParams } from 'rxdb'
import { getHeightOfRevision, getPrimaryFieldOfPrimaryKey } from 'rxdb'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { nextTask } from '../runtime/next-task.ts'
import { compact, logDocs, logEntries, openFiles, readAll, type Doc, type Files } from './memory-files.ts'

export interface PersistedMemoryOptions {
  indexedDB?: IDBFactory
  /** Fold the log into pages once it holds this many superseded versions, and at least as many as there are documents (tests use small figures). */
  compactAfter?: number
}

export const PERSISTED_MEMORY_PREFIX = 'spa-memoria-'

/** IndexedDB database of one collection of one RxDB database. */
export function filesName(databaseName: string, collectionName: string, version: number): string {
  return `${PERSISTED_MEMORY_PREFIX}${databaseName}--${version}--${collectionName}`
}

/**
 * `a` is the version to keep over `b`: the one more edits deep (the revision's height,
 * which every write of a document raises by one, whatever the clock says — a tablet whose
 * clock was set back still keeps its last edit), then the later write time (two tabs that
 * changed the same version at once), then the larger revision.
 */
export function keeps(a: Doc, b: Doc | undefined): boolean {
  if (!b) return true
  const ha = getHeightOfRevision(a._rev)
  const hb = getHeightOfRevision(b._rev)
  if (ha !== hb) return ha > hb
  return a._meta.lwt > b._meta.lwt || (a._meta.lwt === b._meta.lwt && a._rev >= b._rev)
}

type Inner = RxStorageInstance<Doc, unknown, unknown>
/** What a tab tells the others once a write batch is committed: which tab, which log records, whose write. */
interface Written {
  from: string
  keys: number[]
  /**
   * The write's RxDB context, given again to the copy in the other tab. The replication
   * skips its own download's writes by this context; adopted under another one, a
   * download the old page stored while a reload started (the new page already leading)
   * was uploaded again as local changes, and a stock movement among them was refused.
   * Missing in a message from an older page: adopted as another tab's write.
   */
  context?: string
}

let instances = 0
/** Reads and writes of this many documents or more go in tasks of their own (0064). */
const SPLIT_FROM = 100

class PersistedMemoryInstance implements RxStorageInstance<Doc, unknown, unknown> {
  readonly databaseName: string
  readonly collectionName: string
  readonly schema: RxStorageInstance<Doc, unknown, unknown>['schema']
  readonly options: Readonly<unknown>
  readonly internals = {}
  private readonly primary: string
  private readonly channel: BroadcastChannel | null
  private readonly token = `${Date.now().toString(36)}-${++instances}-${Math.random().toString(36).slice(2)}`
  private writes: Promise<unknown> = Promise.resolve()
  /** The last write's log record started (never rejects: `logDocs` reports through its promise). */
  private logStarts: Promise<void> = Promise.resolve()
  private compacting: Promise<void> | null = null
  private closed = false

  constructor(
    params: RxStorageInstanceCreationParams<Doc, unknown>,
    private readonly inner: Inner,
    private readonly files: Files,
    /** Every stored document (tombstones included) by primary key: what the pages are rewritten from. */
    private readonly docs: Map<string, Doc>,
    /** Versions in the log that a later one replaced (or repeated): what a fold would drop. */
    private superseded: number,
    private readonly compactAfter: number,
  ) {
    this.databaseName = params.databaseName
    this.collectionName = params.collectionName
    this.schema = params.schema
    this.options = params.options as Readonly<unknown>
    this.primary = getPrimaryFieldOfPrimaryKey(params.schema.primaryKey) as string
    this.channel = params.multiInstance && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(files.name) : null
    if (this.channel)
      this.channel.onmessage = (event: MessageEvent<Written>) =>
        // A message that lands while this tab closes finds the memory copy gone: nothing to keep.
        void this.adopt(event.data).catch((error: unknown) => this.closed || console.error(error))
  }

  private idOf(doc: Doc): string {
    return String(doc[this.primary])
  }

  async bulkWrite(rows: BulkWriteRow<Doc>[], context: string): Promise<RxStorageBulkWriteResponse<Doc>> {
    if (this.closed) throw new Error('almacén cerrado')
    // A large write (a downloaded page, its meta rows) starts in a task after RxDB's work
    // that prepared it: each is long on a slow tablet (0064). As with any asynchronous
    // storage, another write may be decided meanwhile.
    if (rows.length >= SPLIT_FROM) await this.nextTaskOpen()
    // The memory storage decides (conflicts included) synchronously; writes are stored in
    // the order they were decided, and the caller hears back once they are on the device.
    const result = await this.inner.bulkWrite(rows, context)
    const refused = new Set(result.error.map((e) => e.documentId))
    const written = rows.map((r) => r.document).filter((d) => !refused.has(this.idOf(d)))
    if (written.length === 0) return result
    let replaced = 0
    for (const doc of written) {
      if (this.docs.has(this.idOf(doc))) replaced++
      this.docs.set(this.idOf(doc), doc)
    }
    // Its first log record is copied in a task after the memory storage's write. Records
    // are still started in the order the writes were decided.
    let stored!: Promise<number[]>
    const started = this.logStarts.then(async () => {
      if (written.length >= SPLIT_FROM) await nextTask()
      stored = logDocs(this.files, written)
    })
    this.logStarts = started
    const logged = started.then(() => stored)
    this.writes = logged.catch(() => {})
    const keys = await logged
    this.superseded += replaced
    this.channel?.postMessage({ from: this.token, keys, context } satisfies Written)
    this.maybeCompact()
    return result
  }

  /** Another tab's committed write: keep what is later than the copy here. */
  private async adopt(message: Written) {
    if (this.closed || message.from === this.token) return
    // Folded into the pages since (by either tab): every document, the same rule keeps the later ones.
    const docs = (await logEntries(this.files, message.keys)) ?? [...(await readAll(this.files, keeps, (d) => this.idOf(d))).docs.values()]
    if (this.closed) return
    for (let attempt = 0; attempt < 3; attempt++) {
      const incoming = docs.filter((d) => {
        const here = this.docs.get(this.idOf(d))
        const same = here !== undefined && here._rev === d._rev && here._meta.lwt === d._meta.lwt
        return !same && keeps(d, here)
      })
      if (incoming.length === 0) return
      const current = await this.inner.findDocumentsById(incoming.map((d) => this.idOf(d)), true)
      const byId = new Map(current.map((d) => [this.idOf(d), d]))
      const rows = incoming.map((document) => ({ document, previous: byId.get(this.idOf(document)) }))
      const result = await this.inner.bulkWrite(rows, message.context ?? 'spa-memoria-otra-pestana')
      const refused = new Set(result.error.map((e) => e.documentId))
      for (const doc of incoming) if (!refused.has(this.idOf(doc))) this.docs.set(this.idOf(doc), doc)
      if (refused.size === 0) return
    }
  }

  private maybeCompact() {
    // Only superseded versions make a start read more than it keeps: a first download, all
    // new documents, is never folded (each fold copied the whole collection again, on the
    // main thread, at 5,000, 10,000 and 20,000 rows).
    if (this.compacting || this.superseded < Math.max(this.compactAfter, this.docs.size)) return
    // Versions logged while the fold runs may or may not be folded: count them for the next one.
    const folded = this.superseded
    this.compacting = (async () => {
      try {
        await compact(this.files, () => this.docs.values(), keeps, (d) => this.idOf(d))
        this.superseded -= folded
      } catch (error) {
        // The log is still complete: nothing is lost, the next write tries again.
        console.error(error)
      } finally {
        this.compacting = null
      }
    })()
  }

  async findDocumentsById(ids: string[], withDeleted: boolean) {
    // RxDB reads a downloaded page's current documents before it prepares their write:
    // a task of its own for a large page (0064).
    if (ids.length >= SPLIT_FROM) await this.nextTaskOpen()
    return this.inner.findDocumentsById(ids, withDeleted)
  }

  /** A later task, if the storage is still open by then: a close meanwhile let go of the memory copy. */
  private async nextTaskOpen(): Promise<void> {
    await nextTask()
    if (this.closed) throw new Error('almacén cerrado')
  }
  query(query: Parameters<Inner['query']>[0]) {
    return this.inner.query(query)
  }
  count(query: Parameters<Inner['count']>[0]) {
    return this.inner.count(query)
  }
  getAttachmentData(): Promise<Blob> {
    return Promise.reject(new Error('El almacén del equipo no guarda adjuntos.'))
  }
  changeStream() {
    return this.inner.changeStream()
  }

  async cleanup(minimumDeletedTime: number): Promise<boolean> {
    const done = await this.inner.cleanup(minimumDeletedTime)
    // Mirror what the memory storage purged; the next fold drops them from the pages too.
    const before = Date.now() - minimumDeletedTime
    for (const [id, doc] of this.docs) if (doc._deleted && doc._meta.lwt < before) this.docs.delete(id)
    return done
  }

  /** Waits for what is being written, then lets go of the memory copy (the device keeps the data). */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.writes
    await this.compacting
    this.channel?.close()
    this.files.db.close()
    // A private memory state per instance (its own name): removing it frees the memory.
    await this.inner.remove()
  }

  async remove(): Promise<void> {
    await this.close()
    await new Promise<void>((resolve, reject) => {
      const request = this.files.factory.deleteDatabase(this.files.name)
      request.onsuccess = () => resolve()
      request.onerror = () => reject(request.error ?? new Error(`no se pudo borrar ${this.files.name}`))
      // Another tab still has it open: it goes when that tab closes.
      request.onblocked = () => resolve()
    })
  }
}

/** RxDB storage: memory for reads and writes, IndexedDB to keep them (see the top of this file). */
export function getRxStoragePersistedMemory(options: PersistedMemoryOptions = {}): RxStorage<unknown, unknown> {
  const memory = getRxStorageMemory()
  return {
    name: 'spa-memoria',
    rxdbVersion: memory.rxdbVersion,
    async createStorageInstance<RxDocType>(params: RxStorageInstanceCreationParams<RxDocType, unknown>) {
      const p = params as unknown as RxStorageInstanceCreationParams<Doc, unknown>
      const factory = options.indexedDB ?? globalThis.indexedDB
      const files = await openFiles(factory, filesName(p.databaseName, p.collectionName, p.schema.version))
      const primary = getPrimaryFieldOfPrimaryKey(p.schema.primaryKey) as string
      const { docs, superseded } = await readAll(files, keeps, (d) => String(d[primary]))
      // Its own memory state: the memory storage shares states by name within a page.
      const inner = (await memory.createStorageInstance({ ...p, options: {}, databaseName: `${p.databaseName}~${++instances}` })) as unknown as Inner
      if (docs.size > 0) {
        const loaded = await inner.bulkWrite([...docs.values()].map((document) => ({ document })), 'spa-memoria-carga')
        if (loaded.error.length > 0) throw new Error(`${p.collectionName}: ${loaded.error.length} documentos no se pudieron cargar`)
      }
      const instance = new PersistedMemoryInstance(p, inner, files, docs, superseded, options.compactAfter ?? 5000)
      return instance as unknown as RxStorageInstance<RxDocType, unknown, unknown>
    },
  }
}
