import { describe, expect, it } from 'vitest'
import { citasDelDia, diasVecinos, nombreEspecialista, type CitaLista, type CitasDiaContexto } from './citas-dia.ts'

const DIA = '2026-11-25'
let n = 0
const cita = (extra: Partial<CitaLista> = {}): CitaLista => ({
  id_cita: `cita-${++n}`,
  id_especialista: 'esp-ana',
  id_tratamiento: 'tra-masaje',
  nombre_cliente: 'Sofía Vargas',
  email_cliente: 'sofia@gmail.com',
  nombre_tratamiento: 'Masaje Relajante',
  fecha_cita: DIA,
  hora_inicio: '10:00:00',
  estado_cita: 'Confirmada',
  ...extra,
})

const especialistas: Record<string, { nombre: string; apellido: string }> = {
  'esp-ana': { nombre: 'Ana', apellido: 'Torres' },
  'esp-mateo': { nombre: 'Mateo', apellido: 'Ñahui' },
}
const ctx: CitasDiaContexto = {
  especialista: (id) => especialistas[id],
  tratamiento: (id) => (id === 'tra-piedras' ? 'Masaje con Piedras' : null),
}
const ids = (list: CitaLista[]) => list.map((c) => c.id_cita)

describe('citasDelDia', () => {
  it('keeps that day’s appointments with a specialist; hides Cancelada, Venta Directa, deleted', () => {
    const ok = cita()
    const list = [
      ok,
      cita({ estado_cita: 'Cancelada' }),
      cita({ estado_cita: 'Venta Directa', id_especialista: null, hora_inicio: '00:00:00' }),
      cita({ id_especialista: null }),
      cita({ _deleted: true }),
      cita({ fecha_cita: '2026-11-26' }),
    ]
    expect(ids(citasDelDia(list, DIA, '', ctx))).toEqual([ok.id_cita])
  })

  it.each(['Pendiente de Pago', 'Confirmada', 'Completada', 'Reprogramada'])('shows a %s appointment', (estado_cita) => {
    expect(citasDelDia([cita({ estado_cita })], DIA, '', ctx)).toHaveLength(1)
  })

  it('orders by start time, then specialist, then client', () => {
    const a = cita({ hora_inicio: '15:00:00' })
    const b = cita({ hora_inicio: '09:30:00', id_especialista: 'esp-mateo' })
    const c = cita({ hora_inicio: '09:30:00', nombre_cliente: 'Zoila Paz' })
    const d = cita({ hora_inicio: '09:30:00', nombre_cliente: 'Alberto Ríos' })
    expect(ids(citasDelDia([a, b, c, d], DIA, '', ctx))).toEqual(ids([d, c, b, a]))
  })

  it('searches client, e-mail, treatment, state as shown and as stored, and specialist; accents and case ignored', () => {
    const sofia = cita()
    const pendiente = cita({ nombre_cliente: 'José Núñez', email_cliente: 'jose@hotmail.com', estado_cita: 'Pendiente de Pago', id_especialista: 'esp-mateo', nombre_tratamiento: null, id_tratamiento: 'tra-piedras' })
    const list = [sofia, pendiente]
    const buscar = (t: string) => ids(citasDelDia(list, DIA, t, ctx))
    expect(buscar('SOFÍA')).toEqual([sofia.id_cita])
    expect(buscar('hotmail')).toEqual([pendiente.id_cita])
    expect(buscar('relajante')).toEqual([sofia.id_cita])
    expect(buscar('piedras')).toEqual([pendiente.id_cita])
    expect(buscar('sin confirmar')).toEqual([pendiente.id_cita])
    expect(buscar('pendiente de pago')).toEqual([pendiente.id_cita])
    expect(buscar('confirmada')).toEqual([sofia.id_cita])
    expect(buscar('nahui')).toEqual([pendiente.id_cita])
    expect(buscar('ana torres')).toEqual([sofia.id_cita])
    expect(buscar('pedicure')).toEqual([])
  })

  it('the search never reaches other days', () => {
    expect(citasDelDia([cita({ fecha_cita: '2026-11-26' })], DIA, 'sofia', ctx)).toEqual([])
  })
})

describe('nombreEspecialista', () => {
  it('joins first name and surname, empty when unknown', () => {
    expect(nombreEspecialista({ nombre: 'Ana', apellido: 'Torres' })).toBe('Ana Torres')
    expect(nombreEspecialista(undefined)).toBe('')
  })
})

describe('diasVecinos', () => {
  it('gives the two days after and before, nearest first, next before previous', () => {
    expect(diasVecinos('2026-11-25')).toEqual(['2026-11-26', '2026-11-24', '2026-11-27', '2026-11-23'])
  })

  it('crosses months, years and a leap day', () => {
    expect(diasVecinos('2026-12-31', 1)).toEqual(['2027-01-01', '2026-12-30'])
    expect(diasVecinos('2028-03-01', 1)).toEqual(['2028-03-02', '2028-02-29'])
    expect(diasVecinos('2026-03-01', 1)).toEqual(['2026-03-02', '2026-02-28'])
  })

  it('reaches the Monday from a Saturday across a closed Sunday', () => {
    expect(diasVecinos('2026-11-21')).toContain('2026-11-23')
  })

  it('has none for an invalid or half-typed date', () => {
    expect(diasVecinos('2026-02-30')).toEqual([])
    expect(diasVecinos('2026-11')).toEqual([])
    expect(diasVecinos('')).toEqual([])
  })
})
