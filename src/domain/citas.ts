/**
 * Appointment states and what staff may do with an appointment in each
 * (docs/spec/2-back-office.md §2.5, §4, §8). The writes are patches for the local
 * database; `updated_at` is set by the write layer, never here.
 */

export const ESTADOS_CITA = ['Pendiente de Pago', 'Confirmada', 'Completada', 'Cancelada', 'Reprogramada', 'Venta Directa'] as const
export type EstadoCita = (typeof ESTADOS_CITA)[number]

/** The states the edit form offers (spec 2 §4: "any of the first five"). */
export const ESTADOS_EDITABLES = ['Pendiente de Pago', 'Confirmada', 'Completada', 'Cancelada', 'Reprogramada'] as const satisfies readonly EstadoCita[]

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

/** Spec 2 §4's toast, for a cita that has a payment (an advance or its final payment). */
export const CITA_YA_CONFIRMADA = 'Esta cita ya está confirmada (pago recibido).'
/**
 * Our text where spec 2's would be untrue: a Confirmada cita with no advance and no
 * final payment has received nothing (docs/decisions/0034-entradas-veraces.md).
 */
export const CITA_CONFIRMADA_SIN_PAGO = 'Esta cita ya está confirmada, pero no tiene ningún pago registrado. El pago se registra en Pagos con «Procesar Pago».'

export type MarcarPagada =
  /** Show this info toast and do nothing else. */
  | { kind: 'aviso'; mensaje: string }
  /** Open the 'Confirmar Cita' dialog. */
  | { kind: 'confirmar' }

export interface CitaPagos {
  estado_cita: string
  monto_adelanto?: number | string | null
  id_pago_final?: string | null
}

/**
 * Mark-as-paid (spec 2 §4): already Confirmada → only the info toast; otherwise the
 * confirm dialog. A Completada appointment is paid in full, so it gets the same toast
 * instead of a confirmation the server would undo anyway. The toast says '(pago
 * recibido)' only when a payment exists — an advance above 0 or a final payment —;
 * otherwise it says that none is recorded.
 */
export function marcarComoPagada(cita: CitaPagos): MarcarPagada {
  if (cita.estado_cita !== 'Confirmada' && cita.estado_cita !== 'Completada') return { kind: 'confirmar' }
  const adelanto = Number(cita.monto_adelanto ?? 0)
  const pagada = cita.estado_cita === 'Completada' || !!cita.id_pago_final || (Number.isFinite(adelanto) && adelanto > 0)
  return { kind: 'aviso', mensaje: pagada ? CITA_YA_CONFIRMADA : CITA_CONFIRMADA_SIN_PAGO }
}

export interface ConfirmarCitaPatch {
  estado_cita: 'Confirmada'
  notas_internas?: string
}

/**
 * One comment added to a cita's internal notes, never replacing them
 * (docs/decisions/0034-entradas-veraces.md): a new line 'dd/mm/yyyy usuario: comentario'
 * under what was there ('27/11/2026 recepcion@spa.local: Pagó por Yape'). The date is
 * Peru's day (`hoy`, YYYY-MM-DD); the user is the signed-in e-mail. An empty comment
 * gives the notes back unchanged.
 */
export function agregarNotaInterna(notas: string | null | undefined, comentario: string | null | undefined, hoy: string, usuario: string): string | null {
  const texto = (comentario ?? '').trim()
  const previas = (notas ?? '').trimEnd()
  if (!texto) return notas ?? null
  const [anio, mes, dia] = hoy.split('-')
  const linea = `${dia}/${mes}/${anio} ${usuario.trim() || 'usuario sin identificar'}: ${texto}`
  return previas ? `${previas}\n${linea}` : linea
}

/**
 * 'Confirmar Cita': state Confirmada and the optional comment appended to notas_internas
 * with the date and the user (spec 2 §4 said 'stores the comment as notas_internas';
 * replacing the notes lost what was written before, so it appends). An empty comment
 * leaves the notes alone.
 */
export function confirmarCitaPatch(
  comentario: string | null | undefined,
  nota: { notas: string | null | undefined; hoy: string; usuario: string },
): ConfirmarCitaPatch {
  const texto = (comentario ?? '').trim()
  if (!texto) return { estado_cita: 'Confirmada' }
  return { estado_cita: 'Confirmada', notas_internas: agregarNotaInterna(nota.notas, texto, nota.hoy, nota.usuario) ?? texto }
}

/** 'Cancelar Cita' (after its confirmation dialog). */
export function cancelarCitaPatch(): { estado_cita: 'Cancelada' } {
  return { estado_cita: 'Cancelada' }
}

/** Toasts and errors of the appointment screens (spec 2 §8), word for word. */
export const MENSAJES_CITA = {
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
