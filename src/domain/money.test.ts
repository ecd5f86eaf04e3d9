import { describe, expect, it } from 'vitest'
import { centimosASoles, formatCentimos, formatDolares, formatSoles, porcentajeDe, repartirProporcional, toCentimos } from './money.ts'

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

describe('centimosASoles', () => {
  it('gives the soles number a numeric(12,2) column stores', () => {
    expect(centimosASoles(12345)).toBe(123.45)
    expect(centimosASoles(0)).toBe(0)
    expect(centimosASoles(-50)).toBe(-0.5)
  })
})

describe('porcentajeDe', () => {
  it('applies a POS percentage with three decimals to the céntimo', () => {
    // S/ 140.00 × 4.071 % = S/ 5.6994 → S/ 5.70
    expect(porcentajeDe(14000, 4.071)).toBe(570)
    // S/ 100.00 × 4.071 % = S/ 4.071 → S/ 4.07
    expect(porcentajeDe(10000, 4.071)).toBe(407)
    expect(porcentajeDe(9550, 10)).toBe(955)
    expect(porcentajeDe(0, 4.071)).toBe(0)
    expect(porcentajeDe(12345, 0)).toBe(0)
  })

  it('rounds an exact half céntimo away from zero, with no float drift', () => {
    // 1,000 × 0.05 % = 0.5 céntimos → 1; 1,001 × 50 % = 500.5 → 501
    expect(porcentajeDe(1000, 0.05)).toBe(1)
    expect(porcentajeDe(12345, 0.5)).toBe(62)
    expect(porcentajeDe(1001, 50)).toBe(501)
    expect(porcentajeDe(-1001, 50)).toBe(-501)
    // 0.1 + 0.2 style percentages still count as 0.3 %
    expect(porcentajeDe(100000, 0.1 + 0.2)).toBe(300)
  })

  it('refuses amounts that are not whole céntimos', () => {
    expect(() => porcentajeDe(10.5, 10)).toThrow(RangeError)
  })
})

describe('repartirProporcional', () => {
  it('splits in proportion and always adds up to the amount', () => {
    expect(repartirProporcional(570, [15000, 4000])).toEqual([450, 120])
    expect(repartirProporcional(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(repartirProporcional(2, [1, 1, 1])).toEqual([1, 1, 0])
    const partes = repartirProporcional(407, [3333, 3333, 3334])
    expect(partes.reduce((a, b) => a + b, 0)).toBe(407)
  })

  it('gives everything to the first part when no weight is positive', () => {
    expect(repartirProporcional(500, [0, 0])).toEqual([500, 0])
    expect(repartirProporcional(500, [])).toEqual([])
  })

  it('keeps the sign of a negative amount', () => {
    expect(repartirProporcional(-100, [1, 1, 1])).toEqual([-34, -33, -33])
  })
})
