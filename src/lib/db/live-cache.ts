/**
 * Live query results kept in memory by key (docs/decisions/0025-agenda-velocidad.md): the
 * agenda's days (key: the date) and the small reference tables (key: the table). One live
 * query per key, shared by every screen, dialog and hook reading it, whatever shape they
 * map the rows to. A key stays live while something shows it, and for a while after
 * ("idle"), so a screen opened again — or a day prefetched before anyone asks for it —
 * has its rows in the very first render instead of a 'Cargando…' render followed by a
 * second one. An idle key is never a stale copy: its subscription keeps running, so a
 * row written by the sync or another tab reaches it all the same.
 *
 * Memory is bounded: at most `maxIdle` idle keys are kept (the least recently used go
 * first), and each goes `keepAliveMs` after it was last shown or prefetched.
 */
import type { Observable } from 'rxjs'

export interface LiveSnapshot<T> {
  /** The query's documents (JSON), in its order. */
  rows: readonly T[]
  error: Error | null
}

export interface LiveCacheOptions {
  /** How long a key nobody shows stays live. */
  keepAliveMs: number
  /** Idle keys kept at most (an agenda day is one open query of a few dozen documents). */
  maxIdle: number
  /**
   * When set, each key's first read is recorded as a User Timing measure named
   * `{measure} {key}` (query start → first answer), which DevTools and the agenda
   * benchmark read: the local read alone, without any rendering.
   */
  measure?: string
}

export const CACHE_DEFAULTS: LiveCacheOptions = { keepAliveMs: 60_000, maxIdle: 8 }

interface Entry<T> {
  snap: LiveSnapshot<T> | null
  listeners: Set<() => void>
  stop: () => void
  release: ReturnType<typeof setTimeout> | null
}

export class LiveCache<T> {
  private readonly live = new Map<string, Entry<T>>()
  /** Idle keys, least recently used first (a Map keeps insertion order). */
  private readonly idle = new Map<string, true>()

  constructor(
    /** The live query of one key's documents. */
    private readonly query: (key: string) => Observable<readonly T[]>,
    private readonly options: LiveCacheOptions = CACHE_DEFAULTS,
  ) {}

  /** The key's latest answer, or null while it has none (not asked for yet, or the first read is running). */
  snapshot(key: string): LiveSnapshot<T> | null {
    return this.live.get(key)?.snap ?? null
  }

  /** Shows `key`: keeps it live and calls `onChange` on each new answer until the returned function is called. */
  subscribe(key: string, onChange: () => void): () => void {
    const entry = this.acquire(key)
    entry.listeners.add(onChange)
    return () => {
      entry.listeners.delete(onChange)
      if (entry.listeners.size === 0) this.makeIdle(key, entry)
    }
  }

  /** Starts reading keys nobody shows yet, so showing them later is instant. Keys already live only move up in the idle order. */
  prefetch(keys: readonly string[]): void {
    for (const key of keys) {
      const entry = this.acquire(key)
      if (entry.listeners.size === 0) this.makeIdle(key, entry)
    }
  }

  /** The keys with a running query (shown or idle), for tests and diagnostics. */
  liveKeys(): string[] {
    return [...this.live.keys()].sort()
  }

  /** Stops every query (the session closed). */
  close(): void {
    for (const key of [...this.live.keys()]) this.drop(key)
  }

  private acquire(key: string): Entry<T> {
    let entry = this.live.get(key)
    if (!entry) {
      const e: Entry<T> = { snap: null, listeners: new Set(), stop: () => {}, release: null }
      const notify = (snap: LiveSnapshot<T>) => {
        e.snap = snap
        for (const l of e.listeners) l()
      }
      this.live.set(key, (entry = e))
      const start = this.options.measure ? performance.now() : 0
      const sub = this.query(key).subscribe({
        next: (rows) => {
          if (this.options.measure && !e.snap) performance.measure(`${this.options.measure} ${key}`, { start })
          notify({ rows, error: null })
        },
        error: (error: Error) => notify({ rows: [], error }),
      })
      e.stop = () => sub.unsubscribe()
    }
    if (entry.release) clearTimeout(entry.release)
    entry.release = null
    this.idle.delete(key)
    return entry
  }

  private makeIdle(key: string, entry: Entry<T>) {
    this.idle.set(key, true)
    entry.release = setTimeout(() => this.drop(key), this.options.keepAliveMs)
    while (this.idle.size > this.options.maxIdle) this.drop(this.idle.keys().next().value!)
  }

  private drop(key: string) {
    const entry = this.live.get(key)
    if (!entry) return
    if (entry.release) clearTimeout(entry.release)
    entry.stop()
    this.live.delete(key)
    this.idle.delete(key)
  }
}
