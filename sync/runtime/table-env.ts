/**
 * What each table's replication may use of its session, and what it tells it
 * (replication/table-sync.ts, `TableSyncEnv`): a pulled page, the end of what the server
 * gives, a push answered, an unexpected error. The session (sync/session.ts) wires its
 * parts in here once per table.
 */
import type { SyncBackend } from '../replication/backend.ts'
import type { WindowsFirst } from '../replication/first-window.ts'
import { isStoppedError } from '../replication/retry.ts'
import type { TableSyncEnv } from '../replication/table-sync.ts'
import type { ErrorBoard } from '../status/error-board.ts'
import type { PendingCounter } from '../status/pending-counter.ts'
import type { ProblemLog } from '../status/problem-log.ts'
import { dispatch, patchCollection, type SyncStatusStore } from '../status/status-store.ts'
import type { AuthKeeper } from './auth-keeper.ts'
import type { InitialSyncTracker } from './initial-sync.ts'
import type { VisibilityChecks } from './visibility.ts'
import type { Waker } from './waker.ts'

export interface SessionParts {
  windowsFirst: WindowsFirst
  backend: SyncBackend
  /** The backend URL: checkpoints of different servers never mix. */
  identifier: string
  batch: { pull: number; push: number }
  problems: ProblemLog
  auth: AuthKeeper
  waker: Waker
  status: SyncStatusStore
  errors: ErrorBoard
  visibility: VisibilityChecks
  pending: PendingCounter
  /** Loaded after the replications are built, read only once they run. */
  initial: () => InitialSyncTracker
  /** Counted afresh, not the debounced figures of the status store. */
  pendingCounts: () => Promise<Record<string, number>>
  closed: () => boolean
  log: (message: string) => void
}

export function tableSyncEnv(parts: SessionParts): TableSyncEnv {
  const { status, errors, pending } = parts
  const onPulled = (table: string, count: number, caughtUp: boolean) => {
    errors.clear(`pull:${table}`, `unexpected:${table}`)
    const at = new Date().toISOString()
    patchCollection(status, table, { lastPulledAt: at })
    parts.initial().onPulled(table, count, caughtUp)
    dispatch(status, { type: 'pulled', table, rows: count, caughtUp, at })
  }
  return {
    windowsFirst: parts.windowsFirst,
    backend: parts.backend,
    identifier: parts.identifier,
    problems: parts.problems,
    batch: parts.batch,
    retryContext: (stopped, source) => parts.auth.retryContext(stopped, source),
    pause: (ms) => parts.waker.sleep(ms),
    onPulled,
    onReachedEnd: (table, held) => {
      if (!held) onPulled(table, 0, true)
      parts.visibility.afterReachedEnd(table, held)
    },
    onPushed: (table, sent) => {
      errors.clear(`push:${table}`, `unexpected:${table}`)
      // Only a request that was answered says the server is there: a cycle whose rows
      // were all skipped sent nothing (after a reload with the server out of reach it
      // made the header say 'En línea', docs/decisions/0035-estado-de-sincronizacion.md).
      if (sent > 0) dispatch(status, { type: 'server-answered' })
      pending.schedule(table, 0)
    },
    countPendingAgain: (table, debounced = false) => pending.schedule(table, debounced ? undefined : 0),
    onUnexpectedError: (table, error) => {
      if (parts.closed()) return
      if (isStoppedError(error)) {
        parts.log(`${table}: ciclo detenido (pausa o cierre)`)
        return
      }
      parts.log(`${table}: ${String((error as Error)?.message ?? error)}`)
      errors.set(`unexpected:${table}`, { message: `Error inesperado al sincronizar ${table}.`, collection: table })
    },
    // Only other tables: this table's waiting writes queue behind the batch being retried
    // (RxDB uploads a table's batches one at a time), so they cannot bring its parent
    // meanwhile. Counting them kept a refused delete retrying for ~30 s while the next
    // write of its table waited (docs/decisions/0024).
    othersPending: async (table) => {
      const counts = await parts.pendingCounts()
      return Object.entries(counts).some(([name, n]) => name !== table && n > 0)
    },
    newId: () => crypto.randomUUID(),
    log: parts.log,
  }
}
