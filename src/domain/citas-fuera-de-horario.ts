/**
 * Which booked citas a day's new hours leave outside (docs/decisions/0034-entradas-veraces.md
 * "Horarios warns of citas outside the new hours"): before a card of Horarios is saved,
 * the screen lists them so the receptionist can reprogram them; nothing is moved or
 * cancelled. A cita fits the hours by the staff slot rule (src/domain/agenda-slots.ts):
 * it starts within the hours and outside the break (`dentroDelHorario`, the public
 * form's rule) and ends by closing time.
 *
 * Counted: citas of that weekday from now on, in a state that holds its time (not
 * Cancelada, not Venta Directa — ESTADOS_QUE_NO_OCUPAN). A cita of today that has
 * already begun is past: new hours cannot change it. A cita without a specialist still
 * counts: the client is still coming.
 */
import { dentroDelHorario, type HorarioDia } from './booking-slots.ts'
import { ESTADOS_QUE_NO_OCUPAN, finEnMinutos, intervaloCita, type CitaAgenda } from './agenda-slots.ts'
import { diaSemana, isIsoDate } from './peru-time.ts'
import { fold } from './text.ts'

export type CitaHorario = Pick<CitaAgenda, 'id_cita' | 'fecha_cita' | 'hora_inicio' | 'hora_fin' | 'estado_cita' | '_deleted'>

/** True when [inicio, fin) (minutes) fits the day's hours: see the rule above. */
export function citaCabeEnHorario(horario: HorarioDia, inicio: number, fin: number): boolean {
  const close = finEnMinutos(horario.hora_cierre)
  return dentroDelHorario(horario, inicio) && close !== null && fin <= close
}

/**
 * The citas of weekday `dia` ('Sábado') that `horario` leaves outside, by date and start
 * time. `ahora` is Peru's today and minute of the day (peru-time.ts).
 */
export function citasFueraDelHorario<C extends CitaHorario>(
  citas: readonly C[],
  dia: string,
  horario: HorarioDia,
  ahora: { hoy: string; minutos: number },
): C[] {
  const wanted = fold(dia)
  const fuera: Array<{ cita: C; fecha: string; inicio: number }> = []
  for (const c of citas) {
    const fecha = c.fecha_cita.slice(0, 10)
    if (c._deleted || ESTADOS_QUE_NO_OCUPAN.includes(c.estado_cita) || !isIsoDate(fecha) || fecha < ahora.hoy) continue
    if (fold(diaSemana(fecha)) !== wanted) continue
    const span = intervaloCita(c)
    // An unreadable start cannot be placed against any hours; the agenda shows it as is.
    if (!span || (fecha === ahora.hoy && span.inicio < ahora.minutos)) continue
    if (!citaCabeEnHorario(horario, span.inicio, span.fin)) fuera.push({ cita: c, fecha, inicio: span.inicio })
  }
  fuera.sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : a.inicio - b.inicio))
  return fuera.map((f) => f.cita)
}

/** The warning's words (spec silent; docs/decisions/0034-entradas-veraces.md). */
export const AVISO_HORARIO = {
  titulo: (n: number) => (n === 1 ? 'Hay 1 cita fuera del nuevo horario' : `Hay ${n} citas fuera del nuevo horario`),
  texto: (dia: string) =>
    `Con el nuevo horario del ${dia}, estas citas quedan fuera. Guardarlo no las mueve ni las cancela: recepción debe reprogramarlas.`,
  confirmar: 'Guardar de todos modos',
  /** The citas could not be read: the day is not saved blind. */
  errorLectura: (dia: string) => `No se pudieron revisar las citas del ${dia} antes de guardar. El horario no se guardó.`,
} as const
