/**
 * A small reference table (specialists, treatments, hours, payment methods), live, with one
 * subscription per device database shared by every screen, and kept live 60 s after the
 * last one unmounts. A screen opened again renders with the table already in its first
 * render instead of drawing empty names and re-rendering once per table as each query
 * answers (docs/decisions/0025-agenda-velocidad.md). Like the agenda's days, a kept table
 * is never stale: its subscription keeps running.
 */
import { useCallback, useSyncExternalStore } from 'react'
import type { RxCollection } from 'rxdb'
import type { CollectionName, DocTypes } from '@sync/tables/product-tables.ts'
import type { LiveQueryResult } from './use-live-query.ts'
import { useSyncSession } from './use-sync-status.ts'

const KEEP_ALIVE_MS = 60_000

interface Shared {
  snap: LiveQueryResult<unknown> | null
  listeners: Set<() => void>
  stop: () => void
  release: ReturnType<typeof setTimeout> | null
}

const shared = new WeakMap<object, Shared>()
const LOADING: LiveQueryResult<never> = { data: [], loading: true, error: null }

function acquire(collection: RxCollection): Shared {
  let entry = shared.get(collection)
  if (!entry) {
    const e: Shared = { snap: null, listeners: new Set(), stop: () => {}, release: null }
    const notify = (snap: LiveQueryResult<unknown>) => {
      e.snap = snap
      for (const l of e.listeners) l()
    }
    shared.set(collection, (entry = e))
    const sub = collection.find().$.subscribe({
      next: (docs) => notify({ data: docs.map((d) => d.toJSON()), loading: false, error: null }),
      error: (error: Error) => notify({ data: [], loading: false, error }),
    })
    e.stop = () => sub.unsubscribe()
  }
  if (entry.release) clearTimeout(entry.release)
  entry.release = null
  return entry
}

/** Every (non-deleted) document of a small table, as useLiveQuery(name) answers it. */
export function useSharedCollection<N extends CollectionName>(name: N): LiveQueryResult<DocTypes[N]> {
  const session = useSyncSession()
  const collection = session?.collection(name) as RxCollection | undefined
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!collection) return () => {}
      const entry = acquire(collection)
      entry.listeners.add(onChange)
      onChange() // the answer may have arrived between render and subscription
      return () => {
        entry.listeners.delete(onChange)
        if (entry.listeners.size > 0) return
        entry.release = setTimeout(() => {
          entry.stop()
          shared.delete(collection)
        }, KEEP_ALIVE_MS)
      }
    },
    [collection],
  )
  const snapshot = () => (collection ? (shared.get(collection)?.snap ?? LOADING) : LOADING)
  return useSyncExternalStore(subscribe, snapshot, snapshot) as LiveQueryResult<DocTypes[N]>
}
