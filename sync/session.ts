/**
 * A sync session: the signed-in user's use of the device database and its replication,
 * from sign-in to sign-out (docs/architecture.md §5, docs/decisions/0003-sync.md,
 * docs/decisions/0023-device-database.md).
 *
 * - Opens the device database (shared by every staff member, sync/device-layout.ts) with
 *   the tables that user may see (admin-only tables only for admins; their local data
 *   is removed when the user is not one). Refuses to open while another user's writes
 *   wait to upload (status/queue-owner.ts); writes parked at a sign-out do not count
 *   (runtime/shift-change.ts): the user's own come back at sign-in.
 * - Replicates every table (only in the leader tab), pulls on realtime hints,
 *   (re)subscriptions, `online`, the page becoming visible and every 60 s; attempts
 *   nothing offline and resumes at once online; follows token refreshes and refreshes
 *   on 401 (runtime/auth-keeper.ts).
 * - Publishes the status store (pending uploads, last sync, first-sync progress, the
 *   current error, refused writes and conflicts).
 * - close({ upload: true }) uploads what is waiting and removes the database, or says
 *   how much could not be uploaded (erasing the device's data); close({ upload: false })
 *   parks what could not upload under this user and keeps everything for the next sign-in.
 */
import type { RxDatabase } from 'rxdb'
import type { Subscription } from 'rxjs'
import { addTableCollections, openDatabase, type AnyCollection } from './database.ts'
import { createSupabaseBackend, type SyncBackend } from './replication/backend.ts'
import { readFirstWindow, readWindowsEarly, WindowsFirst } from './replication/first-window.ts'
import { ReplicationStopped, retrying, type RetryContext } from './replication/retry.ts'
import { onLocalWrite } from './replication/rxdb-internals.ts'
import { TableSync } from './replication/table-sync.ts'
import { dropAdminTables, removeStaleAdminTables, watchAdminFlag } from './runtime/admin-demotion.ts'
import { AuthKeeper } from './runtime/auth-keeper.ts'
import { InitialSyncTracker } from './runtime/initial-sync.ts'
import { scheduleIntegrityCheck } from './runtime/integrity-check.ts'
import { browserNetwork, type NetworkMonitor } from './runtime/network.ts'
import { startPullTriggers } from './runtime/pull-triggers.ts'
import { tableSyncEnv } from './runtime/table-env.ts'
import { VisibilityChecks } from './runtime/visibility.ts'
import { Waker } from './runtime/waker.ts'
import { nextTask } from './runtime/next-task.ts'
import { ErrorBoard } from './status/error-board.ts'
import { PendingCounter } from './status/pending-counter.ts'
import { createProblemLog, followProblems, type ProblemLog } from './status/problem-log.ts'
import { endMirror, mirrorSharedStatus, publishSharedStatus } from './status/shared-status.ts'
import { assertQueueFree, trackQueueOwner } from './status/queue-owner.ts'
import { createParkedStore, type ParkedStore } from './status/parked-writes.ts'
import { followParked, parkPending, restoreParked, setAsideParked, type ShiftEnv } from './runtime/shift-change.ts'
import { pendingCounts, pendingTotal, waitForUpload } from './runtime/upload-wait.ts'
import { closeSession } from './runtime/session-close.ts'
import { keepLastSync, readLastSync } from './status/last-sync.ts'
import { CierresDeCaja } from './cierres/cierres-de-caja.ts'
import { createSyncStatusStore, dispatch, type SyncStatusStore } from './status/status-store.ts'
import { adminFlag, productTables } from './tables/product-tables.ts'
import { UPDATED_AT, type TableDef } from './tables/table-def.ts'

import { PULL_BATCH, type CloseOptions, type CloseResult, type SyncSessionOptions, type SyncUser } from './session-options.ts'

export class SyncSession {
  readonly status: SyncStatusStore
  readonly problems: ProblemLog
  readonly parked: ParkedStore
  /** Cash closes of this device (docs/decisions/0038-cierre-de-caja.md). */
  readonly cierresCaja: CierresDeCaja
  readonly collections: Record<string, AnyCollection> = {}
  private readonly syncs = new Map<string, TableSync>()
  private readonly waker = new Waker()
  private readonly backend: SyncBackend
  private readonly network: NetworkMonitor
  private readonly log: (message: string) => void
  private readonly cleanups: Array<() => void | Promise<void>> = []
  private readonly subscriptions: Subscription[] = []
  private readonly pending: PendingCounter
  private readonly visibility: VisibilityChecks
  private readonly errors: ErrorBoard
  private tables: TableDef[]
  private initial!: InitialSyncTracker
  private readonly auth: AuthKeeper
  private stopTriggers: (() => Promise<void>) | null = null
  private closed = false
  private closing: Promise<CloseResult> | null = null
  private leader = false
  private queueOwner: { stop(): void; flush(): Promise<unknown> } | null = null

  private constructor(
    readonly database: RxDatabase,
    readonly user: SyncUser,
    private readonly options: SyncSessionOptions,
    tables: TableDef[],
  ) {
    this.tables = tables
    this.network = options.network ?? browserNetwork()
    this.log = options.log ?? (() => {})
    this.backend = options.backend ?? createSupabaseBackend(options.supabase, { timeoutMs: options.requestTimeoutMs })
    this.status = createSyncStatusStore(tables.map((t) => t.name), this.network.isOnline(), user.isAdmin)
    this.problems = createProblemLog(database)
    this.parked = createParkedStore(database)
    this.errors = new ErrorBoard(this.status)
    this.cierresCaja = new CierresDeCaja({
      database,
      supabase: options.supabase,
      user: { id: user.id, email: user.email ?? null },
      canSend: () => !this.closed && this.network.isOnline() && this.auth.isSignedIn(),
      newId: () => crypto.randomUUID(),
      log: (message) => this.log(message),
    })
    this.auth = new AuthKeeper({
      supabase: options.supabase,
      network: this.network,
      waker: this.waker,
      errors: this.errors,
      report: (event) => dispatch(this.status, event),
      closed: () => this.closed,
      resume: () => this.resync(),
    })
    this.visibility = new VisibilityChecks({
      sync: (table) => this.syncs.get(table),
      collection: (table) => this.collections[table],
      backend: this.backend,
      retry: (table, op) => retrying(this.sessionRetry(`visibility:${table}`), op),
      errors: this.errors,
      closed: () => this.closed,
      log: (message) => this.log(message),
    })
    this.pending = new PendingCounter({
      status: this.status,
      source: (table) => this.syncs.get(table),
      tables: () => this.tables.map((t) => t.name),
      closed: () => this.closed,
      updatedAt: UPDATED_AT,
      log: (message) => this.log(message),
    })
  }

  static async open(options: SyncSessionOptions): Promise<SyncSession> {
    const all: TableDef[] = [...(options.tables ?? productTables)]
    if (all.length > 12) throw new Error('RxDB open source admite 13 colecciones por contexto: usa 12 como máximo.')
    const tables = all.filter((t) => options.user.isAdmin || !t.adminOnly)
    const multiInstance = options.multiInstance ?? typeof window !== 'undefined'
    const database = await openDatabase({ name: options.databaseName, storage: options.storage, multiInstance })
    try {
      // Another user's writes are waiting here: they must upload under that user's
      // session, so this one does not start (status/queue-owner.ts).
      await assertQueueFree(database, options.user.id)
    } catch (error) {
      await database.close().catch(() => {})
      throw error
    }
    const session = new SyncSession(database, options.user, options, tables)
    try {
      await session.init(all)
    } catch (error) {
      await session.shutdown().catch(() => {})
      await database.close().catch(() => {})
      throw error
    }
    return session
  }

  // ---------------------------------------------------------------------------------
  // Public API

  collection(name: string): AnyCollection | undefined {
    return this.collections[name]
  }

  /** Pull every table now (and re-scan local changes). */
  resync(): void {
    this.waker.wake()
    for (const sync of this.syncs.values()) sync.resync()
    void this.cierresCaja.send()
  }

  /** Local changes not acknowledged by the server, per table (runtime/upload-wait.ts). */
  pendingCounts(options: { full?: boolean } = {}): Promise<Record<string, number>> {
    return pendingCounts(this.syncs, this.status, options)
  }

  pendingTotal(options: { full?: boolean } = {}): Promise<number> {
    return pendingTotal(this.syncs, this.status, options)
  }

  /**
   * Counts what is waiting now and publishes it to the status store, then returns the
   * store's total: the sign-out dialog shows the very figure the header shows.
   */
  refreshPending(): Promise<number> {
    return this.pending.refresh()
  }

  /** True once nothing waits to upload and every replication is idle; false after `timeoutMs`. */
  waitForUpload(timeoutMs: number): Promise<boolean> {
    this.waker.wake()
    return waitForUpload(this.syncs, this.status, timeoutMs, () => this.closed)
  }

  /**
   * An administrator sets another user's parked writes aside: they become refused writes
   * of 'Problemas de sincronización' (docs/decisions/0035 §4). Resolves with how many.
   */
  async setAsideParked(userId: string): Promise<number> {
    if (!this.status.getState().isAdmin) throw new Error('Solo un administrador puede apartar los cambios de otra persona.')
    return setAsideParked(this.parked, this.problems, userId, () => crypto.randomUUID())
  }

  close(options: CloseOptions): Promise<CloseResult> {
    if (!this.closing) {
      this.closing = this.doClose(options).then(
        (result) => {
          // A sign-out that could not upload leaves the session open: allow another try.
          if (!result.removed && options.upload) this.closing = null
          return result
        },
        (error: unknown) => {
          this.closing = null
          throw error
        },
      )
    }
    return this.closing
  }

  // ---------------------------------------------------------------------------------
  // Start-up

  private async init(all: TableDef[]) {
    // Admin-only data from an earlier admin session must not stay on the device.
    if (!this.user.isAdmin) await removeStaleAdminTables(this.database, all)

    this.initial = await InitialSyncTracker.load(
      this.database,
      this.status,
      this.tables.map((t) => t.name),
    )
    const batch = { pull: this.options.batchSize?.pull ?? PULL_BATCH, push: this.options.batchSize?.push ?? 100 }
    const windowsFirst = new WindowsFirst(this.tables.filter((t) => t.firstWindow).map((t) => t.name))
    readWindowsEarly(windowsFirst, this.tables, this.initial.tables(), (def) =>
      readFirstWindow(def, this.backend, this.auth.retryContext(() => this.closed, `pull:${def.name}`), undefined, batch.pull),
    )
    const env = tableSyncEnv({
      windowsFirst,
      backend: this.backend,
      identifier: this.options.serverUrl ?? 'supabase',
      batch,
      problems: this.problems,
      auth: this.auth,
      waker: this.waker,
      status: this.status,
      errors: this.errors,
      visibility: this.visibility,
      pending: this.pending,
      initial: () => this.initial,
      pendingCounts: () => this.pendingCounts(),
      closed: () => this.closed,
      log: this.log,
    })
    for (const def of this.tables) this.syncs.set(def.name, new TableSync(def, env))
    Object.assign(
      this.collections,
      await addTableCollections(this.database, this.tables, (def) => this.syncs.get(def.name)!.conflictHandler),
    )

    // What the device remembers: which first downloads finished, when it last synced.
    dispatch(this.status, { type: 'restored', complete: this.initial.completed(), lastSyncAt: await readLastSync(this.database) })
    this.cleanups.push(keepLastSync(this.database, this.status))

    this.subscriptions.push(...followProblems(this.problems, this.status))
    this.subscriptions.push(followParked(this.parked, this.status, this.user.id))
    for (const def of this.tables) {
      // Only local writes (and conflict resolutions) change what is waiting to upload;
      // the download's writes never do, and during a first sync they are thousands.
      this.subscriptions.push(onLocalWrite(this.collections[def.name]!, () => this.pending.schedule(def.name)))
    }

    this.queueOwner = trackQueueOwner(this.database, this.status, this.user)
    this.cleanups.push(() => this.queueOwner?.stop())
    this.cleanups.push(this.network.subscribe((online) => this.onNetwork(online)))
    this.cleanups.push(this.auth.start())

    // What this user left parked at an earlier sign-out goes back in the queue, under them.
    await restoreParked(this.shiftEnv())
    // The tables with a first window start first: RxDB takes a second or more to start
    // twelve on a slow tablet, and today's list waits for its window (docs/decisions/0065).
    await this.startReplications([...this.tables.filter((t) => t.firstWindow), ...this.tables.filter((t) => !t.firstWindow)])
    if (this.closed) return
    if (!this.network.isOnline()) this.status.setState({ online: false })
    dispatch(this.status, { type: 'network', up: this.network.isOnline() })
    // Writes left waiting by an earlier session show at once, offline too.
    for (const def of this.tables) this.pending.schedule(def.name, 0)
    this.watchAdminFlag()
    this.status.setState({ phase: 'running' })

    // Only the leader tab replicates; the others mirror its status.
    void this.database
      .waitForLeadership()
      .then(() => this.becomeLeader())
      .catch((error: unknown) => this.closed || this.log(`liderazgo: ${String(error)}`))
    if (!this.database.isLeader()) this.subscriptions.push(mirrorSharedStatus(this.database, this.status, () => this.leader))
  }

  /**
   * A few replications per task: the twelve set up in the sign-in's task made it one of the
   * longest on a budget tablet (docs/decisions/0064-descarga-partida-en-tareas.md).
   */
  private async startReplications(defs: readonly TableDef[]) {
    for (const [i, def] of defs.entries()) {
      if (i % 3 === 0) await nextTask()
      if (this.closed) return
      this.syncs.get(def.name)?.start(this.collections[def.name]!)
    }
  }

  private async becomeLeader() {
    if (this.closed) return
    this.leader = true
    // What this tab mirrored may be an earlier page's stale status: it shows its own now.
    await this.initial.refresh()
    if (this.closed) return
    endMirror(this.status, this.initial.completed())
    this.errors.publish()
    this.status.setState({ replicating: true })
    // The counts scheduled at start-up ran before this tab could read the upload queue.
    for (const def of this.tables) this.pending.schedule(def.name, 0)
    const initialTables = this.initial.tables()
    if (initialTables.length > 0) void this.countInitial(initialTables)

    this.stopTriggers = startPullTriggers({
      supabase: this.options.supabase,
      tables: this.tables.map((t) => t.name),
      realtime: this.options.realtime !== false,
      periodicPullMs: this.options.periodicPullMs ?? 60_000,
      pullTable: (table) => this.syncs.get(table)?.resync(),
      pullAll: () => this.resync(),
      log: this.log,
    })
    this.cleanups.push(scheduleIntegrityCheck(this.syncs, this.options.integrityCheckAfterMs ?? 120_000, () => this.closed, this.log))

    // Other tabs read pending counts and progress from here.
    this.cleanups.push(publishSharedStatus(this.database, this.status, () => this.closed))
  }

  private async countInitial(tables: string[]) {
    try {
      const counts = await Promise.all(tables.map((t) => retrying(this.sessionRetry(`count:${t}`), () => this.backend.count(t))))
      this.errors.clear(...tables.map((t) => `count:${t}`))
      const total = counts.reduce((a, b) => a + b, 0)
      this.initial.setTotal(total)
      dispatch(this.status, { type: 'server-answered' })
      dispatch(this.status, { type: 'download-expected', total })
    } catch (error) {
      if (!(error instanceof ReplicationStopped)) this.log(`conteo inicial: ${String(error)}`)
    }
  }

  private shiftEnv(): ShiftEnv {
    return {
      user: this.user,
      tables: this.tables,
      collections: this.collections,
      syncs: this.syncs,
      parked: this.parked,
      problems: this.problems,
      wake: () => this.waker.wake(),
      newId: () => crypto.randomUUID(),
      log: (message) => this.log(message),
    }
  }

  private sessionRetry(source: string): RetryContext {
    return this.auth.retryContext(() => false, source)
  }

  // ---------------------------------------------------------------------------------
  // Events

  private onNetwork(online: boolean) {
    this.status.setState({ online })
    dispatch(this.status, { type: 'network', up: online })
    if (this.closed) return
    // Waiting retries re-check the network when woken: offline they wait, online they go.
    if (online) {
      this.resync()
    } else {
      this.waker.wake()
    }
  }

  // ---------------------------------------------------------------------------------
  // Admin demotion

  private watchAdminFlag() {
    const users = this.collections[adminFlag.table]
    if (!this.user.isAdmin || !users) return
    this.subscriptions.push(watchAdminFlag(users, this.user.id, () => void this.demote()))
  }

  /** The user lost the admin flag: admin-only tables leave the device at once. */
  private async demote() {
    if (!this.status.getState().isAdmin || this.closed) return
    this.status.setState({ isAdmin: false })
    const { database, tables, syncs, collections, status, problems, initial } = this
    await dropAdminTables({ database, tables, syncs, collections, status, problems, initial }, (left) => (this.tables = left))
    this.log('el usuario ya no es administrador: datos de administración eliminados del dispositivo')
  }

  // ---------------------------------------------------------------------------------
  // Shutdown

  private async doClose(options: CloseOptions): Promise<CloseResult> {
    if (this.closed) return { uploaded: true, pending: 0, removed: false }
    return closeSession(
      {
        database: this.database,
        status: this.status,
        canUpload: () => this.network.isOnline() && this.auth.isSignedIn(),
        waitForUpload: (ms) => this.waitForUpload(ms),
        cierres: this.cierresCaja,
        pendingTotalFull: () => this.pendingTotal({ full: true }),
        refreshPending: () => this.refreshPending(),
        leader: this.leader,
        parkPending: () => parkPending(this.shiftEnv()),
        flushQueueOwner: async () => this.queueOwner?.flush(),
        shutdown: () => this.shutdown(),
        log: this.log,
      },
      options,
    )
  }

  private async shutdown() {
    this.closed = true
    this.waker.wake()
    this.pending.stop()
    for (const s of this.subscriptions) s.unsubscribe()
    await this.stopTriggers?.()
    for (const c of this.cleanups.splice(0)) await c()
    await Promise.all([...this.syncs.values()].map((s) => s.cancel()))
    await this.initial?.flush()
  }
}
