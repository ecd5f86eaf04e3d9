/**
 * A screen's table, live from the local database, with its writes: the generalisation
 * of what Pacientes proved (docs/decisions/0005-back-office-kit.md). Reads update by
 * themselves (this device, other tabs, sync); writes land locally at once, offline
 * too, and the sync layer uploads them.
 *
 *   const tratamientos = useCollection('tb_tratamientos', { query: newestFirst, map: toTratamiento })
 *   tratamientos.status   // 'loading' | 'ready' | 'error' | 'no-local-data'
 *   await tratamientos.create({ nombre, costo, … })   // the id is made on the device
 */
import { useMemo, type DependencyList } from 'react'
import type { MangoQuery } from 'rxdb'
import { productTables, type CollectionName, type DocTypes } from '@sync/tables/product-tables.ts'
import type { SyncStatus } from '@sync/status/types.ts'
import { useLiveQuery } from './use-live-query.ts'
import { useSyncStatus } from './use-sync-status.ts'
import { insertDoc, newId, patchDoc, removeDoc } from './writes.ts'

export type CollectionStatus = 'loading' | 'ready' | 'error' | 'no-local-data'

export interface CollectionState<N extends CollectionName, R> {
  status: CollectionStatus
  rows: readonly R[]
  error: Error | null
  /** Inserts a row; its primary key is created on the device when not given. */
  create(data: Partial<DocTypes[N]>): Promise<DocTypes[N]>
  update(id: string, patch: Partial<DocTypes[N]>): Promise<DocTypes[N]>
  /** 'Eliminar': a soft delete the server learns on the next sync. */
  remove(id: string): Promise<void>
}

export interface CollectionOptions<N extends CollectionName, R> {
  /** Mango query (selector, sort) or a function building one from `deps`. */
  query?: MangoQuery<DocTypes[N]> | (() => MangoQuery<DocTypes[N]>)
  deps?: DependencyList
  /** Turns a document into the screen's row type; must be a stable (module-level) function. */
  map?: (doc: DocTypes[N]) => R
}

const primaryKeys = Object.fromEntries(productTables.map((t) => [t.name, t.primaryKey])) as Record<CollectionName, string>

/** The device has not finished its first download: an empty table says nothing yet. */
export function awaitingFirstSync(status: SyncStatus): boolean {
  return status.initialSync !== null && !status.initialSync.done
}

export function useCollection<N extends CollectionName, R = DocTypes[N]>(name: N, options: CollectionOptions<N, R> = {}): CollectionState<N, R> {
  const { query, deps = [], map } = options
  const { data, loading, error } = useLiveQuery(name, query, deps)
  const noLocalData = useSyncStatus(awaitingFirstSync)
  const rows = useMemo(() => (map ? data.map(map) : (data as unknown as R[])), [data, map])

  return useMemo(() => {
    const key = primaryKeys[name]
    return {
      status: error ? 'error' : loading ? 'loading' : noLocalData ? 'no-local-data' : 'ready',
      rows,
      error,
      create: (row) => insertDoc(name, { [key]: newId(), ...row } as Partial<DocTypes[N]>),
      update: (id, patch) => patchDoc(name, id, patch),
      remove: (id) => removeDoc(name, id),
    }
  }, [name, rows, loading, error, noLocalData])
}

/** Every live row of a table by primary key, for joining (citas → especialista, tratamiento). */
export function useLookup<N extends CollectionName>(name: N): ReadonlyMap<string, DocTypes[N]> {
  const { data } = useLiveQuery(name)
  return useMemo(() => {
    const key = primaryKeys[name] as keyof DocTypes[N]
    return new Map(data.map((d) => [String(d[key]), d]))
  }, [data, name])
}
