/**
 * The observable sync status (framework-free: a zustand vanilla store, read by React
 * through src/lib/db with useSyncExternalStore semantics, and by tests directly).
 */
import { createStore, type StoreApi } from 'zustand/vanilla'
import { transition, type SyncEvent } from './status-machine.ts'
import { initialStatus, withTotals, type CollectionStatus, type SyncStatus } from './types.ts'

export type SyncStatusStore = StoreApi<SyncStatus>

export function createSyncStatusStore(tables: readonly string[], online: boolean, isAdmin: boolean): SyncStatusStore {
  return createStore<SyncStatus>()(() => initialStatus(tables, online, isAdmin))
}

/** Merges per-collection figures and recomputes the totals. */
export function patchCollection(store: SyncStatusStore, table: string, patch: Partial<CollectionStatus>) {
  store.setState((s) => {
    const current = s.collections[table] ?? { pending: 0, oldestPendingAt: null, lastPulledAt: null }
    const next = { ...current, ...patch }
    if (
      next.pending === current.pending &&
      next.oldestPendingAt === current.oldestPendingAt &&
      next.lastPulledAt === current.lastPulledAt
    ) {
      return s
    }
    return withTotals({ ...s, collections: { ...s.collections, [table]: next } })
  })
}

/** Drops a collection from the status (admin-only collections after a demotion). */
export function removeCollectionStatus(store: SyncStatusStore, table: string) {
  store.setState((s) => {
    if (!(table in s.collections)) return s
    const collections = { ...s.collections }
    delete collections[table]
    const event = { type: 'table-removed', table } as const
    return withTotals({ ...s, collections, model: transition(s.model, event), ownModel: s.ownModel && transition(s.ownModel, event) })
  })
}

/**
 * Feeds one event to the status machine (status-machine.ts), and to the tab's own model
 * while it mirrors the leader's; no change, no notification.
 */
export function dispatch(store: SyncStatusStore, event: SyncEvent) {
  store.setState((s) => {
    const model = transition(s.model, event)
    const ownModel = s.ownModel && transition(s.ownModel, event)
    return model === s.model && ownModel === s.ownModel ? s : { ...s, model, ownModel }
  })
}
