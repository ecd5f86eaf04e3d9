/**
 * The public booking request (spec 1 §5, §8): validation in the order the spec gives,
 * and the tb_reservas row it becomes.
 */
import { isIsoDate } from './peru-time.ts'
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

/**
 * The public booking form's messages (names as docs/architecture.md §2a): every text
 * the form shows that is not a field label.
 */
export const MENSAJES_RESERVA = {
  requeridos: {
    title: 'Error de Validación',
    description: 'Por favor completa todos los campos obligatorios (*). Nombre, email, servicio y fecha son requeridos.',
  },
  horaRequerida: 'Por favor, selecciona una hora preferida.',
  /** The chosen service has no free time that day (supabase `horas_disponibles`). */
  sinHorasLibres: 'No quedan horarios libres para este servicio ese día. Elige otro día.',
  nombreInvalido: 'Por favor ingresa tu nombre: al menos dos letras, sin números ni símbolos.',
  telefonoInvalido: 'Por favor ingresa un celular peruano válido: 9 dígitos que empiezan con 9 (por ejemplo, 987 654 321), con o sin +51.',
  fechaInvalida: 'La fecha elegida no es válida. Por favor elige otra fecha del calendario.',
  diaCerrado: 'Ese día no tenemos horas disponibles (no atendemos o no hay horarios configurados). Por favor elige otra fecha.',
  horasPendientes: 'Espera a que carguen las horas de ese día y elige una.',
  horasError: 'No pudimos cargar las horas de ese día. Revisa tu conexión e inténtalo de nuevo.',
  /**
   * The server's limits (docs/decisions/0021-reservas-publicas-limites.md,
   * docs/decisions/0041-reservas-antispam.md): each already says what to do, so it is
   * shown alone — 'Intenta de nuevo' after 'Te contactaremos pronto' contradicted it. None
   * says how many requests there were or remain. The integration tests hold the server
   * to these texts.
   */
  limites: {
    correo: 'Ya recibimos tus solicitudes de reserva de hoy con este correo. Te contactaremos pronto para confirmarlas.',
    dispositivo: 'Hoy ya recibimos varias solicitudes desde este dispositivo. Te contactaremos pronto; si necesitas otra cita, escríbenos por WhatsApp.',
    direccion: 'Hoy recibimos muchas solicitudes desde tu conexión. Inténtalo de nuevo mañana o escríbenos por WhatsApp.',
    unaALaVez: 'Envía una sola solicitud de reserva a la vez.',
  },
  enviada: {
    title: '¡Reserva Solicitada!',
    description: 'Hemos recibido tu solicitud. Te contactaremos pronto para confirmar tu cita.',
  },
  /**
   * The one text for a trap field with text or a request sent too soon
   * (docs/decisions/0041-reservas-antispam.md): both are fixed by tapping again (the trap
   * is emptied, the time has passed), and everything typed stays.
   */
  revisar: {
    title: 'Revisa tu solicitud',
    description: 'Antes de enviarla, revisa que tus datos estén bien y vuelve a tocar «Solicitar Reserva».',
  },
} as const

/**
 * What the chosen date offers: 'ready' (time choices shown), 'none' (closed day, no
 * hours configured or none left: spec 1's 'No atendemos ese día…' notices), 'full' (open,
 * but no specialist is free for the chosen service), 'pending' (still loading, or the
 * date is not usable yet) or 'error' (they could not be read).
 */
export type BookingHours = 'ready' | 'none' | 'full' | 'pending' | 'error'

/**
 * A client's name on the public form: at least two letters, no digits or symbols. A
 * "letter" is whatever is not a digit, an ASCII symbol or a separator (space ' ’ - .),
 * so the server's copy (private.nombre_reserva_valido,
 * supabase/migrations/20261129200000_reserva_publica_honesta.sql) needs no locale.
 */
export function nombreReservaValido(nombre: string): boolean {
  if (/[0-9_!"#$%&()*+,/:;<=>?@[\\\]^`{|}~]/.test(nombre)) return false
  return nombre.replace(/[\s'’.-]/g, '').length >= 2
}

/** A Peruvian mobile: 9 digits starting with 9, optionally +51 / 51; spaces ( ) . - between. */
export function telefonoReservaValido(telefono: string): boolean {
  return /^(\+?51)?9[0-9]{8}$/.test(telefono.replace(/[\s().-]/g, ''))
}

/**
 * Null when the form can be sent. Every request needs a time the chosen day offers: a
 * closed day or a day without choices is refused here, before the server refuses it
 * (supabase/migrations/20261125200000_reservas_horario.sql).
 */
export function validarReserva(form: BookingForm, opts: { hours: BookingHours; today: string }): BookingProblem | null {
  const missing = (['nombre', 'email', 'servicio', 'fecha'] as const).find((f) => form[f].trim() === '')
  if (missing) return { ...MENSAJES_RESERVA.requeridos, field: missing }
  if (!nombreReservaValido(form.nombre.trim())) return { title: 'Error de Validación', description: MENSAJES_RESERVA.nombreInvalido, field: 'nombre' }
  if (!isEmail(form.email)) {
    return { title: 'Error de Validación', description: 'Por favor ingresa un email válido (por ejemplo, nombre@correo.com).', field: 'email' }
  }
  // The same rule the server applies to a public request (telefonoReservaValido).
  if (form.telefono.trim() && !telefonoReservaValido(form.telefono.trim())) {
    return { title: 'Error de Validación', description: MENSAJES_RESERVA.telefonoInvalido, field: 'telefono' }
  }
  if (!isIsoDate(form.fecha)) return { title: 'Error de Validación', description: MENSAJES_RESERVA.fechaInvalida, field: 'fecha' }
  // The date input has min=today, but a typed or stale date can still be in the past.
  if (form.fecha < opts.today) {
    return { title: 'Error de Validación', description: 'La fecha de la cita no puede ser anterior a hoy.', field: 'fecha' }
  }
  if (opts.hours === 'none') return { title: 'Error de Validación', description: MENSAJES_RESERVA.diaCerrado, field: 'fecha' }
  if (opts.hours === 'full') return { title: 'Error de Validación', description: MENSAJES_RESERVA.sinHorasLibres, field: 'fecha' }
  if (opts.hours === 'error') return { title: 'Error de Validación', description: MENSAJES_RESERVA.horasError, field: 'fecha' }
  if (opts.hours === 'pending') return { title: 'Error de Validación', description: MENSAJES_RESERVA.horasPendientes, field: 'fecha' }
  if (form.hora === '') return { title: 'Error de Validación', description: MENSAJES_RESERVA.horaRequerida, field: 'hora' }
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

/**
 * The toast for a request the server refused. The server's message ends its own
 * sentence: no second period after it. A date the calendar lacks ('2026-02-30') fails
 * before any rule, with Postgres' English text on hosted Supabase (22007/22008): it is
 * said in Spanish here.
 */
export function mensajeRechazoReserva(message: string, code?: string | null): { title: string; description: string } {
  const text = message.trim()
  if (text === MENSAJES_RESERVA.limites.correo || text === MENSAJES_RESERVA.limites.dispositivo) return { title: 'Solicitudes ya recibidas', description: text }
  if ((Object.values(MENSAJES_RESERVA.limites) as string[]).includes(text)) return { title: 'Solicitud no enviada', description: text }
  const shown = code === '22007' || code === '22008' ? MENSAJES_RESERVA.fechaInvalida : text
  return {
    title: 'Error al Guardar Reserva',
    description: `Hubo un problema al registrar tu solicitud: ${shown.replace(/[.\s]+$/, '')}. Intenta de nuevo.`,
  }
}


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

/**
 * The form after 'Reservar Ahora' on a card (spec 1 §3, ?service=). A name the catalogue
 * has (a service, or a package the spa keeps as a catalogue entry) selects that entry, so
 * the request stores it. A name it lacks never leaves another service selected: the
 * service field is emptied for the visitor to choose, and the interest goes in the
 * message ('Me interesa: …', replacing an earlier one). The chosen time goes with the
 * service, since the free times depend on it.
 */
export function applyRequestedService<T extends Tratamiento>(form: BookingForm, list: readonly T[], requested: string): BookingForm {
  const match = findTratamientoByName(list, requested)
  if (match) {
    const id = String(match.id_tratamiento)
    return form.servicio === id ? form : { ...form, servicio: id, hora: '' }
  }
  const interest = `Me interesa: ${requested}.`
  const mensaje = !form.mensaje.trim() || /^Me interesa: [^\n]*\.$/.test(form.mensaje.trim()) ? interest : form.mensaje
  if (form.servicio === '' && form.mensaje === mensaje) return form
  return { ...form, servicio: '', hora: '', mensaje }
}
