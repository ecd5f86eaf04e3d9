/**
 * The start times staff may give an appointment (docs/spec/2-back-office.md §8 "Slot
 * generation" and §9; docs/spec/3-product-decisions.md "Agenda and slots"). A time is
 * offered when it
 *  - lies on a 30-minute step counted from the spa's opening time for that weekday
 *    (the same grid as the public form, so a requested '10:30 am' is a staff slot too),
 *  - is within the specialist's working days and hours,
 *  - does not start inside the break, and ends (start + the treatment's duration, 60
 *    when missing) by closing time and by the end of the specialist's day,
 *  - overlaps no appointment of that specialist in any state except Cancelada and
 *    Venta Directa — exactly the server's exclusion constraint
 *    `tb_citas_sin_cruce_especialista`, so an offline slot is refused only when another
 *    tablet took it meanwhile,
 *  - has not started yet when the date is today in Peru (a time that has begun is past).
 * When editing, the appointment itself does not count as busy, and its own start time is
 * offered even when it is off the grid or already past, as long as it still fits: staff
 * can change notes or state without being forced to a new time.
 *
 * Cost: one pass over the appointments given and a sort of that specialist's few, then
 * O(log n) per candidate (at most 48 a day) — pass that day's appointments, not all.
 */
import { parseTime, SLOT_STEP_MINUTES, type HorarioDia } from './booking-slots.ts'
import { diaSemana, isIsoDate, type DiaSemana } from './peru-time.ts'
import { fold } from './text.ts'
import { minutosATime, parseHoraReserva } from './hora-reserva.ts'
import { diaEnPlural, fechaLargaDia, formatHora12 } from './agenda-format.ts'

export const DURACION_POR_DEFECTO = 60
const END_OF_DAY = 24 * 60

/** States whose appointments do not hold their time (the server's exclusion rule). */
export const ESTADOS_QUE_NO_OCUPAN: readonly string[] = ['Cancelada', 'Venta Directa']

export const MENSAJES_AGENDA = {
  especialistaNoEncontrado: 'Especialista no encontrado.',
  noTrabaja: (dia: DiaSemana) => `El especialista no trabaja los ${diaEnPlural(dia)}.`,
  sinHorarioEspecialista: (dia: DiaSemana) => `El especialista no tiene un horario definido para los ${diaEnPlural(dia)}.`,
  establecimientoCerrado: 'No hay horario configurado o el establecimiento está cerrado este día.',
  sinHorarios: (fecha: string) => `No hay horarios disponibles para ${fechaLargaDia(fecha)}.`,
  horaOriginalNoDisponible: 'Hora original no disponible. Por favor, elija una nueva hora.',
  fechaInvalida: 'La fecha seleccionada no es válida.',
} as const

/** A tb_horarios row with its weekday. */
export interface HorarioSemana extends HorarioDia {
  dia_semana: string
}

export interface EspecialistaAgenda {
  id_especialista: string
  dias_trabajo: readonly string[] | null
  hora_inicio_trabajo: string | null
  hora_fin_trabajo: string | null
  _deleted?: boolean
}

export interface CitaAgenda {
  id_cita: string
  id_especialista: string | null
  fecha_cita: string
  hora_inicio: string
  hora_fin: string | null
  estado_cita: string
  _deleted?: boolean
}

/** The treatment's estimated duration in minutes; 60 when missing or not positive (spec 2 §9). */
export function duracionTratamiento(t: { duracion_estimada_minutos?: number | string | null } | null | undefined): number {
  const d = Number(t?.duracion_estimada_minutos ?? Number.NaN)
  return Number.isFinite(d) && d > 0 ? Math.round(d) : DURACION_POR_DEFECTO
}

/** An end time in minutes: like a start, plus '24:00:00' (Postgres' end of the day). */
export function finEnMinutos(value: string | null | undefined): number | null {
  if (typeof value === 'string' && /^24:00(:00)?$/.test(value.trim())) return END_OF_DAY
  return parseHoraReserva(value)
}

/** True when the appointment holds its time: alive, with a specialist, not Cancelada or Venta Directa. */
export function citaOcupaHorario(c: Pick<CitaAgenda, 'estado_cita' | 'id_especialista' | '_deleted'>): boolean {
  return !c._deleted && c.id_especialista !== null && !ESTADOS_QUE_NO_OCUPAN.includes(c.estado_cita)
}

/** Start and end in minutes of an appointment; a missing end counts as the default length. */
export function intervaloCita(c: Pick<CitaAgenda, 'hora_inicio' | 'hora_fin'>): { inicio: number; fin: number } | null {
  const inicio = parseHoraReserva(c.hora_inicio)
  if (inicio === null) return null
  const fin = finEnMinutos(c.hora_fin) ?? Math.min(inicio + DURACION_POR_DEFECTO, END_OF_DAY)
  return { inicio, fin: Math.max(fin, inicio) }
}

/** True when the specialist's work days include `dia` (accents and case ignored; none → false). */
export function especialistaTrabaja(e: Pick<EspecialistaAgenda, 'dias_trabajo'>, dia: DiaSemana): boolean {
  const wanted = fold(dia)
  return (e.dias_trabajo ?? []).some((d) => fold(d) === wanted)
}

/** The tb_horarios row of a weekday, or null. */
export function horarioDelDia<H extends HorarioSemana>(horarios: readonly H[], dia: DiaSemana): H | null {
  const wanted = fold(dia)
  return horarios.find((h) => fold(h.dia_semana) === wanted) ?? null
}

export interface Ocupacion {
  /** True when no counted appointment overlaps [inicio, fin) (minutes; touching ends do not overlap). */
  libre(inicio: number, fin: number): boolean
}

/**
 * The busy time of one specialist on one date, as merged intervals: one pass to collect
 * the day's appointments, a sort of those few, one pass to merge; each question is then a
 * binary search. (A per-minute array would be linear too, but allocating it costs more
 * than the whole answer for a real day.)
 */
export function ocupacionEspecialista(
  citas: readonly CitaAgenda[],
  idEspecialista: string,
  fecha: string,
  excluirCita: string | null = null,
): Ocupacion {
  const spans: Array<{ inicio: number; fin: number }> = []
  for (const c of citas) {
    if (c.id_especialista !== idEspecialista || c.fecha_cita.slice(0, 10) !== fecha || c.id_cita === excluirCita || !citaOcupaHorario(c)) continue
    const span = intervaloCita(c)
    if (span && span.fin > span.inicio) spans.push(span)
  }
  spans.sort((a, b) => a.inicio - b.inicio)
  const merged: Array<{ inicio: number; fin: number }> = []
  for (const s of spans) {
    const last = merged[merged.length - 1]
    if (last && s.inicio <= last.fin) last.fin = Math.max(last.fin, s.fin)
    else merged.push({ ...s })
  }
  return {
    libre(inicio, fin) {
      // The first busy interval that ends after `inicio`; free when it starts at or after `fin`.
      let lo = 0
      let hi = merged.length
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (merged[mid]!.fin <= inicio) lo = mid + 1
        else hi = mid
      }
      return lo === merged.length || merged[lo]!.inicio >= fin
    },
  }
}

export interface SlotAgenda {
  /** Minutes since midnight. */
  inicio: number
  fin: number
  /** 'HH:mm:ss', ready for tb_citas. */
  hora_inicio: string
  hora_fin: string
  /** '09:30 AM'. */
  etiqueta: string
}

export type SlotsAgenda =
  /** `aviso` is the edit form's 'Hora original no disponible…' when the cita's own time is not among `slots`. */
  | { ok: true; slots: SlotAgenda[]; aviso: string | null }
  | { ok: false; mensaje: string }

export interface SlotsAgendaInput {
  /** YYYY-MM-DD */
  fecha: string
  especialista: EspecialistaAgenda | null | undefined
  /** Every tb_horarios row (the weekday's is picked here). */
  horarios: readonly HorarioSemana[]
  /** That day's appointments (others are ignored, at a cost). */
  citas: readonly CitaAgenda[]
  /** Minutes: `duracionTratamiento(tratamiento)`. */
  duracion: number
  /** The appointment being edited: it does not block itself, and its time gets the rules above. */
  edicion?: Pick<CitaAgenda, 'id_cita' | 'fecha_cita' | 'hora_inicio'> | null
  /** Peru's today and minute of the day; null offers past times too. */
  ahora?: { hoy: string; minutos: number } | null
}

export function slotsAgenda(input: SlotsAgendaInput): SlotsAgenda {
  const { fecha, especialista, edicion = null, ahora = null } = input
  if (!isIsoDate(fecha)) return { ok: false, mensaje: MENSAJES_AGENDA.fechaInvalida }
  if (!especialista || especialista._deleted) return { ok: false, mensaje: MENSAJES_AGENDA.especialistaNoEncontrado }
  const dia = diaSemana(fecha)
  if (!especialistaTrabaja(especialista, dia)) return { ok: false, mensaje: MENSAJES_AGENDA.noTrabaja(dia) }
  const workStart = parseTime(especialista.hora_inicio_trabajo)
  const workEnd = finEnMinutos(especialista.hora_fin_trabajo)
  if (workStart === null || workEnd === null || workEnd <= workStart) return { ok: false, mensaje: MENSAJES_AGENDA.sinHorarioEspecialista(dia) }
  const horario = horarioDelDia(input.horarios, dia)
  const open = parseTime(horario?.hora_apertura)
  const close = finEnMinutos(horario?.hora_cierre)
  if (!horario || !horario.esta_abierto || open === null || close === null || close <= open) {
    return { ok: false, mensaje: MENSAJES_AGENDA.establecimientoCerrado }
  }

  const breakStart = parseTime(horario.descanso_inicio)
  const breakEnd = parseTime(horario.descanso_fin)
  const hasBreak = breakStart !== null && breakEnd !== null && breakEnd > breakStart
  const duracion = Number.isFinite(input.duracion) && input.duracion > 0 ? Math.round(input.duracion) : DURACION_POR_DEFECTO
  const lastEnd = Math.min(close, workEnd)
  const ocupacion = ocupacionEspecialista(input.citas, especialista.id_especialista, fecha, edicion?.id_cita ?? null)
  const original = edicion && edicion.fecha_cita.slice(0, 10) === fecha ? parseHoraReserva(edicion.hora_inicio) : null
  const past = (t: number) => ahora !== null && (fecha < ahora.hoy || (fecha === ahora.hoy && t < ahora.minutos))

  const fits = (t: number) =>
    t >= open &&
    t >= workStart &&
    t + duracion <= lastEnd &&
    !(hasBreak && t >= breakStart && t < breakEnd) &&
    (t === original || !past(t)) &&
    ocupacion.libre(t, t + duracion)

  const candidates: number[] = []
  for (let t = open; t + duracion <= lastEnd; t += SLOT_STEP_MINUTES) candidates.push(t)
  if (original !== null && !candidates.includes(original)) {
    candidates.push(original)
    candidates.sort((a, b) => a - b)
  }

  const slots: SlotAgenda[] = []
  for (const t of candidates) {
    if (!fits(t)) continue
    slots.push({ inicio: t, fin: t + duracion, hora_inicio: minutosATime(t), hora_fin: minutosATime(t + duracion), etiqueta: formatHora12(t) })
  }
  if (slots.length === 0) return { ok: false, mensaje: MENSAJES_AGENDA.sinHorarios(fecha) }

  const originalTime = edicion ? parseHoraReserva(edicion.hora_inicio) : null
  const aviso = edicion && !slots.some((s) => s.inicio === originalTime) ? MENSAJES_AGENDA.horaOriginalNoDisponible : null
  return { ok: true, slots, aviso }
}
