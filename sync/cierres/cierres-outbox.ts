/**
 * This device's cash closes, kept in a local document until the server stores them
 * (docs/decisions/0038-cierre-de-caja.md). A close is not a replicated table: the 12
 * collections are RxDB open source's practical limit, and a close is a record the
 * device only adds, never edits, so an outbox is all it needs. Each close keeps its
 * author: it uploads under their session only (the server sets the user from the
 * token), so a colleague signing in here does not upload it under their name.
 */
import type { Observable } from 'rxjs'
import type { RxDatabase } from 'rxdb'
import { localList, type LocalList } from '../status/local-list.ts'

/** One close as the server stores it (tb_cierres_caja); amounts in soles, 2 decimals. */
export interface CierreCaja {
  id_cierre: string
  /** YYYY-MM-DD, Peru. */
  fecha: string
  metodo: string
  esperado: number
  contado: number
  diferencia: number
  nota: string | null
  /** Which tablet closed (its short label, the same on every close of this device). */
  dispositivo: string
  /** The tablet's time of the close. */
  cerrado_at: string
}

export interface CierreLocal extends CierreCaja {
  autor: { id: string; email: string | null }
  /** When the server accepted it; null while it waits. */
  subido_at: string | null
  /** The server's Spanish reason when it refused it (it is then not retried). */
  rechazo: string | null
}

export interface CierresOutbox {
  readonly cierres$: Observable<CierreLocal[]>
  list(): Promise<CierreLocal[]>
  add(autor: CierreLocal['autor'], cierres: CierreCaja[]): Promise<void>
  /** Closes of `userId` that still wait for the server (not refused). */
  waiting(userId?: string): Promise<CierreLocal[]>
  settle(results: ReadonlyArray<{ id: string; subido_at?: string; rechazo?: string }>): Promise<void>
  /** This tablet's label, created once per device database. */
  deviceLabel(): Promise<string>
}

const esperando = (c: CierreLocal) => c.subido_at === null && c.rechazo === null

export function createCierresOutbox(db: RxDatabase, newId: () => string): CierresOutbox {
  const list: LocalList<CierreLocal> = localList<CierreLocal>(db, 'cierres-caja', 'items')
  const device: LocalList<string> = localList<string>(db, 'equipo', 'ids')
  return {
    cierres$: list.items$,
    list: list.read,
    add: (autor, cierres) =>
      list.update((items) => {
        const known = new Set(items.map((c) => c.id_cierre))
        const added = cierres.filter((c) => !known.has(c.id_cierre)).map((c) => ({ ...c, autor, subido_at: null, rechazo: null }))
        return [...items, ...added]
      }),
    waiting: async (userId) => (await list.read()).filter((c) => esperando(c) && (userId === undefined || c.autor.id === userId)),
    settle: (results) =>
      list.update((items) => {
        const byId = new Map(results.map((r) => [r.id, r]))
        return items.map((c) => {
          const r = byId.get(c.id_cierre)
          return r && esperando(c) ? { ...c, subido_at: r.subido_at ?? null, rechazo: r.rechazo ?? null } : c
        })
      }),
    async deviceLabel() {
      let id = (await device.read())[0]
      if (!id) {
        const created = newId()
        await device.update((ids) => (ids.length > 0 ? ids : [created]))
        id = (await device.read())[0] ?? created
      }
      return `Equipo ${id.replace(/-/g, '').slice(0, 4).toUpperCase()}`
    },
  }
}
