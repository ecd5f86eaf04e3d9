import { describe, expect, it } from 'vitest'
import {
  centimosASoles,
  centimosATexto,
  centimosDeTexto,
  escalarEntero,
  formatCentimos,
  formatDolares,
  formatSoles,
  porcentajeDe,
  repartirProporcional,
  toCentimos,
} from './money.ts'

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

describe('escalarEntero', () => {
  it('multiplies by a fraction and rounds halves away from zero', () => {
    expect(escalarEntero(10, 1, 4)).toBe(3) // 2.5 → 3
    expect(escalarEntero(-10, 1, 4)).toBe(-3) // -2.5 → -3
    expect(escalarEntero(10, -1, 4)).toBe(-3)
    expect(escalarEntero(9, 1, 4)).toBe(2) // 2.25 → 2
    expect(escalarEntero(11, 1, 4)).toBe(3) // 2.75 → 3
    expect(escalarEntero(0, 7, 3)).toBe(0)
  })

  it('stays exact beyond 2^53 (céntimos × a rate in ten-thousandths)', () => {
    // 9,999,999,999.99 soles at 3.7512: the product has 17 digits.
    expect(escalarEntero(999_999_999_999, 10_000, 37_512)).toBe(266_581_360_631)
    // Float arithmetic rounds this one up: the product is not representable, and
    // 916563004656 × 43608 / 100 comes out as …388.5 instead of …388.48.
    expect(Math.round((916_563_004_656 * 43_608) / 100)).toBe(399_694_795_070_389)
    expect(escalarEntero(916_563_004_656, 43_608, 100)).toBe(399_694_795_070_388)
  })

  it('refuses non-integers and a zero denominator', () => {
    expect(() => escalarEntero(1.5, 1, 2)).toThrow(RangeError)
    expect(() => escalarEntero(1, 1, 0)).toThrow(RangeError)
  })
})

describe('amount inputs', () => {
  it('reads what was typed, null when blank or not a number', () => {
    expect(centimosDeTexto('1200')).toBe(120000)
    expect(centimosDeTexto(' 37.5 ')).toBe(3750)
    expect(centimosDeTexto('19,90')).toBe(1990)
    expect(centimosDeTexto(12.34)).toBe(1234)
    expect(centimosDeTexto('')).toBeNull()
    expect(centimosDeTexto('  ')).toBeNull()
    expect(centimosDeTexto('doce')).toBeNull()
    expect(centimosDeTexto(null)).toBeNull()
    expect(centimosDeTexto(undefined)).toBeNull()
  })

  it('writes céntimos back as the input shows them', () => {
    expect(centimosATexto(123450)).toBe('1234.50')
    expect(centimosATexto(5)).toBe('0.05')
    expect(centimosATexto(0)).toBe('0.00')
    expect(centimosATexto(-1205)).toBe('-12.05')
    expect(() => centimosATexto(1.5)).toThrow(RangeError)
  })
})
