/**
 * Patients (spec 1 §2, §5, §8): the form's validation and the row it becomes, the
 * instant search and duplicate detection before saving (a duplicate only the server
 * sees is worded by sync/errors/refusal-reason.ts).
 */
import { nombreCompleto } from './nombre-completo.ts'
import { emptyToNull, fold, isEmail } from './text.ts'
import { isIsoDate } from './peru-time.ts'

/** The editable columns of tb_pacientes. */
export interface PacienteFields {
  nombre: string
  apellido: string
  dni: string | null
  telefono: string | null
  email: string | null
  /** YYYY-MM-DD */
  fecha_nacimiento: string | null
  direccion: string | null
  historial_medico: string | null
  /** Allergies and contraindications: a warning on the card and the cita dialogs (0053). */
  alergias: string | null
  nro_historia: string | null
}

export interface Paciente extends PacienteFields {
  id_paciente: string
  created_at: string
}

/** What the dialog edits: every field as text ('' = empty). */
export type PacienteForm = { [K in keyof PacienteFields]: string }

export const emptyPacienteForm: PacienteForm = {
  nombre: '',
  apellido: '',
  dni: '',
  telefono: '',
  email: '',
  fecha_nacimiento: '',
  direccion: '',
  historial_medico: '',
  alergias: '',
  nro_historia: '',
}

export function toPacienteForm(p: PacienteFields): PacienteForm {
  const out = { ...emptyPacienteForm }
  for (const key of Object.keys(out) as Array<keyof PacienteForm>) out[key] = p[key] ?? ''
  return out
}

export type PacienteErrors = Partial<Record<keyof PacienteForm, string>>

/**
 * The server's limits (supabase/migrations/20261125200100_pacientes_limites.sql), checked
 * here first so the form says it before a tablet uploads a row the server will refuse.
 */
export const PACIENTE_LIMITES = {
  nombre: 100,
  apellido: 100,
  email: 254,
  direccion: 300,
  historial_medico: 5000,
  alergias: 1000,
  nro_historia: 30,
  dni: 20,
  telefono: 20,
} as const

export const MENSAJES_PACIENTE = {
  dni: 'El DNI debe tener 8 dígitos; un documento extranjero, de 6 a 20 letras y números (sin espacios ni símbolos).',
  telefono: 'El teléfono del paciente no es válido: usa solo números, espacios y + ( ) . - (entre 6 y 20 caracteres).',
} as const

/**
 * A Peruvian DNI (8 digits) or a foreign document: carné de extranjería (9–12 digits),
 * passport or other (6–20 letters and digits, at least one letter).
 */
export function isDocumentoValido(value: string): boolean {
  return /^[0-9]{8}$/.test(value) || /^[0-9]{9,12}$/.test(value) || (/^[A-Za-z0-9]{6,20}$/.test(value) && /[A-Za-z]/.test(value))
}

/** The booking form's phone pattern (tb_reservas.telefono_cliente). */
export function isTelefonoValido(value: string): boolean {
  return /^[0-9+() .-]{6,20}$/.test(value)
}

const demasiadoLargo = (campo: string, max: number) => `${campo} no puede superar ${max} caracteres.`

/** Field errors; empty when the form can be saved. `today` is Peru's YYYY-MM-DD. */
export function validarPaciente(form: PacienteForm, today: string): PacienteErrors {
  const errors: PacienteErrors = {}
  if (!form.nombre.trim()) errors.nombre = 'El nombre es obligatorio.'
  else if (form.nombre.trim().length > PACIENTE_LIMITES.nombre) errors.nombre = demasiadoLargo('El nombre', PACIENTE_LIMITES.nombre)
  if (!form.apellido.trim()) errors.apellido = 'El apellido es obligatorio.'
  else if (form.apellido.trim().length > PACIENTE_LIMITES.apellido) errors.apellido = demasiadoLargo('El apellido', PACIENTE_LIMITES.apellido)
  const email = form.email.trim()
  if (email.length > PACIENTE_LIMITES.email) errors.email = demasiadoLargo('El correo electrónico', PACIENTE_LIMITES.email)
  else if (email && !isEmail(email)) errors.email = 'Ingresa un correo electrónico válido.'
  const dni = form.dni.trim()
  if (dni && !isDocumentoValido(dni)) errors.dni = MENSAJES_PACIENTE.dni
  const telefono = form.telefono.trim()
  if (telefono && !isTelefonoValido(telefono)) errors.telefono = MENSAJES_PACIENTE.telefono
  if (form.direccion.trim().length > PACIENTE_LIMITES.direccion) errors.direccion = demasiadoLargo('La dirección', PACIENTE_LIMITES.direccion)
  if (form.historial_medico.trim().length > PACIENTE_LIMITES.historial_medico) {
    errors.historial_medico = demasiadoLargo('El historial médico', PACIENTE_LIMITES.historial_medico)
  }
  if (form.alergias.trim().length > PACIENTE_LIMITES.alergias) {
    errors.alergias = `Las alergias y contraindicaciones no pueden superar ${PACIENTE_LIMITES.alergias} caracteres.`
  }
  if (form.nro_historia.trim().length > PACIENTE_LIMITES.nro_historia) {
    errors.nro_historia = demasiadoLargo('El número de historia clínica', PACIENTE_LIMITES.nro_historia)
  }
  const fecha = form.fecha_nacimiento.trim()
  if (fecha && (!isIsoDate(fecha) || fecha < '1900-01-01')) errors.fecha_nacimiento = 'Ingresa una fecha válida.'
  else if (fecha && fecha > today) errors.fecha_nacimiento = 'La fecha de nacimiento no puede ser futura.'
  return errors
}

/** The columns to write: trimmed, optional ones as null (email lowercased for uniqueness). */
export function toPacienteFields(form: PacienteForm): PacienteFields {
  const email = emptyToNull(form.email)
  return {
    nombre: form.nombre.trim(),
    apellido: form.apellido.trim(),
    dni: emptyToNull(form.dni),
    telefono: emptyToNull(form.telefono),
    email: email ? email.toLowerCase() : null,
    fecha_nacimiento: emptyToNull(form.fecha_nacimiento),
    direccion: emptyToNull(form.direccion),
    historial_medico: emptyToNull(form.historial_medico),
    alergias: emptyToNull(form.alergias),
    nro_historia: emptyToNull(form.nro_historia),
  }
}

/**
 * A search index: one folded haystack per patient, built once per list, so a keystroke
 * costs one `includes` per patient (thousands of patients stay instant).
 */
export interface PacienteSearchIndex<T> {
  entries: ReadonlyArray<{ paciente: T; haystack: string }>
}

export function buildPacienteIndex<T extends Pick<PacienteFields, 'nombre' | 'apellido' | 'dni' | 'email'>>(list: readonly T[]): PacienteSearchIndex<T> {
  return {
    entries: list.map((p) => ({
      paciente: p,
      // Each field separately (the spec's contains match), plus "nombre apellido" so a
      // full name typed in the box also finds the patient. \u0001 never appears in a term.
      haystack: [fold(p.nombre), fold(p.apellido), fold(p.dni), fold(p.email), fold(nombreCompleto(p))].join('\u0001'),
    })),
  }
}

/** Case- and accent-insensitive contains match on nombre, apellido, dni and email. */
export function searchPacientes<T>(index: PacienteSearchIndex<T>, term: string): T[] {
  const needle = fold(term).replace(/\s+/g, ' ')
  if (!needle) return index.entries.map((e) => e.paciente)
  const out: T[] = []
  for (const e of index.entries) if (e.haystack.includes(needle)) out.push(e.paciente)
  return out
}

export const MENSAJES_PACIENTE_DUPLICADO = {
  dni: 'Ya existe un paciente con este DNI.',
  email: 'Ya existe un paciente con este correo electrónico.',
} as const

/** Checked on the device before saving: another live patient with the same DNI or email. */
export function findDuplicate(
  list: ReadonlyArray<Pick<Paciente, 'id_paciente' | 'dni' | 'email'>>,
  candidate: Pick<PacienteFields, 'dni' | 'email'>,
  selfId: string | null,
): 'dni' | 'email' | null {
  const dni = candidate.dni?.trim()
  const email = candidate.email?.trim().toLowerCase()
  for (const p of list) {
    if (p.id_paciente === selfId) continue
    if (dni && p.dni?.trim() === dni) return 'dni'
  }
  for (const p of list) {
    if (p.id_paciente === selfId) continue
    if (email && p.email?.trim().toLowerCase() === email) return 'email'
  }
  return null
}

export const pacienteToasts = {
  created: (name: string) => ({ title: '¡Paciente Registrado!', description: `${name} ha sido registrado exitosamente.` }),
  updated: (name: string) => ({ title: '¡Paciente Actualizado!', description: `${name} ha sido actualizado exitosamente.` }),
  deleted: (name: string) => ({ title: '¡Paciente Eliminado!', description: `${name} ha sido eliminado.` }),
  loadError: 'No se pudo cargar la lista de pacientes.',
  saveError: (editing: boolean, message: string) => `No se pudo ${editing ? 'actualizar' : 'registrar'} el paciente. ${message}`.trim(),
  deleteError: 'No se pudo eliminar el paciente.',
  confirmDelete: '¿Estás seguro de eliminar este paciente?',
} as const
