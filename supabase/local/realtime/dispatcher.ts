/**
 * Turns committed changes into `postgres_changes` pushes.
 *
 * Notifications queue up in commit order and are handled in batches: everything that
 * arrived while the previous batch was being read is read together. Subscribers are
 * grouped by who they are (role + claims). For tables under RLS, each group re-reads the
 * changed rows by key once per table per batch to learn which it may see — all groups in
 * one read-only statement that switches role between them, because PGlite runs one
 * query at a time and every round trip counts. Tables without RLS need no read unless a
 * row was too wide to travel in the notification. Each subscriber then gets one push per
 * change, carrying the ids of all its bindings that match, in commit order.
 */
import type { Db } from '../db.ts'
import type { Catalog } from './catalog.ts'
import { parseNotification } from './changes.ts'
import { passes, RowValues } from './matcher.ts'
import { readAs, type ReadJob, type ReadRow } from './reader.ts'
import type { Subscriptions } from './subscriptions.ts'
import type { Auth, Binding, Change, Permissions, Subscriber, TableInfo } from './types.ts'

/** Changes handled together at most (a bulk update of many rows is read in slices). */
const maxBatch = 500
/** Hosted Realtime's limit for one record; larger ones keep only their small values. */
const maxRecordBytes = 1024 * 1024
const tooLargeErrors = '["Error 413: Payload Too Large"]'

interface Relevant {
  change: Change
  table: TableInfo
  /** Subscribers with the bindings that listen to this change. */
  matched: Map<Subscriber, Set<Binding>>
  /** Filters were matched on the row the trigger sent; else they wait for each group's re-read. */
  filteredOnImage: boolean
}

interface TableWork {
  /** Distinct keys of inserted/updated rows to re-read, and those whose content must come from the read. */
  keys: string[]
  keyIndex: Map<string, number>
  keysWithoutImage: Set<number>
}

interface Group {
  auth: Auth
  relids: Set<number>
}

export class Dispatcher {
  private queue: Change[] = []
  private draining: Promise<void> | null = null
  private scheduled = false
  private stopped = false

  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly subscriptions: Subscriptions,
    private readonly log: (message: string) => void,
  ) {}

  /** A NOTIFY payload from the capture machinery. */
  notify(payload: string): void {
    if (this.stopped) return
    const item = parseNotification(payload, Date.now())
    if (!item) return
    // Changes committed after the DDL arrive after this notice, so they will be read
    // with a fresh catalog; those already queued are older and lose nothing by it.
    if (item === 'ddl') return this.catalog.markStale()
    this.queue.push(item)
    this.schedule()
  }

  /** Stops taking changes and waits for the batch in progress, so the database can close. */
  async stop(): Promise<void> {
    this.stopped = true
    this.queue = []
    await this.draining
  }

  private schedule(): void {
    if (this.draining || this.scheduled || this.stopped) return
    // Let the rest of the same commit's notifications arrive, then read them together.
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      if (this.draining || this.stopped) return
      const run: Promise<void> = this.drain().finally(() => {
        this.draining = null
        // Whatever arrived after the loop's last look.
        if (this.queue.length > 0) this.schedule()
      })
      this.draining = run
    })
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const batch = this.queue.splice(0, maxBatch)
      try {
        await this.process(batch)
      } catch (error) {
        this.log(`realtime: no se pudieron entregar ${batch.length} cambios: ${(error as Error).stack ?? String(error)}`)
      }
    }
  }

  private async process(batch: Change[]): Promise<void> {
    await this.catalog.ensureFresh()
    const relevant = this.relevantChanges(batch)
    if (relevant.length === 0) return

    const work = new Map<number, TableWork>()
    const groups = new Map<string, Group>()
    for (const { change, table, matched } of relevant) {
      const w = work.get(table.relid) ?? newWork(work, table.relid)
      if (change.type !== 'DELETE') {
        let k = w.keyIndex.get(change.key)
        if (k === undefined) w.keyIndex.set(change.key, (k = w.keys.push(change.key) - 1))
        if (!change.newImage) w.keysWithoutImage.add(k)
      }
      for (const s of matched.keys()) {
        const group = groups.get(s.auth.key) ?? { auth: s.auth, relids: new Set<number>() }
        groups.set(s.auth.key, group)
        group.relids.add(table.relid)
      }
    }

    const permissions = await this.permissionsOf(groups)
    const reads = await this.readRows(groups, work, permissions)

    for (const { change, table, matched, filteredOnImage } of relevant) {
      const w = work.get(table.relid)!
      const data = new Map<string, string>()
      const readValues = new Map<string, RowValues>()
      for (const [s, listening] of matched) {
        const perms = permissions.get(s.auth.role)?.get(table.relid)
        if (!perms?.keyVisible) continue
        let record: string | null = null
        if (change.type !== 'DELETE') {
          const row = reads.get(s.auth.key)?.get(table.relid)?.get(w.keyIndex.get(change.key)!)
          // Under RLS a row the subscriber cannot see now is not delivered (nor one deleted since).
          if (!row && (table.rls || !change.newImage)) continue
          record = change.newImage ? visibleColumns(change.newImage, table, perms) : row!.record
          if (record === null) continue
        }
        let values: RowValues | null = null
        if (!filteredOnImage) {
          // The row was too wide to travel: its filters are matched on what this group read.
          values = readValues.get(s.auth.key) ?? new RowValues(record!)
          readValues.set(s.auth.key, values)
        }
        const ids = matchingIds(s.bindings, listening, table, perms, values)
        if (ids.length === 0) continue
        let payload = data.get(s.auth.key)
        if (payload === undefined) data.set(s.auth.key, (payload = changeData(change, table, perms, record)))
        s.deliver(ids, payload)
      }
    }
  }

  /**
   * Changes somebody listens to, with those listeners and their matching bindings: the
   * row is parsed once and compared in memory (matcher.ts), the index narrowing `eq`
   * filters to the row's own values. Subscribers whose token expired are closed.
   */
  private relevantChanges(batch: Change[]): Relevant[] {
    const now = Date.now()
    const expired = new Set<Subscriber>()
    const relevant: Relevant[] = []
    for (const change of batch) {
      const table = this.catalog.table(change.relid)
      if (!table || !this.subscriptions.has(change.relid)) continue
      const image = imageOf(change)
      const row = image ? new RowValues(image) : null
      const matched = new Map<Subscriber, Set<Binding>>()
      for (const { subscriber, binding, filters } of this.subscriptions.candidates(change.relid, row)) {
        if (binding.event !== '*' && binding.event !== change.type) continue
        if (row && !filters.every((f) => passes(f, row, table.columnByName))) continue
        if (subscriber.auth.exp * 1000 <= now) {
          expired.add(subscriber)
          continue
        }
        const set = matched.get(subscriber)
        if (set) set.add(binding)
        else matched.set(subscriber, new Set([binding]))
      }
      if (matched.size > 0) relevant.push({ change, table, matched, filteredOnImage: row !== null })
    }
    for (const s of expired) s.expire()
    return relevant
  }

  private async permissionsOf(groups: Map<string, Group>): Promise<Map<string, Map<number, Permissions>>> {
    const byRole = new Map<string, Set<number>>()
    for (const g of groups.values()) {
      const relids = byRole.get(g.auth.role) ?? new Set<number>()
      byRole.set(g.auth.role, relids)
      for (const relid of g.relids) relids.add(relid)
    }
    const out = new Map<string, Map<number, Permissions>>()
    for (const [role, relids] of byRole) out.set(role, await this.catalog.permissions(role, [...relids]))
    return out
  }

  /** Re-reads inserted and updated rows as each group: one statement for the whole batch when all goes well. */
  private async readRows(
    groups: Map<string, Group>,
    work: Map<number, TableWork>,
    permissions: Map<string, Map<number, Permissions>>,
  ): Promise<Map<string, Map<number, Map<number, ReadRow>>>> {
    const reads = new Map<string, Map<number, Map<number, ReadRow>>>()
    const jobs: Array<ReadJob & { group: string }> = []
    for (const group of groups.values()) {
      for (const relid of group.relids) {
        const w = work.get(relid)!
        const table = this.catalog.table(relid)!
        const perms = permissions.get(group.auth.role)?.get(relid)
        if (w.keys.length === 0 || !perms?.keyVisible || (!table.rls && w.keysWithoutImage.size === 0)) continue
        jobs.push({
          group: group.auth.key,
          role: group.auth.role,
          claimsJson: group.auth.claimsJson,
          table,
          permissions: perms,
          keys: w.keys,
          withRecord: w.keysWithoutImage,
        })
      }
    }
    const store = (job: (typeof jobs)[number], rows: Map<number, ReadRow>) => {
      const byTable = reads.get(job.group) ?? new Map<number, Map<number, ReadRow>>()
      reads.set(job.group, byTable)
      byTable.set(job.table.relid, rows)
    }
    if (jobs.length === 0) return reads

    try {
      const results = await readAs(this.db, jobs)
      jobs.forEach((job, n) => store(job, results[n]!))
    } catch {
      // One read failed (a table altered under us, a policy that raises…): read each one
      // alone so that only the failing one is skipped.
      for (const job of jobs) {
        try {
          store(job, (await readAs(this.db, [job]))[0]!)
        } catch (error) {
          this.log(`realtime: no se pudieron releer filas de ${job.table.qualified} como ${job.role}: ${(error as Error).message}`)
          this.catalog.markStale()
        }
      }
    }
    return reads
  }
}

function newWork(work: Map<number, TableWork>, relid: number): TableWork {
  const w: TableWork = { keys: [], keyIndex: new Map(), keysWithoutImage: new Set() }
  work.set(relid, w)
  return w
}

/**
 * Ids of the subscriber's bindings that take the change, in binding order: those that
 * listen, whose filter columns the role may read (a hidden column never matches), and —
 * when the filters wait for the re-read — whose filters pass on it.
 */
function matchingIds(
  bindings: readonly Binding[],
  listening: ReadonlySet<Binding>,
  table: TableInfo,
  perms: Permissions,
  values: RowValues | null,
): number[] {
  const ids: number[] = []
  for (const b of bindings) {
    if (!listening.has(b) || ids.includes(b.id)) continue
    const filters = b.compiled.get(table.relid) ?? []
    if (!filters.every((f) => perms.allowed.has(f.column) && (!values || passes(f, values, table.columnByName)))) continue
    ids.push(b.id)
  }
  return ids
}

/** The payload's `data`, shaped as hosted Realtime's (walrus) records. */
function changeData(change: Change, table: TableInfo, perms: Permissions, record: string | null): string {
  let tooLarge = change.oldTooLarge
  let out =
    `{"schema":${JSON.stringify(table.schema)},"table":${JSON.stringify(table.name)},` +
    `"commit_timestamp":"${new Date(change.at).toISOString()}","type":"${change.type}","columns":${perms.columnsJson}`
  if (change.type !== 'DELETE') {
    let rec = record ?? '{}'
    if (rec.length > maxRecordBytes / 4 && Buffer.byteLength(rec) > maxRecordBytes) {
      rec = smallValuesOnly(rec)
      tooLarge = true
    }
    out += `,"record":${rec}`
  }
  if (change.type !== 'INSERT') {
    // Without REPLICA IDENTITY FULL only the key is known, as in hosted's WAL.
    const old = change.oldImage || change.oldKey || change.key
    out += `,"old_record":${JSON.stringify(visibleOnly(JSON.parse(old) as Record<string, unknown>, perms))}`
  }
  return `${out},"errors":${tooLarge ? tooLargeErrors : 'null'}}`
}

/** The row the trigger sent, to filter on: the new row, or what is known of a deleted one. */
function imageOf(change: Change): string {
  return change.type === 'DELETE' ? change.oldImage || change.oldKey : change.newImage
}

/** The committed row without the columns the role may not read (parsed only when some are hidden). */
function visibleColumns(json: string, table: TableInfo, perms: Permissions): string {
  if (perms.columns.length === table.columns.length) return json
  return JSON.stringify(visibleOnly(JSON.parse(json) as Record<string, unknown>, perms))
}

function visibleOnly(row: Record<string, unknown>, perms: Permissions): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([name]) => perms.allowed.has(name)))
}

function smallValuesOnly(json: string): string {
  const row = JSON.parse(json) as Record<string, unknown>
  return JSON.stringify(Object.fromEntries(Object.entries(row).filter(([, v]) => Buffer.byteLength(JSON.stringify(v)) <= 64)))
}
