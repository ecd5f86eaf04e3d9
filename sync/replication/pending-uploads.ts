/**
 * What one table still has to upload, read from RxDB's own bookkeeping (the same test
 * its upstream uses): documents changed since the upload checkpoint whose state differs
 * from the server state last known (docs/decisions/0003-sync.md, 0024). The RxDB
 * internals involved live in rxdb-internals.ts.
 */
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { sameDocument, type LocalDoc, type Row } from '../tables/rows.ts'
import type { TableDef } from '../tables/table-def.ts'
import { bookkeeping, isAfter, positionOf, replicationStarted, whenReplicationStarted, type Bookkeeping, type ChangePosition } from './rxdb-internals.ts'

const PAGE = 1000

export class PendingUploads {
  /** Bumped by every write to the local documents or to the upload bookkeeping. */
  private changeVersion = 0
  private cache: { version: number; identity: object; result: Promise<LocalDoc[] | null> } | null = null
  private watched: object | null = null
  private unwatch: (() => void) | null = null
  /** Where a scan last saw only clean documents, for the current replication. */
  private cleanPrefix: { identity: object; position: ChangePosition } | null = null
  /** What the last count found waiting. */
  private lastPending = 0

  constructor(
    private readonly def: TableDef,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    private readonly replication: () => RxReplicationState<any, any> | null,
    private readonly log: (message: string) => void,
    /** The upload checkpoint moved: a count taken during the push is stale now. */
    private readonly onUploadMoved: () => void = () => {},
    /**
     * The bookkeeping changed while the last count found something waiting: the change
     * may have cleared it. A pulled row and its server state are two writes; a row the
     * download inserted carries no mark of where it came from (RxDB's insert path drops
     * `_meta.o`, see rxdb-internals.ts `pulledAsIs`), so a count between the two writes
     * sees it as waiting until it is asked again.
     */
    private readonly onStale: () => void = () => {},
  ) {}

  /**
   * Local documents not yet acknowledged by the server; null when this tab does not
   * replicate. `full` checks every document, not only those after the upload checkpoint.
   * `ifStarted` answers null at once while the replication is still starting, instead of
   * waiting for it (the status count is asked again when it starts: TableSyncEnv.countPendingAgain).
   */
  async documents(options: { full?: boolean; ifStarted?: boolean } = {}): Promise<LocalDoc[] | null> {
    const books = await this.books(!options.ifStarted)
    if (!books) return null
    if (options.full) return this.scan(books, true)
    // The answer only changes when the local data or the upload bookkeeping does.
    // Status, sign-out and tests ask far more often than that, and each scan reads every
    // waiting document: rescanning unchanged data kept a device with 1,000 offline
    // writes busy and made its upload superlinear. Concurrent callers share one scan.
    this.watch(books)
    const cached = this.cache
    if (cached && cached.version === this.changeVersion && cached.identity === books.identity) return copy(cached.result)
    const entry = { version: this.changeVersion, identity: books.identity, result: this.scan(books, false) }
    this.cache = entry
    entry.result.catch(() => {
      if (this.cache === entry) this.cache = null
    })
    return copy(entry.result)
  }

  /**
   * Defence in depth: local changes that sit behind the upload checkpoint although the
   * server never acknowledged them (an engine slip: nothing would ever send them) are
   * written again unchanged, which hands them back to the upload. Returns how many.
   */
  async repairStalled(): Promise<number> {
    const all = await this.documents({ full: true })
    const tail = await this.documents()
    const books = await this.books()
    if (!all || !tail || !books || all.length === tail.length) return 0
    const pk = this.def.primaryKey
    const queued = new Set(tail.map((d) => String(d[pk])))
    const stalled = all.filter((d) => !queued.has(String(d[pk]))).map((d) => String(d[pk]))
    const n = await books.rewrite(stalled, 'spa-sync-repair')
    if (n > 0) this.log(`${this.def.name}: ${n} cambio(s) locales sin subir devueltos a la cola`)
    return n
  }

  stop(): void {
    this.unwatch?.()
    this.unwatch = null
    this.watched = null
    this.cache = null
  }

  private async books(wait = true): Promise<Bookkeeping | null> {
    const r = this.replication()
    if (wait && r && !replicationStarted(r) && !r.isStopped() && r.collection.database.isLeader()) {
      // Started but not yet running (its meta-data storage is being opened).
      await whenReplicationStarted(r, 5000)
    }
    const current = this.replication()
    if (!current || current.isStopped()) return null
    return bookkeeping(current)
  }

  private watch(books: Bookkeeping) {
    if (this.watched === books.identity) return
    this.unwatch?.()
    this.watched = books.identity
    this.unwatch = books.watch(
      () => {
        this.changeVersion++
        if (this.lastPending > 0) this.onStale()
      },
      () => this.onUploadMoved(),
    )
  }

  private async scan(books: Bookkeeping, full: boolean): Promise<LocalDoc[]> {
    let position = full ? undefined : await books.uploadCheckpoint()
    const pk = this.def.primaryKey
    // RxDB's upload checkpoint does not move over documents the pull wrote, so right
    // after a first sync every document of the table sits after it. Rescanning tens of
    // thousands of them on every change would stall the device; instead the scan
    // remembers how far it found only clean documents. That is sound because a document
    // only becomes pending through a local write, which moves it to the end of the
    // change order (a new lwt), past the remembered position.
    if (!full) {
      if (this.cleanPrefix?.identity !== books.identity) this.cleanPrefix = null
      const clean = this.cleanPrefix?.position
      if (clean && isAfter(clean, position)) position = clean
    }
    const pulledAsIs = await books.pulledAsIs()
    const pending: LocalDoc[] = []
    let prefixClean = !full
    for (;;) {
      const page = await books.changedSince(PAGE, position)
      const docs = page.documents
      if (docs.length > 0) {
        const assumed = await books.assumedMaster(docs.map((d) => String(d[pk])))
        for (const d of docs) {
          const a = assumed[String(d[pk])]
          if (!pulledAsIs(d) && (!a || !sameDocument(this.def, a as Row, d as Row))) {
            pending.push({ ...d, _deleted: d._deleted === true } as LocalDoc)
            prefixClean = false
          } else if (prefixClean) {
            this.cleanPrefix = { identity: books.identity, position: positionOf(d, pk) }
          }
        }
      }
      if (docs.length < PAGE) break
      position = page.checkpoint
    }
    if (!full) this.lastPending = pending.length
    return pending
  }
}

function copy(result: Promise<LocalDoc[] | null>): Promise<LocalDoc[] | null> {
  return result.then((docs) => docs?.slice() ?? null)
}
