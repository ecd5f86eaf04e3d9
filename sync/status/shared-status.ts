/**
 * The status shared between tabs: only the leader tab replicates and counts the upload
 * queue (docs/decisions/0003-sync.md), so it publishes its figures in a local document
 * and the other tabs mirror them. A change of what is waiting is written at once (a tab
 * reloaded right after a write must not read an older "nothing waiting"); progress and
 * errors are debounced.
 */
import type { RxDatabase } from 'rxdb'
import type { Observable, Subscription } from 'rxjs'
import { patchCollection, type SyncStatusStore } from './status-store.ts'
import type { SyncStatus } from './types.ts'

const DOC_ID = 'sync-status-shared'

type Shared = Pick<SyncStatus, 'collections' | 'initialSync' | 'error' | 'pendingKnown' | 'pendingTotal'>

interface LocalDocs {
  upsertLocal(id: string, data: Record<string, unknown>): Promise<unknown>
  getLocal$(id: string): Observable<{ toJSON(): { data: unknown } } | null>
}

/** Leader: publishes the status for the other tabs. Returns the stop function. */
export function publishSharedStatus(db: RxDatabase, status: SyncStatusStore, closed: () => boolean): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let last: Pick<Shared, 'pendingKnown' | 'pendingTotal'> | null = null
  const write = (s: SyncStatus) => {
    if (closed()) return
    const data: Shared = { collections: s.collections, pendingKnown: s.pendingKnown, pendingTotal: s.pendingTotal, initialSync: s.initialSync, error: s.error }
    void (db as unknown as LocalDocs).upsertLocal(DOC_ID, { ...data }).catch(() => {})
  }
  const unsubscribe = status.subscribe((s) => {
    clearTimeout(timer)
    if (!last || last.pendingKnown !== s.pendingKnown || last.pendingTotal !== s.pendingTotal) {
      last = { pendingKnown: s.pendingKnown, pendingTotal: s.pendingTotal }
      write(s)
      return
    }
    timer = setTimeout(() => write(s), 250)
  })
  return () => {
    clearTimeout(timer)
    unsubscribe()
  }
}

/** Other tabs: mirror the leader's figures until this tab becomes the leader. */
export function mirrorSharedStatus(db: RxDatabase, status: SyncStatusStore, isLeader: () => boolean): Subscription {
  return (db as unknown as LocalDocs).getLocal$(DOC_ID).subscribe((doc) => {
    if (!doc || isLeader()) return
    const shared = doc.toJSON().data as Partial<Shared>
    for (const [name, c] of Object.entries(shared.collections ?? {})) patchCollection(status, name, c)
    status.setState({ initialSync: shared.initialSync ?? null, error: shared.error ?? null, pendingKnown: shared.pendingKnown === true })
  })
}
