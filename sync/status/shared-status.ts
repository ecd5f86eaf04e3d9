/**
 * The status shared between tabs: only the leader tab replicates and counts the upload
 * queue (docs/decisions/0003-sync.md), so it publishes its figures in a local document
 * and the other tabs mirror them. A change of what is waiting is written at once (a tab
 * reloaded right after a write must not read an older "nothing waiting"); progress and
 * errors are debounced.
 */
import type { RxDatabase } from 'rxdb'
import type { Subscription } from 'rxjs'
import { localDocumentData$ } from '../replication/rxdb-internals.ts'
import { patchCollection, type SyncStatusStore } from './status-store.ts'
import type { SyncStatus } from './types.ts'

const DOC_ID = 'sync-status-shared'
const LIVE_AFTER_MS = 1000

type Shared = Pick<SyncStatus, 'collections' | 'initialSync' | 'error' | 'pendingKnown' | 'pendingTotal' | 'model'> & {
  /** Epoch ms of the write: a document left by an earlier page says nothing of the server now. */
  publishedAt: number
}

interface LocalDocs {
  upsertLocal(id: string, data: Record<string, unknown>): Promise<unknown>
}

/** Leader: publishes the status for the other tabs. Returns the stop function. */
export function publishSharedStatus(db: RxDatabase, status: SyncStatusStore, closed: () => boolean): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let last: Pick<Shared, 'pendingKnown' | 'pendingTotal'> | null = null
  const write = (s: SyncStatus) => {
    if (closed()) return
    const data: Shared = {
      collections: s.collections,
      pendingKnown: s.pendingKnown,
      pendingTotal: s.pendingTotal,
      initialSync: s.initialSync,
      error: s.error,
      model: s.model,
      publishedAt: Date.now(),
    }
    void (db as unknown as LocalDocs).upsertLocal(DOC_ID, { ...data }).catch(() => {})
  }
  const unsubscribe = status.subscribe((s) => {
    clearTimeout(timer)
    // Its status machine's model is what the other tabs render (docs/decisions/0035).
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
  const startedAt = Date.now()
  let first = true
  return localDocumentData$(db, DOC_ID).subscribe((data) => {
    // The first emission is what storage held when this tab opened: written by an
    // earlier page, however recent its time.
    const stored = first
    first = false
    if (!data || isLeader()) return
    const shared = data as Partial<Shared>
    // On a reload Chromium may start the new page while the old one still runs its last
    // timers, so a write from the dying page can arrive after this tab opened: only a
    // write made a second or more after that is taken as a live leader's.
    const live = !stored && (shared.publishedAt ?? 0) >= startedAt + LIVE_AFTER_MS
    for (const [name, c] of Object.entries(shared.collections ?? {})) patchCollection(status, name, c)
    status.setState((s) => ({
      initialSync: shared.initialSync ?? null,
      error: shared.error ?? null,
      pendingKnown: shared.pendingKnown === true,
      // The leader's model, but this tab's own network (the same device: the same answer,
      // only sooner). Whether the server answers is taken only from a write made while
      // this tab is open: after a reload the document still holds the previous page's
      // 'reachable', and the header said 'En línea' with the internet gone (0035).
      model: shared.model
        ? {
            ...shared.model,
            network: s.model.network,
            server: live ? shared.model.server : s.model.server,
          }
        : s.model,
    }))
  })
}
