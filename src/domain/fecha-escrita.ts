/**
 * A date as a person types it in a date field (docs/decisions/0044-fechas-en-espanol.md):
 * day first as in Peru ('27/11/2026', '7-3-2026', '27.11.2026') or the stored form
 * ('2026-11-27'). Anything else, or a day that does not exist, is not a date yet.
 */
import { isIsoDate } from './peru-time.ts'

const DIA_PRIMERO = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/
const ISO = /^\d{4}-\d{2}-\d{2}$/

/** The typed text as 'YYYY-MM-DD', or null while it is not a whole, real date. */
export function leerFecha(texto: string): string | null {
  const t = texto.trim()
  if (ISO.test(t)) return isIsoDate(t) ? t : null
  const m = DIA_PRIMERO.exec(t)
  if (!m) return null
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`
  return isIsoDate(iso) ? iso : null
}

/** True when the 'YYYY-MM-DD' date is outside [min, max] (either bound may be absent). */
export function fueraDeRango(iso: string, min?: string, max?: string): boolean {
  return Boolean((min && iso < min) || (max && iso > max))
}

/**
 * The nearest day of [min, max] to the given one: the month a calendar opens on when its
 * field is empty. Today, unless the field only takes days of another month (Egresos on
 * November once December has begun), where a calendar on today would offer nothing.
 */
export function fechaEnRango(iso: string, min?: string, max?: string): string {
  if (min && iso < min) return min
  if (max && iso > max) return max
  return iso
}
