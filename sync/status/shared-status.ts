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
import { transition } from './status-machine.ts'
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

/**
 * Leader: publishes the status for the other tabs. Returns the stop function, which
 * writes a change still waiting for its debounce: a page reloaded right after its last
 * download finished would otherwise leave the next page a document from before it.
 */
export function publishSharedStatus(db: RxDatabase, status: SyncStatusStore, closed: () => boolean): () => Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let waiting: SyncStatus | null = null
  let last: Pick<Shared, 'pendingKnown' | 'pendingTotal'> | null = null
  const write = (s: SyncStatus): Promise<void> => {
    clearTimeout(timer)
    waiting = null
    const data: Shared = {
      collections: s.collections,
      pendingKnown: s.pendingKnown,
      pendingTotal: s.pendingTotal,
      initialSync: s.initialSync,
      error: s.error,
      model: s.model,
      publishedAt: Date.now(),
    }
    return (db as unknown as LocalDocs).upsertLocal(DOC_ID, { ...data }).then(
      () => {},
      () => {},
    )
  }
  const unsubscribe = status.subscribe((s) => {
    if (closed()) return
    // Its status machine's model is what the other tabs render (docs/decisions/0035).
    if (!last || last.pendingKnown !== s.pendingKnown || last.pendingTotal !== s.pendingTotal) {
      last = { pendingKnown: s.pendingKnown, pendingTotal: s.pendingTotal }
      void write(s)
      return
    }
    clearTimeout(timer)
    waiting = s
    timer = setTimeout(() => void write(s), 250)
  })
  return async () => {
    unsubscribe()
    if (waiting) await write(waiting)
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
    status.setState((s) => {
      // The tab's own model goes on aside, kept by the same events (status-store.ts).
      const own = s.ownModel ?? s.model
      return {
        initialSync: shared.initialSync ?? null,
        error: shared.error ?? null,
        pendingKnown: shared.pendingKnown === true,
        ownModel: own,
        // The leader's model, but this tab's own network (the same device: the same answer,
        // only sooner). Whether the server answers is taken only from a write made while
        // this tab is open: after a reload the document still holds the previous page's
        // 'reachable', and the header said 'En línea' with the internet gone (0035).
        model: shared.model
          ? {
              ...shared.model,
              network: own.network,
              server: live ? shared.model.server : own.server,
            }
          : s.model,
      }
    })
  })
}

/**
 * On becoming the leader: the tab stops showing what it mirrored, which may be a stale
 * document left by an earlier page (a reload, a closed session), and shows its own model
 * with `complete`, the first downloads the device finished, read again now since a
 * leader that closed may have finished some while this tab mirrored it. Its last sync
 * never moves back (status-machine.ts).
 */
export function endMirror(status: SyncStatusStore, complete: readonly string[]): void {
  status.setState((s) => {
    if (!s.ownModel) return s
    const model = transition(s.ownModel, { type: 'restored', complete, lastSyncAt: s.model.lastSyncAt })
    return { ...s, model, ownModel: null }
  })
}
