import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HELD_FIRST_MS, HELD_MAX_MS, HeldRetry } from './held-retry.ts'

describe('HeldRetry', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('pulls again after 250 ms while rows are withheld, doubling up to 4 s, and starts afresh once none are', () => {
    let pulledAt = 0
    const retry = new HeldRetry(() => (pulledAt = Date.now()))
    const waited: number[] = []
    for (let i = 0; i < 7; i++) {
      const asked = Date.now()
      retry.saw(true)
      vi.advanceTimersByTime(HELD_MAX_MS)
      waited.push(pulledAt - asked)
    }
    expect(waited).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000])

    retry.saw(false)
    const asked = Date.now()
    retry.saw(true)
    vi.advanceTimersByTime(HELD_MAX_MS)
    expect(pulledAt - asked).toBe(HELD_FIRST_MS)
  })

  it('nothing is asked when no row was withheld, and one timer at a time', () => {
    const pullAgain = vi.fn()
    const retry = new HeldRetry(pullAgain)
    retry.saw(false)
    vi.advanceTimersByTime(60_000)
    expect(pullAgain).not.toHaveBeenCalled()
    retry.saw(true)
    retry.saw(true)
    retry.saw(true)
    vi.advanceTimersByTime(HELD_FIRST_MS)
    expect(pullAgain).toHaveBeenCalledTimes(1)
  })

  it('stop() cancels a retry that has not fired', () => {
    const pullAgain = vi.fn()
    const retry = new HeldRetry(pullAgain)
    retry.saw(true)
    retry.stop()
    vi.advanceTimersByTime(60_000)
    expect(pullAgain).not.toHaveBeenCalled()
  })
})
