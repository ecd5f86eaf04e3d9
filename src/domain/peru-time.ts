/**
 * Peru time. Peru has kept a fixed UTC−5 offset with no daylight saving since 1994,
 * so "today" and "now" for the spa are plain arithmetic on UTC, independent of the
 * device's own time zone (a tablet set to the wrong zone still books the right day).
 */

const PERU_OFFSET_MS = -5 * 60 * 60 * 1000

export const DIAS_SEMANA = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'] as const
export type DiaSemana = (typeof DIAS_SEMANA)[number]

/** The wall clock in Lima, as a Date whose UTC fields read as Peru local time. */
function peruClock(now: Date): Date {
  return new Date(now.getTime() + PERU_OFFSET_MS)
}

/** Today's date in Peru as YYYY-MM-DD. */
export function peruToday(now: Date = new Date()): string {
  return peruClock(now).toISOString().slice(0, 10)
}

/** Minutes since midnight in Peru (0–1439). */
export function peruMinutesOfDay(now: Date = new Date()): number {
  const clock = peruClock(now)
  return clock.getUTCHours() * 60 + clock.getUTCMinutes()
}

/** True for a real calendar date written as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
}

/** The Spanish weekday name of a YYYY-MM-DD date, as stored in tb_horarios.dia_semana. */
export function diaSemana(isoDate: string): DiaSemana {
  if (!isIsoDate(isoDate)) throw new RangeError(`Fecha inválida: ${isoDate}`)
  return DIAS_SEMANA[new Date(`${isoDate}T00:00:00Z`).getUTCDay()]!
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (empty for null or malformed dates). */
export function formatFechaCorta(isoDate: string | null | undefined): string {
  if (!isoDate || !isIsoDate(isoDate.slice(0, 10))) return ''
  const [y, m, d] = isoDate.slice(0, 10).split('-')
  return `${d}/${m}/${y}`
}

/** 'Lunes, 10 de marzo de 2025' — the date in Lima, for headings. */
export function fechaLarga(now: Date = new Date()): string {
  const text = now.toLocaleDateString('es-PE', { timeZone: 'America/Lima', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** A moment in Lima time, short: 'lun, 10 mar, 09:30'. */
export function fechaHoraCorta(iso: string): string {
  return new Date(iso).toLocaleString('es-PE', {
    timeZone: 'America/Lima',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })
}

/** 'yyyymmdd-hhmm' in Lima time: the stamp in export file names (reporte_pagos_20261124-0930.xlsx). */
export function peruMarcaArchivo(now: Date = new Date()): string {
  const iso = peruClock(now).toISOString()
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}`
}

/** 'martes, 24 de noviembre de 2026' for a YYYY-MM-DD date (empty for a malformed one). */
export function fechaLargaDe(isoDate: string): string {
  if (!isIsoDate(isoDate)) return ''
  // Noon in Lima: the same calendar day whatever the device's own time zone.
  return new Date(`${isoDate}T17:00:00Z`).toLocaleDateString('es-PE', { timeZone: 'America/Lima', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
}
