import { describe, expect, it } from 'vitest'
import { enlaceWhatsappConfirmacion, mensajeConfirmacion, numeroWhatsapp, type CitaWhatsapp } from './whatsapp.ts'

describe('numeroWhatsapp', () => {
  it.each([
    ['987654321', '51987654321'],
    ['987 654 321', '51987654321'],
    ['987-654-321', '51987654321'],
    ['(987) 654.321', '51987654321'],
    ['+51 987 654 321', '51987654321'],
    ['0051 987 654 321', '51987654321'],
    ['51987654321', '51987654321'],
    // Not a 9-digit mobile: its digits as they are.
    ['01 445 7788', '014457788'],
    ['+1 (305) 555-0100', '13055550100'],
    ['4457788', '4457788'],
  ])('%j → %s', (phone, digits) => expect(numeroWhatsapp(phone)).toBe(digits))

  it.each([null, undefined, '', '   ', 'sin teléfono', '+ ( ) -'])('%j → null', (phone) => expect(numeroWhatsapp(phone)).toBeNull())
})

const cita: CitaWhatsapp = {
  nombre_cliente: 'Sofía Vargas',
  telefono_cliente: '987 654 321',
  nombre_tratamiento: 'Masaje Relajante',
  fecha_cita: '2026-11-24',
  hora_inicio: '16:30:00',
}
// 09:15 in Lima is 14:15 UTC; 15:00 → 20:00 UTC; 19:00 → 00:00 UTC the next day.
const MANANA = new Date('2026-11-23T14:15:00Z')
const TARDE = new Date('2026-11-23T20:00:00Z')
const NOCHE = new Date('2026-11-24T00:00:00Z')

describe('mensajeConfirmacion', () => {
  it('greets by the hour in Lima and gives treatment, date in words, 12-hour time and specialist', () => {
    expect(mensajeConfirmacion(cita, { spa: 'Spa Lima', especialista: 'Ana Torres', now: MANANA })).toBe(
      'Buenos días, Sofía Vargas. Le escribimos de Spa Lima para confirmar su cita de Masaje Relajante el martes, 24 de noviembre de 2026 a las 04:30 PM con Ana Torres. ¡Le esperamos!',
    )
  })

  it('afternoon and evening greetings', () => {
    expect(mensajeConfirmacion(cita, { spa: 'Spa Lima', now: TARDE })).toMatch(/^Buenas tardes, Sofía Vargas\. /)
    expect(mensajeConfirmacion(cita, { spa: 'Spa Lima', now: NOCHE })).toMatch(/^Buenas noches, Sofía Vargas\. /)
  })

  it('leaves out what the appointment lacks', () => {
    const escasa = { ...cita, nombre_cliente: ' ', nombre_tratamiento: null, hora_inicio: '' }
    expect(mensajeConfirmacion(escasa, { spa: 'Spa Lima', especialista: ' ', now: MANANA })).toBe(
      'Buenos días. Le escribimos de Spa Lima para confirmar su cita el martes, 24 de noviembre de 2026. ¡Le esperamos!',
    )
  })
})

describe('enlaceWhatsappConfirmacion', () => {
  it('builds https://wa.me/<digits>?text=<encoded>', () => {
    const r = enlaceWhatsappConfirmacion(cita, { spa: 'Spa Lima', now: MANANA })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const url = new URL(r.url)
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/51987654321')
    expect(url.searchParams.get('text')).toBe(r.texto)
    // Encoded, so accents, commas and '¡' survive the trip.
    expect(r.url).toContain('Buenos%20d%C3%ADas%2C%20Sof%C3%ADa')
    expect(r.url).not.toMatch(/\s/)
  })

  it.each([null, '', '  ', 'no tiene'])('no usable phone (%j) → the spec’s warning', (telefono_cliente) => {
    expect(enlaceWhatsappConfirmacion({ ...cita, telefono_cliente }, { spa: 'Spa Lima' })).toEqual({
      ok: false,
      mensaje: 'No se puede enviar WhatsApp: el cliente no tiene número de teléfono registrado.',
    })
  })
})
