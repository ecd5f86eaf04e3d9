/**
 * How the agenda shows times and dates (docs/spec/3-product-decisions.md "Money, names,
 * formats"): times 12-hour 'hh:mm AM/PM', dates in Spanish long form
 * ('martes, 24 de noviembre de 2026').
 */
import { isIsoDate, type DiaSemana } from './peru-time.ts'
import { parseHoraReserva } from './hora-reserva.ts'

/** Minutes since midnight → '09:30 AM' ('12:00 AM' is midnight, 1440 too: the end of the day). */
export function formatHora12(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440
  const h24 = Math.floor(m / 60)
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12
  return `${String(h12).padStart(2, '0')}:${String(m % 60).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`
}

/** A stored time in any form ('09:30:00', '09:30 am') → '09:30 AM'; '' when it is not a time. */
export function formatHoraTexto(value: string | null | undefined): string {
  const minutes = parseHoraReserva(value)
  return minutes === null ? '' : formatHora12(minutes)
}

/** '09:00 AM – 10:00 AM'; just the start when the end is missing or unreadable. */
export function rangoHoras(inicio: string | null | undefined, fin: string | null | undefined): string {
  const a = formatHoraTexto(inicio)
  const b = formatHoraTexto(fin)
  return a && b ? `${a} – ${b}` : a
}

const longDate = new Intl.DateTimeFormat('es-PE', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
// A table writes the same few dates once per row and formatting is the costly part: each
// date is formatted once (bounded: a year of days and more).
const largas = new Map<string, string>()

/**
 * 'YYYY-MM-DD' → 'martes, 24 de noviembre de 2026' (lowercase, to sit inside a sentence);
 * '' for anything that is not a real date. A calendar date has no time zone: it is read
 * as UTC so the device's own zone never moves it a day.
 */
export function fechaLargaDia(isoDate: string | null | undefined): string {
  if (!isoDate || !isIsoDate(isoDate)) return ''
  let texto = largas.get(isoDate)
  if (texto === undefined) {
    if (largas.size >= 400) largas.clear()
    texto = longDate.format(new Date(`${isoDate}T12:00:00Z`))
    largas.set(isoDate, texto)
  }
  return texto
}

const PLURAL: Record<DiaSemana, string> = {
  Domingo: 'domingos',
  Lunes: 'lunes',
  Martes: 'martes',
  Miércoles: 'miércoles',
  Jueves: 'jueves',
  Viernes: 'viernes',
  Sábado: 'sábados',
}

/** 'Sábado' → 'sábados': the weekday as Spanish says "los sábados" in a sentence. */
export function diaEnPlural(dia: DiaSemana): string {
  return PLURAL[dia]
}
