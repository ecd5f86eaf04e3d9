/**
 * Interruptible sleeps: every waiting retry of a session sleeps on one Waker, and an
 * event that makes waiting pointless (network back, resync asked for, token
 * refreshed, session closing) wakes them all at once.
 */
export class Waker {
  private readonly waiters = new Set<() => void>()

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.waiters.delete(done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.waiters.add(done)
    })
  }

  wake(): void {
    for (const w of [...this.waiters]) w()
  }
}
