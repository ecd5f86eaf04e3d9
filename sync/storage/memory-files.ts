/**
 * What the device keeps for one collection of the memory storage
 * (docs/decisions/0052-almacen-en-memoria.md), in plain IndexedDB: `pages` hold every
 * document (tombstones included) a thousand to a record, `log` one record per write batch
 * since the last fold. A start reads both and replays the log; a fold rewrites the pages
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
const PAGE_SIZE = 1000

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

/** Every document as kept, and how many documents the log holds (what the next fold saves). */
export async function readAll(files: Files, keeps: Keeps, idOf: IdOf): Promise<{ docs: Map<string, Doc>; logged: number }> {
  const tx = files.db.transaction([PAGES, LOG], 'readonly')
  const [pages, log] = (await Promise.all([done(tx.objectStore(PAGES).getAll()), done(tx.objectStore(LOG).getAll())])) as [Doc[][], Doc[][]]
  const docs = new Map<string, Doc>()
  for (const page of pages) for (const doc of page) docs.set(idOf(doc), doc)
  let logged = 0
  for (const entry of log) {
    replay(docs, entry, keeps, idOf)
    logged += entry.length
  }
  return { docs, logged }
}

/** One write batch, committed; its log key (what the other tabs are told, see `logEntry`). */
export async function logDocs(files: Files, docs: readonly Doc[]): Promise<number> {
  const tx = files.db.transaction(LOG, 'readwrite')
  const request = tx.objectStore(LOG).add(docs)
  await committed(tx)
  return request.result as number
}

/** A logged write batch by its key; undefined once a fold has emptied the log. */
export async function logEntry(files: Files, key: number): Promise<Doc[] | undefined> {
  const tx = files.db.transaction(LOG, 'readonly')
  return (await done(tx.objectStore(LOG).get(key))) as Doc[] | undefined
}

/**
 * Rewrites the pages from `current` (this tab's copy) and empties the log, in one
 * transaction. Log records another tab committed that this copy has not heard of yet
 * are replayed over it first, so the fold never drops them.
 */
export async function compact(files: Files, current: () => Iterable<Doc>, keeps: Keeps, idOf: IdOf): Promise<void> {
  const tx = files.db.transaction([PAGES, LOG], 'readwrite')
  const finished = committed(tx)
  const log = tx.objectStore(LOG)
  const entries = (await done(log.getAll())) as Doc[][]
  const docs = new Map<string, Doc>()
  for (const doc of current()) docs.set(idOf(doc), doc)
  for (const entry of entries) replay(docs, entry, keeps, idOf)
  const pages = tx.objectStore(PAGES)
  pages.clear()
  log.clear()
  const all = [...docs.values()]
  for (let i = 0; i * PAGE_SIZE < all.length; i++) pages.put(all.slice(i * PAGE_SIZE, (i + 1) * PAGE_SIZE), i)
  await finished
}
