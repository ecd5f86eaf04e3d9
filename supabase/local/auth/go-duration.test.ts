import { describe, expect, it } from 'vitest'
import { parseGoDuration } from './go-duration.ts'

describe('parseGoDuration (Go time.ParseDuration, used by ban_duration)', () => {
  it.each([
    ['0', 0],
    ['24h', 86_400_000],
    ['1h30m', 5_400_000],
    ['876000h', 876_000 * 3_600_000],
    ['1.5s', 1500],
    ['-2m', -120_000],
    ['+10ms', 10],
    ['500us', 0.5],
    ['2µs', 0.002],
  ])('%s → %d ms', (input, ms) => {
    expect(parseGoDuration(input)).toBeCloseTo(ms, 6)
  })

  it.each(['', 'h', '10', '1d', '1h 30m', 'none', '3000000h', '1e3s', '--1h'])('refuses %j', (input) => {
    expect(() => parseGoDuration(input)).toThrow(`time: invalid duration "${input}"`)
  })
})
