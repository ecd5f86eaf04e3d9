/**
 * A lookup kept in memory for one device collection: key → the ids of the live documents
 * filed under it, for a question no RxDB index can answer (docs/decisions/0053-ficha-del-paciente.md,
 * "Update"). RxDB 17 refuses an index on a nullable field (`tb_citas.id_paciente`), and the
 * device's storage scans every document of a query no index serves (0052): the client
 * card's `$or` of regexes read all ~22,800 citas of the demo volume on every open.
 *
 * Built once, by one scan of the stored documents (no RxDocuments made), and kept current
 * from the collection's change stream: this tab's writes, the sync's and other tabs' alike
 * (0052). A document whose keys change moves; a deleted one leaves. The stream is followed
 * before the scan starts, so a document written meanwhile keeps its newest version: a
 * change event always wins over the scan for its id.
 *
 * Readers ask for the ids under some keys (`ids`) and are told when the ids filed under
 * one of their keys change (`subscribe`); the documents themselves they read by primary
 * key, which RxDB answers without a scan.
 */
import type { RxCollection, RxDocumentData } from 'rxdb'
import { storedLiveDocuments } from '@sync/replication/rxdb-internals.ts'

type Listener = () => void

/** Documents filed per task while the lookup is built. */
const SLICE = 2000
/**
 * Change events filed per task (docs/decisions/0062-descarga-en-tareas-cortas.md): a download's
 * page of 1,000 citas filed at once added ~50 ms at 4× to a task already long.
 */
export const EVENTS_PER_TASK = 200

interface QueuedEvent<T> {
  documentId: string
  operation: string
  documentData?: RxDocumentData<T>
}

export class LocalLookup<T> {
  private readonly keysById = new Map<string, readonly string[]>()
  private readonly idsByKey = new Map<string, Set<string>>()
  private readonly listeners = new Map<string, Set<Listener>>()
  /** Told once when the first scan answers (or fails). */
  private readonly waiting = new Set<Listener>()
  private built = false
  private failure: Error | null = null
  /** Change events not filed yet, oldest first: filed in order, `eventsPerTask` per task. */
  private readonly queue: Array<QueuedEvent<T>> = []

  constructor(
    collection: RxCollection<T>,
    /** The keys a live document is filed under (none: not filed); a pure function of the document. */
    private readonly keysOf: (doc: T) => readonly string[],
    private readonly eventsPerTask = EVENTS_PER_TASK,
  ) {
    /** Ids changed while the scan runs: their change event is newer than (or as new as) the scan. */
    const changedDuringScan = new Set<string>()
    // Followed for the collection's life: the stream ends when the session closes it.
    collection.eventBulks$.subscribe((bulk) => {
      if (bulk.isLocal) return
      if (!this.built) for (const event of bulk.events) changedDuringScan.add(event.documentId)
      const idle = this.queue.length === 0
      this.queue.push(...(bulk.events as unknown as Array<QueuedEvent<T>>))
      if (idle) this.drain()
    })
    const primaryPath = collection.schema.primaryPath as string
    void (async () => {
      try {
        const documents = (await storedLiveDocuments(collection as RxCollection)) as Array<RxDocumentData<T>>
        // Filed in slices, each a task of its own: ~22,800 citas filed at once held the
        // main thread for 0.1–0.3 s on the shared machine. A write that lands in between
        // is filed by its change event, which the scan never overrides.
        for (let i = 0; i < documents.length; i += SLICE) {
          if (i > 0) await new Promise((r) => setTimeout(r, 0))
          for (const doc of documents.slice(i, i + SLICE)) {
            const id = String((doc as Record<string, unknown>)[primaryPath])
            if (!doc._deleted && !changedDuringScan.has(id)) this.file(id, this.keysOf(doc), null)
          }
        }
        changedDuringScan.clear()
        this.finish(null)
      } catch (error) {
        this.finish(error instanceof Error ? error : new Error(String(error)))
      }
    })()
  }

  /** The first scan has answered: `ids` is the collection's, not a part of it. */
  get ready(): boolean {
    return this.built
  }

  get error(): Error | null {
    return this.failure
  }

  /** The ids filed under any of `claves`, sorted; null until the first scan answers. */
  ids(keys: readonly string[]): string[] | null {
    if (!this.built) return null
    const out = new Set<string>()
    for (const key of keys) for (const id of this.idsByKey.get(key) ?? []) out.add(id)
    return [...out].sort()
  }

  /** Calls `onChange` when the first scan answers and whenever the ids under one of `claves` change. */
  subscribe(keys: readonly string[], onChange: Listener): () => void {
    for (const key of keys) {
      let set = this.listeners.get(key)
      if (!set) this.listeners.set(key, (set = new Set()))
      set.add(onChange)
    }
    if (!this.built) this.waiting.add(onChange)
    return () => {
      this.waiting.delete(onChange)
      for (const key of keys) {
        const set = this.listeners.get(key)
        set?.delete(onChange)
        if (set?.size === 0) this.listeners.delete(key)
      }
    }
  }

  private file(id: string, keys: readonly string[], touched: Set<string> | null) {
    const previous = this.keysById.get(id)
    if (previous && sameKeys(previous, keys)) return
    for (const key of previous ?? []) {
      const set = this.idsByKey.get(key)
      set?.delete(id)
      if (set?.size === 0) this.idsByKey.delete(key)
      touched?.add(key)
    }
    if (keys.length === 0) {
      this.keysById.delete(id)
      return
    }
    this.keysById.set(id, keys)
    for (const key of keys) {
      let set = this.idsByKey.get(key)
      if (!set) this.idsByKey.set(key, (set = new Set()))
      set.add(id)
      touched?.add(key)
    }
  }

  /**
   * Files the oldest queued events, then leaves the rest to a later task. A reader may see
   * the ids of a moment ago until then; it is told when its keys' ids change.
   */
  private drain() {
    const touched = new Set<string>()
    for (const event of this.queue.splice(0, this.eventsPerTask)) {
      const doc = event.documentData
      const live = event.operation !== 'DELETE' && doc && !doc._deleted
      this.file(event.documentId, live ? this.keysOf(doc) : [], touched)
    }
    this.notify(touched)
    if (this.queue.length > 0) setTimeout(() => this.drain(), 0)
  }

  private notify(touched: ReadonlySet<string>) {
    if (!this.built || touched.size === 0) return
    const toCall = new Set<Listener>()
    for (const key of touched) for (const l of this.listeners.get(key) ?? []) toCall.add(l)
    for (const l of toCall) l()
  }

  private finish(error: Error | null) {
    this.built = error === null
    this.failure = error
    const toCall = [...this.waiting]
    this.waiting.clear()
    for (const l of toCall) l()
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i])
}
