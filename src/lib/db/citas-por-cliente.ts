/**
 * The client card's reads without a scan (docs/decisions/0053-ficha-del-paciente.md,
 * "Update"): one lookup per session for `tb_citas` by client (the patient's id, else the
 * normalised e-mail and phone: `clavesCita`, the same rule as `coincidenciaCita`) and one
 * for `tb_pagos_citas` by cita. The ids are known in the render, so the citas and their
 * payments are read together, each by primary key, and stay live: a cita that changes is
 * read again by its query; a cita or payment that comes, goes or moves to another client
 * changes the ids and so the query.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { RxCollection } from 'rxdb'
import { map } from 'rxjs'
import type { CitaDoc, DocTypes, PagoCitaDoc } from '@sync/tables/product-tables.ts'
import { clavesCita } from '@/domain/ficha-paciente.ts'
import { IndiceLocal } from './indice-local.ts'
import { useSyncSession } from './use-sync-status.ts'

type Tabla = 'tb_citas' | 'tb_pagos_citas'

/** A payment is filed under its cita's id. */
export function clavePagoDeCita(idCita: string): string {
  return `c:${idCita.toLowerCase()}`
}

const CLAVES: { [N in Tabla]: (doc: DocTypes[N]) => readonly string[] } = {
  tb_citas: (c: CitaDoc) => clavesCita(c),
  tb_pagos_citas: (p: PagoCitaDoc) => [clavePagoDeCita(p.id_cita)],
}

const indices = new WeakMap<RxCollection, IndiceLocal<unknown>>()

/** The session's lookup for `name`, started on first use and kept for the session. */
export function indiceDe<N extends Tabla>(name: N, collection: RxCollection<DocTypes[N]>): IndiceLocal<DocTypes[N]> {
  let indice = indices.get(collection as RxCollection)
  if (!indice) indices.set(collection as RxCollection, (indice = new IndiceLocal(collection, CLAVES[name]) as IndiceLocal<unknown>))
  return indice as IndiceLocal<DocTypes[N]>
}

function useIndice<N extends Tabla>(name: N): { collection: RxCollection<DocTypes[N]>; indice: IndiceLocal<DocTypes[N]> } | null {
  const session = useSyncSession()
  const collection = session?.collection(name) as RxCollection<DocTypes[N]> | undefined
  return useMemo(() => (collection ? { collection, indice: indiceDe(name, collection) } : null), [collection, name])
}

/**
 * Starts both lookups once this render is committed, so the first card opened from the
 * screen finds them built (one scan of each table per session, kept after the screen).
 */
export function usePrepararLecturasPorCliente(): void {
  const session = useSyncSession()
  useEffect(() => {
    const citas = session?.collection('tb_citas') as RxCollection<CitaDoc> | undefined
    const pagos = session?.collection('tb_pagos_citas') as RxCollection<PagoCitaDoc> | undefined
    if (!citas || !pagos) return
    // A task of its own after the commit: the screen is drawn first (as usePrefetchCitasDias).
    const timer = setTimeout(() => {
      indiceDe('tb_citas', citas)
      indiceDe('tb_pagos_citas', pagos)
    }, 0)
    return () => clearTimeout(timer)
  }, [session])
}

export interface DocsPorClaves<R> {
  /** False until the lookup is built and the documents of its ids have answered once. */
  listo: boolean
  rows: readonly R[]
  error: Error | null
  /** The ids read (sorted), so a dependent read can start in the same render. */
  ids: readonly string[]
}

const NONE: readonly never[] = []
const SEP = '\n'

/**
 * The live documents of `name` filed under any of `claves`, mapped with `mapRow` (a
 * stable, module-level function). After the first answer, a change of ids keeps the
 * previous rows until the new ones answer (no 'Cargando…' flash in an open card).
 */
export function useDocsPorClaves<N extends Tabla, R>(name: N, claves: readonly string[], mapRow: (doc: DocTypes[N]) => R): DocsPorClaves<R> {
  const leido = useIndice(name)
  const clavesKey = claves.join(SEP)
  const subscribe = useCallback((onChange: () => void) => (leido ? leido.indice.subscribe(clavesKey ? clavesKey.split(SEP) : [], onChange) : () => {}), [leido, clavesKey])
  // A string, so an unchanged answer is the same snapshot; null until the lookup is built.
  const snapshot = () => (leido ? (leido.indice.ids(clavesKey ? clavesKey.split(SEP) : [])?.join(SEP) ?? null) : null)
  const idsKey = useSyncExternalStore(subscribe, snapshot, snapshot)
  const [leidas, setLeidas] = useState<{ idsKey: string; rows: readonly R[]; error: Error | null } | null>(null)

  useEffect(() => {
    if (!leido || idsKey === null) return
    const primaria = leido.collection.schema.primaryPath as string
    const ids = idsKey ? idsKey.split(SEP) : []
    // By primary key: RxDB reads these from its document cache or by id, never by a scan.
    const sub = leido.collection
      .find({ selector: { [primaria]: { $in: ids } } } as never)
      .$.pipe(map((docs) => docs.map((d) => mapRow(d.toJSON() as DocTypes[N]))))
      .subscribe({
        next: (rows) => setLeidas({ idsKey, rows, error: null }),
        error: (error: Error) => setLeidas({ idsKey, rows: NONE, error }),
      })
    return () => sub.unsubscribe()
  }, [leido, idsKey, mapRow])

  const error = leido?.indice.error ?? leidas?.error ?? null
  return useMemo(
    () => ({ listo: leidas !== null, rows: leidas?.rows ?? NONE, error, ids: idsKey ? idsKey.split(SEP) : NONE }),
    [leidas, error, idsKey],
  )
}
