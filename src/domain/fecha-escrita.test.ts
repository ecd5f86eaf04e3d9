import { describe, expect, it } from 'vitest'
import { fechaEnRango, fueraDeRango, leerFecha } from './fecha-escrita.ts'

describe('leerFecha', () => {
  it.each([
    ['27/11/2026', '2026-11-27'],
    ['7/3/2026', '2026-03-07'],
    ['07-03-2026', '2026-03-07'],
    ['27.11.2026', '2026-11-27'],
    [' 27/11/2026 ', '2026-11-27'],
    ['2026-11-27', '2026-11-27'],
    ['29/02/2028', '2028-02-29'],
  ])('reads %j as %s (day first, as in Peru)', (texto, iso) => {
    expect(leerFecha(texto)).toBe(iso)
  })

  it.each(['', '27/11', '27/11/26', '27/11/202', '11/27/2026', '31/04/2026', '29/02/2027', '2026-13-01', '2026-2-3', 'mañana', '27/11/2026x', '00/01/2026'])(
    'is not a date yet for %j',
    (texto) => {
      expect(leerFecha(texto)).toBeNull()
    },
  )
})

describe('fueraDeRango', () => {
  it('compares against either bound, inclusive', () => {
    expect(fueraDeRango('2026-11-27')).toBe(false)
    expect(fueraDeRango('2026-11-27', '2026-11-27', '2026-11-27')).toBe(false)
    expect(fueraDeRango('2026-11-26', '2026-11-27')).toBe(true)
    expect(fueraDeRango('2026-11-28', undefined, '2026-11-27')).toBe(true)
    expect(fueraDeRango('2026-11-28', '', '')).toBe(false)
  })
})

describe('fechaEnRango', () => {
  it('keeps a day inside the range and moves one outside it to the nearest bound', () => {
    expect(fechaEnRango('2026-11-15', '2026-11-01', '2026-11-30')).toBe('2026-11-15')
    expect(fechaEnRango('2026-12-01', '2026-11-01', '2026-11-30')).toBe('2026-11-30')
    expect(fechaEnRango('2026-10-31', '2026-11-01', '2026-11-30')).toBe('2026-11-01')
    expect(fechaEnRango('2026-12-01', '2026-11-01')).toBe('2026-12-01')
    expect(fechaEnRango('2026-10-01', undefined, '2026-11-30')).toBe('2026-10-01')
    expect(fechaEnRango('2026-10-01', '', '')).toBe('2026-10-01')
  })
})
