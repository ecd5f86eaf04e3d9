/**
 * Moving a cita in the day view (docs/decisions/0057-mover-cita-arrastrando.md): dragging
 * a block to another time or specialist, or the keyboard's 'Mover cita', is Reprogramar
 * with the time and specialist already chosen. So a move is valid exactly when the edit
 * form would accept it: the time is among `slotsAgenda`'s offers for that specialist
 * (the cita not blocking itself) and `citaEditada` accepts the form Reprogramar opens,
 * with that time and specialist. The patch written is the one Reprogramar writes (state
 * Reprogramada); undoing writes back the cita's own values of the same columns.
 *
 * When the time is not offered, the reason is told in words (hours, break, the
 * specialist's shift, another cita, the past): that explanation never decides validity,
 * `slotsAgenda` alone does.
 */
import { formatHora12 } from './agenda-format.ts'
import {
  duracionTratamiento,
  especialistaTrabaja,
  finEnMinutos,
  horarioDelDia,
  ocupacionEspecialista,
  slotsAgenda,
  type CitaAgenda,
  type EspecialistaAgenda,
  type HorarioSemana,
} from './agenda-slots.ts'
import { parseTime } from './booking-slots.ts'
import { citaEditada, editarCitaFormInicial, MENSAJES_FORM_CITA, type CitaEditable, type EditarCitaPatch, type TratamientoCita } from './cita-forms.ts'
import { minutosATime, parseHoraReserva } from './hora-reserva.ts'
import { diaSemana } from './peru-time.ts'

export const MENSAJES_MOVER = {
  /** The one confirmation a drop asks (the product issue's exact words). */
  confirmacion: (cliente: string, hora: string, especialista: string) => `Mover la cita de ${cliente} a las ${hora} con ${especialista}`,
  mismaHora: 'La cita ya está a esa hora con este especialista.',
  pasada: 'Esa hora ya pasó.',
  fueraDeHorario: 'Fuera del horario de atención del spa.',
  fueraDeTurno: 'Fuera del horario de trabajo del especialista.',
  descanso: 'Esa hora cae en el descanso.',
  ocupada: 'El especialista ya tiene otra cita a esa hora.',
} as const

export interface CitaMovible extends CitaAgenda, CitaEditable {
  nombre_tratamiento: string | null
}

export interface EspecialistaMovible extends EspecialistaAgenda {
  activo: boolean
}

export interface MovimientoInput {
  cita: CitaMovible
  /** Where it is dropped: the specialist and the start in minutes since midnight. */
  id_especialista: string
  inicio: number
  especialistas: readonly EspecialistaMovible[]
  horarios: readonly HorarioSemana[]
  /** Every cita of the cita's day (the day view's `ocupadas`). */
  citas: readonly CitaAgenda[]
  tratamientos: readonly TratamientoCita[]
  /** Peru's today and minute of the day. */
  ahora: { hoy: string; minutos: number } | null
}

/** The columns a move changes, to write back on 'Deshacer'. */
export type DeshacerPatch = { [K in keyof EditarCitaPatch]: EditarCitaPatch[K] | string | null }

export type Movimiento =
  | {
      ok: true
      patch: EditarCitaPatch
      deshacer: DeshacerPatch
      /** 'HH:MM', 24-hour, as the confirmation says it. */
      hora: string
      /** '04:00 PM', as the day view labels its times. */
      etiqueta: string
    }
  | { ok: false; mensaje: string; mismaHora?: true }

export function validarMovimiento(input: MovimientoInput): Movimiento {
  const { cita, id_especialista, inicio, ahora } = input
  const fecha = cita.fecha_cita.slice(0, 10)
  if (id_especialista === cita.id_especialista && inicio === parseHoraReserva(cita.hora_inicio)) {
    return { ok: false, mensaje: MENSAJES_MOVER.mismaHora, mismaHora: true }
  }
  const especialista = input.especialistas.find((e) => e.id_especialista === id_especialista)
  const tratamiento = input.tratamientos.find((t) => t.id_tratamiento === cita.id_tratamiento)
  const duracion = duracionTratamiento(tratamiento)
  // The same call and the same form as 'Editar Cita Programada' opened by Reprogramar.
  const slots = slotsAgenda({ fecha, especialista, horarios: input.horarios, citas: input.citas, duracion, edicion: cita, ahora })
  if (!slots.ok) return { ok: false, mensaje: slots.mensaje }
  const form = { ...editarCitaFormInicial(cita, { reprogramar: true }), id_especialista, hora_inicio: minutosATime(inicio) }
  const r = citaEditada(form, {
    tratamientos: input.tratamientos,
    // Editar offers the active specialists and the cita's own (docs/decisions/0008 "Slots").
    especialistas: input.especialistas.filter((e) => e.activo || e.id_especialista === cita.id_especialista),
    horasDisponibles: slots.slots.map((s) => s.hora_inicio),
  })
  if (!r.ok) return { ok: false, mensaje: r.campo === 'hora_inicio' ? motivo(input, duracion) : r.mensaje }
  const deshacer = Object.fromEntries(Object.keys(r.valor).map((k) => [k, cita[k as keyof CitaMovible] ?? null])) as DeshacerPatch
  return { ok: true, patch: r.valor, deshacer, hora: r.valor.hora_inicio.slice(0, 5), etiqueta: formatHora12(inicio) }
}

/** Why `slotsAgenda` did not offer the time, in the order a receptionist looks: clock, spa, shift, break, others. */
function motivo({ cita, id_especialista, inicio, especialistas, horarios, citas, ahora }: MovimientoInput, duracion: number): string {
  const fecha = cita.fecha_cita.slice(0, 10)
  const fin = inicio + duracion
  if (ahora && (fecha < ahora.hoy || (fecha === ahora.hoy && inicio < ahora.minutos))) return MENSAJES_MOVER.pasada
  const horario = horarioDelDia(horarios, diaSemana(fecha))
  const open = parseTime(horario?.hora_apertura)
  const close = finEnMinutos(horario?.hora_cierre)
  if (open === null || close === null || inicio < open || fin > close) return MENSAJES_MOVER.fueraDeHorario
  const e = especialistas.find((x) => x.id_especialista === id_especialista)
  const ws = parseTime(e?.hora_inicio_trabajo)
  const we = finEnMinutos(e?.hora_fin_trabajo)
  if (!e || !especialistaTrabaja(e, diaSemana(fecha)) || ws === null || we === null || inicio < ws || fin > we) return MENSAJES_MOVER.fueraDeTurno
  const bs = parseTime(horario?.descanso_inicio)
  const be = parseTime(horario?.descanso_fin)
  if (bs !== null && be !== null && inicio >= bs && inicio < be) return MENSAJES_MOVER.descanso
  if (!ocupacionEspecialista(citas, id_especialista, fecha, cita.id_cita).libre(inicio, fin)) return MENSAJES_MOVER.ocupada
  return MENSAJES_FORM_CITA.horaInvalida
}
