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
import { LocalLookup } from './local-lookup.ts'
import { useSyncSession } from './use-sync-status.ts'

type Table = 'tb_citas' | 'tb_pagos_citas'

/** A payment is filed under its cita's id. */
export function clavePagoDeCita(idCita: string): string {
  return `c:${idCita.toLowerCase()}`
}

const CLAVES: { [N in Table]: (doc: DocTypes[N]) => readonly string[] } = {
  tb_citas: (c: CitaDoc) => clavesCita(c),
  tb_pagos_citas: (p: PagoCitaDoc) => [clavePagoDeCita(p.id_cita)],
}

const lookups = new WeakMap<RxCollection, LocalLookup<unknown>>()

/** The session's lookup for `name`, started on first use and kept for the session. */
export function lookupFor<N extends Table>(name: N, collection: RxCollection<DocTypes[N]>): LocalLookup<DocTypes[N]> {
  let lookup = lookups.get(collection as RxCollection)
  if (!lookup) lookups.set(collection as RxCollection, (lookup = new LocalLookup(collection, CLAVES[name]) as LocalLookup<unknown>))
  return lookup as LocalLookup<DocTypes[N]>
}

function useLookup<N extends Table>(name: N): { collection: RxCollection<DocTypes[N]>; lookup: LocalLookup<DocTypes[N]> } | null {
  const session = useSyncSession()
  const collection = session?.collection(name) as RxCollection<DocTypes[N]> | undefined
  return useMemo(() => (collection ? { collection, lookup: lookupFor(name, collection) } : null), [collection, name])
}

/**
 * Starts both lookups once this render is committed, so the first card opened from the
 * screen finds them built (one scan of each table per session, kept after the screen).
 */
export function usePrepareClienteLookups(): void {
  const session = useSyncSession()
  useEffect(() => {
    const citas = session?.collection('tb_citas') as RxCollection<CitaDoc> | undefined
    const pagos = session?.collection('tb_pagos_citas') as RxCollection<PagoCitaDoc> | undefined
    if (!citas || !pagos) return
    // A task of its own after the commit: the screen is drawn first (as usePrefetchCitasDias).
    const timer = setTimeout(() => {
      lookupFor('tb_citas', citas)
      lookupFor('tb_pagos_citas', pagos)
    }, 0)
    return () => clearTimeout(timer)
  }, [session])
}

export interface DocsByKeys<R> {
  /** False until the lookup is built and the documents of its ids have answered once. */
  ready: boolean
  rows: readonly R[]
  error: Error | null
  /** The ids read (sorted), so a dependent read can start in the same render. */
  ids: readonly string[]
}

const NONE: readonly never[] = []
const SEP = '\n'

/**
 * The live documents of `name` filed under any of `keys`, mapped with `mapRow` (a
 * stable, module-level function). After the first answer, a change of ids keeps the
 * previous rows until the new ones answer (no 'Cargando…' flash in an open card).
 */
export function useDocsByKeys<N extends Table, R>(name: N, keys: readonly string[], mapRow: (doc: DocTypes[N]) => R): DocsByKeys<R> {
  const built = useLookup(name)
  const keysKey = keys.join(SEP)
  const subscribe = useCallback((onChange: () => void) => (built ? built.lookup.subscribe(keysKey ? keysKey.split(SEP) : [], onChange) : () => {}), [built, keysKey])
  // A string, so an unchanged answer is the same snapshot; null until the lookup is built.
  const snapshot = () => (built ? (built.lookup.ids(keysKey ? keysKey.split(SEP) : [])?.join(SEP) ?? null) : null)
  const idsKey = useSyncExternalStore(subscribe, snapshot, snapshot)
  const [answer, setAnswer] = useState<{ idsKey: string; rows: readonly R[]; error: Error | null } | null>(null)

  useEffect(() => {
    if (!built || idsKey === null) return
    const primaryPath = built.collection.schema.primaryPath as string
    const ids = idsKey ? idsKey.split(SEP) : []
    // By primary key: RxDB reads these from its document cache or by id, never by a scan.
    const sub = built.collection
      .find({ selector: { [primaryPath]: { $in: ids } } } as never)
      .$.pipe(map((docs) => docs.map((d) => mapRow(d.toJSON() as DocTypes[N]))))
      .subscribe({
        next: (rows) => setAnswer({ idsKey, rows, error: null }),
        error: (error: Error) => setAnswer({ idsKey, rows: NONE, error }),
      })
    return () => sub.unsubscribe()
  }, [built, idsKey, mapRow])

  const error = built?.lookup.error ?? answer?.error ?? null
  return useMemo(
    () => ({ ready: answer !== null, rows: answer?.rows ?? NONE, error, ids: idsKey ? idsKey.split(SEP) : NONE }),
    [answer, error, idsKey],
  )
}
