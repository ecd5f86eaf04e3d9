import { describe, expect, it } from 'vitest'
import { peruDate } from './first-window.ts'

describe('peruDate', () => {
  it('is the calendar date in Lima: the day changes at 05:00 UTC, all year', () => {
    expect(peruDate(Date.parse('2026-11-30T04:59:59Z'))).toBe('2026-11-29')
    expect(peruDate(Date.parse('2026-11-30T05:00:00Z'))).toBe('2026-11-30')
    expect(peruDate(Date.parse('2026-07-01T04:00:00Z'))).toBe('2026-06-30')
    expect(peruDate(Date.parse('2027-01-01T03:00:00Z'))).toBe('2026-12-31')
  })
})
