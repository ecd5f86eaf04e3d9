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
import { useEffect, useMemo, useState } from 'react'
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

/** Builds a live day hook mapping each document with `map` (a stable, module-level function). */
export function citasDiaHook<R>(map: (d: CitaDoc) => R): (fecha: string) => CitasDia<R> {
  return function useDia(fecha: string): CitasDia<R> {
    const session = useSyncSession()
    const [state, setState] = useState<{ fecha: string | null; rows: readonly R[]; error: Error | null }>({ fecha: null, rows: NONE, error: null })
    useEffect(() => {
      const collection = session?.collection('tb_citas') as RxCollection<CitaDoc> | undefined
      if (!collection || !fecha) return
      const sub = collection.find({ selector: { fecha_cita: fecha } }).$.subscribe({
        next: (docs) => setState({ fecha, rows: docs.map((d) => map(d.toJSON() as CitaDoc)), error: null }),
        error: (error: Error) => setState({ fecha, rows: NONE, error }),
      })
      return () => sub.unsubscribe()
    }, [session, fecha])
    const listo = state.fecha === fecha
    return useMemo(() => ({ fecha, rows: listo ? state.rows : NONE, listo, error: listo ? state.error : null }), [fecha, listo, state])
  }
}

/** The agenda's default: every cita of `fecha` (deleted ones never come back from a query). */
export const useCitasDia: UseCitasDia = citasDiaHook(toCitaAgenda)
