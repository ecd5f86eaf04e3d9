import { describe, expect, it } from 'vitest'
import { DIAS_SEMANA, diaSemana, fechaHoraCorta, fechaLarga, fechaLargaDe, formatFechaCorta, isIsoDate, peruMarcaArchivo, peruMinutesOfDay, peruToday } from './peru-time.ts'

describe('peruToday', () => {
  it('is still yesterday in Lima until 05:00 UTC', () => {
    expect(peruToday(new Date('2025-03-10T04:59:59Z'))).toBe('2025-03-09')
    expect(peruToday(new Date('2025-03-10T05:00:00Z'))).toBe('2025-03-10')
  })

  it('crosses month and year boundaries', () => {
    expect(peruToday(new Date('2025-01-01T03:00:00Z'))).toBe('2024-12-31')
    expect(peruToday(new Date('2024-03-01T02:00:00Z'))).toBe('2024-02-29')
  })

  it('does not depend on the device time zone (fixed offset, no DST)', () => {
    // Mid-July and mid-January give the same offset.
    expect(peruToday(new Date('2025-07-15T04:00:00Z'))).toBe('2025-07-14')
    expect(peruToday(new Date('2025-01-15T04:00:00Z'))).toBe('2025-01-14')
  })
})

describe('peruMinutesOfDay', () => {
  it('converts UTC to Lima wall-clock minutes', () => {
    expect(peruMinutesOfDay(new Date('2025-03-10T05:00:00Z'))).toBe(0)
    expect(peruMinutesOfDay(new Date('2025-03-10T14:30:00Z'))).toBe(9 * 60 + 30)
    expect(peruMinutesOfDay(new Date('2025-03-11T04:59:00Z'))).toBe(23 * 60 + 59)
  })
})

describe('diaSemana', () => {
  it('names every weekday in Spanish with a capital, Sunday first', () => {
    expect(DIAS_SEMANA).toEqual(['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'])
    // 2025-03-09 was a Sunday.
    const week = ['2025-03-09', '2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13', '2025-03-14', '2025-03-15']
    expect(week.map(diaSemana)).toEqual([...DIAS_SEMANA])
  })

  it('rejects malformed or impossible dates', () => {
    expect(() => diaSemana('2025-02-30')).toThrow(RangeError)
    expect(() => diaSemana('10/03/2025')).toThrow(RangeError)
  })
})

describe('isIsoDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
    ['', false],
  ])('%s → %s', (value, ok) => expect(isIsoDate(value)).toBe(ok))
})

describe('formatFechaCorta', () => {
  it('shows dates the Peruvian way', () => {
    expect(formatFechaCorta('1990-05-04')).toBe('04/05/1990')
    expect(formatFechaCorta('1990-05-04T00:00:00Z')).toBe('04/05/1990')
    expect(formatFechaCorta(null)).toBe('')
    expect(formatFechaCorta('04/05/1990')).toBe('')
  })
})

describe('fechaLarga', () => {
  it('writes the Lima date in Spanish, capitalised', () => {
    expect(fechaLarga(new Date('2025-03-10T15:00:00Z'))).toBe('Lunes, 10 de marzo de 2025')
    // 04:00 UTC is still the previous day in Lima.
    expect(fechaLarga(new Date('2025-03-10T04:00:00Z'))).toBe('Domingo, 9 de marzo de 2025')
  })
})

describe('fechaHoraCorta', () => {
  it('shows a moment in Lima time', () => {
    expect(fechaHoraCorta('2025-03-10T14:30:00Z')).toMatch(/^lun,? 10 mar\.?,? 09:30$/)
  })
})

describe('peruMarcaArchivo', () => {
  it('stamps export files with Lima date and time', () => {
    expect(peruMarcaArchivo(new Date('2026-11-24T14:30:59Z'))).toBe('20261124-0930')
    // 02:05 UTC on the 25th is still the 24th in Lima.
    expect(peruMarcaArchivo(new Date('2026-11-25T02:05:00Z'))).toBe('20261124-2105')
  })
})

describe('fechaLargaDe', () => {
  it('writes a stored date in Spanish long form', () => {
    expect(fechaLargaDe('2026-11-24')).toBe('martes, 24 de noviembre de 2026')
    expect(fechaLargaDe('2026-01-01')).toBe('jueves, 1 de enero de 2026')
  })

  it('gives nothing for a malformed date', () => {
    expect(fechaLargaDe('2026-02-30')).toBe('')
    expect(fechaLargaDe('')).toBe('')
  })
})
