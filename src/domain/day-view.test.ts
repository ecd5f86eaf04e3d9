import { describe, expect, it } from 'vitest'
import type { CitaAgenda, HorarioSemana } from './agenda-slots.ts'
import { carriles, lineaAhora, vistaDia, type EspecialistaVista, type VistaDiaInput } from './day-view.ts'

const LUNES = '2026-11-23'
const PX = 2

const horarios: HorarioSemana[] = [
  { dia_semana: 'Lunes', esta_abierto: true, hora_apertura: '09:00:00', hora_cierre: '19:00:00', descanso_inicio: '13:00:00', descanso_fin: '14:00:00' },
  { dia_semana: 'Domingo', esta_abierto: false, hora_apertura: null, hora_cierre: null, descanso_inicio: null, descanso_fin: null },
]

const esp = (id: string, nombre: string, apellido: string, extra: Partial<EspecialistaVista> = {}): EspecialistaVista => ({
  id_especialista: id,
  nombre,
  apellido,
  activo: true,
  dias_trabajo: ['Lunes', 'Martes'],
  hora_inicio_trabajo: '10:00:00',
  hora_fin_trabajo: '17:00:00',
  ...extra,
})
const quispe = esp('e-quispe', 'Lucía', 'Quispe')
const mendoza = esp('e-mendoza', 'Andrea', 'Mendoza')
const alva = esp('e-alva', 'Rosa', 'Álvarez')
const ramirez = esp('e-ramirez', 'Carlos', 'Ramírez', { dias_trabajo: ['Sábado'] })
const inactiva = esp('e-inactiva', 'Eva', 'Zapata', { activo: false })

let n = 0
const cita = (id_especialista: string, hora_inicio: string, hora_fin: string | null, extra: Partial<CitaAgenda> = {}): CitaAgenda => ({
  id_cita: `c${++n}`,
  id_especialista,
  fecha_cita: LUNES,
  hora_inicio,
  hora_fin,
  estado_cita: 'Confirmada',
  ...extra,
})

const input = (extra: Partial<VistaDiaInput<EspecialistaVista, CitaAgenda>> = {}): VistaDiaInput<EspecialistaVista, CitaAgenda> => ({
  fecha: LUNES,
  especialistas: [quispe, mendoza, alva, ramirez, inactiva],
  horarios,
  citas: [],
  pxPorMinuto: PX,
  ...extra,
})

describe('vistaDia: columns', () => {
  it('one column per active specialist working that weekday, by surname (accents sorted as Spanish does)', () => {
    const v = vistaDia(input())
    expect(v.columnas.map((c) => c.especialista.apellido)).toEqual(['Álvarez', 'Mendoza', 'Quispe'])
    expect(v.columnas.every((c) => c.trabaja)).toBe(true)
  })

  it('adds a specialist who does not work that day, or is inactive, when they have an appointment: nothing is hidden', () => {
    const v = vistaDia(input({ citas: [cita(ramirez.id_especialista, '10:00:00', '11:00:00'), cita(inactiva.id_especialista, '12:00:00', '13:00:00')] }))
    const ramirezCol = v.columnas.find((c) => c.especialista === ramirez)!
    expect(ramirezCol.trabaja).toBe(false)
    expect(ramirezCol.turno).toBeNull()
    expect(ramirezCol.bloques).toHaveLength(1)
    expect(v.columnas.map((c) => c.especialista.apellido)).toEqual(['Álvarez', 'Mendoza', 'Quispe', 'Ramírez', 'Zapata'])
  })

  it('a cancelled, deleted or Venta Directa appointment does not bring a column', () => {
    const v = vistaDia(input({ citas: [cita(ramirez.id_especialista, '10:00:00', '11:00:00', { estado_cita: 'Cancelada' }), cita(inactiva.id_especialista, '10:00:00', '11:00:00', { _deleted: true })] }))
    expect(v.columnas).toHaveLength(3)
  })

  it('a deleted specialist never has a column', () => {
    expect(vistaDia(input({ especialistas: [{ ...quispe, _deleted: true }] })).columnas).toEqual([])
  })
})

describe('vistaDia: axis, hour marks, break and shift', () => {
  it('runs from opening to closing at the given scale', () => {
    expect(vistaDia(input()).eje).toEqual({ inicio: 540, fin: 1140, alto: 600 * PX, pxPorMinuto: PX })
  })

  it('marks every half hour, solid on the hour, labelled 12-hour', () => {
    const { marcas } = vistaDia(input())
    expect(marcas).toHaveLength(21)
    expect(marcas[0]).toEqual({ minutos: 540, top: 0, etiqueta: '09:00 AM', enPunto: true })
    expect(marcas[1]).toEqual({ minutos: 570, top: 60, etiqueta: '09:30 AM', enPunto: false })
    expect(marcas.at(-1)).toEqual({ minutos: 1140, top: 1200, etiqueta: '07:00 PM', enPunto: true })
  })

  it('the break is a band; each column shades outside its shift', () => {
    const v = vistaDia(input())
    expect(v.descanso).toEqual({ top: 240 * PX, alto: 60 * PX })
    expect(v.columnas[0]!.turno).toEqual({ top: 60 * PX, alto: 420 * PX })
  })

  it('a shift wider than the spa’s hours is cut to the axis', () => {
    const v = vistaDia(input({ especialistas: [esp('e-x', 'X', 'X', { hora_inicio_trabajo: '07:00:00', hora_fin_trabajo: '21:00:00' })] }))
    expect(v.columnas[0]!.turno).toEqual({ top: 0, alto: 600 * PX })
  })

  it('any hours work: an afternoon-only spa starting at a quarter past, without a break', () => {
    const tarde: HorarioSemana[] = [{ dia_semana: 'Lunes', esta_abierto: true, hora_apertura: '14:15:00', hora_cierre: '22:00:00', descanso_inicio: null, descanso_fin: null }]
    const v = vistaDia(input({ horarios: tarde }))
    expect(v.eje).toMatchObject({ inicio: 855, fin: 1320 })
    expect(v.marcas[0]).toMatchObject({ minutos: 870, top: 15 * PX, etiqueta: '02:30 PM' })
    expect(v.descanso).toBeNull()
  })

  it('widens to the hour for an appointment outside the hours', () => {
    const v = vistaDia(input({ citas: [cita(quispe.id_especialista, '08:15:00', '09:15:00'), cita(mendoza.id_especialista, '18:30:00', '19:45:00')] }))
    expect(v.eje).toMatchObject({ inicio: 480, fin: 1200 })
    expect(v.columnas.find((c) => c.especialista === quispe)!.bloques[0]).toMatchObject({ top: 15 * PX, alto: 60 * PX })
  })

  it('a closed day with no appointments has no axis but still lists who works', () => {
    const v = vistaDia(input({ fecha: '2026-11-29', especialistas: [esp('e-d', 'D', 'D', { dias_trabajo: ['Domingo'] })] }))
    expect(v.eje).toBeNull()
    expect(v.marcas).toEqual([])
    expect(v.columnas.map((c) => c.especialista.id_especialista)).toEqual(['e-d'])
  })

  it('a closed day with an appointment gets an axis around it', () => {
    const d = esp('e-d', 'D', 'D', { dias_trabajo: ['Domingo'] })
    const v = vistaDia(input({ fecha: '2026-11-29', especialistas: [d], citas: [cita('e-d', '10:30:00', '11:30:00', { fecha_cita: '2026-11-29' })] }))
    expect(v.eje).toMatchObject({ inicio: 600, fin: 720 })
    expect(v.descanso).toBeNull()
  })

  it('an impossible date gives an empty view', () => {
    expect(vistaDia(input({ fecha: '2026-02-31' }))).toEqual({ eje: null, marcas: [], descanso: null, columnas: [] })
  })
})

describe('vistaDia: blocks', () => {
  it('top and height come from the times; a missing end counts 60 minutes', () => {
    const a = cita(quispe.id_especialista, '10:00:00', '11:30:00')
    const b = cita(quispe.id_especialista, '14:00:00', null)
    const col = vistaDia(input({ citas: [b, a] })).columnas.find((c) => c.especialista === quispe)!
    expect(col.bloques).toEqual([
      { cita: a, inicio: 600, fin: 690, top: 60 * PX, alto: 90 * PX, carril: 0, carriles: 1 },
      { cita: b, inicio: 840, fin: 900, top: 300 * PX, alto: 60 * PX, carril: 0, carriles: 1 },
    ])
  })

  it('back-to-back appointments stay in one lane and do not overlap', () => {
    const col = vistaDia(input({ citas: [cita(quispe.id_especialista, '10:00:00', '11:00:00'), cita(quispe.id_especialista, '11:00:00', '12:00:00')] })).columnas.find(
      (c) => c.especialista === quispe,
    )!
    const [x, y] = col.bloques
    expect(x!.top + x!.alto).toBe(y!.top)
    expect(col.bloques.map((b) => [b.carril, b.carriles])).toEqual([[0, 1], [0, 1]])
  })

  it('overlapping appointments (two tablets offline) share the column side by side', () => {
    const citas = [cita(quispe.id_especialista, '10:00:00', '11:00:00'), cita(quispe.id_especialista, '10:30:00', '11:30:00'), cita(quispe.id_especialista, '12:00:00', '12:30:00')]
    const col = vistaDia(input({ citas })).columnas.find((c) => c.especialista === quispe)!
    expect(col.bloques.map((b) => [b.inicio, b.carril, b.carriles])).toEqual([
      [600, 0, 2],
      [630, 1, 2],
      [720, 0, 1],
    ])
  })

  it('only that day’s appointments of that specialist, not cancelled ones', () => {
    const citas = [cita(quispe.id_especialista, '10:00:00', '11:00:00', { fecha_cita: '2026-11-24' }), cita(quispe.id_especialista, '10:00:00', '11:00:00', { estado_cita: 'Cancelada' })]
    expect(vistaDia(input({ citas })).columnas.flatMap((c) => c.bloques)).toEqual([])
  })
})

describe('carriles', () => {
  const iv = (inicio: number, fin: number) => ({ inicio, fin })

  it('reuses a lane once it is free, and counts lanes per overlapping group', () => {
    // A long one with three short ones inside it, one after another.
    const out = carriles([iv(0, 120), iv(0, 30), iv(30, 60), iv(90, 150), iv(200, 210)])
    expect(out.map((o) => [o.inicio, o.fin, o.carril, o.carriles])).toEqual([
      [0, 120, 0, 2],
      [0, 30, 1, 2],
      [30, 60, 1, 2],
      [90, 150, 1, 2],
      [200, 210, 0, 1],
    ])
  })

  it('three at once need three lanes; no two blocks of a lane overlap', () => {
    const out = carriles([iv(60, 120), iv(60, 90), iv(70, 80), iv(90, 100)])
    expect(Math.max(...out.map((o) => o.carriles))).toBe(3)
    for (const a of out) for (const b of out) if (a !== b && a.carril === b.carril) expect(a.fin <= b.inicio || b.fin <= a.inicio).toBe(true)
  })

  it('nothing in, nothing out', () => expect(carriles([])).toEqual([]))
})

describe('lineaAhora', () => {
  const eje = vistaDia(input()).eje!

  it('sits at the current minute of today', () => {
    expect(lineaAhora(LUNES, eje, { hoy: LUNES, minutos: 10 * 60 + 15 })).toBe(75 * PX)
    expect(lineaAhora(LUNES, eje, { hoy: LUNES, minutos: 19 * 60 })).toBe(600 * PX)
  })

  it('is absent on another day, before opening, after closing or without an axis', () => {
    expect(lineaAhora(LUNES, eje, { hoy: '2026-11-24', minutos: 600 })).toBeNull()
    expect(lineaAhora(LUNES, eje, { hoy: LUNES, minutos: 8 * 60 })).toBeNull()
    expect(lineaAhora(LUNES, eje, { hoy: LUNES, minutos: 19 * 60 + 1 })).toBeNull()
    expect(lineaAhora(LUNES, null, { hoy: LUNES, minutos: 600 })).toBeNull()
  })
})
