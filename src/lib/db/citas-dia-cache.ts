/**
 * The agenda's days in memory (docs/decisions/0025-agenda-velocidad.md): one live query
 * per day of tb_citas, shared by every screen, dialog and hook reading that day, whatever
 * shape they map the rows to. A day stays live while something shows it, and for a while
 * after ("idle"), so a screen opened again — or a day prefetched before anyone asks for
 * it — has its rows in the very first render instead of a 'Cargando…' render followed by
 * a second one. An idle day is never a stale copy: its subscription keeps running, so a
 * cita written by the sync or another tab reaches it all the same.
 *
 * Memory is bounded: at most `maxIdle` idle days are kept (the least recently used go
 * first), and each goes `keepAliveMs` after it was last shown or prefetched.
 */
import type { RxCollection } from 'rxdb'
import { map, type Observable } from 'rxjs'
import type { CitaDoc } from '@sync/tables/product-tables.ts'

export interface DiaSnapshot {
  /** The day's documents (JSON), in the query's order. */
  rows: readonly CitaDoc[]
  error: Error | null
}

export interface CitasDiaCacheOptions {
  /** How long a day nobody shows stays live. */
  keepAliveMs: number
  /** Idle days kept at most (each is one open query of a few dozen documents). */
  maxIdle: number
}

export const CACHE_DEFAULTS: CitasDiaCacheOptions = { keepAliveMs: 60_000, maxIdle: 8 }

/** One day's documents, live: a selector on the indexed `fecha_cita` (docs/decisions/0017). */
export function citasDiaQuery(collection: RxCollection<CitaDoc>): (fecha: string) => Observable<readonly CitaDoc[]> {
  return (fecha) => collection.find({ selector: { fecha_cita: fecha } }).$.pipe(map((docs) => docs.map((d) => d.toJSON() as CitaDoc)))
}

interface Entry {
  snap: DiaSnapshot | null
  listeners: Set<() => void>
  stop: () => void
  release: ReturnType<typeof setTimeout> | null
}

const NONE: readonly never[] = []

export class CitasDiaCache {
  private readonly days = new Map<string, Entry>()
  /** Idle days, least recently used first (a Map keeps insertion order). */
  private readonly idle = new Map<string, true>()

  constructor(
    /** The live query of one day's documents. */
    private readonly query: (fecha: string) => Observable<readonly CitaDoc[]>,
    private readonly options: CitasDiaCacheOptions = CACHE_DEFAULTS,
  ) {}

  /** The day's latest answer, or null while it has none (not asked for yet, or the first read is running). */
  snapshot(fecha: string): DiaSnapshot | null {
    return this.days.get(fecha)?.snap ?? null
  }

  /** Shows `fecha`: keeps it live and calls `onChange` on each new answer until the returned function is called. */
  subscribe(fecha: string, onChange: () => void): () => void {
    const entry = this.acquire(fecha)
    entry.listeners.add(onChange)
    return () => {
      entry.listeners.delete(onChange)
      if (entry.listeners.size === 0) this.makeIdle(fecha, entry)
    }
  }

  /** Starts reading days nobody shows yet, so showing them later is instant. Days already live are only refreshed in the idle order. */
  prefetch(fechas: readonly string[]): void {
    for (const fecha of fechas) {
      const entry = this.acquire(fecha)
      if (entry.listeners.size === 0) this.makeIdle(fecha, entry)
    }
  }

  /** The days with a running query (shown or idle), for tests and diagnostics. */
  liveDays(): string[] {
    return [...this.days.keys()].sort()
  }

  /** Stops every query (the session closed). */
  close(): void {
    for (const fecha of [...this.days.keys()]) this.drop(fecha)
  }

  private acquire(fecha: string): Entry {
    let entry = this.days.get(fecha)
    if (!entry) {
      const e: Entry = { snap: null, listeners: new Set(), stop: () => {}, release: null }
      const notify = (snap: DiaSnapshot) => {
        e.snap = snap
        for (const l of e.listeners) l()
      }
      this.days.set(fecha, (entry = e))
      const sub = this.query(fecha).subscribe({
        next: (rows) => notify({ rows, error: null }),
        error: (error: Error) => notify({ rows: NONE, error }),
      })
      e.stop = () => sub.unsubscribe()
    }
    if (entry.release) clearTimeout(entry.release)
    entry.release = null
    this.idle.delete(fecha)
    return entry
  }

  private makeIdle(fecha: string, entry: Entry) {
    this.idle.set(fecha, true)
    entry.release = setTimeout(() => this.drop(fecha), this.options.keepAliveMs)
    while (this.idle.size > this.options.maxIdle) this.drop(this.idle.keys().next().value!)
  }

  private drop(fecha: string) {
    const entry = this.days.get(fecha)
    if (!entry) return
    if (entry.release) clearTimeout(entry.release)
    entry.stop()
    this.days.delete(fecha)
    this.idle.delete(fecha)
  }
}
