/**
 * The public booking request (spec 1 §5, §8): validation in the order the spec gives,
 * and the tb_reservas row it becomes.
 */
import { compararEsBase, emptyToNull, fold, isEmail } from './text.ts'

export interface BookingForm {
  nombre: string
  email: string
  telefono: string
  /** Selected treatment id ('' when none). */
  servicio: string
  /** YYYY-MM-DD ('' when none). */
  fecha: string
  /** 'hh:mm a' ('' when none). */
  hora: string
  mensaje: string
}

export const emptyBookingForm: BookingForm = { nombre: '', email: '', telefono: '', servicio: '', fecha: '', hora: '', mensaje: '' }

export interface Tratamiento {
  id_tratamiento: string | number
  nombre: string
  costo: number | string | null
  duracion_estimada_minutos: number | null
}

export type BookingField = 'nombre' | 'email' | 'telefono' | 'servicio' | 'fecha' | 'hora'

export interface BookingProblem {
  title: string
  description: string
  /** The first field to fix, to move the focus there. */
  field: BookingField
}

export const BOOKING_REQUIRED = {
  title: 'Error de Validación',
  description: 'Por favor completa todos los campos obligatorios (*). Nombre, email, servicio y fecha son requeridos.',
} as const

export const BOOKING_TIME_REQUIRED = 'Por favor, selecciona una hora preferida.'

export const BOOKING_DAY_CLOSED = 'Ese día no tenemos horas disponibles (no atendemos o no hay horarios configurados). Por favor elige otra fecha.'
export const BOOKING_HOURS_PENDING = 'Espera a que carguen las horas de ese día y elige una.'
export const BOOKING_HOURS_ERROR = 'No pudimos cargar las horas de ese día. Revisa tu conexión e inténtalo de nuevo.'
/** The public form is online only (docs/architecture.md §1): said plainly when offline. */
export const BOOKING_NEEDS_CONNECTION = 'Para solicitar una reserva necesitas conexión a internet.'

/**
 * What the chosen date offers: 'ready' (time choices shown), 'none' (closed day, no
 * hours configured or none left: spec 1's 'No atendemos ese día…' notices), 'pending'
 * (still loading, or the date is not usable yet) or 'error' (they could not be read).
 */
export type BookingHours = 'ready' | 'none' | 'pending' | 'error'

/**
 * Null when the form can be sent. Every request needs a time the chosen day offers: a
 * closed day or a day without choices is refused here, before the server refuses it
 * (supabase/migrations/20261125200000_reservas_horario.sql).
 */
export function validateBooking(form: BookingForm, opts: { hours: BookingHours; today: string }): BookingProblem | null {
  const missing = (['nombre', 'email', 'servicio', 'fecha'] as const).find((f) => form[f].trim() === '')
  if (missing) return { ...BOOKING_REQUIRED, field: missing }
  if (!isEmail(form.email)) {
    return { title: 'Error de Validación', description: 'Por favor ingresa un email válido (por ejemplo, nombre@correo.com).', field: 'email' }
  }
  // The same shape the server's check accepts (digits and + ( ) . - spaces, 6–20 long).
  if (form.telefono.trim() && !/^[0-9+() .-]{6,20}$/.test(form.telefono.trim())) {
    return { title: 'Error de Validación', description: 'Por favor ingresa un teléfono válido: solo números, entre 6 y 20 caracteres.', field: 'telefono' }
  }
  // The date input has min=today, but a typed or stale date can still be in the past.
  if (form.fecha < opts.today) {
    return { title: 'Error de Validación', description: 'La fecha de la cita no puede ser anterior a hoy.', field: 'fecha' }
  }
  if (opts.hours === 'none') return { title: 'Error de Validación', description: BOOKING_DAY_CLOSED, field: 'fecha' }
  if (opts.hours === 'error') return { title: 'Error de Validación', description: BOOKING_HOURS_ERROR, field: 'fecha' }
  if (opts.hours === 'pending') return { title: 'Error de Validación', description: BOOKING_HOURS_PENDING, field: 'fecha' }
  if (form.hora === '') return { title: 'Error de Validación', description: BOOKING_TIME_REQUIRED, field: 'hora' }
  return null
}

export interface ReservaInsert {
  nombre_cliente: string
  email_cliente: string
  telefono_cliente: string | null
  id_tratamiento: string | number
  nombre_tratamiento: string
  fecha_reserva: string
  hora_reserva: string | null
  mensaje_adicional: string | null
  estado_reserva: 'pendiente'
}

/** The row POSTed to tb_reservas (optional fields as null, status always 'pendiente'). */
export function toReserva(form: BookingForm, tratamiento: Tratamiento): ReservaInsert {
  return {
    nombre_cliente: form.nombre.trim(),
    email_cliente: form.email.trim(),
    telefono_cliente: emptyToNull(form.telefono),
    id_tratamiento: tratamiento.id_tratamiento,
    nombre_tratamiento: tratamiento.nombre,
    fecha_reserva: form.fecha,
    hora_reserva: emptyToNull(form.hora),
    mensaje_adicional: emptyToNull(form.mensaje),
    estado_reserva: 'pendiente',
  }
}

/** The server's message ends its own sentence: no second period after it. */
export const bookingSaveError = (message: string) => ({
  title: 'Error al Guardar Reserva',
  description: `Hubo un problema al registrar tu solicitud: ${message.trim().replace(/[.\s]+$/, '')}. Intenta de nuevo.`,
})

export const BOOKING_SUCCESS = {
  title: '¡Reserva Solicitada!',
  description: 'Hemos recibido tu solicitud. Te contactaremos pronto para confirmar tu cita.',
} as const

/** Treatments in the order the spec asks: by name, Spanish locale. */
export function sortTratamientos<T extends { nombre: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => compararEsBase(a.nombre, b.nombre))
}

/** The treatment whose name matches `name`, ignoring case, accents and spacing. */
export function findTratamientoByName<T extends { nombre: string }>(list: readonly T[], name: string | null | undefined): T | undefined {
  const wanted = fold(name).replace(/\s+/g, ' ')
  if (!wanted) return undefined
  return list.find((t) => fold(t.nombre).replace(/\s+/g, ' ') === wanted)
}
