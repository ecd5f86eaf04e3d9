/**
 * Reservation requests on the back office (docs/spec/2-back-office.md §2.4, §4, §5, §7,
 * §8): the list staff work from, its actions, and the 'Crear Reserva' form.
 * A reservation becomes Procesada only through the server's trigger when its cita
 * arrives (docs/spec/3-product-decisions.md "Agenda and slots"); nothing here writes it.
 */
import { compararEs, compararEsBase, emptyToNull, fold, isEmail } from './text.ts'
import { diaSemana, isIsoDate } from './peru-time.ts'
import { dentroDelHorario, formatSlot, generateSlots, parseTime, type HorarioDia } from './booking-slots.ts'
import type { HorarioSemana } from './agenda-slots.ts'
import { nombreCompleto } from './nombre-completo.ts'
import { parseHoraReserva } from './hora-reserva.ts'
import type { PacienteCita, Resultado } from './cita-forms.ts'

export interface ReservaLista {
  id_reserva: string
  nombre_cliente: string
  email_cliente: string | null
  telefono_cliente: string | null
  id_tratamiento: string
  nombre_tratamiento: string | null
  fecha_reserva: string
  hora_reserva: string | null
  estado_reserva: string
  _deleted?: boolean
}

export interface CitaDeReserva {
  id_reserva_origen: string | null
  estado_cita: string
  _deleted?: boolean
}

/** Only these are listed (spec 2 §4); Procesada ones have become citas. */
const LISTADAS: readonly string[] = ['pendiente', 'cancelada']

/**
 * The reservations staff see: pendiente and cancelada, minus those that already have a
 * live cita on this device (the server marks them Procesada when that cita arrives),
 * matching `termino` on client, e-mail or treatment (accents and case ignored), ordered
 * pending first — the work to do — then by requested date and time. A time that cannot
 * be read sorts last within its day.
 */
export function listaReservas<R extends ReservaLista>(
  reservas: readonly R[],
  citas: readonly CitaDeReserva[],
  termino = '',
  nombreTratamiento: (id: string) => string | null | undefined = () => null,
): R[] {
  const conCita = new Set<string>()
  for (const c of citas) {
    // The same "live" as the server's unique index tb_citas_reserva_origen_unica.
    if (c.id_reserva_origen && !c._deleted && c.estado_cita !== 'Cancelada') conCita.add(c.id_reserva_origen)
  }
  const needle = fold(termino)
  const rows = reservas.filter((r) => {
    if (r._deleted || !LISTADAS.includes(r.estado_reserva) || conCita.has(r.id_reserva)) return false
    if (!needle) return true
    return [r.nombre_cliente, r.email_cliente, r.nombre_tratamiento, nombreTratamiento(r.id_tratamiento)].some((v) => fold(v).includes(needle))
  })
  const minute = (r: R) => parseHoraReserva(r.hora_reserva) ?? 24 * 60
  return rows.sort(
    (a, b) =>
      LISTADAS.indexOf(a.estado_reserva) - LISTADAS.indexOf(b.estado_reserva) ||
      (a.fecha_reserva < b.fecha_reserva ? -1 : a.fecha_reserva > b.fecha_reserva ? 1 : 0) ||
      minute(a) - minute(b) ||
      compararEs(a.nombre_cliente, b.nombre_cliente),
  )
}

export interface AccionesReserva {
  confirmar: boolean
  cancelar: boolean
  eliminar: boolean
  /** Tooltip of a disabled Eliminar. */
  motivoEliminar: string | null
}

/**
 * Spec 2 §2.4 and §4: Eliminar only for a cancelada one (tooltip otherwise); a cancelada
 * one is not reactivated, so it can be neither confirmed nor cancelled again.
 */
export function accionesReserva(estado: string): AccionesReserva {
  const cancelada = estado === 'cancelada'
  return {
    confirmar: estado === 'pendiente',
    cancelar: estado === 'pendiente',
    eliminar: cancelada,
    motivoEliminar: cancelada ? null : 'Solo se puede eliminar si está cancelada',
  }
}

export function cancelarReservaPatch(): { estado_reserva: 'cancelada' } {
  return { estado_reserva: 'cancelada' }
}

export const MENSAJES_RESERVA = {
  creada: 'Reserva Creada',
  cancelada: 'Reserva cancelada',
  eliminada: 'Reserva eliminada',
  noCrear: (message: string) => `No se pudo crear la reserva: ${message}`,
  noCancelar: 'No se pudo cancelar la reserva.',
  noEliminar: 'No se pudo eliminar la reserva.',
  noCargar: 'No se pudo cargar la lista de reservaciones.',
  sinPendientes: 'No hay solicitudes de reserva pendientes.',
  confirmarCancelar: '¿Cancelar solicitud de reserva?',
  confirmarEliminar: '¿Eliminar solicitud cancelada?',
  tituloConfirmar: 'Confirmar Cita y Solicitar Adelanto',
} as const

// ---------------------------------------------------------------------------------
// Crear Reserva

export interface TratamientoReservable {
  id_tratamiento: string
  nombre: string
  tipo: string
  activo: boolean
  _deleted?: boolean
}

/** Spec 2 §5: only active treatments of type tratamiento, by name. */
export function tratamientosReservables<T extends TratamientoReservable>(tratamientos: readonly T[]): T[] {
  return tratamientos
    .filter((t) => t.activo && t.tipo === 'tratamiento' && !t._deleted)
    .sort((a, b) => compararEsBase(a.nombre, b.nombre))
}

export interface CrearReservaForm {
  id_paciente: string
  id_tratamiento: string
  /** YYYY-MM-DD */
  fecha: string
  /** 'HH:mm', 24-hour (spec 2 §5). */
  hora: string
  mensaje: string
}

export const emptyCrearReservaForm: CrearReservaForm = { id_paciente: '', id_tratamiento: '', fecha: '', hora: '', mensaje: '' }

/** 'Sábado' → 'sábados', 'Lunes' → 'lunes'. */
const losDias = (dia: string) => (dia.endsWith('s') ? dia : `${dia}s`).toLowerCase()

export const MENSAJES_FORM_RESERVA = {
  obligatorios: 'Paciente, tratamiento, fecha y hora son obligatorios.',
  formatoHora: 'El formato de la hora seleccionada no es válido.',
  fechaInvalida: 'La fecha seleccionada no es válida.',
  fechaPasada: 'La fecha de la reserva no puede ser anterior a hoy.',
  pacienteNoEncontrado: 'Paciente seleccionado no encontrado.',
  tratamientoNoDisponible: 'El tratamiento seleccionado no está disponible.',
  /** Our texts (spec 2 is silent): staff follow the spa's days and hours like the public form. */
  diaCerrado: (dia: string) => `El spa no atiende los ${losDias(dia)} (o no tiene horario configurado ese día). Elige otra fecha.`,
  fueraDeHorario: (dia: string, h: HorarioDia) =>
    `Esa hora está fuera del horario de atención de los ${losDias(dia)}: de ${formatSlot(parseTime(h.hora_apertura)!)} a ${formatSlot(parseTime(h.hora_cierre)!)}${
      parseTime(h.descanso_inicio) !== null && parseTime(h.descanso_fin) !== null ? `, sin el descanso de ${formatSlot(parseTime(h.descanso_inicio)!)} a ${formatSlot(parseTime(h.descanso_fin)!)}` : ''
    }.`,
} as const

/** The row to insert into tb_reservas (the caller adds `id_reserva`). */
export interface ReservaNueva {
  nombre_cliente: string
  email_cliente: string | null
  telefono_cliente: string | null
  id_tratamiento: string
  nombre_tratamiento: string
  fecha_reserva: string
  hora_reserva: string
  mensaje_adicional: string | null
  estado_reserva: 'pendiente'
}

/** The server's rule for a reservation's phone (tb_reservas_telefono_valido). */
const TELEFONO_RESERVA = /^[0-9+() .-]{6,20}$/
const HORA_24 = /^([01]\d|2[0-3]):([0-5]\d)$/

export function reservaDesdeFormulario(
  form: CrearReservaForm,
  ctx: { pacientes: readonly PacienteCita[]; tratamientos: readonly TratamientoReservable[]; hoy: string; horarios: readonly HorarioSemana[] },
): Resultado<ReservaNueva, keyof CrearReservaForm> {
  const fail = (mensaje: string, campo: keyof CrearReservaForm) => ({ ok: false, mensaje, campo }) as const
  const M = MENSAJES_FORM_RESERVA
  const missing = (['id_paciente', 'id_tratamiento', 'fecha', 'hora'] as const).find((f) => form[f].trim() === '')
  if (missing) return fail(M.obligatorios, missing)
  const hora = form.hora.trim()
  if (!HORA_24.test(hora)) return fail(M.formatoHora, 'hora')
  if (!isIsoDate(form.fecha)) return fail(M.fechaInvalida, 'fecha')
  // A request is for a day to come; the server only enforces this for the public form.
  if (form.fecha < ctx.hoy) return fail(M.fechaPasada, 'fecha')
  const paciente = ctx.pacientes.find((p) => p.id_paciente === form.id_paciente)
  if (!paciente) return fail(M.pacienteNoEncontrado, 'id_paciente')
  const tratamiento = tratamientosReservables(ctx.tratamientos).find((t) => t.id_tratamiento === form.id_tratamiento)
  if (!tratamiento) return fail(M.tratamientoNoDisponible, 'id_tratamiento')
  // The spa's days and hours, by the public form's rule (docs/decisions/0034-entradas-veraces.md).
  const dia = diaSemana(form.fecha)
  const horario = ctx.horarios.find((h) => h.dia_semana === dia)
  if (!horario || generateSlots(horario).kind !== 'horas') return fail(M.diaCerrado(dia), 'fecha')
  if (!dentroDelHorario(horario, parseTime(hora)!)) return fail(M.fueraDeHorario(dia, horario), 'hora')

  // A patient's free-text contact that the reservation's checks would refuse is left
  // out rather than making the whole request fail later, on sync; it stays on the patient.
  const email = emptyToNull(paciente.email)
  const telefono = emptyToNull(paciente.telefono)
  return {
    ok: true,
    valor: {
      nombre_cliente: nombreCompleto(paciente),
      email_cliente: email && isEmail(email) ? email.toLowerCase() : null,
      telefono_cliente: telefono && TELEFONO_RESERVA.test(telefono) ? telefono : null,
      id_tratamiento: tratamiento.id_tratamiento,
      nombre_tratamiento: tratamiento.nombre,
      fecha_reserva: form.fecha,
      hora_reserva: `${hora}:00`,
      mensaje_adicional: emptyToNull(form.mensaje),
      estado_reserva: 'pendiente',
    },
  }
}

// ---------------------------------------------------------------------------------
// Patient for 'Confirmar Cita y Solicitar Adelanto'

/** A new patient as staff type it: nombre(s) and apellido(s) in two fields, contact data. */
export interface PacienteContacto {
  nombre: string
  apellido: string
  email_cliente: string | null
  telefono_cliente: string | null
}

/** The tb_pacientes columns a patient created from a request gets. */
export interface PacienteDeReserva {
  nombre: string
  apellido: string
  email: string | null
  telefono: string | null
}

export type PacienteParaReserva<P> = { existente: P } | { nuevo: PacienteDeReserva }

/**
 * The patient a client becomes when staff register one on the spot (Reservas' Confirmar,
 * the day view's new cita): the live patient with that e-mail when there is one
 * (tb_pacientes' e-mail is unique), else a new one with the nombre(s) and apellido(s)
 * typed in their two fields — never a split of the request's one name field
 * (docs/decisions/0034-entradas-veraces.md) —, the e-mail lowercased and left out when
 * it is not an e-mail, the phone as given.
 */
export function pacienteParaReserva<P extends Pick<PacienteCita, 'email'>>(contacto: PacienteContacto, pacientes: readonly P[]): PacienteParaReserva<P> {
  const raw = emptyToNull(contacto.email_cliente)
  const email = raw && isEmail(raw) ? raw.toLowerCase() : null
  const existente = email ? pacientes.find((p) => fold(p.email) === fold(email)) : undefined
  if (existente) return { existente }
  const limpio = (t: string) => t.trim().replace(/\s+/g, ' ')
  return { nuevo: { nombre: limpio(contacto.nombre), apellido: limpio(contacto.apellido), email, telefono: emptyToNull(contacto.telefono_cliente) } }
}
