/**
 * One-at-a-time per key: `run(key, fn)` waits for earlier calls with the same key to
 * finish. Sign-in serialises attempts per email with it, so the failed-attempt count
 * an attempt checks already includes every earlier attempt's outcome (a burst of
 * concurrent guesses cannot all pass the check while bcrypt is still busy), and
 * concurrent correct sign-ins of one account simply take turns.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>()

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve()
    let release!: () => void
    const mine = new Promise<void>((resolve) => (release = resolve))
    const tail = previous.then(() => mine)
    this.tails.set(key, tail)
    await previous
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
