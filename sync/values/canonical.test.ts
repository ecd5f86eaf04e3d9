import { describe, expect, it, vi, afterEach } from 'vitest'
import { canonicalDate, canonicalNumber, canonicalTime, canonicalTimestamp, nextTimestamp, nowTimestamp, valuesEqual } from './canonical.ts'

afterEach(() => vi.useRealTimers())

describe('canonicalTimestamp', () => {
  it.each([
    ['2026-01-01T10:00:00.123Z', '2026-01-01T10:00:00.123000Z'],
    ['2026-01-01T10:00:00.123+00:00', '2026-01-01T10:00:00.123000Z'],
    ['2026-01-01T10:00:00.123456+00:00', '2026-01-01T10:00:00.123456Z'],
    ['2026-01-01T10:00:00+00:00', '2026-01-01T10:00:00.000000Z'],
    ['2026-01-01 10:00:00.5+00', '2026-01-01T10:00:00.500000Z'],
    ['2026-01-01T10:00Z', '2026-01-01T10:00:00.000000Z'],
    // Offsets are moved to UTC without losing microseconds.
    ['2026-01-01T05:00:00.000001-05:00', '2026-01-01T10:00:00.000001Z'],
    ['2026-01-01T00:30:00.25+05:30', '2025-12-31T19:00:00.250000Z'],
    // No zone: Postgres would read it in the session zone, which is UTC for the API.
    ['2026-01-01T10:00:00', '2026-01-01T10:00:00.000000Z'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalTimestamp(input)).toBe(expected)
  })

  it('accepts Date and epoch milliseconds', () => {
    expect(canonicalTimestamp(new Date('2026-03-04T05:06:07.089Z'))).toBe('2026-03-04T05:06:07.089000Z')
    expect(canonicalTimestamp(Date.UTC(2026, 0, 2))).toBe('2026-01-02T00:00:00.000000Z')
  })

  it('leaves null and non-timestamps alone', () => {
    expect(canonicalTimestamp(null)).toBeNull()
    expect(canonicalTimestamp(undefined)).toBeNull()
    expect(canonicalTimestamp('mañana')).toBe('mañana')
  })

  it('sorts as text in the same order as in time', () => {
    const a = canonicalTimestamp('2026-01-01T10:00:00.9+00:00') as string
    const b = canonicalTimestamp('2026-01-01T10:00:01.1+00:00') as string
    const c = canonicalTimestamp('2026-01-01T05:00:02-05:00') as string
    expect([c, b, a].sort()).toEqual([a, b, c])
  })
})

describe('nowTimestamp / nextTimestamp', () => {
  it('is canonical', () => {
    expect(nowTimestamp()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  })

  it('never goes back even if the device clock does', () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-01-01T10:00:00.000Z'))
    const future = '2026-01-01T12:00:00.999999Z'
    const next = nextTimestamp(future)
    expect(next > future).toBe(true)
    expect(next).toBe('2026-01-01T12:00:01.000000Z')
    expect(nextTimestamp('2026-01-01T12:00:00.100000Z')).toBe('2026-01-01T12:00:00.100001Z')
  })

  it('uses the clock when it is ahead of the previous version', () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-01-01T10:00:00.000Z'))
    expect(nextTimestamp('2025-12-31T00:00:00.000000Z')).toBe('2026-01-01T10:00:00.000000Z')
    expect(nextTimestamp(null)).toBe('2026-01-01T10:00:00.000000Z')
  })
})

describe('other types', () => {
  it('canonicalTime', () => {
    expect(canonicalTime('09:30')).toBe('09:30:00')
    expect(canonicalTime('09:30:15')).toBe('09:30:15')
    expect(canonicalTime('09:30:15.500')).toBe('09:30:15.5')
    expect(canonicalTime('09:30:15.000')).toBe('09:30:15')
    expect(canonicalTime(null)).toBeNull()
  })

  it('canonicalDate', () => {
    expect(canonicalDate('2026-01-02')).toBe('2026-01-02')
    expect(canonicalDate('2026-01-02T00:00:00Z')).toBe('2026-01-02')
  })

  it('canonicalNumber', () => {
    expect(canonicalNumber('10.50')).toBe(10.5)
    expect(canonicalNumber(3)).toBe(3)
    expect(canonicalNumber('')).toBe('')
    expect(canonicalNumber(undefined)).toBeNull()
  })
})

describe('valuesEqual', () => {
  it.each<[unknown, unknown, boolean]>([
    [null, undefined, true],
    [null, 0, false],
    ['a', 'a', true],
    [1, 1.0, true],
    [1, '1', false],
    [[1, 2], [1, 2], true],
    [[1, 2], [2, 1], false],
    [{ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ a: 1, b: null }, { a: 1 }, true],
    [[], {}, false],
    [NaN, NaN, true],
  ])('%j vs %j → %s', (a, b, expected) => {
    expect(valuesEqual(a, b)).toBe(expected)
  })
})
