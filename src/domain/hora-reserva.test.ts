import { describe, expect, it } from 'vitest'
import { formatSlot } from './booking-slots.ts'
import { horaReservaATime, minutosATime, parseHoraReserva } from './hora-reserva.ts'

describe('parseHoraReserva', () => {
  it.each([
    // The public form (formatSlot): lowercase, zero-padded.
    ['09:30 am', 9 * 60 + 30],
    ['12:00 am', 0],
    ['12:30 am', 30],
    ['12:00 pm', 12 * 60],
    ['01:30 pm', 13 * 60 + 30],
    ['11:30 pm', 23 * 60 + 30],
    // Hand-typed or other spellings of the same.
    ['9:30 pm', 21 * 60 + 30],
    ['9:30pm', 21 * 60 + 30],
    ['09:30 AM', 9 * 60 + 30],
    ['07:00 p. m.', 19 * 60],
    ['07:00 a.m.', 7 * 60],
    ['  10:00 am ', 10 * 60],
    // Staff: 24-hour 'HH:mm:ss', and 'HH:mm'.
    ['09:30:00', 9 * 60 + 30],
    ['00:00:00', 0],
    ['23:59:59', 23 * 60 + 59],
    ['14:00', 14 * 60],
    ['9:05', 9 * 60 + 5],
    ['10:15:00.000', 10 * 60 + 15],
  ])('%j → %i', (value, minutes) => expect(parseHoraReserva(value)).toBe(minutes))

  it.each([null, undefined, '', '   ', 'nueve', '13:00 pm', '00:30 am', '0:30 pm', '24:00', '24:00:00', '9:60', '09:30:60', '09-30', '0930', '09:30 xm', '9 am', '09:3 am'])(
    '%j → null',
    (value) => expect(parseHoraReserva(value)).toBeNull(),
  )

  it('reads every time the public form can offer back to the same minute', () => {
    for (let m = 0; m < 24 * 60; m += 30) expect(parseHoraReserva(formatSlot(m))).toBe(m)
  })
})

describe('minutosATime', () => {
  it.each([
    [0, '00:00:00'],
    [9 * 60 + 30, '09:30:00'],
    [23 * 60 + 59, '23:59:00'],
    [24 * 60, '24:00:00'],
  ])('%i → %s', (minutes, time) => expect(minutosATime(minutes)).toBe(time))

  it.each([-1, 24 * 60 + 1, 9.5, Number.NaN])('%d is not a time of the day', (minutes) => expect(() => minutosATime(minutes)).toThrow(RangeError))
})

describe('horaReservaATime', () => {
  it.each([
    ['09:30 am', '09:30:00'],
    ['9:30 pm', '21:30:00'],
    ['12:00 am', '00:00:00'],
    ['09:30:00', '09:30:00'],
    ['9:05', '09:05:00'],
    ['10:15:42', '10:15:00'],
  ])('%j → %s', (value, time) => expect(horaReservaATime(value)).toBe(time))

  it.each([null, '', '25:00', '13:15 pm'])('%j → null', (value) => expect(horaReservaATime(value)).toBeNull())
})
