/**
 * Replication of one table: RxDB's replication engine (replicateRxCollection) with our
 * pull and push handlers and conflict handler.
 *
 * Pull: pages of `sync_pull` after the checkpoint (_xid, pk); the server only returns
 * rows of finished transactions, so a late commit is never skipped. Realtime and
 * timers only ask for a pull (reSync); no checkpoint ever comes from elsewhere.
 *
 * Push: one `sync_push` call per batch, every row judged on its own. For each row the
 * server answers applied (nothing returned), conflict (its current row: RxDB calls our
 * conflict handler, which merges three-way and logs what this device lost) or refused
 * (recorded in 'Problemas de sincronización'; the server's state is handed to RxDB as
 * the "conflict" and our handler takes it verbatim, so the device converges and the
 * queue moves on). A refused insert becomes a local tombstone.
 *
 * Parking (sign-out with writes that cannot upload, docs/decisions/0035 §3): the push
 * sends nothing more and hands each waiting write to `park` with the server state it
 * was made on; that state goes back to RxDB as the "conflict", so the record returns
 * to what the server last said and the queue empties without uploading anything.
 */
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import type { RxConflictHandler, RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb'
import type { AnyCollection } from '../database.ts'
import { threeWayMerge } from '../merge/three-way-merge.ts'
import { conflictEntries } from '../merge/conflict-entries.ts'
import { fromServerRow, pushColumns, sameDocument, sameWritableState, type LocalDoc, type Row } from '../tables/rows.ts'
import type { TableDef } from '../tables/table-def.ts'
import type { ProblemLog } from '../status/problem-log.ts'
import type { ParkedWrite } from '../status/types.ts'
import { nowTimestamp } from '../values/canonical.ts'
import type { SyncBackend } from './backend.ts'
import { PendingUploads } from './pending-uploads.ts'
import { isStoppedError, retrying, type RetryContext } from './retry.ts'
import { downstreamStored, replicationStarted } from './rxdb-internals.ts'
import { HeldRetry } from './held-retry.ts'
import { parkRows } from './parking.ts'
import { readFirstWindow, type WindowsFirst } from './first-window.ts'
import { operationOf } from './push-lookups.ts'
import { sendPush, type PendingWork, type PushSender, type SendOutcome } from './push-send.ts'
import { nextTask } from '../runtime/next-task.ts'

export interface PullCheckpoint {
  xid: string
  id: string | null
  /** Tombstones below this xid predate the device (see sync_pull). */
  floor: string | null
  /**
   * A new device reading the table's first window (docs/decisions/0055-hoy-primero.md):
   * the last primary key read so far; null once the window is read. Always set on a table
   * that has one: RxDB merges the checkpoints of one pull loop key by key.
   */
  window?: string | null
}

export interface TableSyncEnv {
  backend: SyncBackend
  /** Distinguishes servers (and so checkpoints): the backend URL. */
  identifier: string
  problems: ProblemLog
  batch: { pull: number; push: number }
  /** `source` names what is being retried, so its error clears when that succeeds again. */
  retryContext(stopped: () => boolean, source: string): RetryContext
  pause(ms: number): Promise<void>
  /** A batch arrived (`caughtUp` false), or the last one is stored (count 0, `caughtUp` true). */
  onPulled(table: string, count: number, caughtUp: boolean): void
  /**
   * The last batch of what the server gives now is stored; `held` when the server said it
   * withheld committed rows behind an open transaction (the table is not caught up then).
   */
  onReachedEnd(table: string, held: boolean): void
  /**
   * A push cycle ended: `sent` rows went to the server and were answered (0 when every
   * row was skipped locally, and no request left: that says nothing of the server).
   */
  onPushed(table: string, sent: number): void
  /**
   * A count of what waits, taken before, is stale: at once when the upload checkpoint
   * moved or the replication started (a count asked before found no queue to read; on a
   * busy tablet the start takes seconds), `debounced` when the bookkeeping changed while
   * the last count found something waiting.
   */
  countPendingAgain(table: string, debounced?: boolean): void
  onUnexpectedError(table: string, error: unknown): void
  /** The first pages of tables without a window wait for the windows (first-window.ts). */
  windowsFirst: WindowsFirst
  /** Local writes of other tables are still waiting to upload. */
  othersPending(table: string): Promise<boolean>
  newId(): string
  log(message: string): void
}

export class TableSync {
  replication: RxReplicationState<Record<string, unknown>, PullCheckpoint> | null = null
  /** Last pull checkpoint seen this session (visibility tombstones are emitted with it). */
  lastCheckpoint: PullCheckpoint | undefined
  /** Server states forced after a refusal, taken verbatim by the conflict handler. */
  private readonly forced = new Map<string, LocalDoc>()
  private stoppedFlag = false
  /** Pulls again soon while the server withholds committed rows (docs/decisions/0028). */
  private readonly held = new HeldRetry(() => this.resync())
  /** A pull or push cycle is running. */
  busy = false
  /** Set while the session parks what waits (sign-out): the push sends nothing. */
  private parking: ((writes: ParkedWrite[]) => Promise<void>) | null = null

  constructor(
    readonly def: TableDef,
    private readonly env: TableSyncEnv,
  ) {
    this.sender = { def, env, columns: pushColumns(def), forced: this.forced, stopped: () => this.pushStopped() }
    // onPushed runs inside the push handler, before RxDB records the batch as sent; the
    // checkpoint write that follows asks for the count again.
    this.pending = new PendingUploads(
      def,
      () => this.replication,
      (m) => env.log(m),
      () => env.countPendingAgain(def.name),
      () => env.countPendingAgain(def.name, true),
    )
  }

  private readonly pending: PendingUploads
  private readonly sender: PushSender

  readonly conflictHandler: RxConflictHandler<Record<string, unknown>> = {
    isEqual: (a, b) => sameDocument(this.def, a as Row, b as Row),
    resolve: async ({ assumedMasterState, realMasterState, newDocumentState }) => {
      const id = String(realMasterState[this.def.primaryKey])
      const forced = this.forced.get(id)
      if (forced) {
        this.forced.delete(id)
        if (sameDocument(this.def, forced, realMasterState as Row)) return realMasterState
      }
      const outcome = threeWayMerge(this.def, {
        base: assumedMasterState as Row | undefined,
        server: realMasterState as LocalDoc,
        local: newDocumentState as LocalDoc,
      })
      const entries = conflictEntries(
        this.def,
        outcome,
        { id, server: realMasterState as Row, local: newDocumentState as Row, at: nowTimestamp() },
        this.env.newId,
      )
      if (entries.length > 0) await this.env.problems.add('conflict', entries)
      return outcome.doc as typeof realMasterState
    },
  }

  start(collection: AnyCollection): void {
    this.replication = replicateRxCollection<Record<string, unknown>, PullCheckpoint>({
      replicationIdentifier: `spa-sync-v1|${this.env.identifier}|${this.def.name}`,
      collection,
      deletedField: '_deleted',
      live: true,
      // Our handlers retry with backoff themselves; RxDB's own loop only sees unexpected errors.
      retryTime: 1000,
      waitForLeadership: true,
      autoStart: true,
      pull: { batchSize: this.env.batch.pull, handler: (cp, size) => this.pull(cp, size) },
      push: { batchSize: this.env.batch.push, handler: (rows) => this.push(rows) },
    })
    this.replication.error$.subscribe((error) => this.env.onUnexpectedError(this.def.name, error))
    void this.replication.startPromise.then(() => {
      if (!this.stopped()) this.env.countPendingAgain(this.def.name)
    })
    this.replication.active$.subscribe((active) => (this.busy = active))
  }

  isActive(): boolean {
    const r = this.replication
    return !!r && !r.isStopped() && !r.isPaused() && replicationStarted(r)
  }

  /** Ask for a pull now (and a re-scan of local changes). */
  resync(): void {
    if (this.isActive()) this.replication!.reSync()
  }

  async cancel(): Promise<void> {
    this.stoppedFlag = true
    this.held.stop()
    this.pending.stop()
    await this.replication?.cancel()
  }

  /**
   * Only a cancelled replication stops a handler. RxDB's pause() is never used: a push
   * interrupted by a pause is dropped from the running cycle while a later queued cycle
   * still advances the upload checkpoint past it (rxdb 17.6), so those writes would never
   * be sent. Offline, the handlers simply wait (retry.ts) and nothing is interrupted.
   */
  private stopped = () => this.stoppedFlag || !this.replication || this.replication.isStopped()
  /** A push also stops waiting once parking began: what it holds is parked instead. */
  private pushStopped = () => this.stopped() || this.parking !== null

  /**
   * From now on every write the push would send is handed to `park` (stored before the
   * record goes back to the server's state) instead; a push waiting for the network
   * gives up its attempt and parks what it held. Until `cancel`.
   */
  startParking(park: (writes: ParkedWrite[]) => Promise<void>): void {
    this.parking = park
  }

  // ---------------------------------------------------------------------------------
  // Pull

  private async pull(checkpoint: PullCheckpoint | undefined, batchSize: number) {
    const window = this.def.firstWindow ? { window: null } : {}
    if (this.def.firstWindow && (!checkpoint || typeof checkpoint.window === 'string')) {
      const first = await this.pullWindow(checkpoint, batchSize).catch((error: unknown) => {
        this.env.windowsFirst.done(this.def.name)
        throw error
      })
      if (first) {
        // The others' first pages wait until this one is stored (first-window.ts).
        void downstreamStored(this.replication!).then(() => this.env.windowsFirst.done(this.def.name))
        return first
      }
      this.env.windowsFirst.done(this.def.name)
      // Nothing (more) in the window: the general pull starts, under the window's floor.
      if (checkpoint) checkpoint = { xid: '0', id: null, floor: checkpoint.floor, window: null }
    } else if (this.def.firstWindow) {
      this.env.windowsFirst.done(this.def.name)
    } else if (!checkpoint) {
      await this.env.windowsFirst.wait()
    }
    const ctx = this.env.retryContext(this.stopped, `pull:${this.def.name}`)
    const page = await retrying(ctx, () =>
      this.env.backend.pull(this.def.name, {
        afterXid: checkpoint?.xid ?? '0',
        afterId: checkpoint?.id ?? null,
        limit: batchSize,
        floor: checkpoint?.floor ?? null,
        fresh: !checkpoint,
      }),
    )
    const documents = page.rows.map((row) => fromServerRow(this.def, row))
    // RxDB stores what the handler returns in the same task: a full page's conversion and
    // its storing, each long on a slow tablet, go in tasks of their own (0064).
    if (documents.length >= 100) await nextTask()
    const last = page.rows.at(-1)
    const floor = checkpoint?.floor ?? page.floor
    const next: PullCheckpoint | undefined = last
      ? { xid: String(last._xid), id: String(last[this.def.primaryKey]), floor, ...window }
      : checkpoint
    if (next) this.lastCheckpoint = next
    this.env.onPulled(this.def.name, documents.length, false)
    // A full page is followed by another pull anyway; the end of what the server gives
    // now may not be all it holds.
    if (documents.length < batchSize) this.held.saw(page.held)
    // The end is told once this last batch is stored, not when the handler returns it:
    // until then a screen would read an empty table while the device says its first
    // download is done, and show 'Aún no hay …' instead of 'Este equipo aún no tiene datos'.
    // With `held` the table is not caught up (docs/decisions/0028-pull-retenido.md): a new
    // device would call its first download done without those rows. The held retry pulls
    // again and tells it then.
    if (documents.length < batchSize) void downstreamStored(this.replication!).then(() => this.env.onReachedEnd(this.def.name, page.held))
    return { documents, checkpoint: next }
  }

  /** A page of the first window, or null once it holds nothing more (first-window.ts). */
  private async pullWindow(checkpoint: PullCheckpoint | undefined, batchSize: number) {
    const ctx = this.env.retryContext(this.stopped, `pull:${this.def.name}`)
    const read = () => readFirstWindow(this.def, this.env.backend, ctx, checkpoint, batchSize)
    const early = this.env.windowsFirst.takeEarly(this.def.name, !checkpoint)
    const page = await (early ? early.catch(read) : read())
    if (!page) return null
    this.env.log(`${this.def.name}: ${page.documents.length} fila(s) de los días cercanos antes que el resto`)
    // Not counted in the download's progress: the general pull brings them again.
    this.env.onPulled(this.def.name, 0, false)
    // A short page ends RxDB's pull loop: once it is stored, and its checkpoint with it,
    // ask for the general pull.
    if (page.last) void downstreamStored(this.replication!).then(() => this.resync())
    return { documents: page.documents, checkpoint: page.checkpoint }
  }

  // ---------------------------------------------------------------------------------
  // Push (each batch is sent by push-send.ts)

  private async push(rows: RxReplicationWriteToMasterRow<Record<string, unknown>>[]): Promise<WithDeleted<Record<string, unknown>>[]> {
    const work: PendingWork[] = []
    for (const row of rows) {
      const local = row.newDocumentState as LocalDoc
      const assumed = row.assumedMasterState as LocalDoc | undefined
      // Nothing the server would store differs (e.g. the re-push RxDB makes after a
      // conflict the server won): no request.
      if (assumed && sameWritableState(this.def, assumed, local)) continue
      work.push({ local, assumed, operation: operationOf(local, assumed) })
    }
    const outcome: SendOutcome = { conflicts: [], refused: [], answered: new Set() }
    try {
      if (!this.parking) await sendPush(this.sender, work, outcome)
    } catch (error) {
      if (!this.parking || !isStoppedError(error)) {
        this.env.log(`${this.def.name}: subida de ${work.length} fila(s) interrumpida (${(error as Error).name}: ${(error as Error).message})`)
        throw error
      }
    }
    const parking = this.parking
    const unanswered = parking ? work.filter((w) => !outcome.answered.has(String(w.local[this.def.primaryKey]))) : []
    if (parking) outcome.conflicts.push(...(await parkRows(this.def, unanswered, parking, this.forced)))
    const sent = work.length - unanswered.length
    this.env.log(
      `${this.def.name}: subidas ${sent} fila(s), ${outcome.conflicts.length - outcome.refused.length - unanswered.length} conflicto(s), ${outcome.refused.length} rechazo(s)${unanswered.length > 0 ? `, ${unanswered.length} retenida(s)` : ''}`,
    )
    // Recorded only once the whole batch went through: an attempt abandoned half-way
    // (pause, close) is re-sent later and must not report the same refusal twice.
    await this.env.problems.add('refused', outcome.refused)
    // Parked rows were not sent: they say nothing of the server.
    this.env.onPushed(this.def.name, sent)
    return outcome.conflicts
  }

  // ---------------------------------------------------------------------------------
  // Pending uploads (pending-uploads.ts)

  /** Local documents not yet acknowledged by the server; null when this tab does not replicate. */
  pendingDocuments(options: { full?: boolean; ifStarted?: boolean } = {}): Promise<LocalDoc[] | null> {
    return this.pending.documents(options)
  }

  /**
   * Once what the download has in hand is stored — rows and then their server states, two
   * writes — or after `timeoutMs`. A row read between the two looks like a local change.
   */
  async downloadStored(timeoutMs: number): Promise<void> {
    if (!this.replication) return
    await Promise.race([downstreamStored(this.replication), new Promise((resolve) => setTimeout(resolve, timeoutMs))])
  }

  /** Hands local changes stranded behind the upload checkpoint back to the upload. */
  repairStalled(): Promise<number> {
    return this.pending.repairStalled()
  }
}
