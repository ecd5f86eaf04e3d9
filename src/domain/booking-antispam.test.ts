import { describe, expect, it } from 'vitest'
import { MENSAJES_RESERVA } from './booking.ts'
import { BOOKING_MIN_FILL_MS, senalBotReserva, dispositivoDesdeBytes, dispositivoValido } from './booking-antispam.ts'

describe('senalBotReserva', () => {
  const t0 = 10_000
  it('sends a request with an empty trap after the minimum time', () => {
    expect(senalBotReserva({ trampa: '', desdeMs: t0, ahoraMs: t0 + BOOKING_MIN_FILL_MS })).toBeNull()
    expect(senalBotReserva({ trampa: '', desdeMs: t0, ahoraMs: t0 + 60_000 })).toBeNull()
  })

  it('holds back a send sooner than the minimum, up to its last millisecond', () => {
    expect(senalBotReserva({ trampa: '', desdeMs: t0, ahoraMs: t0 })).toBe('demasiado-pronto')
    expect(senalBotReserva({ trampa: '', desdeMs: t0, ahoraMs: t0 + 1_200 })).toBe('demasiado-pronto')
    expect(senalBotReserva({ trampa: '', desdeMs: t0, ahoraMs: t0 + BOOKING_MIN_FILL_MS - 1 })).toBe('demasiado-pronto')
  })

  it('holds back a filled trap whatever the time; blanks alone are not text', () => {
    expect(senalBotReserva({ trampa: 'http://spam.example', desdeMs: t0, ahoraMs: t0 + 60_000 })).toBe('trampa')
    expect(senalBotReserva({ trampa: 'x', desdeMs: t0, ahoraMs: t0 })).toBe('trampa')
    expect(senalBotReserva({ trampa: ' \n ', desdeMs: t0, ahoraMs: t0 + 60_000 })).toBeNull()
  })

  it('never holds a person back on a clock that reads backwards or not at all', () => {
    expect(senalBotReserva({ trampa: '', desdeMs: t0, ahoraMs: t0 - 5 })).toBeNull()
    expect(senalBotReserva({ trampa: '', desdeMs: t0, ahoraMs: Number.NaN })).toBeNull()
  })

  it('asks politely, with no word about bots or timing', () => {
    expect(MENSAJES_RESERVA.revisar.description).toBe('Antes de enviarla, revisa que tus datos estén bien y vuelve a tocar «Solicitar Reserva».')
    expect(MENSAJES_RESERVA.revisar.description).not.toMatch(/\d|bot|rápid|segundo/i)
  })
})

describe('device id', () => {
  it('makes a version-4 UUID from 16 bytes, setting only the version and variant bits', () => {
    expect(dispositivoDesdeBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000')
    expect(dispositivoDesdeBytes(new Uint8Array(16).fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17)
    expect(dispositivoDesdeBytes(bytes)).toBe('00112233-4455-4677-8899-aabbccddeeff')
    // The caller's bytes are left as they were.
    expect(bytes[6]).toBe(102)
  })

  it('refuses anything but 16 bytes', () => {
    expect(() => dispositivoDesdeBytes(new Uint8Array(15))).toThrow()
    expect(() => dispositivoDesdeBytes(new Uint8Array(17))).toThrow()
  })

  it('what it makes is a valid id; other shapes are not', () => {
    expect(dispositivoValido(dispositivoDesdeBytes(crypto.getRandomValues(new Uint8Array(16))))).toBe(true)
    expect(dispositivoValido('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true)
    for (const bad of [null, undefined, 42, '', 'abc', '0F8FAD5B-D9CB-469F-A165-70867728950E', '0f8fad5bd9cb469fa16570867728950e', ' 0f8fad5b-d9cb-469f-a165-70867728950e', '0f8fad5b-d9cb-469f-a165-70867728950e0', '0f8fad5b-d9cb-469f-a165-70867728950g']) {
      expect(dispositivoValido(bad), String(bad)).toBe(false)
    }
  })
})
