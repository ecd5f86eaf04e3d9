/**
 * The first window of a new device (docs/decisions/0055-hoy-primero.md): before the
 * general pull walks a table in server order, a device that has nothing of it reads the
 * live rows of the days around today (`TableDef.firstWindow`), by primary key, a page at a
 * time. They are stored as the server's rows like any pulled page; the general pull then
 * starts from the beginning and brings them again (unchanged: no write; changed since: the
 * newer version).
 */
import type { TableDef } from '../tables/table-def.ts'
import { fromServerRow, type LocalDoc } from '../tables/rows.ts'
import type { SyncBackend } from './backend.ts'
import { retrying, type RetryContext } from './retry.ts'
import type { PullCheckpoint } from './table-sync.ts'

const DAY_MS = 86_400_000

/** The calendar date in Lima (UTC−5 all year, no daylight saving) of a moment. */
export function peruDate(ms: number): string {
  return new Date(ms - 5 * 3_600_000).toISOString().slice(0, 10)
}

export interface WindowPage {
  documents: LocalDoc[]
  checkpoint: PullCheckpoint
  /** A short page: the window is read, the general pull comes next. */
  last: boolean
}

/** The next page of the window after `checkpoint` (undefined: none read yet); null when it holds no more. */
export async function readFirstWindow(
  def: TableDef,
  backend: SyncBackend,
  ctx: RetryContext,
  checkpoint: PullCheckpoint | undefined,
  batchSize: number,
  now = Date.now(),
): Promise<WindowPage | null> {
  const window = def.firstWindow!
  // The tombstone floor is fixed before the window is read: a row read in the window and
  // deleted afterwards still comes as a tombstone in the general pull (sync_pull skips
  // only tombstones older than every transaction running when the floor was taken).
  const floor =
    checkpoint?.floor ?? (await retrying(ctx, () => backend.pull(def.name, { afterXid: '0', afterId: null, limit: 1, floor: null, fresh: true }))).floor
  const rows = await retrying(ctx, () =>
    backend.window(def.name, {
      primaryKey: def.primaryKey,
      column: window.column,
      from: peruDate(now - window.daysBefore * DAY_MS),
      to: peruDate(now + window.daysAfter * DAY_MS),
      afterId: typeof checkpoint?.window === 'string' ? checkpoint.window : null,
      limit: batchSize,
    }),
  )
  if (rows.length === 0) return null
  const documents = rows.map((row) => fromServerRow(def, row))
  // `window` is always set: RxDB merges the checkpoints of one pull loop key by key.
  const start: PullCheckpoint = { xid: '0', id: null, floor, window: null }
  if (rows.length < batchSize) return { documents, checkpoint: start, last: true }
  return { documents, checkpoint: { ...start, window: String(rows.at(-1)![def.primaryKey]) }, last: false }
}

/**
 * The other tables' first pages wait for the first windows (docs/decisions/0055-hoy-primero.md,
 * "Update"): the server answers one request at a time (the embedded stack, and a small
 * hosted plan under load), so a new device that asked for every table at once had its
 * window requests answered behind seven 1,000-row pages. A table with a window says when
 * its first window page is stored on the device, or that it has none to read; the others'
 * first pulls (no checkpoint yet) start then, or after `boundMs` whatever happened: a
 * window that cannot answer (a slow server, no network) never holds the download back for
 * long. Stored, not just answered: on a slow tablet the others' pages would hold back the
 * window's storing, and so today's list (docs/decisions/0065-ventana-pedida-al-abrir.md).
 */
/** The longest the other tables' first pages wait for the windows. */
export const WINDOWS_FIRST_BOUND_MS = 5_000

export class WindowsFirst {
  private readonly waiting: Set<string>
  private readonly early = new Map<string, Promise<WindowPage | null>>()
  private release!: () => void
  private readonly opened = new Promise<void>((resolve) => (this.release = resolve))
  private readonly timer: ReturnType<typeof setTimeout> | null = null

  constructor(windowed: readonly string[], boundMs = WINDOWS_FIRST_BOUND_MS) {
    this.waiting = new Set(windowed)
    if (this.waiting.size === 0) this.release()
    else this.timer = setTimeout(() => this.release(), boundMs)
  }

  /** `table`'s first window page is stored, or it has no window to read (again). */
  done(table: string): void {
    if (!this.waiting.delete(table) || this.waiting.size > 0) return
    if (this.timer) clearTimeout(this.timer)
    this.release()
  }

  /** Resolves once every window has answered, or the bound has passed. */
  wait(): Promise<void> {
    return this.opened
  }

  /**
   * A new device's first window page, asked for as the session opens: RxDB's replications
   * take a second or more to start on a slow tablet, and the request needs none of them
   * (docs/decisions/0065-ventana-pedida-al-abrir.md). The table's first pull takes it.
   */
  readEarly(table: string, read: () => Promise<WindowPage | null>): void {
    const page = read()
    // A session closed before its first pull stops the read: nobody takes that page.
    page.catch(() => {})
    this.early.set(table, page)
  }

  /** The page read early, once, for a pull from the start; a pull resuming a checkpoint drops it. */
  takeEarly(table: string, fromStart: boolean): Promise<WindowPage | null> | undefined {
    const page = this.early.get(table)
    this.early.delete(table)
    return fromStart ? page : undefined
  }
}

/** Reads early the first window of each table whose first download has not finished on this device. */
export function readWindowsEarly(
  windowsFirst: WindowsFirst,
  tables: readonly TableDef[],
  unfinished: readonly string[],
  read: (def: TableDef) => Promise<WindowPage | null>,
): void {
  for (const def of tables) if (def.firstWindow && unfinished.includes(def.name)) windowsFirst.readEarly(def.name, () => read(def))
}
