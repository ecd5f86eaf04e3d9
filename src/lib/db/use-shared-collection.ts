/**
 * A small reference table (specialists, treatments, hours, payment methods), live, with one
 * subscription per device database shared by every screen and kept live a while after the
 * last one unmounts (src/lib/db/live-cache.ts). A screen opened again renders with the
 * table in its first render instead of drawing empty names and re-rendering once per table
 * as each query answers (docs/decisions/0025-agenda-velocidad.md).
 */
import { useCallback, useSyncExternalStore } from 'react'
import type { RxCollection } from 'rxdb'
import { map } from 'rxjs'
import type { CollectionName, DocTypes } from '@sync/tables/product-tables.ts'
import { LiveCache, type LiveSnapshot } from './live-cache.ts'
import type { LiveQueryResult } from './use-live-query.ts'
import { useSyncSession } from './use-sync-status.ts'

const caches = new WeakMap<RxCollection, LiveCache<unknown>>()
/** The cache's one key: the whole table. */
const ALL = 'all'
const LOADING: LiveQueryResult<never> = { data: [], loading: true, error: null }
/** One result object per answer, so React sees a stable snapshot. */
const results = new WeakMap<LiveSnapshot<unknown>, LiveQueryResult<unknown>>()

function cacheOf(collection: RxCollection): LiveCache<unknown> {
  let cache = caches.get(collection)
  if (!cache) {
    const query = () => collection.find().$.pipe(map((docs) => docs.map((d) => d.toJSON() as unknown)))
    caches.set(collection, (cache = new LiveCache(query)))
  }
  return cache
}

/** Every (non-deleted) document of a small table, as useLiveQuery(name) answers it. */
export function useSharedCollection<N extends CollectionName>(name: N): LiveQueryResult<DocTypes[N]> {
  const session = useSyncSession()
  const collection = session?.collection(name) as RxCollection | undefined
  const cache = collection ? cacheOf(collection) : null
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!cache) return () => {}
      const stop = cache.subscribe(ALL, onChange)
      onChange() // the answer may have arrived between render and subscription
      return stop
    },
    [cache],
  )
  const snapshot = () => {
    const snap = cache?.snapshot(ALL)
    if (!snap) return LOADING
    let result = results.get(snap)
    if (!result) results.set(snap, (result = { data: snap.rows as unknown[], loading: false, error: snap.error }))
    return result
  }
  return useSyncExternalStore(subscribe, snapshot, snapshot) as LiveQueryResult<DocTypes[N]>
}
