import { describe, expect, it } from 'vitest'
import { displayName, saludo } from './greeting.ts'

describe('saludo', () => {
  it.each([
    ['2025-03-10T05:00:00Z', 'Buenos días'], // 00:00 Lima
    ['2025-03-10T16:59:59Z', 'Buenos días'], // 11:59 Lima
    ['2025-03-10T17:00:00Z', 'Buenas tardes'], // 12:00 Lima
    ['2025-03-10T22:59:59Z', 'Buenas tardes'], // 17:59 Lima
    ['2025-03-10T23:00:00Z', 'Buenas noches'], // 18:00 Lima
    ['2025-03-11T04:59:00Z', 'Buenas noches'], // 23:59 Lima
  ])('%s → %s', (iso, text) => expect(saludo(new Date(iso))).toBe(text))
})

describe('displayName', () => {
  it('prefers the profile name, then the email prefix, then Admin', () => {
    expect(displayName({ nombre: ' Rosa Quispe ', email: 'rosa@spa.pe' })).toBe('Rosa Quispe')
    expect(displayName({ nombre: '  ', email: 'recepcion@spa.local' })).toBe('recepcion')
    expect(displayName({ nombre: null, email: null })).toBe('Admin')
    expect(displayName({ email: '@spa.pe' })).toBe('Admin')
    expect(displayName({})).toBe('Admin')
  })
})
