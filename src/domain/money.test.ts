import { describe, expect, it } from 'vitest'
import { formatCentimos, formatDolares, formatSoles, toCentimos } from './money.ts'

describe('toCentimos', () => {
  it('converts numbers and numeric strings without float drift', () => {
    expect(toCentimos(80)).toBe(8000)
    expect(toCentimos('1234.5')).toBe(123450)
    expect(toCentimos(0.1 + 0.2)).toBe(30)
    expect(toCentimos('19,90')).toBe(1990)
    expect(toCentimos(-12)).toBe(-1200)
  })

  it('rejects text that is not an amount', () => {
    expect(() => toCentimos('')).toThrow(RangeError)
    expect(() => toCentimos('ochenta')).toThrow(RangeError)
    expect(() => toCentimos(Number.NaN)).toThrow(RangeError)
  })
})

describe('formatting', () => {
  it('shows soles with es-PE grouping and two decimals', () => {
    expect(formatSoles(1234.5)).toBe('S/ 1,234.50')
    expect(formatSoles('80')).toBe('S/ 80.00')
    expect(formatSoles(0)).toBe('S/ 0.00')
    expect(formatSoles(1234567.891)).toBe('S/ 1,234,567.89')
    expect(formatCentimos(-1200)).toBe('-S/ 12.00')
  })

  it('shows dollars as US$', () => {
    expect(formatDolares('99.9')).toBe('US$ 99.90')
  })
})
