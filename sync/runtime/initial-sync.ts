/**
 * First-sync progress of a device (or of a table new to it): documents pulled out of
 * the exact server count taken when it started. Which tables finished their first
 * sync is remembered in a local document, so a reload in the middle resumes the bar
 * instead of hiding it, and a device already in sync shows none.
 */
import type { RxDatabase } from 'rxdb'
import type { SyncStatusStore } from '../status/status-store.ts'

const DOC_ID = 'sync-initialized'

interface LocalDocDb {
  getLocal(id: string): Promise<{ get(path: string): unknown } | null>
  upsertLocal(id: string, data: Record<string, unknown>): Promise<unknown>
}

export class InitialSyncTracker {
  private readonly waiting = new Set<string>()
  private done: string[] = []
  private pulled = 0
  private total = 0
  private queue: Promise<unknown> = Promise.resolve()
  /** This tracker has set the status's `initialSync` (a device with nothing to download never does). */
  private published = false

  private constructor(
    private readonly db: RxDatabase,
    private readonly status: SyncStatusStore,
  ) {}

  static async load(db: RxDatabase, status: SyncStatusStore, tables: readonly string[]): Promise<InitialSyncTracker> {
    const tracker = new InitialSyncTracker(db, status)
    const doc = await (db as unknown as LocalDocDb).getLocal(DOC_ID)
    tracker.done = ((doc?.get('tables') as string[] | undefined) ?? []).filter((t) => tables.includes(t))
    for (const t of tables) if (!tracker.done.includes(t)) tracker.waiting.add(t)
    if (tracker.waiting.size > 0) tracker.publish()
    return tracker
  }

  /**
   * The device database outlives sessions: a table whose local data was removed (admin-only
   * tables when a non-admin signs in) must download again in full, progress bar included.
   */
  static async forget(db: RxDatabase, tables: readonly string[]): Promise<void> {
    const local = db as unknown as LocalDocDb
    const doc = await local.getLocal(DOC_ID)
    const done = (doc?.get('tables') as string[] | undefined) ?? []
    if (done.some((t) => tables.includes(t))) await local.upsertLocal(DOC_ID, { tables: done.filter((t) => !tables.includes(t)) })
  }

  /**
   * Becoming the leader: tables another tab finished while this one mirrored it are read
   * again, and the status gets this tracker's `initialSync` back in place of the mirrored
   * one, which may be an earlier page's stale document (status/shared-status.ts).
   */
  async refresh(): Promise<void> {
    const doc = await (this.db as unknown as LocalDocDb).getLocal(DOC_ID)
    for (const t of (doc?.get('tables') as string[] | undefined) ?? []) {
      if (this.waiting.delete(t)) this.done = [...this.done, t]
    }
    if (this.published) this.publish()
    else this.status.setState({ initialSync: null })
  }

  /** Tables whose first sync finished (on this device, in any session). */
  completed(): string[] {
    return [...this.done]
  }

  /** Tables whose first sync has not finished. */
  tables(): string[] {
    return [...this.waiting]
  }

  setTotal(total: number): void {
    this.total = total
    this.publish()
  }

  onPulled(table: string, count: number, caughtUp: boolean): void {
    if (!this.waiting.has(table)) return
    this.pulled += count
    if (caughtUp) {
      this.waiting.delete(table)
      this.done = [...this.done, table]
      const tables = this.done
      this.queue = this.queue.then(() => (this.db as unknown as LocalDocDb).upsertLocal(DOC_ID, { tables })).catch(() => {})
    }
    this.publish()
  }

  /** Forget a table (its collection was removed). */
  drop(table: string): void {
    this.waiting.delete(table)
    this.publish()
  }

  async flush(): Promise<void> {
    await this.queue
  }

  private publish(): void {
    this.published = true
    const done = this.waiting.size === 0
    this.status.setState({
      // total 0 = not counted yet (offline at start): the bar is indeterminate.
      initialSync: { pulled: this.pulled, total: this.total === 0 ? 0 : Math.max(this.total, this.pulled), done },
    })
  }
}
