import { describe, expect, it } from 'vitest'
import { DIAS_SEMANA } from './peru-time.ts'
import { diaEnPlural, fechaLargaDia, formatHora12, formatHoraTexto, rangoHoras } from './agenda-format.ts'

describe('formatHora12', () => {
  it.each([
    [0, '12:00 AM'],
    [30, '12:30 AM'],
    [9 * 60 + 5, '09:05 AM'],
    [11 * 60 + 59, '11:59 AM'],
    [12 * 60, '12:00 PM'],
    [13 * 60 + 30, '01:30 PM'],
    [23 * 60 + 30, '11:30 PM'],
    [24 * 60, '12:00 AM'],
  ])('%i → %s', (minutes, text) => expect(formatHora12(minutes)).toBe(text))
})

describe('formatHoraTexto', () => {
  it.each([
    ['09:30:00', '09:30 AM'],
    ['16:00:00', '04:00 PM'],
    ['09:30 am', '09:30 AM'],
    ['9:30 pm', '09:30 PM'],
    [null, ''],
    ['', ''],
    ['luego', ''],
  ])('%j → %j', (value, text) => expect(formatHoraTexto(value)).toBe(text))
})

describe('rangoHoras', () => {
  it('joins start and end with a dash', () => expect(rangoHoras('09:00:00', '10:30:00')).toBe('09:00 AM – 10:30 AM'))
  it('crosses noon', () => expect(rangoHoras('11:30:00', '12:30:00')).toBe('11:30 AM – 12:30 PM'))
  it('shows only the start when the end is missing or unreadable', () => {
    expect(rangoHoras('09:00:00', null)).toBe('09:00 AM')
    expect(rangoHoras('09:00:00', 'x')).toBe('09:00 AM')
  })
  it('is empty without a readable start', () => expect(rangoHoras(null, '10:00:00')).toBe(''))
})

describe('fechaLargaDia', () => {
  it.each([
    ['2026-11-24', 'martes, 24 de noviembre de 2026'],
    ['2026-01-01', 'jueves, 1 de enero de 2026'],
    ['2028-02-29', 'martes, 29 de febrero de 2028'],
    ['2026-03-07', 'sábado, 7 de marzo de 2026'],
  ])('%s → %s', (iso, text) => expect(fechaLargaDia(iso)).toBe(text))

  it.each([null, undefined, '', '2026-02-30', '24/11/2026', '2026-11-24T10:00:00Z'])('%j → empty', (value) => expect(fechaLargaDia(value)).toBe(''))
})

describe('diaEnPlural', () => {
  it('writes every weekday as "los …" needs it', () => {
    expect(DIAS_SEMANA.map(diaEnPlural)).toEqual(['domingos', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábados'])
  })
})
