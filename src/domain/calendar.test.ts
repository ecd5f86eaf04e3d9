import { describe, expect, it } from 'vitest'
import { MESES, nombreMes } from './calendar.ts'

describe('nombreMes', () => {
  it('names the twelve months in Spanish, January first', () => {
    expect(MESES).toHaveLength(12)
    expect(nombreMes(1)).toBe('Enero')
    expect(nombreMes(9)).toBe('Septiembre')
    expect(nombreMes(12)).toBe('Diciembre')
  })

  it('refuses a month outside 1–12', () => {
    expect(() => nombreMes(0)).toThrow(RangeError)
    expect(() => nombreMes(13)).toThrow(RangeError)
  })
})
