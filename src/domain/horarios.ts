/**
 * Business hours (spec 2 §2.2, §5, §7, §8): one row of tb_horarios per weekday, edited
 * Lunes–Sábado (Domingo is not editable), the card's validation with the spec's
 * sentences, the row it saves (closed days with empty times) and the 12-hour text
 * shown on screen (docs/spec/3-product-decisions.md: 'hh:mm AM/PM').
 */
import { parseTime } from './booking-slots.ts'
import { formatHoraTexto } from './agenda-format.ts'
import type { DiaSemana } from './peru-time.ts'

/** The editable days in the spa's order, with their `orden_dia` (Lunes = 1 … Domingo = 7). */
export const DIAS_EDITABLES = [
  { dia: 'Lunes', orden: 1 },
  { dia: 'Martes', orden: 2 },
  { dia: 'Miércoles', orden: 3 },
  { dia: 'Jueves', orden: 4 },
  { dia: 'Viernes', orden: 5 },
  { dia: 'Sábado', orden: 6 },
] as const satisfies ReadonlyArray<{ dia: DiaSemana; orden: number }>

export type DiaEditable = (typeof DIAS_EDITABLES)[number]['dia']

export const DOMINGO = { dia: 'Domingo', orden: 7 } as const

/** The editable columns of tb_horarios (times 'HH:mm:ss' or null). */
export interface HorarioFields {
  esta_abierto: boolean
  hora_apertura: string | null
  hora_cierre: string | null
  descanso_inicio: string | null
  descanso_fin: string | null
}

export interface Horario extends HorarioFields {
  id_horario: string
  dia_semana: string
  orden_dia: number
}

/** What a day's card edits: times as 'HH:mm' ('' = empty). */
export interface HorarioForm extends Record<string, unknown> {
  esta_abierto: boolean
  hora_apertura: string
  hora_cierre: string
  descanso_inicio: string
  descanso_fin: string
}

export type HorarioTimeField = 'hora_apertura' | 'hora_cierre' | 'descanso_inicio' | 'descanso_fin'
export type HorarioErrors = Partial<Record<HorarioTimeField, string>>

/** A day with no row yet opens closed with empty times. */
export function toHorarioForm(h: HorarioFields | null | undefined): HorarioForm {
  const hhmm = (t: string | null | undefined) => (t ? t.slice(0, 5) : '')
  return {
    esta_abierto: h?.esta_abierto ?? false,
    hora_apertura: hhmm(h?.hora_apertura),
    hora_cierre: hhmm(h?.hora_cierre),
    descanso_inicio: hhmm(h?.descanso_inicio),
    descanso_fin: hhmm(h?.descanso_fin),
  }
}

/** True when the card differs from what is saved (the save button appears). */
export function horarioChanged(saved: HorarioForm, current: HorarioForm): boolean {
  return (['esta_abierto', 'hora_apertura', 'hora_cierre', 'descanso_inicio', 'descanso_fin'] as const).some((k) => saved[k] !== current[k])
}

/**
 * Spec 2 §5, checked only when the day is open. The four sentences are the spec's; the
 * two about missing times are the server's own constraints
 * (supabase/migrations/20261122000200_tablas.sql, tb_horarios_horas_requeridas and
 * tb_horarios_descanso_completo), said here before saving instead of by a sync refusal.
 * Each message sits on the field to correct.
 */
export function validarHorario(dia: string, form: HorarioForm): HorarioErrors {
  if (!form.esta_abierto) return {}
  const errors: HorarioErrors = {}
  const put = (field: HorarioTimeField, message: string) => {
    errors[field] ??= `En ${dia}, ${message}`
  }
  const open = parseTime(form.hora_apertura)
  const close = parseTime(form.hora_cierre)
  const breakStart = parseTime(form.descanso_inicio)
  const breakEnd = parseTime(form.descanso_fin)

  if (open === null) put('hora_apertura', 'indica la hora de apertura y la de cierre.')
  if (close === null) put('hora_cierre', 'indica la hora de apertura y la de cierre.')
  if (open !== null && close !== null && close <= open) put('hora_cierre', 'la hora de cierre debe ser posterior a la hora de apertura.')

  if ((breakStart === null) !== (breakEnd === null)) {
    put(breakStart === null ? 'descanso_inicio' : 'descanso_fin', 'indica el inicio y el fin del descanso, o ninguno de los dos.')
  }
  if (breakStart !== null && breakEnd !== null) {
    if (breakEnd <= breakStart) put('descanso_fin', 'el fin del descanso debe ser posterior al inicio del descanso.')
    if (open !== null && breakStart < open) put('descanso_inicio', 'el descanso no puede iniciar antes de la apertura.')
    if (close !== null && breakEnd > close) put('descanso_fin', 'el descanso no puede finalizar después del cierre.')
  }
  return errors
}

/** 'HH:mm' → 'HH:mm:ss' as Postgres stores a time; '' (or malformed) → null. */
export function toStoredTime(value: string): string | null {
  const minutes = parseTime(value)
  if (minutes === null) return null
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`
}

/** The columns to write; a closed day is saved with empty times (spec 2 §5). */
export function toHorarioFields(form: HorarioForm): HorarioFields {
  if (!form.esta_abierto) return { esta_abierto: false, hora_apertura: null, hora_cierre: null, descanso_inicio: null, descanso_fin: null }
  return {
    esta_abierto: true,
    hora_apertura: toStoredTime(form.hora_apertura),
    hora_cierre: toStoredTime(form.hora_cierre),
    descanso_inicio: toStoredTime(form.descanso_inicio),
    descanso_fin: toStoredTime(form.descanso_fin),
  }
}

/** A saved day in words: 'Cerrado', '09:00 AM – 07:00 PM · Descanso 01:00 PM – 02:00 PM', 'Sin configurar'. */
export function horarioResumen(h: HorarioFields | null | undefined): string {
  if (!h) return 'Sin configurar'
  if (!h.esta_abierto) return 'Cerrado'
  const hours = `${formatHoraTexto(h.hora_apertura) || '—'} – ${formatHoraTexto(h.hora_cierre) || '—'}`
  return h.descanso_inicio && h.descanso_fin
    ? `${hours} · Descanso ${formatHoraTexto(h.descanso_inicio)} – ${formatHoraTexto(h.descanso_fin)}`
    : `${hours} · Sin descanso`
}

/** The six editable days with their saved row (null when the server has none yet). */
export function diasConHorario<T extends Pick<Horario, 'dia_semana'>>(rows: readonly T[]): Array<{ dia: DiaEditable; orden: number; horario: T | null }> {
  return DIAS_EDITABLES.map(({ dia, orden }) => ({ dia, orden, horario: rows.find((r) => r.dia_semana === dia) ?? null }))
}

export const horarioToasts = {
  updated: (dia: string) => ({ title: 'Horario Actualizado', description: `El horario del ${dia} se guardó correctamente.` }),
  saveError: (dia: string) => `No se pudo actualizar el horario para ${dia}.`,
  loadError: 'No se pudo cargar la configuración de horarios.',
} as const
