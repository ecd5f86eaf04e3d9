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
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'
import type { RxCollection } from 'rxdb'
import { map, type Observable } from 'rxjs'
import type { CitaDoc } from '@sync/tables/product-tables.ts'
import type { CitaAgenda } from '@/domain/agenda-slots.ts'
import { fromDoc } from './from-doc.ts'
import { CACHE_DEFAULTS, LiveCache, type LiveSnapshot } from './live-cache.ts'
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

const toCitaAgenda: (d: CitaDoc) => CitaAgenda = fromDoc('tb_citas', ['id_cita', 'id_especialista', 'fecha_cita', 'hora_inicio', 'hora_fin', 'estado_cita'])

/** One day's documents, live: a selector on the indexed `fecha_cita`. */
export function citasDiaQuery(collection: RxCollection<CitaDoc>): (fecha: string) => Observable<readonly CitaDoc[]> {
  return (fecha) => collection.find({ selector: { fecha_cita: fecha } }).$.pipe(map((docs) => docs.map((d) => d.toJSON() as CitaDoc)))
}

/**
 * The days in memory, one cache per device database (a new session, e.g. another user,
 * gets its own): shown days, days kept after their screen left and prefetched days
 * (docs/decisions/0025-agenda-velocidad.md).
 */
const caches = new WeakMap<RxCollection<CitaDoc>, LiveCache<CitaDoc>>()

/** User Timing name of a day's first local read ('agenda: leer día 2026-11-25'), for DevTools and `npm run bench -- agenda`. */
export const MEASURE_LECTURA = 'agenda: leer día'

function cacheOf(collection: RxCollection<CitaDoc>): LiveCache<CitaDoc> {
  let cache = caches.get(collection)
  if (!cache) caches.set(collection, (cache = new LiveCache(citasDiaQuery(collection), { ...CACHE_DEFAULTS, measure: MEASURE_LECTURA })))
  return cache
}

function useCache(): LiveCache<CitaDoc> | null {
  const session = useSyncSession()
  const collection = session?.collection('tb_citas') as RxCollection<CitaDoc> | undefined
  return collection ? cacheOf(collection) : null
}

/** Builds a live day hook mapping each document with `map` (a stable, module-level function). */
export function citasDiaHook<R>(mapRow: (d: CitaDoc) => R): (fecha: string) => CitasDia<R> {
  // Each answer is mapped once, however many screens show it.
  const mapped = new WeakMap<LiveSnapshot<CitaDoc>, readonly R[]>()
  const rowsOf = (snap: LiveSnapshot<CitaDoc>) => {
    let rows = mapped.get(snap)
    if (!rows) mapped.set(snap, (rows = snap.rows.map(mapRow)))
    return rows
  }

  return function useDia(fecha: string): CitasDia<R> {
    const cache = useCache()
    const subscribe = useCallback(
      (onChange: () => void) => {
        if (!cache || !fecha) return () => {}
        const stop = cache.subscribe(fecha, onChange)
        onChange() // the answer may have arrived between render and subscription
        return stop
      },
      [cache, fecha],
    )
    // A day already in memory (shown elsewhere, idle or prefetched) answers in this very render.
    const snapshot = () => (cache && fecha ? cache.snapshot(fecha) : null)
    const snap = useSyncExternalStore(subscribe, snapshot, snapshot)
    return useMemo(() => ({ fecha, rows: snap ? rowsOf(snap) : NONE, listo: snap !== null, error: snap?.error ?? null }), [fecha, snap])
  }
}

/**
 * Starts reading `fechas` once the current render is committed, so showing one of them
 * later draws its rows at once (docs/decisions/0025-agenda-velocidad.md). Pass a stable
 * key: the days are read again only when `fechas.join()` changes.
 */
export function usePrefetchCitasDias(fechas: readonly string[]): void {
  const cache = useCache()
  const key = fechas.join(',')
  useEffect(() => {
    if (!cache || !key) return
    // A task of its own, after this commit: the shown day is drawn first. Not an idle
    // callback: on a busy tablet idle time may not come before the next tap.
    const timer = setTimeout(() => cache.prefetch(key.split(',')), 0)
    return () => clearTimeout(timer)
  }, [cache, key])
}

/** The agenda's default: every cita of `fecha` (deleted ones never come back from a query). */
export const useCitasDia: UseCitasDia = citasDiaHook(toCitaAgenda)
