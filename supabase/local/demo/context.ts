/**
 * What every phase of the demo generator (../seed-demo.ts) shares: the transaction, the
 * seeded PRNG with its `pick`/`chance` shorthands, the two-year window the data spans,
 * the batch size and the log. Kept apart so each phase file takes one argument instead
 * of ten, and so the PRNG has exactly one owner: every draw goes through `ctx.rnd`, in
 * the order the phases run, which is what makes the same seed give the same data.
 */
import type { Queryable } from '../db.ts'

export const DAY_MS = 86_400_000

export interface DemoContext {
  tx: Queryable
  rnd: () => number
  pick: <T>(list: readonly T[]) => T
  chance: (p: number) => boolean
  /** Midnight (UTC-based day arithmetic) of the Peru day the two years end at. */
  todayMs: number
  /** Two years before today: the first day with data. */
  firstDayMs: number
  /** Thirty days after today: appointments are booked ahead too. */
  lastDayMs: number
  batch: number
  log: (message: string) => void
}

export function demoContext(tx: Queryable, seed: number, today: string, batch: number, log: (m: string) => void): DemoContext {
  const rnd = mulberry32(seed)
  const todayMs = Date.parse(`${today}T00:00:00Z`)
  return {
    tx,
    rnd,
    pick: <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!,
    chance: (p: number) => rnd() < p,
    todayMs,
    firstDayMs: todayMs - 730 * DAY_MS,
    lastDayMs: todayMs + 30 * DAY_MS,
    batch,
    log,
  }
}

/** Multi-row insert of `rows` (objects) in batches: one JSON parameter per statement. */
export async function insertJson(tx: Queryable, table: string, columns: string[], rows: Array<Record<string, unknown>>, batch: number) {
  const list = columns.map((c) => `"${c}"`).join(', ')
  const sql = `insert into public.${table} (${list}) select ${list} from jsonb_populate_recordset(null::public.${table}, $1::jsonb)`
  for (let i = 0; i < rows.length; i += batch) {
    await tx.query(sql, [JSON.stringify(rows.slice(i, i + batch))])
  }
}

/**
 * Deterministic PRNG (mulberry32): the same seed gives the same demo. Also the one the
 * sync fault tests use, so a failing run can be replayed from its seed.
 */
export function mulberry32(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * The rows the phases build, inserted together at the end (restocks first, so stock
 * arrives before the sales move it). `demanda` is product|YYYY-MM → units sold.
 */
export interface DemoRows {
  citas: Array<Record<string, unknown>>
  reservas: Array<Record<string, unknown>>
  pagos: Array<Record<string, unknown>>
  demanda: Map<string, number>
}
