/**
 * The two appointment forms of the agenda (docs/spec/2-back-office.md §2.4, §2.5, §5, §9):
 * 'Confirmar Cita y Solicitar Adelanto' turns a reservation request into a cita, and
 * 'Editar Cita Programada' (also opened by Reprogramar) changes one. Each validates in
 * the spec's order with its messages and yields exactly the columns to write.
 */
import { REGLAS, numeroValido } from './numero.ts'
import { emptyToNull, fold } from './text.ts'
import { isIsoDate } from './peru-time.ts'
import { nombreCompleto } from './nombre-completo.ts'
import { horaReservaATime, minutosATime, parseHoraReserva } from './hora-reserva.ts'
import { duracionTratamiento, MENSAJES_AGENDA } from './agenda-slots.ts'
import { ESTADOS_EDITABLES, type EstadoCita } from './citas.ts'

export const MENSAJES_FORM_CITA = {
  confirmarObligatorios: 'Paciente, especialista, fecha y hora son obligatorios.',
  nuevaObligatorios: 'Paciente, tratamiento, especialista, fecha y hora son obligatorios.',
  editarObligatorios: 'Fecha, hora de inicio, especialista y tratamiento son obligatorios.',
  horaInvalida: 'La hora de inicio no es válida.',
  fechaInvalida: 'La fecha seleccionada no es válida.',
  fechaPasada: 'La fecha de la cita no puede ser anterior a hoy.',
  fechaAdelantoFutura: 'La fecha de pago del adelanto no puede ser mayor a la fecha actual.',
  fechaAdelantoInvalida: 'La fecha de pago del adelanto no es válida.',
  montoAdelanto: 'El monto del adelanto debe ser un número válido y no negativo.',
  pacienteNoEncontrado: 'Paciente seleccionado no encontrado.',
  tratamientoNoEncontrado: 'El tratamiento seleccionado no está disponible.',
  estadoInvalido: 'El estado de la cita no es válido.',
} as const

/** Spec 2 §9: the advance defaults to 50.00 soles. */
export const ADELANTO_POR_DEFECTO = '50.00'

export type Resultado<T, C extends string = string> = { ok: true; valor: T } | { ok: false; mensaje: string; campo: C }

export interface PacienteCita {
  id_paciente: string
  nombre: string
  apellido: string
  email: string | null
  telefono: string | null
  /** Allergies/contraindications, warned about in the cita dialogs (docs/decisions/0053-ficha-del-paciente.md). */
  alergias?: string | null
}

export interface TratamientoCita {
  id_tratamiento: string
  nombre: string
  duracion_estimada_minutos: number | null
}

export interface ReservaOrigen {
  id_reserva: string
  id_tratamiento: string
  nombre_tratamiento: string | null
  email_cliente: string | null
  telefono_cliente: string | null
  fecha_reserva: string
  hora_reserva: string | null
}

// ---------------------------------------------------------------------------------
// Confirmar Cita y Solicitar Adelanto

/** Every field as the dialog holds it ('' = empty). Dates YYYY-MM-DD, hora 'HH:mm:ss'. */
export interface ConfirmarReservaForm {
  id_paciente: string
  id_especialista: string
  fecha: string
  hora_inicio: string
  monto_adelanto: string
  metodo_pago_adelanto: string
  referencia_pago_adelanto: string
  fecha_pago_adelanto: string
  notas_internas: string
}

/**
 * The dialog as it opens: the requested date (today if it has passed) and time, the
 * patient whose e-mail matches the request's if there is exactly one, a 50.00 advance
 * paid today.
 */
export function confirmarReservaFormInicial(reserva: ReservaOrigen, pacientes: readonly PacienteCita[], hoy: string): ConfirmarReservaForm {
  const email = fold(reserva.email_cliente)
  const porEmail = email ? pacientes.filter((p) => fold(p.email) === email) : []
  return {
    id_paciente: porEmail.length === 1 ? porEmail[0]!.id_paciente : '',
    id_especialista: '',
    fecha: reserva.fecha_reserva >= hoy ? reserva.fecha_reserva : hoy,
    hora_inicio: reserva.fecha_reserva >= hoy ? (horaReservaATime(reserva.hora_reserva) ?? '') : '',
    monto_adelanto: ADELANTO_POR_DEFECTO,
    metodo_pago_adelanto: '',
    referencia_pago_adelanto: '',
    fecha_pago_adelanto: hoy,
    notas_internas: '',
  }
}

/** A new date empties the time (its slots change) and resets the advance date to today (spec 2 §9). */
export function cambiarFechaConfirmacion(form: ConfirmarReservaForm, fecha: string, hoy: string): ConfirmarReservaForm {
  return { ...form, fecha, hora_inicio: '', fecha_pago_adelanto: hoy }
}

/** The row to insert into tb_citas (the caller adds `id_cita`). */
export interface CitaNueva {
  /** The request it confirms; null for a cita booked directly (the day view's free slot). */
  id_reserva_origen: string | null
  id_paciente: string
  id_especialista: string
  id_tratamiento: string
  nombre_cliente: string
  email_cliente: string | null
  telefono_cliente: string | null
  nombre_tratamiento: string | null
  fecha_cita: string
  hora_inicio: string
  hora_fin: string
  estado_cita: 'Pendiente de Pago'
  monto_adelanto: number
  metodo_pago_adelanto: string | null
  referencia_pago_adelanto: string | null
  fecha_pago_adelanto: string | null
  notas_internas: string | null
}

export type CampoConfirmar = keyof ConfirmarReservaForm

export interface ConfirmarReservaContexto {
  reserva: ReservaOrigen
  pacientes: readonly PacienteCita[]
  especialistas: ReadonlyArray<{ id_especialista: string }>
  /** The reservation's treatment (for its duration and current name); null when gone. */
  tratamiento: TratamientoCita | null
  /** The start times currently offered ('HH:mm:ss', from slotsAgenda); the chosen one must be among them. */
  horasDisponibles: readonly string[]
  /** Peru's today, YYYY-MM-DD. */
  hoy: string
}

/** Amount text → soles with 2 decimals, or null when not a non-negative number ('' is 0). */
/** The advance as typed, by the panel's numeric rule (a third decimal or a sign is refused, never rewritten). */
function montoNoNegativo(text: string): number | null {
  if (text.trim() === '') return 0
  return numeroValido(text, REGLAS.monto)
}

export function citaDesdeReserva(form: ConfirmarReservaForm, ctx: ConfirmarReservaContexto): Resultado<CitaNueva, CampoConfirmar> {
  const missing = (['id_paciente', 'id_especialista', 'fecha', 'hora_inicio'] as const).find((f) => form[f].trim() === '')
  if (missing) return { ok: false, mensaje: MENSAJES_FORM_CITA.confirmarObligatorios, campo: missing }
  const { reserva } = ctx
  return citaPendienteDePago(form, ctx, {
    id_reserva_origen: reserva.id_reserva,
    id_tratamiento: reserva.id_tratamiento,
    nombre_tratamiento: reserva.nombre_tratamiento,
    email_cliente: reserva.email_cliente,
    telefono_cliente: reserva.telefono_cliente,
  })
}

/** What a new cita takes from where it comes from (a request, or nothing but the form). */
export interface OrigenCita {
  id_reserva_origen: string | null
  id_tratamiento: string
  nombre_tratamiento: string | null
  /** Contact used when the patient has none on file. */
  email_cliente: string | null
  telefono_cliente: string | null
}

/**
 * The rules both ways of booking share (confirming a request, a free slot of the day
 * view), after the required fields are checked: dates, the time among the offered
 * slots, the advance, the patient and the specialist.
 */
export function citaPendienteDePago(
  form: ConfirmarReservaForm,
  ctx: Omit<ConfirmarReservaContexto, 'reserva'>,
  origen: OrigenCita,
): Resultado<CitaNueva, CampoConfirmar> {
  const fail = (mensaje: string, campo: CampoConfirmar) => ({ ok: false, mensaje, campo }) as const
  const M = MENSAJES_FORM_CITA
  if (!isIsoDate(form.fecha)) return fail(M.fechaInvalida, 'fecha')
  if (form.fecha < ctx.hoy) return fail(M.fechaPasada, 'fecha')
  const fechaAdelanto = form.fecha_pago_adelanto.trim()
  if (fechaAdelanto && !isIsoDate(fechaAdelanto)) return fail(M.fechaAdelantoInvalida, 'fecha_pago_adelanto')
  if (fechaAdelanto > ctx.hoy) return fail(M.fechaAdelantoFutura, 'fecha_pago_adelanto')

  const inicio = parseHoraReserva(form.hora_inicio)
  const duracion = duracionTratamiento(ctx.tratamiento)
  const hora = inicio === null ? null : minutosATime(inicio)
  if (inicio === null || inicio + duracion > 24 * 60 || !ctx.horasDisponibles.includes(hora!)) return fail(M.horaInvalida, 'hora_inicio')

  const monto = montoNoNegativo(form.monto_adelanto)
  if (monto === null) return fail(M.montoAdelanto, 'monto_adelanto')
  const paciente = ctx.pacientes.find((p) => p.id_paciente === form.id_paciente)
  if (!paciente) return fail(M.pacienteNoEncontrado, 'id_paciente')
  if (!ctx.especialistas.some((e) => e.id_especialista === form.id_especialista)) return fail(MENSAJES_AGENDA.especialistaNoEncontrado, 'id_especialista')

  // No advance, no payment: its method, reference and date would describe nothing.
  const pagado = monto > 0
  return {
    ok: true,
    valor: {
      id_reserva_origen: origen.id_reserva_origen,
      id_paciente: paciente.id_paciente,
      id_especialista: form.id_especialista,
      id_tratamiento: origen.id_tratamiento,
      nombre_cliente: nombreCompleto(paciente),
      // The patient's contact first; the request's when the patient has none on file.
      email_cliente: emptyToNull(paciente.email) ?? emptyToNull(origen.email_cliente),
      telefono_cliente: emptyToNull(paciente.telefono) ?? emptyToNull(origen.telefono_cliente),
      nombre_tratamiento: ctx.tratamiento?.nombre ?? origen.nombre_tratamiento,
      fecha_cita: form.fecha,
      hora_inicio: hora!,
      hora_fin: minutosATime(inicio + duracion),
      estado_cita: 'Pendiente de Pago',
      monto_adelanto: monto,
      metodo_pago_adelanto: pagado ? emptyToNull(form.metodo_pago_adelanto) : null,
      referencia_pago_adelanto: pagado ? emptyToNull(form.referencia_pago_adelanto) : null,
      fecha_pago_adelanto: pagado ? fechaAdelanto || ctx.hoy : null,
      notas_internas: emptyToNull(form.notas_internas),
    },
  }
}

// ---------------------------------------------------------------------------------
// Editar Cita Programada / Reprogramar Cita

export interface CitaEditable {
  fecha_cita: string
  hora_inicio: string
  id_especialista: string | null
  id_tratamiento: string | null
  estado_cita: string
  notas_internas: string | null
  metodo_pago_adelanto: string | null
  referencia_pago_adelanto: string | null
}

export interface EditarCitaForm {
  fecha_cita: string
  /** 'HH:mm:ss' */
  hora_inicio: string
  id_especialista: string
  id_tratamiento: string
  estado_cita: string
  notas_internas: string
  metodo_pago_adelanto: string
  referencia_pago_adelanto: string
}

/** The edit dialog as it opens; Reprogramar presets the state to Reprogramada (spec 2 §4). */
export function editarCitaFormInicial(cita: CitaEditable, opciones: { reprogramar?: boolean } = {}): EditarCitaForm {
  return {
    fecha_cita: cita.fecha_cita.slice(0, 10),
    hora_inicio: horaReservaATime(cita.hora_inicio) ?? '',
    id_especialista: cita.id_especialista ?? '',
    id_tratamiento: cita.id_tratamiento ?? '',
    estado_cita: opciones.reprogramar ? 'Reprogramada' : cita.estado_cita,
    notas_internas: cita.notas_internas ?? '',
    metodo_pago_adelanto: cita.metodo_pago_adelanto ?? '',
    referencia_pago_adelanto: cita.referencia_pago_adelanto ?? '',
  }
}

/** The columns an edit writes (spec 2 §7 "update by id_cita: edit"), plus the treatment's name. */
export interface EditarCitaPatch {
  fecha_cita: string
  hora_inicio: string
  hora_fin: string
  id_especialista: string
  id_tratamiento: string
  nombre_tratamiento: string
  estado_cita: EstadoCita
  notas_internas: string | null
  /** Absent when the form does not show them: the advance is left as it is. */
  metodo_pago_adelanto?: string | null
  referencia_pago_adelanto?: string | null
}

export type CampoEditar = keyof EditarCitaForm

export interface EditarCitaContexto {
  tratamientos: readonly TratamientoCita[]
  especialistas: ReadonlyArray<{ id_especialista: string }>
  /** The start times currently offered for the chosen specialist, date and treatment. */
  horasDisponibles: readonly string[]
}

export function citaEditada(form: EditarCitaForm, ctx: EditarCitaContexto): Resultado<EditarCitaPatch, CampoEditar> {
  const fail = (mensaje: string, campo: CampoEditar) => ({ ok: false, mensaje, campo }) as const
  const M = MENSAJES_FORM_CITA
  const missing = (['fecha_cita', 'hora_inicio', 'id_especialista', 'id_tratamiento'] as const).find((f) => form[f].trim() === '')
  if (missing) return fail(M.editarObligatorios, missing)
  if (!isIsoDate(form.fecha_cita)) return fail(M.fechaInvalida, 'fecha_cita')
  const tratamiento = ctx.tratamientos.find((t) => t.id_tratamiento === form.id_tratamiento)
  if (!tratamiento) return fail(M.tratamientoNoEncontrado, 'id_tratamiento')
  const inicio = parseHoraReserva(form.hora_inicio)
  const duracion = duracionTratamiento(tratamiento)
  const hora = inicio === null ? null : minutosATime(inicio)
  if (inicio === null || inicio + duracion > 24 * 60 || !ctx.horasDisponibles.includes(hora!)) return fail(M.horaInvalida, 'hora_inicio')
  if (!ctx.especialistas.some((e) => e.id_especialista === form.id_especialista)) return fail(MENSAJES_AGENDA.especialistaNoEncontrado, 'id_especialista')
  if (!(ESTADOS_EDITABLES as readonly string[]).includes(form.estado_cita)) return fail(M.estadoInvalido, 'estado_cita')

  // Spec 2 §5 decides only whether the form SHOWS the advance's method and reference
  // (Confirmada or Completada). The advance is money received: a state the form does not
  // show them for leaves them untouched, never empty (docs/spec/3, docs/decisions/0033:
  // a Reprogramar that cleared them made Conciliación list a Yape advance under 'Otro').
  const conAdelanto = form.estado_cita === 'Confirmada' || form.estado_cita === 'Completada'
  return {
    ok: true,
    valor: {
      fecha_cita: form.fecha_cita,
      hora_inicio: hora!,
      hora_fin: minutosATime(inicio + duracion),
      id_especialista: form.id_especialista,
      id_tratamiento: tratamiento.id_tratamiento,
      nombre_tratamiento: tratamiento.nombre,
      estado_cita: form.estado_cita as EstadoCita,
      notas_internas: emptyToNull(form.notas_internas),
      ...(conAdelanto
        ? { metodo_pago_adelanto: emptyToNull(form.metodo_pago_adelanto), referencia_pago_adelanto: emptyToNull(form.referencia_pago_adelanto) }
        : {}),
    },
  }
}
