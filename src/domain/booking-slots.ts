/**
 * Time choices for the public booking form (spec 1 §9): every 30 minutes from opening
 * to closing inclusive, skipping the break, shown as 'hh:mm a' ('09:30 am').
 * These are the day's hours; once a service is chosen the form offers only the times a
 * specialist is free for it, computed by the server (public.horas_disponibles,
 * docs/decisions/0039-reserva-publica-honesta.md) on this same grid. The request is still
 * a request: staff confirm.
 */
import { parseHoraReserva } from './hora-reserva.ts'

export const SLOT_STEP_MINUTES = 30

/** One row of tb_horarios as the public form reads it (times are 'HH:mm:ss' or null). */
export interface HorarioDia {
  hora_apertura: string | null
  hora_cierre: string | null
  descanso_inicio: string | null
  descanso_fin: string | null
  esta_abierto: boolean
}

export type SlotsResult =
  /** Closed, not configured, or unreadable: 'Horarios no disponibles'. */
  | { kind: 'cerrado' }
  /** Opening or closing time missing: 'Horarios Incompletos'. */
  | { kind: 'incompleto' }
  /** Possibly empty ('No hay horarios'). */
  | { kind: 'horas'; slots: string[] }

/** 'HH:mm' or 'HH:mm:ss' → minutes since midnight, or null when absent or malformed. */
export function parseTime(value: string | null | undefined): number | null {
  if (!value) return null
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim())
  if (!m) return null
  const h = Number(m[1])
  const min = Number(m[2])
  if (h > 23 || min > 59) return null
  return h * 60 + min
}

/** Minutes since midnight → 'hh:mm a' in 12-hour form with lowercase am/pm. */
export function formatSlot(minutes: number): string {
  const h24 = Math.floor(minutes / 60)
  const mm = String(minutes % 60).padStart(2, '0')
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12
  return `${String(h12).padStart(2, '0')}:${mm} ${h24 < 12 ? 'am' : 'pm'}`
}

/**
 * Whether a time (minutes since midnight) falls within a day's hours: from opening to
 * closing inclusive, outside the break (its start up to, not including, its end). The
 * public form's times and staff's 'Crear Reserva' follow this one rule.
 */
export function dentroDelHorario(horario: HorarioDia, minutos: number): boolean {
  const open = parseTime(horario.hora_apertura)
  const close = parseTime(horario.hora_cierre)
  if (!horario.esta_abierto || open === null || close === null) return false
  const breakStart = parseTime(horario.descanso_inicio)
  const breakEnd = parseTime(horario.descanso_fin)
  // The spa is open again at the break's end time, so that time is inside the hours.
  const enDescanso = breakStart !== null && breakEnd !== null && breakEnd > breakStart && minutos >= breakStart && minutos < breakEnd
  return minutos >= open && minutos <= close && !enDescanso
}

/**
 * The bookable times of one day. `notBefore` (minutes since midnight) drops times that
 * have already passed when the chosen date is today in Peru; callers pass null otherwise.
 */
export function generateSlots(horario: HorarioDia | null | undefined, notBefore: number | null = null): SlotsResult {
  if (!horario || !horario.esta_abierto) return { kind: 'cerrado' }
  const open = parseTime(horario.hora_apertura)
  const close = parseTime(horario.hora_cierre)
  if (open === null || close === null) return { kind: 'incompleto' }

  const slots: string[] = []
  for (let t = open; t <= close; t += SLOT_STEP_MINUTES) {
    if (!dentroDelHorario(horario, t)) continue
    if (notBefore !== null && t < notBefore) continue
    slots.push(formatSlot(t))
  }
  return { kind: 'horas', slots }
}

/** The server's 'HH:mm:ss' start times as the form shows and stores them ('09:30 am'); non-times dropped. */
export function slotsFromServer(times: readonly string[]): string[] {
  const out: string[] = []
  for (const t of times) {
    const m = parseHoraReserva(t)
    if (m !== null) out.push(formatSlot(m))
  }
  return out
}
