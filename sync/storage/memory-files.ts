/**
 * What the device keeps for one collection of the memory storage
 * (docs/decisions/0052-almacen-en-memoria.md), in plain IndexedDB: `pages` hold every
 * document (tombstones included) 250 to a record, `log` the write batches since the last
 * fold (up to 250 documents a record, see `LOG_CHUNK`). A start reads both and replays the log; a fold rewrites the pages
 * and empties the log in one transaction.
 */
import type { RxDocumentData } from 'rxdb'

export type Doc = RxDocumentData<Record<string, unknown>>

export interface Files {
  factory: IDBFactory
  name: string
  db: IDBDatabase
}

const PAGES = 'pages'
const LOG = 'log'

function done(request: IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'))
  })
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB: transacción fallida'))
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB: transacción abortada'))
  })
}

export function openFiles(factory: IDBFactory, name: string): Promise<Files> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, 1)
    request.onupgradeneeded = () => {
      request.result.createObjectStore(PAGES)
      request.result.createObjectStore(LOG, { autoIncrement: true })
    }
    request.onsuccess = () => {
      const db = request.result
      // A deletion from another tab ('borrar los datos de este equipo') must not wait on us.
      db.onversionchange = () => db.close()
      resolve({ factory, name, db })
    }
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB: no se pudo abrir ${name}`))
    request.onblocked = () => reject(new Error(`IndexedDB: ${name} está bloqueada por otra pestaña`))
  })
}

type Keeps = (a: Doc, b: Doc | undefined) => boolean
type IdOf = (doc: Doc) => string

function replay(into: Map<string, Doc>, docs: readonly Doc[], keeps: Keeps, idOf: IdOf) {
  for (const doc of docs) {
    const id = idOf(doc)
    if (keeps(doc, into.get(id))) into.set(id, doc)
  }
}

/**
 * Every document as kept, and how many versions in the log are superseded (an older or
 * repeated version of a document already read: what the next fold saves).
 */
export async function readAll(files: Files, keeps: Keeps, idOf: IdOf): Promise<{ docs: Map<string, Doc>; superseded: number }> {
  const tx = files.db.transaction([PAGES, LOG], 'readonly')
  const [pages, log] = (await Promise.all([done(tx.objectStore(PAGES).getAll()), done(tx.objectStore(LOG).getAll())])) as [Doc[][], Doc[][]]
  const docs = new Map<string, Doc>()
  for (const page of pages) for (const doc of page) docs.set(idOf(doc), doc)
  let superseded = 0
  for (const entry of log) {
    for (const doc of entry) if (docs.has(idOf(doc))) superseded++
    replay(docs, entry, keeps, idOf)
  }
  return { docs, superseded }
}

/**
 * Documents per log record. IndexedDB copies a record on the calling thread; a download's
 * page of a thousand rows in one record was one task of a few hundred milliseconds on a
 * slow tablet. A record each `LOG_CHUNK`, the next one added from the previous one's
 * success event (its own task), all in one transaction: the batch stays all or nothing.
 */
export const LOG_CHUNK = 250

/** One write batch, committed; its log keys (what the other tabs are told, see `logEntries`). */
export async function logDocs(files: Files, docs: readonly Doc[]): Promise<number[]> {
  const tx = files.db.transaction(LOG, 'readwrite')
  const finished = committed(tx)
  const log = tx.objectStore(LOG)
  const keys: number[] = []
  let failure: unknown = null
  const add = (from: number) => {
    try {
      const request = log.add(docs.slice(from, from + LOG_CHUNK))
      request.onsuccess = () => {
        keys.push(request.result as number)
        if (from + LOG_CHUNK < docs.length) add(from + LOG_CHUNK)
      }
    } catch (error) {
      // A document IndexedDB cannot copy: none of the batch is kept, the caller hears why.
      failure = error
      tx.abort()
    }
  }
  add(0)
  await finished.catch((error: unknown) => {
    throw failure ?? error
  })
  return keys
}

/** Logged write batches by their keys; undefined once a fold has emptied any of them. */
export async function logEntries(files: Files, keys: readonly number[]): Promise<Doc[] | undefined> {
  const tx = files.db.transaction(LOG, 'readonly')
  const entries = (await Promise.all(keys.map((key) => done(tx.objectStore(LOG).get(key))))) as Array<Doc[] | undefined>
  return entries.some((e) => e === undefined) ? undefined : entries.flat() as Doc[]
}

/**
 * Rewrites the pages from `current` (this tab's copy) and empties the log, in one
 * transaction. Log records another tab committed that this copy has not heard of yet
 * are replayed over it first, so the fold never drops them. Record by record and page by
 * page, each from the previous request's success event: a fold of 20,000 documents is
 * many short tasks, not one long one (see `LOG_CHUNK`).
 */
export async function compact(files: Files, current: () => Iterable<Doc>, keeps: Keeps, idOf: IdOf): Promise<void> {
  const tx = files.db.transaction([PAGES, LOG], 'readwrite')
  const finished = committed(tx)
  const log = tx.objectStore(LOG)
  const pages = tx.objectStore(PAGES)
  const docs = new Map<string, Doc>()
  for (const doc of current()) docs.set(idOf(doc), doc)
  await new Promise<void>((resolve, reject) => {
    const cursor = log.openCursor()
    cursor.onerror = () => reject(cursor.error ?? new Error('IndexedDB'))
    cursor.onsuccess = () => {
      const at = cursor.result
      if (!at) return resolve()
      replay(docs, at.value as Doc[], keeps, idOf)
      at.continue()
    }
  })
  pages.clear()
  log.clear()
  const all = [...docs.values()]
  const put = (i: number) => {
    if (i * LOG_CHUNK >= all.length) return
    pages.put(all.slice(i * LOG_CHUNK, (i + 1) * LOG_CHUNK), i).onsuccess = () => put(i + 1)
  }
  put(0)
  await finished
}
