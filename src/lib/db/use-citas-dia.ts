/**
 * One day's citas, live from the local database: what the agenda's slots, table and day
 * view need (docs/decisions/0008-agenda.md "What the screens must know", 0017 "Reading
 * one day"). The query is a selector on `fecha_cita`, which tb_citas indexes
 * (sync/tables/product-tables.ts), so a day is read from the index instead of loading
 * the 20,000 citas of the demo volume and filtering them on the page.
 *
 * Screens and dialogs receive this hook through their store (`store.useCitasDia`), so
 * component tests can hand them memory rows instead.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import type { RxCollection } from 'rxdb'
import type { CitaDoc } from '@sync/tables/product-tables.ts'
import type { CitaAgenda } from '@/domain/agenda-slots.ts'
import { useSyncSession } from './use-sync-status.ts'

export interface CitasDia<R = CitaAgenda> {
  /** The day these rows belong to. */
  fecha: string
  rows: readonly R[]
  /**
   * True once `rows` are the answer for the day asked for. While false (the first read
   * after the day changed) `rows` is empty, never the previous day's: slots computed
   * from another day's citas could offer a taken time.
   */
  listo: boolean
  /** The local database could not answer (the screen says so). */
  error: Error | null
}

const NONE: readonly never[] = []

/** The hook's shape, as screens' stores carry it. */
export type UseCitasDia = (fecha: string) => CitasDia

export function toCitaAgenda(d: CitaDoc): CitaAgenda {
  return {
    id_cita: d.id_cita,
    id_especialista: d.id_especialista ?? null,
    fecha_cita: d.fecha_cita,
    hora_inicio: d.hora_inicio,
    hora_fin: d.hora_fin ?? null,
    estado_cita: d.estado_cita,
  }
}

/**
 * A day's live query stays subscribed this long after its last screen unmounts, so going
 * back to the panel and into the agenda again draws the day at once from an answer that
 * was kept current all along (never a stale copy: the subscription never paused).
 */
const KEEP_ALIVE_MS = 60_000

interface Snapshot<R> {
  rows: readonly R[]
  error: Error | null
}

interface Entry<R> {
  snap: Snapshot<R> | null
  listeners: Set<() => void>
  unsubscribe: () => void
  release: ReturnType<typeof setTimeout> | null
}

/** Builds a live day hook mapping each document with `map` (a stable, module-level function). */
export function citasDiaHook<R>(map: (d: CitaDoc) => R): (fecha: string) => CitasDia<R> {
  // One live query per (database, day), shared by every screen and dialog showing that day.
  const entries = new WeakMap<object, Map<string, Entry<R>>>()

  function acquire(collection: RxCollection<CitaDoc>, fecha: string): Entry<R> {
    let byDay = entries.get(collection)
    if (!byDay) entries.set(collection, (byDay = new Map()))
    let entry = byDay.get(fecha)
    if (!entry) {
      const e: Entry<R> = { snap: null, listeners: new Set(), unsubscribe: () => {}, release: null }
      const notify = (snap: Snapshot<R>) => {
        e.snap = snap
        for (const l of e.listeners) l()
      }
      const sub = collection.find({ selector: { fecha_cita: fecha } }).$.subscribe({
        next: (docs) => notify({ rows: docs.map((d) => map(d.toJSON() as CitaDoc)), error: null }),
        error: (error: Error) => notify({ rows: NONE, error }),
      })
      e.unsubscribe = () => sub.unsubscribe()
      byDay.set(fecha, (entry = e))
    }
    if (entry.release) clearTimeout(entry.release)
    entry.release = null
    return entry
  }

  function release(collection: RxCollection<CitaDoc>, fecha: string, entry: Entry<R>) {
    if (entry.listeners.size > 0) return
    entry.release = setTimeout(() => {
      entry.unsubscribe()
      entries.get(collection)?.delete(fecha)
    }, KEEP_ALIVE_MS)
  }

  return function useDia(fecha: string): CitasDia<R> {
    const session = useSyncSession()
    const collection = session?.collection('tb_citas') as RxCollection<CitaDoc> | undefined
    const subscribe = useCallback(
      (onChange: () => void) => {
        if (!collection || !fecha) return () => {}
        const entry = acquire(collection, fecha)
        entry.listeners.add(onChange)
        onChange() // the answer may have arrived between render and subscription
        return () => {
          entry.listeners.delete(onChange)
          release(collection, fecha, entry)
        }
      },
      [collection, fecha],
    )
    const snapshot = () => (collection && fecha ? (entries.get(collection)?.get(fecha)?.snap ?? null) : null)
    const snap = useSyncExternalStore(subscribe, snapshot, snapshot)
    return useMemo(() => ({ fecha, rows: snap ? snap.rows : NONE, listo: snap !== null, error: snap?.error ?? null }), [fecha, snap])
  }
}

/** The agenda's default: every cita of `fecha` (deleted ones never come back from a query). */
export const useCitasDia: UseCitasDia = citasDiaHook(toCitaAgenda)
