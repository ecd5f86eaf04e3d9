/**
 * Pending uploads per table, read from RxDB's own bookkeeping (TableSync.pendingDocuments:
 * documents changed since the upload checkpoint that differ from the assumed master
 * state), debounced per table because a burst of local writes would otherwise rescan on
 * every one. Publishes `pending`, `oldestPendingAt` and — once every table was counted —
 * `pendingKnown` (docs/decisions/0023-device-database.md).
 */
import { dispatch, patchCollection, type SyncStatusStore } from './status-store.ts'

interface Countable {
  /**
   * null when this tab cannot read the queue (not the leader, stopped, not started yet:
   * the session schedules a count again once the replication runs).
   */
  pendingDocuments(options: { ifStarted: true }): Promise<Array<Record<string, unknown>> | null>
}

export interface PendingCounterEnv {
  status: SyncStatusStore
  source(table: string): Countable | undefined
  /** The tables of the session now (admin-only ones leave on a demotion). */
  tables(): string[]
  closed(): boolean
  updatedAt: string
  log(message: string): void
}

export class PendingCounter {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>()
  private readonly counted = new Set<string>()

  constructor(private readonly env: PendingCounterEnv) {}

  schedule(table: string, delay = 150): void {
    if (this.env.closed()) return
    clearTimeout(this.timers.get(table))
    this.timers.set(
      table,
      setTimeout(() => void this.count(table), delay),
    )
  }

  /** Counts every table now; resolves with the published total. */
  async refresh(): Promise<number> {
    await Promise.all(this.env.tables().map((t) => this.count(t)))
    return this.env.status.getState().pendingTotal
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t)
  }

  private async count(table: string): Promise<void> {
    const source = this.env.source(table)
    if (!source || this.env.closed()) return
    try {
      const docs = await source.pendingDocuments({ ifStarted: true })
      if (docs === null) return
      const oldest = docs.map((d) => d[this.env.updatedAt]).filter((v): v is string => typeof v === 'string').sort()[0] ?? null
      patchCollection(this.env.status, table, { pending: docs.length, oldestPendingAt: oldest })
      this.counted.add(table)
      if (!this.env.status.getState().pendingKnown && this.env.tables().every((t) => this.counted.has(t))) {
        this.env.status.setState({ pendingKnown: true })
      }
      const counted = this.env.status.getState()
      if (counted.pendingKnown) dispatch(this.env.status, { type: 'pending-counted', total: counted.pendingTotal })
    } catch (error) {
      if (!this.env.closed()) this.env.log(`pendientes ${table}: ${String(error)}`)
    }
  }
}
