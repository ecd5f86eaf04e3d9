/**
 * Appointment states and what staff may do with an appointment in each
 * (docs/spec/2-back-office.md §2.5, §4, §8). The writes are patches for the local
 * database; `updated_at` is set by the write layer, never here.
 */

export const ESTADOS_CITA = ['Pendiente de Pago', 'Confirmada', 'Completada', 'Cancelada', 'Reprogramada', 'Venta Directa'] as const
export type EstadoCita = (typeof ESTADOS_CITA)[number]

/** The states the edit form offers (spec 2 §4: "any of the first five"). */
export const ESTADOS_EDITABLES = ['Pendiente de Pago', 'Confirmada', 'Completada', 'Cancelada', 'Reprogramada'] as const satisfies readonly EstadoCita[]

export function esEstadoCita(value: unknown): value is EstadoCita {
  return typeof value === 'string' && (ESTADOS_CITA as readonly string[]).includes(value)
}

/** What the badge and the search say: 'Pendiente de Pago' is shown as 'Sin Confirmar'. */
export function etiquetaEstado(estado: string): string {
  return estado === 'Pendiente de Pago' ? 'Sin Confirmar' : estado
}

/** Mantine colour names for the state badge (spec 2 §4); an unknown or virtual state is grey. */
export type ColorEstado = 'yellow' | 'green' | 'blue' | 'red' | 'purple' | 'gray'

const COLORES: Record<string, ColorEstado> = {
  'Pendiente de Pago': 'yellow',
  Confirmada: 'green',
  Completada: 'blue',
  Cancelada: 'red',
  Reprogramada: 'purple',
}

export function colorEstado(estado: string): ColorEstado {
  return COLORES[estado] ?? 'gray'
}

/** The options of the edit form's state select: value as stored, label as shown. */
export const OPCIONES_ESTADO = ESTADOS_EDITABLES.map((value) => ({ value, label: etiquetaEstado(value) }))

export interface AccionesCita {
  confirmar: boolean
  editar: boolean
  reprogramar: boolean
  cancelar: boolean
  /** The mark-as-paid entry; what it does is `marcarComoPagada`. */
  marcarPagada: boolean
}

/**
 * The actions menu of an appointment, exactly as spec 2 §4 gives it: Confirmar only for
 * Pendiente de Pago or Reprogramada; Editar and Reprogramar disabled when Completada;
 * Cancelar only when neither Cancelada nor Completada. Mark-as-paid is not offered on a
 * Cancelada appointment (confirming it would bring it back without going through its
 * slot; reactivating goes through Editar). A Venta Directa is not an agenda entry: no
 * actions.
 */
export function accionesCita(estado: string): AccionesCita {
  if (estado === 'Venta Directa') return { confirmar: false, editar: false, reprogramar: false, cancelar: false, marcarPagada: false }
  return {
    confirmar: estado === 'Pendiente de Pago' || estado === 'Reprogramada',
    editar: estado !== 'Completada',
    reprogramar: estado !== 'Completada',
    cancelar: estado !== 'Cancelada' && estado !== 'Completada',
    marcarPagada: estado !== 'Cancelada',
  }
}

export const CITA_YA_CONFIRMADA = 'Esta cita ya está confirmada (pago recibido).'

export type MarcarPagada =
  /** Show this info toast and do nothing else. */
  | { kind: 'aviso'; mensaje: string }
  /** Open the 'Confirmar Cita' dialog. */
  | { kind: 'confirmar' }

/**
 * Mark-as-paid (spec 2 §4): already Confirmada → only the info toast; otherwise the
 * confirm dialog. A Completada appointment is paid in full, so it gets the same toast
 * instead of a confirmation the server would undo anyway.
 */
export function marcarComoPagada(estado: string): MarcarPagada {
  return estado === 'Confirmada' || estado === 'Completada' ? { kind: 'aviso', mensaje: CITA_YA_CONFIRMADA } : { kind: 'confirmar' }
}

export interface ConfirmarCitaPatch {
  estado_cita: 'Confirmada'
  notas_internas?: string
}

/**
 * 'Confirmar Cita': state Confirmada and the optional comment as notas_internas (spec 2
 * §4). An empty comment leaves the existing notes alone rather than erasing them.
 */
export function confirmarCitaPatch(comentario: string | null | undefined): ConfirmarCitaPatch {
  const nota = (comentario ?? '').trim()
  return nota ? { estado_cita: 'Confirmada', notas_internas: nota } : { estado_cita: 'Confirmada' }
}

/** 'Cancelar Cita' (after its confirmation dialog). */
export function cancelarCitaPatch(): { estado_cita: 'Cancelada' } {
  return { estado_cita: 'Cancelada' }
}

/** Toasts and errors of the appointment screens (spec 2 §8), word for word. */
export const CITA_MENSAJES = {
  programada: 'Cita Programada (Pendiente de Pago)',
  actualizada: 'Cita Actualizada',
  confirmada: 'Cita Confirmada',
  cancelada: 'Cita Cancelada',
  noCrear: (message: string) => `No se pudo crear la cita: ${message}`,
  noActualizar: (message: string) => `No se pudo actualizar la cita: ${message}`,
  noConfirmar: (detail: string) => `No se pudo confirmar la cita: ${detail}`,
  noCancelar: 'No se pudo cancelar la cita.',
  noCargar: 'No se pudo cargar la lista de citas.',
  sinCitas: 'No hay citas programadas.',
  sinResultados: 'No se encontraron citas con ese criterio.',
} as const
