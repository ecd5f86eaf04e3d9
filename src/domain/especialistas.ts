/**
 * Specialists (spec 2 §2.3, §5, §7, §8): the form's rules, work days typed as text and
 * matched to the Spanish day names, the list's search and order, duplicate e-mail and
 * the delete guard checked on the device (the server checks both again:
 * tb_especialistas_email_unico and supabase/migrations/20261124006000_especialistas_borrado.sql).
 */
import { nombreCompleto } from './nombre-completo.ts'
import { parseTime } from './booking-slots.ts'
import { formatHoraTexto } from './agenda-format.ts'
import { toStoredTime } from './horarios.ts'
import { DIAS_SEMANA, type DiaSemana } from './peru-time.ts'
import { compararPorApellido, emptyToNull, fold, isEmail } from './text.ts'

/** The editable columns of tb_especialistas (times 'HH:mm:ss' or null). */
export interface EspecialistaFields {
  nombre: string
  apellido: string
  especialidad: string
  email: string | null
  telefono: string | null
  /** Spanish day names in week order; null = not defined (spec 2 §5: none → null). */
  dias_trabajo: DiaSemana[] | null
  hora_inicio_trabajo: string | null
  hora_fin_trabajo: string | null
  activo: boolean
}

export interface Especialista extends Omit<EspecialistaFields, 'dias_trabajo'> {
  id_especialista: string
  /** As stored (the server only accepts day names). */
  dias_trabajo: string[] | null
}

/** What the dialog edits: text fields as text ('' = empty), the days as typed. */
export interface EspecialistaForm extends Record<string, unknown> {
  nombre: string
  apellido: string
  especialidad: string
  email: string
  telefono: string
  /** Comma-separated: 'lunes, miercoles, viernes'. */
  dias_trabajo: string
  /** 'HH:mm' or ''. */
  hora_inicio_trabajo: string
  hora_fin_trabajo: string
  activo: boolean
}

export const emptyEspecialistaForm: EspecialistaForm = {
  nombre: '',
  apellido: '',
  especialidad: '',
  email: '',
  telefono: '',
  dias_trabajo: '',
  hora_inicio_trabajo: '',
  hora_fin_trabajo: '',
  activo: true,
}

/** The week as the spa works it: Lunes first, Domingo last. */
const SEMANA: readonly DiaSemana[] = [...DIAS_SEMANA.slice(1), DIAS_SEMANA[0]]
const BY_FOLDED = new Map(SEMANA.map((d) => [fold(d), d]))

export interface DiasParse {
  /** Recognised days in week order without repeats; null when none was typed. */
  dias: DiaSemana[] | null
  /** What was typed and is not a day name, as typed (trimmed). */
  unknown: string[]
}

/**
 * Spec 2 §5: comma-separated, each trimmed and capitalised, empties dropped, none →
 * null. Each is matched to the accented day name whatever its case or accents
 * ('miercoles' → 'Miércoles'), so the server's check (day names only) never refuses it.
 */
export function parseDiasTrabajo(text: string): DiasParse {
  const found = new Set<DiaSemana>()
  const unknown: string[] = []
  for (const part of text.split(',')) {
    const typed = part.trim()
    if (!typed) continue
    const dia = BY_FOLDED.get(fold(typed))
    if (dia) found.add(dia)
    else unknown.push(typed)
  }
  const dias = SEMANA.filter((d) => found.has(d))
  return { dias: dias.length ? dias : null, unknown }
}

/** The days as the dialog shows them: 'Lunes, Miércoles, Viernes'. */
export function diasTrabajoTexto(dias: readonly string[] | null | undefined): string {
  return (dias ?? []).join(', ')
}

/**
 * The days as the table shows them: runs of three or more consecutive days read as a
 * range ('Lunes a Viernes'), the rest listed ('Lunes, Miércoles y Viernes'); '—' when
 * none are defined.
 */
export function diasTrabajoResumen(dias: readonly string[] | null | undefined): string {
  const known = SEMANA.filter((d) => dias?.includes(d))
  if (!known.length) return '—'
  const parts: string[] = []
  let run: DiaSemana[] = []
  const flush = () => {
    if (run.length >= 3) parts.push(`${run[0]} a ${run[run.length - 1]}`)
    else parts.push(...run)
    run = []
  }
  for (const dia of known) {
    const previous = run[run.length - 1]
    if (previous && SEMANA.indexOf(dia) !== SEMANA.indexOf(previous) + 1) flush()
    run.push(dia)
  }
  flush()
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`
}

export type EspecialistaErrors = Partial<Record<keyof EspecialistaForm & string, string>>

export const DIAS_EJEMPLO = 'Lunes, Miércoles, Viernes'

function unknownDaysMessage(unknown: string[]): string {
  const list = unknown.map((u) => `«${u}»`).join(', ')
  return unknown.length === 1
    ? `${list} no es un día de la semana. Escribe los días separados por comas, por ejemplo: ${DIAS_EJEMPLO}.`
    : `${list} no son días de la semana. Escribe los días separados por comas, por ejemplo: ${DIAS_EJEMPLO}.`
}

/** Field errors; empty when the form can be saved. */
export function validarEspecialista(form: EspecialistaForm): EspecialistaErrors {
  const errors: EspecialistaErrors = {}
  if (!form.nombre.trim()) errors.nombre = 'El nombre es obligatorio.'
  if (!form.apellido.trim()) errors.apellido = 'El apellido es obligatorio.'
  if (!form.especialidad.trim()) errors.especialidad = 'La especialidad es obligatoria.'
  if (form.email.trim() && !isEmail(form.email)) errors.email = 'Ingresa un correo electrónico válido.'
  const { unknown } = parseDiasTrabajo(form.dias_trabajo)
  if (unknown.length) errors.dias_trabajo = unknownDaysMessage(unknown)
  const inicio = form.hora_inicio_trabajo.trim()
  const fin = form.hora_fin_trabajo.trim()
  if (inicio && parseTime(inicio) === null) errors.hora_inicio_trabajo = 'Ingresa una hora válida.'
  if (fin && parseTime(fin) === null) errors.hora_fin_trabajo = 'Ingresa una hora válida.'
  else if (inicio && fin && parseTime(inicio)! >= parseTime(fin)!) {
    // The server's own sentence (tb_especialistas_horario_orden).
    errors.hora_fin_trabajo = 'La hora de fin de trabajo debe ser posterior a la hora de inicio.'
  }
  return errors
}

/** The columns to write: trimmed, optional ones as null, e-mail lowercased (it is unique case-insensitively). */
export function toEspecialistaFields(form: EspecialistaForm): EspecialistaFields {
  const email = emptyToNull(form.email)
  return {
    nombre: form.nombre.trim(),
    apellido: form.apellido.trim(),
    especialidad: form.especialidad.trim(),
    email: email ? email.toLowerCase() : null,
    telefono: emptyToNull(form.telefono),
    dias_trabajo: parseDiasTrabajo(form.dias_trabajo).dias,
    hora_inicio_trabajo: toStoredTime(form.hora_inicio_trabajo),
    hora_fin_trabajo: toStoredTime(form.hora_fin_trabajo),
    activo: form.activo,
  }
}

export function toEspecialistaForm(e: Especialista): EspecialistaForm {
  return {
    nombre: e.nombre,
    apellido: e.apellido,
    especialidad: e.especialidad,
    email: e.email ?? '',
    telefono: e.telefono ?? '',
    dias_trabajo: diasTrabajoTexto(e.dias_trabajo),
    hora_inicio_trabajo: e.hora_inicio_trabajo ? e.hora_inicio_trabajo.slice(0, 5) : '',
    hora_fin_trabajo: e.hora_fin_trabajo ? e.hora_fin_trabajo.slice(0, 5) : '',
    activo: e.activo,
  }
}

/** '09:00 AM – 06:00 PM'; one end only: 'Desde 09:00 AM' / 'Hasta 06:00 PM'; '—' when none. */
export function horarioTrabajo(e: Pick<EspecialistaFields, 'hora_inicio_trabajo' | 'hora_fin_trabajo'>): string {
  const inicio = formatHoraTexto(e.hora_inicio_trabajo)
  const fin = formatHoraTexto(e.hora_fin_trabajo)
  if (inicio && fin) return `${inicio} – ${fin}`
  if (inicio) return `Desde ${inicio}`
  if (fin) return `Hasta ${fin}`
  return '—'
}

/** Spec 2 §7: ordered by apellido then nombre (Spanish collation: 'Álvarez' before 'Benítez'). */
export function sortEspecialistas<T extends Pick<EspecialistaFields, 'nombre' | 'apellido'>>(list: readonly T[]): T[] {
  return [...list].sort(compararPorApellido)
}

/**
 * Case- and accent-insensitive contains match on nombre, apellido, especialidad and
 * email (spec 2 §7), plus "nombre apellido" typed together.
 */
export function searchEspecialistas<T extends Pick<EspecialistaFields, 'nombre' | 'apellido' | 'especialidad' | 'email'>>(
  list: readonly T[],
  term: string,
): T[] {
  const needle = fold(term).replace(/\s+/g, ' ')
  if (!needle) return [...list]
  return list.filter((e) =>
    [fold(e.nombre), fold(e.apellido), fold(e.especialidad), fold(e.email), fold(nombreCompleto(e))].some((h) => h.includes(needle)),
  )
}

export const EMAIL_DUPLICADO = 'Ya existe un especialista con este correo electrónico.'

/** Another live specialist with the same e-mail, case-insensitively (the server's unique index). */
export function hasEmailDuplicate(list: ReadonlyArray<Pick<Especialista, 'id_especialista' | 'email'>>, email: string | null, selfId: string | null): boolean {
  const wanted = email?.trim().toLowerCase()
  if (!wanted) return false
  return list.some((e) => e.id_especialista !== selfId && e.email?.trim().toLowerCase() === wanted)
}

/**
 * The sentence both the device and the server give when a specialist with citas is
 * deleted: their citas keep the specialist, so the way out is marking them inactive.
 */
export function borradoBloqueado(nombre: string, citas: number): string {
  return `No se puede eliminar a ${nombre} porque tiene ${citas} cita(s) registrada(s). Para que no reciba nuevas citas, márcalo como inactivo.`
}

export const especialistaToasts = {
  created: (name: string) => ({ title: '¡Especialista Registrado!', description: `${name} ha sido registrado exitosamente.` }),
  updated: (name: string) => ({ title: '¡Especialista Actualizado!', description: `${name} ha sido actualizado exitosamente.` }),
  deleted: (name: string) => ({ title: '¡Especialista Eliminado!', description: `${name} ha sido eliminado.` }),
  loadError: 'No se pudo cargar la lista de especialistas.',
  saveError: (editing: boolean) => `No se pudo ${editing ? 'actualizar' : 'registrar'} el especialista.`,
  deleteError: 'No se pudo eliminar el especialista.',
  confirmDelete: '¿Estás seguro de eliminar este especialista?',
} as const
