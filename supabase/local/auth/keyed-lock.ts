/**
 * One-at-a-time per key: `run(key, fn)` waits for earlier calls with the same key to
 * finish. Sign-in serialises attempts per email with it, so the failed-attempt count
 * an attempt checks already includes every earlier attempt's outcome (a burst of
 * concurrent guesses cannot all pass the check while bcrypt is still busy), and
 * concurrent correct sign-ins of one account simply take turns. At most `maxWaiting`
 * calls wait per key, and at most `maxWaitingTotal` over all keys; more are refused at
 * once (`LockBusyError`): a burst on one account, or on many at once, must not queue
 * sign-ins for minutes (docs/decisions/0032).
 */
export class LockBusyError extends Error {
  constructor() {
    super('demasiadas llamadas esperando')
    this.name = 'LockBusyError'
  }
}

export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>()
  private readonly waiting = new Map<string, number>()

  private totalWaiting = 0

  constructor(
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
    private readonly maxWaitingTotal = Number.POSITIVE_INFINITY,
  ) {}

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const queued = this.waiting.get(key) ?? 0
    const behind = this.tails.has(key)
    if (behind && (queued >= this.maxWaiting || this.totalWaiting >= this.maxWaitingTotal)) throw new LockBusyError()
    const previous = this.tails.get(key) ?? Promise.resolve()
    let release!: () => void
    const mine = new Promise<void>((resolve) => (release = resolve))
    const tail = previous.then(() => mine)
    this.tails.set(key, tail)
    if (behind) {
      this.waiting.set(key, queued + 1)
      this.totalWaiting++
    }
    try {
      await previous
    } finally {
      if (behind) {
        this.totalWaiting--
        const left = (this.waiting.get(key) ?? 1) - 1
        if (left > 0) this.waiting.set(key, left)
        else this.waiting.delete(key)
      }
    }
    try {
      return await fn()
    } finally {
      release()
      // The last one out removes the key, so the map only holds keys in use.
      if (this.tails.get(key) === tail) this.tails.delete(key)
    }
  }

  /** Keys with a call running or waiting (for tests). */
  get size(): number {
    return this.tails.size
  }
}
