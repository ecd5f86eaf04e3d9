import { describe, expect, it } from 'vitest'
import { formatSlot, generateSlots, parseTime, slotsFromServer, type HorarioDia } from './booking-slots.ts'

const weekday: HorarioDia = {
  hora_apertura: '09:00:00',
  hora_cierre: '19:00:00',
  descanso_inicio: '13:00:00',
  descanso_fin: '14:00:00',
  esta_abierto: true,
}

describe('parseTime', () => {
  it.each([
    ['09:00:00', 540],
    ['9:05', 545],
    ['23:59:59', 1439],
    ['00:00', 0],
  ])('%s → %i', (value, minutes) => expect(parseTime(value)).toBe(minutes))

  it.each([null, undefined, '', '24:00', '12:60', 'nueve', '09-00'])('%s → null', (value) => expect(parseTime(value)).toBeNull())
})

describe('formatSlot', () => {
  it.each([
    [0, '12:00 am'],
    [30, '12:30 am'],
    [9 * 60, '09:00 am'],
    [11 * 60 + 30, '11:30 am'],
    [12 * 60, '12:00 pm'],
    [13 * 60 + 30, '01:30 pm'],
    [19 * 60, '07:00 pm'],
    [23 * 60 + 30, '11:30 pm'],
  ])('%i → %s', (minutes, text) => expect(formatSlot(minutes)).toBe(text))
})

describe('generateSlots', () => {
  it('offers every 30 minutes from opening to closing inclusive, skipping the break', () => {
    const r = generateSlots(weekday)
    expect(r.kind).toBe('horas')
    if (r.kind !== 'horas') return
    expect(r.slots[0]).toBe('09:00 am')
    expect(r.slots.at(-1)).toBe('07:00 pm')
    expect(r.slots).toContain('12:30 pm')
    expect(r.slots).not.toContain('01:00 pm')
    expect(r.slots).not.toContain('01:30 pm')
    // The spa is open again at the end of the break.
    expect(r.slots).toContain('02:00 pm')
    // 09:00–19:00 is 21 half-hours, minus the two inside the break.
    expect(r.slots).toHaveLength(19)
  })

  it('works without a break, or with an incomplete or inverted one', () => {
    const none = generateSlots({ ...weekday, descanso_inicio: null, descanso_fin: null })
    const half = generateSlots({ ...weekday, descanso_fin: null })
    const inverted = generateSlots({ ...weekday, descanso_inicio: '14:00:00', descanso_fin: '13:00:00' })
    for (const r of [none, half, inverted]) expect(r).toMatchObject({ kind: 'horas', slots: expect.arrayContaining(['01:00 pm']) })
    expect(none.kind === 'horas' && none.slots).toHaveLength(21)
  })

  it('keeps a closing time off the half-hour grid out of the list', () => {
    const r = generateSlots({ ...weekday, descanso_inicio: null, descanso_fin: null, hora_cierre: '10:45:00' })
    expect(r).toEqual({ kind: 'horas', slots: ['09:00 am', '09:30 am', '10:00 am', '10:30 am'] })
  })

  it('starts at an opening time off the grid and steps from it', () => {
    const r = generateSlots({ ...weekday, hora_apertura: '09:15:00', hora_cierre: '10:15:00', descanso_inicio: null, descanso_fin: null })
    expect(r).toEqual({ kind: 'horas', slots: ['09:15 am', '09:45 am', '10:15 am'] })
  })

  it('reports a closed or unconfigured day', () => {
    expect(generateSlots(null)).toEqual({ kind: 'cerrado' })
    expect(generateSlots(undefined)).toEqual({ kind: 'cerrado' })
    expect(generateSlots({ ...weekday, esta_abierto: false })).toEqual({ kind: 'cerrado' })
  })

  it('reports missing opening or closing times as incomplete', () => {
    expect(generateSlots({ ...weekday, hora_apertura: null })).toEqual({ kind: 'incompleto' })
    expect(generateSlots({ ...weekday, hora_cierre: '' })).toEqual({ kind: 'incompleto' })
    expect(generateSlots({ ...weekday, hora_cierre: 'mañana' })).toEqual({ kind: 'incompleto' })
  })

  it('yields an empty list when closing comes before opening', () => {
    expect(generateSlots({ ...weekday, hora_apertura: '19:00:00', hora_cierre: '09:00:00' })).toEqual({ kind: 'horas', slots: [] })
  })

  it('drops times already past when asked (today in Peru)', () => {
    const r = generateSlots(weekday, 17 * 60 + 10)
    expect(r).toEqual({ kind: 'horas', slots: ['05:30 pm', '06:00 pm', '06:30 pm', '07:00 pm'] })
    expect(generateSlots(weekday, 20 * 60)).toEqual({ kind: 'horas', slots: [] })
  })
})

describe('slotsFromServer', () => {
  it("shows the server's HH:mm:ss times as the form stores them, dropping non-times", () => {
    expect(slotsFromServer(['09:00:00', '14:30:00', '18:00:00'])).toEqual(['09:00 am', '02:30 pm', '06:00 pm'])
    expect(slotsFromServer(['nope', '25:00:00'])).toEqual([])
  })
})
