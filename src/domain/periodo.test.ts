import { describe, expect, it } from 'vitest'
import { MESES, nombreMes } from './calendar.ts'
import {
  clavePeriodo,
  diasDelMes,
  isPeriodoValido,
  fechaEnPeriodo,
  mismoPeriodo,
  nombrePeriodo,
  periodoActual,
  periodoAnterior,
  periodoDeFecha,
  periodoSiguiente,
  primerDia,
  ultimoDia,
  ultimosPeriodos,
} from './periodo.ts'

describe('month lengths: the real last day', () => {
  it.each([
    [2026, 1, 31, '2026-01-31'],
    [2026, 2, 28, '2026-02-28'],
    [2028, 2, 29, '2028-02-29'], // leap year
    [2100, 2, 28, '2100-02-28'], // divisible by 100, not by 400: not a leap year
    [2024, 2, 29, '2024-02-29'],
    [2026, 4, 30, '2026-04-30'],
    [2026, 6, 30, '2026-06-30'],
    [2026, 9, 30, '2026-09-30'],
    [2026, 11, 30, '2026-11-30'],
    [2026, 12, 31, '2026-12-31'],
    [2026, 7, 31, '2026-07-31'],
    [2026, 8, 31, '2026-08-31'],
  ])('%i-%i has %i days, last %s', (anio, mes, dias, ultimo) => {
    expect(diasDelMes({ anio, mes })).toBe(dias)
    expect(ultimoDia({ anio, mes })).toBe(ultimo)
    expect(primerDia({ anio, mes })).toBe(`${anio}-${String(mes).padStart(2, '0')}-01`)
  })

  it('refuses a month that does not exist', () => {
    expect(() => diasDelMes({ anio: 2026, mes: 13 })).toThrow(RangeError)
    expect(() => primerDia({ anio: 2026, mes: 0 })).toThrow(RangeError)
    expect(() => ultimoDia({ anio: 2026.5, mes: 1 })).toThrow(RangeError)
  })
})

describe('neighbouring months', () => {
  it('crosses the year boundary both ways', () => {
    expect(periodoAnterior({ anio: 2027, mes: 1 })).toEqual({ anio: 2026, mes: 12 })
    expect(periodoSiguiente({ anio: 2026, mes: 12 })).toEqual({ anio: 2027, mes: 1 })
    expect(periodoAnterior({ anio: 2026, mes: 3 })).toEqual({ anio: 2026, mes: 2 })
    expect(periodoSiguiente({ anio: 2026, mes: 2 })).toEqual({ anio: 2026, mes: 3 })
  })

  it('compares and keys months', () => {
    expect(mismoPeriodo({ anio: 2027, mes: 2 }, { anio: 2027, mes: 2 })).toBe(true)
    expect(mismoPeriodo({ anio: 2027, mes: 2 }, { anio: 2026, mes: 2 })).toBe(false)
    expect(clavePeriodo({ anio: 2026, mes: 3 })).toBe('2026-03')
    expect(['2026-10', '2026-09', '2027-01'].sort()).toEqual(['2026-09', '2026-10', '2027-01'])
  })

  it('lists the last n months oldest first, across a year boundary', () => {
    expect(ultimosPeriodos({ anio: 2027, mes: 2 }, 4)).toEqual([
      { anio: 2026, mes: 11 },
      { anio: 2026, mes: 12 },
      { anio: 2027, mes: 1 },
      { anio: 2027, mes: 2 },
    ])
    expect(ultimosPeriodos({ anio: 2027, mes: 2 }, 12)).toHaveLength(12)
    expect(ultimosPeriodos({ anio: 2027, mes: 2 }, 12)[0]).toEqual({ anio: 2026, mes: 3 })
  })
})

describe('dates and months', () => {
  it('knows which month a date belongs to', () => {
    expect(periodoDeFecha('2026-11-30')).toEqual({ anio: 2026, mes: 11 })
    expect(periodoDeFecha('2026-02-30')).toBeNull()
    expect(periodoDeFecha('30/11/2026')).toBeNull()
    expect(periodoDeFecha(null)).toBeNull()
    expect(fechaEnPeriodo('2026-11-01', { anio: 2026, mes: 11 })).toBe(true)
    expect(fechaEnPeriodo('2026-11-30', { anio: 2026, mes: 11 })).toBe(true)
    expect(fechaEnPeriodo('2026-12-01', { anio: 2026, mes: 11 })).toBe(false)
    expect(fechaEnPeriodo('2025-11-15', { anio: 2026, mes: 11 })).toBe(false)
    expect(fechaEnPeriodo('2028-02-29', { anio: 2028, mes: 2 })).toBe(true)
    expect(fechaEnPeriodo('', { anio: 2028, mes: 2 })).toBe(false)
  })

  it('takes the current month from Peru time, not UTC', () => {
    // 1 Dec 2026 03:00 UTC is still 30 Nov in Lima.
    expect(periodoActual(new Date('2026-12-01T03:00:00Z'))).toEqual({ anio: 2026, mes: 11 })
    expect(periodoActual(new Date('2026-12-01T05:00:00Z'))).toEqual({ anio: 2026, mes: 12 })
  })
})

describe('names and bounds', () => {
  it('names months in Spanish', () => {
    expect(MESES).toHaveLength(12)
    expect(nombreMes(1)).toBe('Enero')
    expect(nombreMes(9)).toBe('Septiembre')
    expect(nombrePeriodo({ anio: 2026, mes: 11 })).toBe('Noviembre 2026')
    expect(() => nombreMes(13)).toThrow(RangeError)
  })

  it('accepts the months the database accepts (2020–2100)', () => {
    expect(isPeriodoValido({ anio: 2020, mes: 1 })).toBe(true)
    expect(isPeriodoValido({ anio: 2100, mes: 12 })).toBe(true)
    expect(isPeriodoValido({ anio: 2019, mes: 12 })).toBe(false)
    expect(isPeriodoValido({ anio: 2101, mes: 1 })).toBe(false)
    expect(isPeriodoValido({ anio: 2026, mes: 0 })).toBe(false)
    expect(isPeriodoValido({ anio: 2026, mes: 13 })).toBe(false)
    expect(isPeriodoValido({ anio: 2026, mes: 1.5 })).toBe(false)
    expect(isPeriodoValido({ anio: '2026', mes: 1 })).toBe(false)
    expect(isPeriodoValido({ anio: 2026, mes: null })).toBe(false)
    expect(isPeriodoValido(null)).toBe(false)
  })
})
