/**
 * Failed-attempt counting for password sign-in: a sliding window of failure times per
 * key (`email:…`, `ip:…`), in memory like GoTrue's own limiter.
 *
 * Attempts refused because the key is blocked are not recorded, so a lockout always
 * ends one window after the failures that caused it; a client that keeps hammering
 * does not extend it. The map is bounded so random emails cannot exhaust memory.
 *
 * Checking a password takes ~100 ms of bcrypt; counting only finished failures would
 * let a burst of concurrent guesses all pass the limit check at once. Callers either
 * serialise attempts per key or `record` an attempt before checking it and `withdraw`
 * it when it succeeds.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Seconds until `key` may try again (0: not blocked). `max` failures inside the
   * window block the key; `max` 0 disables the limit.
   */
  blockedFor(key: string, max: number): number {
    if (max <= 0) return 0
    const list = this.recent(key)
    if (list.length < max) return 0
    // The key unblocks when the failure that made the count reach `max` leaves the window.
    const deciding = list[list.length - max]!
    return Math.max(1, Math.ceil((deciding + this.windowMs - this.now()) / 1000))
  }

  /**
   * Seconds an attempt on `key` must wait to slow guessing down without banning: once
   * `free` failures are inside the window, each further attempt waits 1 s, 2 s, 4 s… after
   * the latest failure, at most `maxDelayMs`. `free` 0 disables it.
   */
  slowedFor(key: string, free: number, maxDelayMs: number): number {
    if (free <= 0) return 0
    const list = this.recent(key)
    if (list.length < free) return 0
    const delay = Math.min(1000 * 2 ** Math.min(list.length - free, 30), maxDelayMs)
    const wait = list[list.length - 1]! + delay - this.now()
    return wait > 0 ? Math.ceil(wait / 1000) : 0
  }

  /** Counts an attempt as failed; returns its stamp, so `withdraw` can take it back. */
  record(key: string): number {
    const list = this.recent(key)
    const stamp = this.now()
    list.push(stamp)
    // Re-insert so the map's order is least-recently-failed first (eviction order).
    this.failures.delete(key)
    this.failures.set(key, list)
    if (this.failures.size > this.maxKeys) this.evict()
    return stamp
  }

  /** Takes back one attempt recorded with `stamp` (it turned out not to be a failure). */
  withdraw(key: string, stamp: number): void {
    const list = this.failures.get(key)
    const i = list?.lastIndexOf(stamp) ?? -1
    if (i >= 0) list!.splice(i, 1)
  }

  reset(key: string): void {
    this.failures.delete(key)
  }

  private recent(key: string): number[] {
    const list = this.failures.get(key)
    if (!list) return []
    const since = this.now() - this.windowMs
    const kept = list.filter((t) => t > since)
    if (kept.length === 0) this.failures.delete(key)
    else if (kept.length !== list.length) this.failures.set(key, kept)
    return kept
  }

  private evict() {
    const since = this.now() - this.windowMs
    for (const [key, list] of this.failures) {
      if (list[list.length - 1]! <= since) this.failures.delete(key)
    }
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.maxKeys) break
      this.failures.delete(key)
    }
  }
}

/**
 * (account, address) pairs that signed in successfully, so a correct password from a
 * known place is never slowed by failures elsewhere (docs/decisions/0032-bloqueo-carpeta-y-acceso.md).
 * In memory, least recently used evicted past `maxEntries`, forgotten after `ttlMs`.
 */
export class KnownPairs {
  private readonly seen = new Map<string, number>()

  constructor(
    private readonly maxEntries = 10_000,
    private readonly ttlMs = 30 * 24 * 3600 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  remember(key: string): void {
    this.seen.delete(key)
    this.seen.set(key, this.now())
    for (const oldest of this.seen.keys()) {
      if (this.seen.size <= this.maxEntries) break
      this.seen.delete(oldest)
    }
  }

  has(key: string): boolean {
    const at = this.seen.get(key)
    if (at === undefined) return false
    if (this.now() - at > this.ttlMs) {
      this.seen.delete(key)
      return false
    }
    return true
  }

  get size(): number {
    return this.seen.size
  }
}
