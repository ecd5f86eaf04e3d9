/**
 * The public booking form's guards against form-filling bots
 * (docs/decisions/0041-reservas-antispam.md): a trap field no person sees, a minimum
 * time between the form appearing and sending, and the random device id the server
 * counts (x-spa-dispositivo, private.dispositivo_a_contar). They only keep naive bots
 * out; the server's limits per email, device and address are the bound.
 */

/**
 * A person cannot type their details and choose a service, a date and a time in less:
 * measured from their first input in the form (browser autofill included), or from the
 * form's render when they send a restored draft untouched.
 */
export const BOOKING_MIN_FILL_MS = 3000

/** The request header that carries the device id; the server reads it from request.headers. */
export const BOOKING_DEVICE_HEADER = 'x-spa-dispositivo'

export type SenalBotReserva = 'trampa' | 'demasiado-pronto'

/**
 * Why the form holds a request back, or null to send it: text in the trap field, or a
 * send within BOOKING_MIN_FILL_MS of `desdeMs`. A clock that reads backwards or
 * not at all never holds a person back.
 */
export function senalBotReserva(opts: { trampa: string; desdeMs: number; ahoraMs: number }): SenalBotReserva | null {
  if (opts.trampa.trim() !== '') return 'trampa'
  const elapsed = opts.ahoraMs - opts.desdeMs
  if (elapsed >= 0 && elapsed < BOOKING_MIN_FILL_MS) return 'demasiado-pronto'
  return null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A device id the server counts: a lower-case UUID (the server also folds case). */
export function dispositivoValido(id: unknown): id is string {
  return typeof id === 'string' && UUID.test(id)
}

/**
 * A version-4 UUID from 16 random bytes. crypto.randomUUID() exists only in secure
 * contexts, and the site is also served over plain http on the spa's own network;
 * crypto.getRandomValues() exists everywhere.
 */
export function dispositivoDesdeBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new Error('Se necesitan 16 bytes aleatorios.')
  const b = Uint8Array.from(bytes)
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
