/**
 * Asks for another pull while the server says it withheld committed rows: an older
 * transaction was still open when the pull's snapshot was taken, so rows committed after
 * it wait below the snapshot-safe cutoff (docs/decisions/0028-pull-retenido.md). Without
 * this a device that pulled at that moment waited for its next trigger, up to the 60 s
 * periodic pull. The first retry comes after 250 ms, then each waits twice as long, up to
 * 4 s, while rows stay withheld; a pull that withholds nothing starts afresh.
 */
export const HELD_FIRST_MS = 250
export const HELD_MAX_MS = 4000

export class HeldRetry {
  private timer: ReturnType<typeof setTimeout> | null = null
  private delay = HELD_FIRST_MS

  constructor(private readonly pullAgain: () => void) {}

  /** After a pull that got to the end of what the server would give now. */
  saw(held: boolean): void {
    if (!held) {
      this.delay = HELD_FIRST_MS
      return
    }
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.pullAgain()
    }, this.delay)
    this.delay = Math.min(this.delay * 2, HELD_MAX_MS)
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
