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
import { normalizeMangoQuery, prepareQuery, type RxCollection, type RxDocumentData } from 'rxdb'

type Listener = () => void

/** Documents filed per task while the lookup is built. */
const TANDA = 2000

export class IndiceLocal<T> {
  private readonly clavesPorId = new Map<string, readonly string[]>()
  private readonly idsPorClave = new Map<string, Set<string>>()
  private readonly oyentes = new Map<string, Set<Listener>>()
  /** Told once when the first scan answers (or fails). */
  private readonly esperando = new Set<Listener>()
  private leido = false
  private fallo: Error | null = null

  constructor(
    collection: RxCollection<T>,
    /** The keys a live document is filed under (none: not filed); a pure function of the document. */
    private readonly clavesDe: (doc: T) => readonly string[],
  ) {
    /** Ids changed while the scan runs: their change event is newer than (or as new as) the scan. */
    const cambiadosAntes = new Set<string>()
    // Followed for the collection's life: the stream ends when the session closes it.
    collection.eventBulks$.subscribe((bulk) => {
      if (bulk.isLocal) return
      const tocadas = new Set<string>()
      for (const event of bulk.events) {
        if (!this.leido) cambiadosAntes.add(event.documentId)
        const doc = event.documentData as RxDocumentData<T> | undefined
        const vivo = event.operation !== 'DELETE' && doc && !doc._deleted
        this.archivar(event.documentId, vivo ? this.clavesDe(doc) : [], tocadas)
      }
      this.avisar(tocadas)
    })
    const schema = collection.schema.jsonSchema
    const todos = prepareQuery(schema, normalizeMangoQuery(schema, { selector: { _deleted: { $eq: false } } } as never))
    const primaria = collection.schema.primaryPath as string
    void (async () => {
      try {
        const { documents } = await collection.storageInstance.query(todos)
        // Filed in slices, each a task of its own: ~22,800 citas filed at once held the
        // main thread for 0.1–0.3 s on the shared machine. A write that lands in between
        // is filed by its change event, which the scan never overrides.
        for (let i = 0; i < documents.length; i += TANDA) {
          if (i > 0) await new Promise((r) => setTimeout(r, 0))
          for (const doc of documents.slice(i, i + TANDA)) {
            const id = String((doc as Record<string, unknown>)[primaria])
            if (!doc._deleted && !cambiadosAntes.has(id)) this.archivar(id, this.clavesDe(doc), null)
          }
        }
        cambiadosAntes.clear()
        this.terminar(null)
      } catch (error) {
        this.terminar(error instanceof Error ? error : new Error(String(error)))
      }
    })()
  }

  /** The first scan has answered: `ids` is the collection's, not a part of it. */
  get listo(): boolean {
    return this.leido
  }

  get error(): Error | null {
    return this.fallo
  }

  /** The ids filed under any of `claves`, sorted; null until the first scan answers. */
  ids(claves: readonly string[]): string[] | null {
    if (!this.leido) return null
    const out = new Set<string>()
    for (const clave of claves) for (const id of this.idsPorClave.get(clave) ?? []) out.add(id)
    return [...out].sort()
  }

  /** Calls `onChange` when the first scan answers and whenever the ids under one of `claves` change. */
  subscribe(claves: readonly string[], onChange: Listener): () => void {
    for (const clave of claves) {
      let set = this.oyentes.get(clave)
      if (!set) this.oyentes.set(clave, (set = new Set()))
      set.add(onChange)
    }
    if (!this.leido) this.esperando.add(onChange)
    return () => {
      this.esperando.delete(onChange)
      for (const clave of claves) {
        const set = this.oyentes.get(clave)
        set?.delete(onChange)
        if (set?.size === 0) this.oyentes.delete(clave)
      }
    }
  }

  private archivar(id: string, claves: readonly string[], tocadas: Set<string> | null) {
    const antes = this.clavesPorId.get(id)
    if (antes && sameKeys(antes, claves)) return
    for (const clave of antes ?? []) {
      const set = this.idsPorClave.get(clave)
      set?.delete(id)
      if (set?.size === 0) this.idsPorClave.delete(clave)
      tocadas?.add(clave)
    }
    if (claves.length === 0) {
      this.clavesPorId.delete(id)
      return
    }
    this.clavesPorId.set(id, claves)
    for (const clave of claves) {
      let set = this.idsPorClave.get(clave)
      if (!set) this.idsPorClave.set(clave, (set = new Set()))
      set.add(id)
      tocadas?.add(clave)
    }
  }

  private avisar(tocadas: ReadonlySet<string>) {
    if (!this.leido || tocadas.size === 0) return
    const llamar = new Set<Listener>()
    for (const clave of tocadas) for (const l of this.oyentes.get(clave) ?? []) llamar.add(l)
    for (const l of llamar) l()
  }

  private terminar(error: Error | null) {
    this.leido = error === null
    this.fallo = error
    const llamar = [...this.esperando]
    this.esperando.clear()
    for (const l of llamar) l()
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i])
}
