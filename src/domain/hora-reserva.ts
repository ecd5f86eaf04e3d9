/**
 * Times of the agenda as they are stored. `tb_reservas.hora_reserva` is free text: the
 * public form writes '09:30 am' (booking-slots `formatSlot`), staff write '09:30:00'
 * (docs/spec/3-product-decisions.md "Agenda and slots"); `tb_citas` uses Postgres
 * `time`, 'HH:mm:ss'. One parser reads every form, so nothing else has to guess.
 */

const MINUTES_PER_DAY = 24 * 60

/** '9:30 am', '09:30 PM', '09:30 p. m.' (es-PE writes 'p. m.'). */
const TWELVE_HOUR = /^(\d{1,2}):(\d{2})\s*([ap])\.?\s*m\.?$/i
/** '9:30', '09:30', '09:30:00', '09:30:00.000'. */
const TWENTY_FOUR_HOUR = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/

/**
 * Minutes since midnight (0–1439) of a reservation or appointment time, or null when it
 * is absent or not a real time ('13:00 pm', '00:30 am', '24:00', '9:60' are null).
 * Seconds are dropped: the agenda works in whole minutes.
 */
export function parseHoraReserva(value: string | null | undefined): number | null {
  if (typeof value !== 'string') return null
  const text = value.trim()
  const twelve = TWELVE_HOUR.exec(text)
  if (twelve) {
    const h = Number(twelve[1])
    const min = Number(twelve[2])
    if (h < 1 || h > 12 || min > 59) return null
    return (h % 12) * 60 + min + (twelve[3]!.toLowerCase() === 'p' ? 12 * 60 : 0)
  }
  const full = TWENTY_FOUR_HOUR.exec(text)
  if (!full) return null
  const h = Number(full[1])
  const min = Number(full[2])
  const s = full[3] === undefined ? 0 : Number(full[3])
  if (h > 23 || min > 59 || s > 59) return null
  return h * 60 + min
}

/**
 * Minutes since midnight → 'HH:mm:ss' (Postgres' spelling of a time). 1440 is '24:00:00',
 * the end of a day an appointment may run up to; anything outside 0–1440 or not a whole
 * number is a programming error.
 */
export function minutosATime(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > MINUTES_PER_DAY) throw new RangeError(`Minutos fuera del día: ${minutes}`)
  const h = String(Math.floor(minutes / 60)).padStart(2, '0')
  const m = String(minutes % 60).padStart(2, '0')
  return `${h}:${m}:00`
}

/** Any stored form of a time → 'HH:mm:ss', or null when it is not a time. */
export function horaReservaATime(value: string | null | undefined): string | null {
  const minutes = parseHoraReserva(value)
  return minutes === null ? null : minutosATime(minutes)
}
