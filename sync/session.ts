/**
 * A sync session: the signed-in user's use of the device database and its replication,
 * from sign-in to sign-out (docs/architecture.md §5, docs/decisions/0003-sync.md,
 * docs/decisions/0023-device-database.md).
 *
 * - Opens the device database (shared by every staff member, sync/device-layout.ts) with
 *   the tables that user may see (admin-only tables only for admins; their local data
 *   is removed when the user is not one). Refuses to open while another user's writes
 *   wait to upload (status/queue-owner.ts).
 * - Replicates every table (only in the leader tab), pulls on realtime hints,
 *   (re)subscriptions, `online`, the page becoming visible and every 60 s; attempts
 *   nothing offline and resumes at once online; follows token refreshes and refreshes
 *   on 401.
 * - Publishes the status store (pending uploads, last sync, first-sync progress, the
 *   current error, refused writes and conflicts).
 * - close({ upload: true }) uploads what is waiting and removes the database, or says
 *   how much could not be uploaded (erasing the device's data); close({ upload: false })
 *   keeps everything for the next sign-in.
 */
import type { RxDatabase } from 'rxdb'
import type { Observable, Subscription } from 'rxjs'
import { addTableCollections, openDatabase, removeCollections, storedCollectionNames, type AnyCollection } from './database.ts'
import type { Classified } from './errors/classify.ts'
import { createSupabaseBackend, type SyncBackend } from './replication/backend.ts'
import { subscribeRealtimeHints, type RealtimeHints } from './replication/realtime-hints.ts'
import { ReplicationStopped, retrying, type RefreshOutcome, type RetryContext } from './replication/retry.ts'
import { TableSync } from './replication/table-sync.ts'
import { unsentAsRefused, watchAdminFlag } from './runtime/admin-demotion.ts'
import { InitialSyncTracker } from './runtime/initial-sync.ts'
import { scheduleIntegrityCheck } from './runtime/integrity-check.ts'
import { browserNetwork, type NetworkMonitor } from './runtime/network.ts'
import { reconcileVisibility } from './runtime/visibility.ts'
import { Waker } from './runtime/waker.ts'
import { ErrorBoard } from './status/error-board.ts'
import { PendingCounter } from './status/pending-counter.ts'
import { createProblemLog, type ProblemLog } from './status/problem-log.ts'
import { mirrorSharedStatus, publishSharedStatus } from './status/shared-status.ts'
import { assertQueueFree, trackQueueOwner } from './status/queue-owner.ts'
import { createSyncStatusStore, patchCollection, removeCollectionStatus, type SyncStatusStore } from './status/status-store.ts'
import type { SyncError } from './status/types.ts'
import { adminFlag, productTables } from './tables/product-tables.ts'
import { UPDATED_AT, type TableDef } from './tables/table-def.ts'

import type { CloseOptions, CloseResult, SyncSessionOptions, SyncUser } from './session-options.ts'

export class SyncSession {
  readonly status: SyncStatusStore
  readonly problems: ProblemLog
  readonly collections: Record<string, AnyCollection> = {}
  private readonly syncs = new Map<string, TableSync>()
  private readonly waker = new Waker()
  private readonly backend: SyncBackend
  private readonly network: NetworkMonitor
  private readonly log: (message: string) => void
  private readonly cleanups: Array<() => void | Promise<void>> = []
  private readonly subscriptions: Subscription[] = []
  private readonly pending: PendingCounter
  private readonly reconciled = new Set<string>()
  private readonly errors: ErrorBoard
  private tables: TableDef[]
  private initial!: InitialSyncTracker
  private realtime: RealtimeHints | null = null
  private signedIn = true
  private refreshing: Promise<RefreshOutcome> | null = null
  /** sync-b: a refresh failed for a transient reason and retries wait for the next one. */
  private authRetryWaiting = false
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
    this.status = createSyncStatusStore(
      tables.map((t) => t.name),
      this.network.isOnline(),
      user.isAdmin,
    )
    this.problems = createProblemLog(database)
    this.errors = new ErrorBoard(this.status)
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
    const database = await openDatabase({
      name: options.databaseName,
      storage: options.storage,
      multiInstance,
    })
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
  }

  /**
   * Local changes not acknowledged by the server, per table (replicating tab only;
   * others report the leader's figures). `full` checks every document, not only those
   * after the upload checkpoint: slower, used where a wrong answer could lose data.
   */
  async pendingCounts(options: { full?: boolean } = {}): Promise<Record<string, number>> {
    const out: Record<string, number> = {}
    for (const [name, sync] of this.syncs) {
      const docs = await sync.pendingDocuments(options)
      out[name] = docs ? docs.length : (this.status.getState().collections[name]?.pending ?? 0)
    }
    return out
  }

  async pendingTotal(options: { full?: boolean } = {}): Promise<number> {
    return Object.values(await this.pendingCounts(options)).reduce((a, b) => a + b, 0)
  }

  /**
   * Counts what is waiting now and publishes it to the status store, then returns the
   * store's total: the sign-out dialog shows the very figure the header shows.
   */
  refreshPending(): Promise<number> {
    return this.pending.refresh()
  }

  /**
   * Resolves true once nothing is waiting to upload (every document checked) and every
   * replication is idle, or false after `timeoutMs`.
   */
  async waitForUpload(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs
    this.resync()
    while (Date.now() < deadline && !this.closed) {
      if ((await this.pendingTotal()) === 0 && [...this.syncs.values()].every((s) => !s.busy)) {
        if ((await this.pendingTotal({ full: true })) === 0) return true
        // Something sits behind the upload checkpoint: hand it back to the upload.
        for (const sync of this.syncs.values()) await sync.repairStalled()
      }
      await sleep(100)
    }
    return (await this.pendingTotal({ full: true })) === 0
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
    if (!this.user.isAdmin) {
      // Admin-only data from an earlier admin session must not stay on the device.
      const stored = new Set(await storedCollectionNames(this.database))
      const stale = all.filter((t) => t.adminOnly && stored.has(t.name))
      if (stale.length > 0) {
        await removeCollections(this.database, stale)
        await InitialSyncTracker.forget(this.database, stale.map((t) => t.name))
      }
    }

    for (const def of this.tables) this.syncs.set(def.name, new TableSync(def, this.tableEnv()))
    Object.assign(
      this.collections,
      await addTableCollections(this.database, this.tables, (def) => this.syncs.get(def.name)!.conflictHandler),
    )
    this.initial = await InitialSyncTracker.load(
      this.database,
      this.status,
      this.tables.map((t) => t.name),
    )

    this.subscriptions.push(
      this.problems.refused$.subscribe((refused) => this.status.setState({ refused })),
      this.problems.conflicts$.subscribe((conflicts) => this.status.setState({ conflicts })),
    )
    for (const def of this.tables) {
      // Only local writes (and conflict resolutions) change what is waiting to upload;
      // the download's writes never do, and during a first sync they are thousands.
      const bulks = (this.collections[def.name] as unknown as { eventBulks$: Observable<{ context?: string }> }).eventBulks$
      this.subscriptions.push(
        bulks.subscribe((bulk) => {
          if (!bulk.context?.startsWith('replication-downstream')) this.schedulePending(def.name)
        }),
      )
    }

    this.queueOwner = trackQueueOwner(this.database, this.status, this.user)
    this.cleanups.push(() => this.queueOwner?.stop())
    this.cleanups.push(this.network.subscribe((online) => this.onNetwork(online)))
    const { data } = this.options.supabase.auth.onAuthStateChange((event) => this.onAuthEvent(event))
    this.cleanups.push(() => data.subscription.unsubscribe())

    for (const def of this.tables) this.syncs.get(def.name)!.start(this.collections[def.name]!)
    if (!this.network.isOnline()) this.status.setState({ online: false })
    // Writes left waiting by an earlier session show at once, offline too.
    for (const def of this.tables) this.schedulePending(def.name, 0)
    this.watchAdminFlag()
    this.status.setState({ phase: 'running' })

    // Only the leader tab replicates; the others mirror its status.
    void this.database.waitForLeadership().then(() => this.becomeLeader(), () => {})
    if (!this.database.isLeader()) this.subscriptions.push(mirrorSharedStatus(this.database, this.status, () => this.leader))
  }

  private becomeLeader() {
    if (this.closed) return
    this.leader = true
    this.status.setState({ replicating: true })
    // The counts scheduled at start-up ran before this tab could read the upload queue.
    for (const def of this.tables) this.schedulePending(def.name, 0)
    const initialTables = this.initial.tables()
    if (initialTables.length > 0) void this.countInitial(initialTables)

    if (this.options.realtime !== false) {
      this.realtime = subscribeRealtimeHints({
        supabase: this.options.supabase,
        tables: this.tables.map((t) => t.name),
        onChange: (table) => this.syncs.get(table)?.resync(),
        onResubscribe: () => this.resync(),
        onStatus: (status, error) => this.log(`realtime: ${status}${error ? ` (${error.message})` : ''}`),
      })
    }

    const every = this.options.periodicPullMs ?? 60_000
    const timer = setInterval(() => this.resync(), every)
    this.cleanups.push(() => clearInterval(timer))
    this.cleanups.push(scheduleIntegrityCheck(this.syncs, this.options.integrityCheckAfterMs ?? 120_000, () => this.closed, this.log))

    if (typeof document !== 'undefined' && typeof document.addEventListener === 'function') {
      const onVisible = () => {
        if (document.visibilityState === 'visible') this.resync()
      }
      document.addEventListener('visibilitychange', onVisible)
      this.cleanups.push(() => document.removeEventListener('visibilitychange', onVisible))
    }

    // Other tabs read pending counts and progress from here.
    this.cleanups.push(publishSharedStatus(this.database, this.status, () => this.closed))
  }

  private async countInitial(tables: string[]) {
    try {
      const counts = await Promise.all(tables.map((t) => retrying(this.sessionRetry(`count:${t}`), () => this.backend.count(t))))
      this.clearError(...tables.map((t) => `count:${t}`))
      this.initial.setTotal(counts.reduce((a, b) => a + b, 0))
    } catch (error) {
      if (!(error instanceof ReplicationStopped)) this.log(`conteo inicial: ${String(error)}`)
    }
  }

  // ---------------------------------------------------------------------------------
  // Environment handed to each table's replication

  private tableEnv() {
    return {
      backend: this.backend,
      identifier: this.options.serverUrl ?? 'supabase',
      problems: this.problems,
      batch: { pull: this.options.batchSize?.pull ?? 1000, push: this.options.batchSize?.push ?? 100 },
      retryContext: (stopped: () => boolean, source: string) => this.retryContext(stopped, source),
      pause: (ms: number) => this.waker.sleep(ms),
      onPulled: (table: string, count: number, caughtUp: boolean) => this.onPulled(table, count, caughtUp),
      onPushed: (table: string) => {
        this.clearError(`push:${table}`, `unexpected:${table}`)
        this.schedulePending(table, 0)
      },
      onUnexpectedError: (table: string, error: unknown) => this.onUnexpectedError(table, error),
      // Counted afresh: the status figures are debounced and may not show a write yet.
      othersPending: async (table: string, batch: number) => {
        const counts = await this.pendingCounts()
        return Object.entries(counts).some(([name, n]) => (name === table ? n > batch : n > 0))
      },
      newId: () => crypto.randomUUID(),
      log: (message: string) => this.log(message),
    }
  }

  private retryContext(stopped: () => boolean, source: string): RetryContext {
    return {
      stopped: () => this.closed || stopped(),
      online: () => this.network.isOnline(),
      signedIn: () => this.signedIn,
      pause: (ms) => this.waker.sleep(ms),
      refreshAuth: () => this.refreshAuth(),
      onFailure: (f) => this.onFailure(source, f),
    }
  }

  private sessionRetry(source: string): RetryContext {
    return this.retryContext(() => false, source)
  }

  private async refreshAuth(): Promise<RefreshOutcome> {
    this.refreshing ??= (async (): Promise<RefreshOutcome> => {
      try {
        const { data, error } = await this.options.supabase.auth.refreshSession()
        if (!error && data.session) return 'ok'
        const status = (error as { status?: number } | null)?.status ?? 0
        if (error && (error.name === 'AuthRetryableFetchError' || status === 0 || status >= 500)) {
          this.authRetryWaiting = true // sync-b: the next TOKEN_REFRESHED resumes the waiting retries
          return 'retry'
        }
        // The refresh token is gone or revoked: supabase-js signs the user out. Every
        // pending write stays on the device for this user's next sign-in.
        this.signedIn = false
        this.setError('session', { message: 'Tu sesión terminó. Inicia sesión de nuevo para sincronizar; tus cambios pendientes se conservan.', code: 'auth' })
        return 'signed-out'
      } catch {
        this.authRetryWaiting = true // sync-b
        return 'retry'
      } finally {
        this.refreshing = null
      }
    })()
    return this.refreshing
  }

  // ---------------------------------------------------------------------------------
  // Events

  private onNetwork(online: boolean) {
    this.status.setState({ online })
    if (this.closed) return
    // Waiting retries re-check the network when woken: offline they wait, online they go.
    if (online) {
      this.resync()
    } else {
      this.waker.wake()
    }
  }

  private onAuthEvent(event: string) {
    if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED') {
      // --- sync-b (issue 13, idle request loop; docs/decisions/0024-sync-refusals-conflicts-efficiency.md) ---
      // Resume only when something was waiting for a session. A token refresh is not
      // news otherwise: with tokens shorter than supabase-js's 90 s expiry margin every
      // request refreshes the token, and a pull per refresh made an endless loop
      // (~70 requests/s while idle).
      const waiting = !this.signedIn || this.authRetryWaiting
      this.authRetryWaiting = false
      this.clearError('session')
      this.signedIn = true
      if (waiting) this.resync()
      // --- end sync-b ---
    } else if (event === 'SIGNED_OUT') {
      // Nothing can be sent without a session; writes wait for this user's next sign-in.
      this.signedIn = false
    }
  }

  private onPulled(table: string, count: number, caughtUp: boolean) {
    this.clearError(`pull:${table}`, `unexpected:${table}`)
    patchCollection(this.status, table, { lastPulledAt: new Date().toISOString() })
    this.initial.onPulled(table, count, caughtUp)
    if (caughtUp && !this.reconciled.has(table)) {
      this.reconciled.add(table)
      void this.checkVisibility(table)
    }
  }

  private async checkVisibility(table: string) {
    const sync = this.syncs.get(table)
    const collection = this.collections[table]
    if (!sync || !collection) return
    try {
      const result = await reconcileVisibility(sync, collection, this.backend, (op) => retrying(this.sessionRetry(`visibility:${table}`), op))
      this.clearError(`visibility:${table}`)
      if (!result.checked) this.reconciled.delete(table) // try again after the next catch-up
      if (result.removed > 0) this.log(`${table}: ${result.removed} fila(s) ya no visibles eliminadas del dispositivo`)
    } catch (error) {
      this.reconciled.delete(table)
      if (!(error instanceof ReplicationStopped) && !this.closed) this.log(`visibilidad ${table}: ${String(error)}`)
    }
  }

  private onFailure(source: string, f: Classified) {
    if (f.status === 0 && !this.network.isOnline()) return
    const message =
      f.disposition === 'auth'
        ? 'La sesión expiró; renovando el acceso…'
        : f.disposition === 'incompatible'
          ? 'El servidor no tiene instalada la sincronización (falta una migración). Se reintentará.'
          : f.status === 0
            ? 'Sin conexión con el servidor. Se reintentará automáticamente.'
            : `El servidor no respondió bien (HTTP ${f.status}). Se reintentará automáticamente.`
    this.setError(source, { message, code: f.code || String(f.status) })
  }

  private onUnexpectedError(table: string, error: unknown) {
    if (this.closed) return
    if (isStoppedError(error)) {
      this.log(`${table}: ciclo detenido (pausa o cierre)`)
      return
    }
    this.log(`${table}: ${String((error as Error)?.message ?? error)}`)
    this.setError(`unexpected:${table}`, { message: `Error inesperado al sincronizar ${table}.`, collection: table })
  }

  private setError(source: string, error: Omit<SyncError, 'at'>) {
    this.errors.set(source, error)
  }

  private clearError(...sources: string[]) {
    this.errors.clear(...sources)
  }

  private schedulePending(table: string, delay?: number) {
    this.pending.schedule(table, delay)
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
    const adminTables = this.tables.filter((t) => t.adminOnly)
    for (const def of adminTables) {
      const unsent = (await this.syncs.get(def.name)?.pendingDocuments().catch(() => null)) ?? []
      await this.problems.add('refused', unsentAsRefused(def, unsent, new Date().toISOString(), () => crypto.randomUUID()))
      await this.syncs.get(def.name)?.cancel()
      this.syncs.delete(def.name)
      this.initial.drop(def.name)
      removeCollectionStatus(this.status, def.name)
      delete this.collections[def.name]
    }
    this.tables = this.tables.filter((t) => !t.adminOnly)
    await removeCollections(this.database, adminTables)
    await this.initial.flush()
    await InitialSyncTracker.forget(this.database, adminTables.map((t) => t.name))
    this.log('el usuario ya no es administrador: datos de administración eliminados del dispositivo')
  }

  // ---------------------------------------------------------------------------------
  // Shutdown

  private async doClose(options: CloseOptions): Promise<CloseResult> {
    if (this.closed) return { uploaded: true, pending: 0, removed: false }
    if (options.upload) {
      if (this.network.isOnline() && this.signedIn) await this.waitForUpload(options.timeoutMs ?? 20_000)
      // Every document is checked: deleting the database on a wrong "nothing pending"
      // would lose data.
      const pending = await this.pendingTotal({ full: true })
      if (pending > 0 && !options.force) return { uploaded: false, pending, removed: false }
      this.status.setState({ phase: 'closing' })
      await this.shutdown()
      await this.database.remove()
      this.status.setState({ phase: 'closed' })
      return { uploaded: pending === 0, pending, removed: true }
    }
    // Counted and published, so the queue's owner is recorded before the database
    // closes: the next user to sign in on this device is checked against it.
    const pending = await this.refreshPending().catch(() => this.status.getState().pendingTotal)
    await this.queueOwner?.flush()
    this.status.setState({ phase: 'closing' })
    await this.shutdown()
    await this.database.close()
    this.status.setState({ phase: 'closed' })
    return { uploaded: pending === 0, pending, removed: false }
  }

  private async shutdown() {
    this.closed = true
    this.waker.wake()
    this.pending.stop()
    for (const s of this.subscriptions) s.unsubscribe()
    await this.realtime?.close()
    for (const c of this.cleanups.splice(0)) await c()
    await Promise.all([...this.syncs.values()].map((s) => s.cancel()))
    await this.initial?.flush()
  }
}

function isStoppedError(error: unknown): boolean {
  const inner = (error as { parameters?: { errors?: Array<{ name?: string }> } })?.parameters?.errors ?? []
  return (error as Error)?.name === 'ReplicationStopped' || inner.some((e) => e?.name === 'ReplicationStopped')
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
