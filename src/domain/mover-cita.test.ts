import { describe, expect, it } from 'vitest'
import { slotsAgenda, type CitaAgenda, type HorarioSemana } from './agenda-slots.ts'
import { MENSAJES_MOVER, validarMovimiento, type CitaMovible, type EspecialistaMovible, type MovimientoInput } from './mover-cita.ts'

// 2026-11-23 is a Monday; 2026-11-28 a Saturday.
const LUNES = '2026-11-23'
const SABADO = '2026-11-28'

/** The spa: 09:00–19:00 Monday to Saturday, break 13:00–14:00. */
const horarios: HorarioSemana[] = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'].map((dia_semana) => ({
  dia_semana,
  esta_abierto: true,
  hora_apertura: '09:00:00',
  hora_cierre: '19:00:00',
  descanso_inicio: '13:00:00',
  descanso_fin: '14:00:00',
}))

/** Lucía works Monday to Friday 09:00–17:00; Marco Monday to Saturday 09:00–19:00; Inés is no longer active. */
const lucia: EspecialistaMovible = { id_especialista: 'lucia', dias_trabajo: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'], hora_inicio_trabajo: '09:00:00', hora_fin_trabajo: '17:00:00', activo: true }
const marco: EspecialistaMovible = { id_especialista: 'marco', dias_trabajo: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'], hora_inicio_trabajo: '09:00:00', hora_fin_trabajo: '19:00:00', activo: true }
const ines: EspecialistaMovible = { ...marco, id_especialista: 'ines', activo: false }
const especialistas = [lucia, marco, ines]
const tratamientos = [{ id_tratamiento: 'masaje', nombre: 'Masaje Relajante', duracion_estimada_minutos: 60 }]

/** Ana Pérez, Lucía, Monday 10:00–11:00, a 60-minute massage, an advance paid by Yape. */
const ana: CitaMovible = {
  id_cita: 'ana',
  id_especialista: 'lucia',
  id_tratamiento: 'masaje',
  nombre_tratamiento: 'Masaje Relajante',
  fecha_cita: LUNES,
  hora_inicio: '10:00:00',
  hora_fin: '11:00:00',
  estado_cita: 'Pendiente de Pago',
  notas_internas: 'Prefiere aceite de lavanda',
  metodo_pago_adelanto: 'Yape',
  referencia_pago_adelanto: 'OP-1',
}

const otra = (id: string, id_especialista: string, hora_inicio: string, hora_fin: string, estado_cita = 'Confirmada'): CitaAgenda => ({
  id_cita: id,
  id_especialista,
  fecha_cita: LUNES,
  hora_inicio,
  hora_fin,
  estado_cita,
})

const mover = (hora: string, id_especialista = 'lucia', extra: Partial<MovimientoInput> = {}) => {
  const [h, m] = hora.split(':').map(Number)
  return validarMovimiento({ cita: ana, id_especialista, inicio: h! * 60 + m!, especialistas, horarios, citas: [ana], tratamientos, ahora: null, ...extra })
}
const motivo = (r: ReturnType<typeof validarMovimiento>) => (r.ok ? 'válido' : r.mensaje)

describe('validarMovimiento: a valid move is Reprogramar with the time and specialist chosen', () => {
  it('Ana from 10:00 to 16:00 with Lucía: the patch Reprogramar writes, state Reprogramada, and the undo of each column', () => {
    const r = mover('16:00')
    expect(r).toEqual({
      ok: true,
      hora: '16:00',
      etiqueta: '04:00 PM',
      patch: {
        fecha_cita: LUNES,
        hora_inicio: '16:00:00',
        hora_fin: '17:00:00',
        id_especialista: 'lucia',
        id_tratamiento: 'masaje',
        nombre_tratamiento: 'Masaje Relajante',
        estado_cita: 'Reprogramada',
        notas_internas: 'Prefiere aceite de lavanda',
      },
      deshacer: {
        fecha_cita: LUNES,
        hora_inicio: '10:00:00',
        hora_fin: '11:00:00',
        id_especialista: 'lucia',
        id_tratamiento: 'masaje',
        nombre_tratamiento: 'Masaje Relajante',
        estado_cita: 'Pendiente de Pago',
        notas_internas: 'Prefiere aceite de lavanda',
      },
    })
  })

  it('the advance is money received: a move never touches its method or reference (docs/decisions/0033)', () => {
    const r = validarMovimiento({ cita: { ...ana, estado_cita: 'Confirmada' }, id_especialista: 'lucia', inicio: 15 * 60, especialistas, horarios, citas: [ana], tratamientos, ahora: null })
    expect(r.ok && r.patch).not.toHaveProperty('metodo_pago_adelanto')
    expect(r.ok && r.patch).not.toHaveProperty('referencia_pago_adelanto')
    expect(r.ok && r.deshacer.estado_cita).toBe('Confirmada')
  })

  it('to Marco at the same 10:00: only the specialist changes', () => {
    const r = mover('10:00', 'marco')
    expect(r.ok && [r.patch.id_especialista, r.patch.hora_inicio, r.patch.hora_fin]).toEqual(['marco', '10:00:00', '11:00:00'])
    expect(r.ok && r.deshacer.id_especialista).toBe('lucia')
  })

  it('the cita does not block itself: half an hour later, overlapping its own old time', () => {
    expect(motivo(mover('10:30'))).toBe('válido')
  })

  it('the same time with the same specialist is no move', () => {
    expect(mover('10:00')).toEqual({ ok: false, mensaje: MENSAJES_MOVER.mismaHora, mismaHora: true })
  })

  it('the confirmation says it in the issue\'s words', () => {
    expect(MENSAJES_MOVER.confirmacion('Ana Pérez', '16:00', 'Lucía Quispe')).toBe('Mover la cita de Ana Pérez a las 16:00 con Lucía Quispe')
  })
})

describe('validarMovimiento: an invalid drop says why', () => {
  it.each([
    ['08:30', 'marco', MENSAJES_MOVER.fueraDeHorario, 'before the spa opens'],
    ['18:30', 'marco', MENSAJES_MOVER.fueraDeHorario, 'a 60-minute cita ending 19:30, after closing'],
    ['16:30', 'lucia', MENSAJES_MOVER.fueraDeTurno, "ending 17:30, after Lucía's day"],
    ['13:00', 'lucia', MENSAJES_MOVER.descanso, 'starting in the break'],
    ['13:30', 'marco', MENSAJES_MOVER.descanso, 'starting in the break, other specialist'],
  ] as Array<[string, string, string, string]>)('%s with %s: %s (%s)', (hora, esp, mensaje) => {
    expect(motivo(mover(hora, esp))).toBe(mensaje)
  })

  it('12:30 is offered although the cita runs into the break: the rule forbids only starting in it (as Editar)', () => {
    expect(motivo(mover('12:30'))).toBe('válido')
  })

  it("another of the specialist's citas holds the time; a cancelled one does not", () => {
    const citas = [ana, otra('b', 'lucia', '11:30:00', '12:30:00')]
    expect(motivo(mover('11:00', 'lucia', { citas }))).toBe(MENSAJES_MOVER.ocupada)
    expect(motivo(mover('12:30', 'lucia', { citas }))).toBe('válido')
    expect(motivo(mover('11:00', 'lucia', { citas: [ana, otra('b', 'lucia', '11:30:00', '12:30:00', 'Cancelada')] }))).toBe('válido')
    expect(motivo(mover('11:00', 'marco', { citas }))).toBe('válido')
  })

  it('today at 12:00 in Peru: 11:00 has passed, 15:00 has not', () => {
    const ahora = { hoy: LUNES, minutos: 12 * 60 }
    expect(motivo(mover('11:00', 'lucia', { ahora }))).toBe(MENSAJES_MOVER.pasada)
    expect(motivo(mover('15:00', 'lucia', { ahora }))).toBe('válido')
  })

  it("a day the specialist does not work: the message Editar shows for the whole day", () => {
    const sabado = { ...ana, fecha_cita: SABADO, id_especialista: 'marco' }
    const r = validarMovimiento({ cita: sabado, id_especialista: 'lucia', inicio: 10 * 60, especialistas, horarios, citas: [sabado], tratamientos, ahora: null })
    expect(motivo(r)).toBe('El especialista no trabaja los sábados.')
  })

  it('an inactive specialist is not offered (Editar lists active ones and the cita\'s own)', () => {
    expect(motivo(mover('15:00', 'ines'))).toBe('Especialista no encontrado.')
    expect(motivo(mover('15:00', 'nadie'))).toBe('Especialista no encontrado.')
  })
})

describe('validarMovimiento decides exactly as the edit form offers', () => {
  it('for every half hour 07:00–21:00 and each specialist, valid ⇔ slotsAgenda offers it (the same time with the same specialist aside)', () => {
    const citas = [ana, otra('b', 'lucia', '14:00:00', '15:30:00'), otra('c', 'marco', '09:00:00', '10:00:00'), otra('d', 'marco', '16:00:00', '16:30:00', 'Reprogramada')]
    const ahora = { hoy: LUNES, minutos: 9 * 60 + 45 }
    for (const e of [lucia, marco]) {
      const slots = slotsAgenda({ fecha: LUNES, especialista: e, horarios, citas, duracion: 60, edicion: ana, ahora })
      const offered = new Set(slots.ok ? slots.slots.map((s) => s.inicio) : [])
      for (let t = 7 * 60; t <= 21 * 60; t += 30) {
        const r = validarMovimiento({ cita: ana, id_especialista: e.id_especialista, inicio: t, especialistas, horarios, citas, tratamientos, ahora })
        if (!r.ok && r.mismaHora) continue
        expect([e.id_especialista, t, r.ok]).toEqual([e.id_especialista, t, offered.has(t)])
      }
    }
  })
})
