/**
 * Treatments and products (spec 2 §2.1, §5, §7, §8; stock decisions in
 * docs/spec/3-product-decisions.md): the dialog's validation and the row it becomes,
 * the stock movement an edit writes, the search, the delete guard and the texts.
 */
import { REGLAS, leerNumero, type ReglaNumero } from './numero.ts'
import { compararEs, emptyToNull, fold, numeroEs } from './text.ts'

export type TipoTratamiento = 'tratamiento' | 'producto'

export interface Tratamiento {
  id_tratamiento: string
  nombre: string
  descripcion: string | null
  categoria: string | null
  tipo: TipoTratamiento
  costo: number
  duracion_estimada_minutos: number | null
  comision: number | null
  notas_internas: string | null
  activo: boolean
  /** The server's stock (ledger sum). */
  tr_cantidad: number
  /** The server saw the stock go negative (a late oversell). */
  stock_en_revision: boolean
  created_at: string
}

/** What the dialog edits. Numbers may be '' (empty) or text while being typed. */
export interface TratamientoForm extends Record<string, unknown> {
  nombre: string
  descripcion: string
  tipo: TipoTratamiento
  duracion: number | string
  costo: number | string
  categoria: string
  comision: number | string
  cantidad: number | string
  notas_internas: string
  activo: boolean
}

export type TratamientoFields = Omit<Tratamiento, 'id_tratamiento' | 'tr_cantidad' | 'stock_en_revision' | 'created_at'>

export const emptyTratamientoForm: TratamientoForm = {
  nombre: '',
  descripcion: '',
  tipo: 'tratamiento',
  duracion: '',
  costo: '',
  categoria: '',
  comision: '',
  cantidad: '',
  notas_internas: '',
  activo: true,
}

/** The dialog opened on a record; `stock` is the units shown for it at that moment. */
export function toTratamientoForm(t: Tratamiento, stock: number): TratamientoForm {
  return {
    nombre: t.nombre,
    descripcion: t.descripcion ?? '',
    tipo: t.tipo,
    duracion: t.duracion_estimada_minutos ?? '',
    costo: t.costo,
    categoria: t.categoria ?? '',
    comision: t.comision ?? '',
    cantidad: t.tipo === 'producto' ? stock : '',
    notas_internas: t.notas_internas ?? '',
    activo: t.activo,
  }
}

export const MENSAJES_TRATAMIENTO = {
  validationTitle: 'Error de Validación',
  required: 'Nombre, duración y costo son obligatorios.',
  quantityRequired: 'La cantidad es obligatoria para productos.',
  durationPositive: 'La duración estimada debe ser un número positivo.',
  costNonNegative: 'El costo debe ser un número no negativo.',
  quantityPositive: 'La cantidad debe ser un número positivo.',
  /** Editing: 0 is allowed so a sold-out product stays editable (product decisions). */
  quantityNonNegative: 'La cantidad debe ser un número entero igual o mayor que 0.',
  commissionNonNegative: 'La comisión debe ser un número no negativo.',
  /** Above 100 %: the server's CHECK message (tb_tratamientos_comision_rango). */
  commissionMax: 'La comisión debe ser un número no negativo (máximo 100 %).',
} as const

type Errors = Partial<Record<keyof TratamientoForm & string, string>>

function blank(v: number | string): boolean {
  return typeof v === 'string' && v.trim() === ''
}

/** A field read by the panel's numeric rule (src/domain/numero.ts): nothing is clamped, cut or made positive. */
function valido(v: number | string, regla: ReglaNumero): boolean {
  return leerNumero(v, regla).estado === 'valido'
}

/** The number of a field already validated. */
function num(v: number | string): number {
  const l = leerNumero(v, { decimales: 2 })
  if (l.estado !== 'valido') throw new RangeError(`Número inválido: ${String(v)}`)
  return l.valor
}

/**
 * Field errors in spec 2 §5's order and words; empty when the form can be saved.
 * Duration is a treatment's; quantity a product's (required and positive on create,
 * 0 or more on edit, always whole units). '0' minutes, '-12' soles or '2.5' units are
 * refused with these messages, never saved as 1, 12 or 25
 * (docs/decisions/0034-entradas-veraces.md).
 */
export function validarTratamiento(form: TratamientoForm, mode: 'create' | 'edit'): Errors {
  const e: Errors = {}
  const producto = form.tipo === 'producto'
  const m = MENSAJES_TRATAMIENTO
  if (!form.nombre.trim()) e.nombre = m.required
  if (!producto && blank(form.duracion)) e.duracion = m.required
  if (blank(form.costo)) e.costo = m.required
  if (producto && (blank(form.cantidad) || (mode === 'create' && leerNumero(form.cantidad, { decimales: 2 }).estado === 'valido' && num(form.cantidad) === 0))) {
    e.cantidad = m.quantityRequired
  }
  if (!producto && !e.duracion && !valido(form.duracion, REGLAS.duracion)) e.duracion = m.durationPositive
  if (!e.costo && !valido(form.costo, REGLAS.monto)) e.costo = m.costNonNegative
  if (producto && !e.cantidad) {
    if (mode === 'create' && !valido(form.cantidad, REGLAS.cantidad)) e.cantidad = m.quantityPositive
    if (mode === 'edit' && !valido(form.cantidad, REGLAS.stock)) e.cantidad = m.quantityNonNegative
  }
  if (!producto && !blank(form.comision) && !valido(form.comision, REGLAS.comision)) {
    e.comision = valido(form.comision, { decimales: 2, minimo: 0 }) ? m.commissionMax : m.commissionNonNegative
  }
  return e
}

/** The columns written for a valid form (duration and commission are a treatment's only). */
export function toTratamientoFields(form: TratamientoForm): TratamientoFields {
  const producto = form.tipo === 'producto'
  return {
    nombre: form.nombre.trim(),
    descripcion: emptyToNull(form.descripcion),
    categoria: emptyToNull(form.categoria),
    tipo: form.tipo,
    costo: num(form.costo),
    duracion_estimada_minutos: producto ? null : num(form.duracion),
    comision: producto || blank(form.comision) ? null : num(form.comision),
    notas_internas: emptyToNull(form.notas_internas),
    activo: form.activo,
  }
}

export interface StockMovement {
  motivo: 'inicial' | 'ajuste'
  cantidad: number
}

/**
 * Stock is a ledger (product decisions): a new product starts with an 'inicial' of
 * its quantity; an edit to M writes an 'ajuste' of M minus the stock shown when the
 * dialog opened, so a sale made meanwhile elsewhere is kept. Nothing when unchanged.
 */
export function stockMovement(form: TratamientoForm, mode: 'create' | 'edit', shownAtOpen: number): StockMovement | null {
  if (form.tipo !== 'producto') return null
  const target = num(form.cantidad)
  if (mode === 'create') return { motivo: 'inicial', cantidad: target }
  const delta = target - shownAtOpen
  return delta === 0 ? null : { motivo: 'ajuste', cantidad: delta }
}

/** One folded haystack per row: the search matches nombre, descripción or categoría. */
export function buildTratamientoIndex<T extends Pick<Tratamiento, 'nombre' | 'descripcion' | 'categoria'>>(list: readonly T[]) {
  return list.map((t) => ({ row: t, haystack: [fold(t.nombre), fold(t.descripcion), fold(t.categoria)].join('\u0001') }))
}

export function searchTratamientos<T>(index: ReadonlyArray<{ row: T; haystack: string }>, term: string): T[] {
  const needle = fold(term)
  if (!needle) return index.map((e) => e.row)
  return index.filter((e) => e.haystack.includes(needle)).map((e) => e.row)
}

export type StockState = 'normal' | 'bajo' | 'revision'

/**
 * A product with this many units or fewer is low on stock ('Stock bajo' on Tratamientos, the
 * hub's 'Hoy' board). Fixed for now; an admin-editable setting is left for later
 * (docs/decisions/0051-tablero-hoy.md).
 */
export const UMBRAL_STOCK_BAJO = 5

/** ≤ UMBRAL_STOCK_BAJO units: 'Stock bajo'; below 0 (a late oversell) or flagged by the server: 'Stock en revisión'. */
export function stockState(units: number, flagged: boolean): StockState {
  if (units < 0 || flagged) return 'revision'
  return units <= UMBRAL_STOCK_BAJO ? 'bajo' : 'normal'
}

export function unidades(n: number): string {
  return `${numeroEs(n)} ${Math.abs(n) === 1 ? 'unidad' : 'unidades'}`
}

export interface Usos {
  ventas: number
  citas: number
  reservas: number
}

interface PaymentItems {
  tratamientos_adicionales_info: readonly unknown[] | null
}

/** Live records that use a treatment or product (the server counts the same, spec 2 §5 'Delete rules'). */
export function countUsos(
  id: string,
  data: { pagos: readonly PaymentItems[]; reservas: ReadonlyArray<{ id_tratamiento: string }>; citas: ReadonlyArray<{ id_tratamiento: string | null }> },
): Usos {
  const target = id.toLowerCase()
  const ventas = data.pagos.filter((p) =>
    (p.tratamientos_adicionales_info ?? []).some((item) => String((item as { id_tratamiento?: unknown }).id_tratamiento ?? '').toLowerCase() === target),
  ).length
  return {
    ventas,
    reservas: data.reservas.filter((r) => r.id_tratamiento.toLowerCase() === target).length,
    citas: data.citas.filter((c) => c.id_tratamiento?.toLowerCase() === target).length,
  }
}

/** spec 2 §8's blocked-delete message, or null when nothing uses the record. */
export function deleteBlocker(t: Pick<Tratamiento, 'nombre' | 'tipo'>, usos: Usos): string | null {
  const after = 'Primero debe procesar o eliminar estos registros.'
  if (t.tipo === 'producto') {
    if (usos.ventas === 0 && usos.reservas === 0) return null
    return `No se puede eliminar el producto "${t.nombre}" porque se han realizado ${usos.ventas} venta(s) y ${usos.reservas} reserva(s) de este producto. ${after}`
  }
  if (usos.citas === 0 && usos.reservas === 0) return null
  return `No se puede eliminar el tratamiento "${t.nombre}" porque se han realizado ${usos.citas} cita(s) y ${usos.reservas} reserva(s) de este tratamiento. ${after}`
}

const palabra = (t: Pick<Tratamiento, 'tipo'>) => (t.tipo === 'producto' ? 'Producto' : 'Tratamiento')

export const tratamientoToasts = {
  created: (t: Pick<Tratamiento, 'tipo' | 'nombre'>) => ({ title: `¡${palabra(t)} Registrado!`, description: `${t.nombre} ha sido registrado exitosamente.` }),
  updated: (t: Pick<Tratamiento, 'tipo' | 'nombre'>) => ({ title: `¡${palabra(t)} Actualizado!`, description: `${t.nombre} ha sido actualizado exitosamente.` }),
  toggled: (t: Pick<Tratamiento, 'tipo' | 'nombre'>, activo: boolean) => ({
    title: `${palabra(t)} ${activo ? 'Activado' : 'Desactivado'}`,
    description: `${t.nombre} ahora está ${activo ? 'activo' : 'inactivo'}.`,
  }),
  deleted: (t: Pick<Tratamiento, 'tipo' | 'nombre'>) => ({ title: `¡${palabra(t)} Eliminado!`, description: `${t.nombre} ha sido eliminado.` }),
  loadError: 'No se pudo cargar la lista de tratamientos.',
  saveError: (message: string) => `No se pudo guardar el tratamiento: ${message}`,
  toggleError: (activar: boolean, message: string) => `No se pudo ${activar ? 'activar' : 'desactivar'} el tratamiento: ${message}`,
  deleteError: (t: Pick<Tratamiento, 'tipo'>, message: string) => `No se pudo eliminar el ${t.tipo}: ${message}`,
  verifyError: (message: string) => `No se pudo verificar los registros relacionados: ${message}`,
  confirmDelete: (t: Pick<Tratamiento, 'tipo'>) => `¿Eliminar este ${t.tipo}?`,
} as const

// ---------------------------------------------------------------------------------
// 'Imprimir stock' (spec 2 §7 Stock report, §9 Exports).

export interface StockRow {
  codigo: string
  nombre: string
  descripcion: string
  costo: number
  cantidad: number
}

/** A product's short, stable code: the first 8 hex digits of its id, upper case. */
export function codigoProducto(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase()
}

/** Active products by name, with the units this device shows. */
export function stockReportRows(list: readonly Tratamiento[], stock: ReadonlyMap<string, number>): StockRow[] {
  return list
    .filter((t) => t.tipo === 'producto' && t.activo)
    .sort((a, b) => compararEs(a.nombre, b.nombre))
    .map((t) => ({
      codigo: codigoProducto(t.id_tratamiento),
      nombre: t.nombre,
      descripcion: t.descripcion ?? '',
      costo: t.costo,
      cantidad: stock.get(t.id_tratamiento) ?? t.tr_cantidad,
    }))
}

/** stock_productos_24-11-2026.xlsx (`today` is Peru's YYYY-MM-DD). */
export function stockReportFileName(today: string): string {
  const [y, m, d] = today.split('-')
  return `stock_productos_${d}-${m}-${y}.xlsx`
}

export const STOCK_REPORT = {
  sheet: 'Stock de Productos',
  empty: { title: 'Sin productos', description: 'No hay productos registrados para generar el reporte.' },
  done: (n: number) => ({ title: 'Exportación exitosa', description: `Se ha descargado el reporte de stock con ${n} productos.` }),
  error: (message: string) => `Error al generar el reporte: ${message}`,
} as const
