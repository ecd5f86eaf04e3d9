import { describe, expect, it } from 'vitest'
import {
  agregarVistas,
  AVISOS_INDIVIDUALES_MAX,
  avisosDeLlegada,
  esAvisable,
  esReservaDelSitio,
  reservasNoVistas,
  textoReserva,
  tituloConAvisos,
  VISTAS_MAX,
  type ReservaAviso,
} from './reservas-avisos.ts'

const reserva = (over: Partial<ReservaAviso> = {}): ReservaAviso => ({
  id_reserva: 'r1',
  nombre_cliente: 'Ana Pérez',
  nombre_tratamiento: 'Masaje Relajante',
  fecha_reserva: '2026-12-01',
  hora_reserva: '09:30 am',
  estado_reserva: 'pendiente',
  ...over,
})

describe('esReservaDelSitio: the public form writes the time as it offered it', () => {
  it.each([
    ['09:30 am', true],
    ['03:30 pm', true],
    ['12:00 PM', true],
    ['9:00 a. m.', true],
    ['09:30:00', false], // staff's 'Crear Reserva'
    ['09:30', false],
    ['13:00 pm', false], // not a real time
    ['', false],
    [null, false],
  ])('%s → %s', (hora, esperado) => {
    expect(esReservaDelSitio({ hora_reserva: hora })).toBe(esperado)
  })
})

describe('esAvisable', () => {
  it('a pending request from the site is', () => expect(esAvisable(reserva())).toBe(true))
  it('a cancelled, processed or deleted one is not', () => {
    expect(esAvisable(reserva({ estado_reserva: 'cancelada' }))).toBe(false)
    expect(esAvisable(reserva({ estado_reserva: 'Procesada' }))).toBe(false)
    expect(esAvisable(reserva({ _deleted: true }))).toBe(false)
  })
  it("one staff created ('HH:mm:ss') is not", () => expect(esAvisable(reserva({ hora_reserva: '10:00:00' }))).toBe(false))
})

describe('reservasNoVistas', () => {
  it('keeps the avisable requests not seen on this device, by day, time, then name', () => {
    const rows = [
      reserva({ id_reserva: 'a', fecha_reserva: '2026-12-02', hora_reserva: '09:00 am', nombre_cliente: 'Zoe' }),
      reserva({ id_reserva: 'b', fecha_reserva: '2026-12-01', hora_reserva: '03:00 pm' }),
      reserva({ id_reserva: 'c', fecha_reserva: '2026-12-01', hora_reserva: '10:00 am' }),
      reserva({ id_reserva: 'd', fecha_reserva: '2026-12-02', hora_reserva: '09:00 am', nombre_cliente: 'Ángela' }),
      reserva({ id_reserva: 'vista' }),
      reserva({ id_reserva: 'personal', hora_reserva: '09:00:00' }),
      reserva({ id_reserva: 'cancelada', estado_reserva: 'cancelada' }),
    ]
    expect(reservasNoVistas(rows, new Set(['vista'])).map((r) => r.id_reserva)).toEqual(['c', 'b', 'd', 'a'])
  })
  it('nothing when every one was seen', () => {
    expect(reservasNoVistas([reserva()], new Set(['r1']))).toEqual([])
  })
})

describe('agregarVistas: the seen list stays bounded, oldest forgotten first', () => {
  it('adds new ids at the end, once each', () => {
    expect(agregarVistas(['a', 'b'], ['b', 'c', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd'])
  })
  it('keeps only the last `max`', () => {
    expect(agregarVistas(['a', 'b', 'c'], ['d', 'e'], 3)).toEqual(['c', 'd', 'e'])
  })
  it('the default bound is VISTAS_MAX', () => {
    const muchas = Array.from({ length: VISTAS_MAX + 20 }, (_, i) => `id-${i}`)
    const kept = agregarVistas([], muchas)
    expect(kept).toHaveLength(VISTAS_MAX)
    expect(kept[0]).toBe('id-20')
    expect(kept.at(-1)).toBe(`id-${VISTAS_MAX + 19}`)
  })
  it('nothing new: the same ids', () => expect(agregarVistas(['a'], ['a'])).toEqual(['a']))
})

describe('the toast text', () => {
  it('names client, treatment, the day in Spanish and the time as the site offered it', () => {
    expect(textoReserva(reserva())).toBe('Ana Pérez — Masaje Relajante, martes, 1 de diciembre de 2026, 09:30 am')
  })
  it('without a treatment name it leaves it out', () => {
    expect(textoReserva(reserva({ nombre_tratamiento: null, hora_reserva: '03:30 pm', fecha_reserva: '2026-12-05' }))).toBe('Ana Pérez — sábado, 5 de diciembre de 2026, 03:30 pm')
  })
})

describe('avisosDeLlegada: one toast each up to three, then one summary', () => {
  it('one arrival: one toast that opens it, searching its client', () => {
    expect(avisosDeLlegada([reserva()])).toEqual([
      { title: 'Nueva reserva del sitio web', description: 'Ana Pérez — Masaje Relajante, martes, 1 de diciembre de 2026, 09:30 am', id_reserva: 'r1', busqueda: 'Ana Pérez' },
    ])
  })
  it(`${AVISOS_INDIVIDUALES_MAX} at once: one each`, () => {
    const tres = ['a', 'b', 'c'].map((id) => reserva({ id_reserva: id }))
    expect(avisosDeLlegada(tres).map((a) => a.id_reserva)).toEqual(['a', 'b', 'c'])
  })
  it('four at once: one summary, no single request', () => {
    const cuatro = ['a', 'b', 'c', 'd'].map((id) => reserva({ id_reserva: id }))
    expect(avisosDeLlegada(cuatro)).toEqual([{ title: '4 reservas nuevas del sitio web', description: 'Ábralas en Reservas para confirmarlas.' }])
  })
  it('none: nothing', () => expect(avisosDeLlegada([])).toEqual([]))
})

describe('tituloConAvisos', () => {
  it('puts the count in front', () => expect(tituloConAvisos(2, 'Control de citas')).toBe('(2) Control de citas'))
  it('no count when nothing waits', () => expect(tituloConAvisos(0, 'Pacientes — Spa Lima')).toBe('Pacientes — Spa Lima'))
})
