/**
 * The income side of 'Conciliación Bancaria' (spec 2 §2.11, §5 "Reconciliation income
 * dialog", §9; docs/spec/3-product-decisions.md "Expenses and reconciliation"):
 *
 * - the money actually received in a date range: final payments by `fecha_pago` and
 *   method, advances by their payment date and method, grouped by date and method, each
 *   group netted by its method's commission;
 * - the editable list 'Ingresos de Tratamientos' stored in `ingresos_tratamientos`, and
 *   the add / edit / delete rules of its dialog.
 *
 * Amounts are céntimos; commissions are percentages with up to three decimals
 * (tb_formapago.fp_comision is numeric(6,3)).
 */
import { centimosATexto, centimosDeTexto, escalarEntero } from './money.ts'
import { fechaEnPeriodo, primerDia, ultimoDia, type Periodo } from './periodo.ts'
import { isIsoDate } from './peru-time.ts'
import { compararEs, emptyToNull, fold } from './text.ts'
import { COMISION_TARJETA, METODO } from './formas-pago.ts'

/** A tb_pagos_citas row, the columns the reconciliation reads. */
export interface PagoIngreso {
  fecha_pago: string
  metodo_pago_final: string
  monto_final_pagado: number | string
  _deleted?: boolean
}

/** A tb_citas row, the advance columns. */
export interface CitaAdelanto {
  fecha_cita: string
  monto_adelanto: number | string | null
  metodo_pago_adelanto: string | null
  fecha_pago_adelanto: string | null
  _deleted?: boolean
}

/** A tb_formapago row. */
export interface FormaPagoComision {
  fp_descripcion: string
  fp_comision: number | string | null
  _deleted?: boolean
}

/** Methods offered by the income dialog (spec 2 §3). */
export const METODOS_CONCILIACION = [METODO.efectivo, METODO.tarjetaCredito, METODO.tarjetaDebito, METODO.transferencia, METODO.yape, METODO.plin, 'Otro'] as const
/** Banks of the bank selector (spec 2 §3). */
export const BANCOS = ['Efectivo', 'BCP Mancomunado', 'BCP Lunara', 'Interbank', 'BBVA'] as const

/** The month's real first and last day: the range income is read for. */
export function limitesDelMes(periodo: Periodo): { desde: string; hasta: string } {
  return { desde: primerDia(periodo), hasta: ultimoDia(periodo) }
}

function porcentaje(valor: number | string | null): number | null {
  const n = typeof valor === 'string' ? Number(valor.trim()) : valor
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100 ? n : null
}

/**
 * The commission (percent) of a method: tb_formapago's value for it, matched whatever
 * case, accents or spaces the payment recorded; for a method the table does not list,
 * the card commission when its name says 'tarjeta' (spec 2 §9, formas-pago.ts), else 0.
 */
export function comisionDelMetodo(metodo: string, formasPago: readonly FormaPagoComision[]): number {
  const clave = fold(metodo)
  const fila = formasPago.find((f) => !f._deleted && fold(f.fp_descripcion) === clave)
  const deTabla = fila ? porcentaje(fila.fp_comision) : null
  if (deTabla !== null) return deTabla
  return clave.includes('tarjeta') ? COMISION_TARJETA : 0
}

/** `pct` percent of an amount in céntimos, to the céntimo. */
export function comisionDe(centimos: number, pct: number): number {
  return escalarEntero(centimos, Math.round(pct * 1000), 100_000)
}

/** One row of the informative table: a day's income by one method. */
export interface IngresoCalculado {
  fecha: string
  metodo: string
  /** céntimos received */
  bruto: number
  comisionPorcentaje: number
  /** céntimos */
  comision: number
  /** céntimos: bruto − comisión */
  importe: number
  /** How many payments and advances it adds up. */
  movimientos: number
}

export interface IngresosInput {
  pagos: readonly PagoIngreso[]
  citas: readonly CitaAdelanto[]
  formasPago: readonly FormaPagoComision[]
}

interface Movimiento {
  fecha: string
  metodo: string
  monto: number
}

/** Every receipt of money (final payments and advances) dated inside [desde, hasta]. */
function movimientos({ pagos, citas }: IngresosInput, desde: string, hasta: string): Movimiento[] {
  const out: Movimiento[] = []
  const dentro = (fecha: string) => isIsoDate(fecha) && fecha >= desde && fecha <= hasta
  for (const p of pagos) {
    const monto = centimosDeTexto(p.monto_final_pagado) ?? 0
    const fecha = (p.fecha_pago ?? '').slice(0, 10)
    if (p._deleted || monto <= 0 || !dentro(fecha)) continue
    out.push({ fecha, metodo: p.metodo_pago_final?.trim() || 'Otro', monto })
  }
  for (const c of citas) {
    const monto = centimosDeTexto(c.monto_adelanto) ?? 0
    // An advance without its payment date counts on the appointment's date.
    const fecha = (c.fecha_pago_adelanto || c.fecha_cita || '').slice(0, 10)
    if (c._deleted || monto <= 0 || !dentro(fecha)) continue
    out.push({ fecha, metodo: c.metodo_pago_adelanto?.trim() || 'Otro', monto })
  }
  return out
}

/**
 * Income received between `desde` and `hasta` (inclusive), grouped by date and method
 * (methods compared as staff type them; the table's spelling is shown when it lists
 * the method), each group netted once by its method's commission. Sorted by date, then
 * method.
 */
export function ingresosEntre(input: IngresosInput, desde: string, hasta: string): IngresoCalculado[] {
  const grupos = new Map<string, IngresoCalculado>()
  for (const m of movimientos(input, desde, hasta)) {
    const clave = `${m.fecha}|${fold(m.metodo)}`
    const g = grupos.get(clave)
    if (g) {
      g.bruto += m.monto
      g.movimientos += 1
      continue
    }
    const deTabla = input.formasPago.find((f) => !f._deleted && fold(f.fp_descripcion) === fold(m.metodo))
    grupos.set(clave, {
      fecha: m.fecha,
      metodo: deTabla ? deTabla.fp_descripcion.trim() : m.metodo,
      bruto: m.monto,
      comisionPorcentaje: comisionDelMetodo(m.metodo, input.formasPago),
      comision: 0,
      importe: 0,
      movimientos: 1,
    })
  }
  const filas = [...grupos.values()]
  for (const g of filas) {
    g.comision = comisionDe(g.bruto, g.comisionPorcentaje)
    g.importe = g.bruto - g.comision
  }
  return filas.sort((a, b) => a.fecha.localeCompare(b.fecha) || compararEs(a.metodo, b.metodo))
}

/** The month's income: its real first to last day. */
export function ingresosDelMes(input: IngresosInput, periodo: Periodo): IngresoCalculado[] {
  const { desde, hasta } = limitesDelMes(periodo)
  return ingresosEntre(input, desde, hasta)
}

/** Every month's income keyed by 'YYYY-MM' (clavePeriodo), each as ingresosDelMes gives it. */
export type IngresosPorMes = ReadonlyMap<string, readonly IngresoCalculado[]>

/**
 * All months at once, in one pass over the payments and advances: built when the data
 * changes, so changing the month on screen is a look-up, not a scan of two years of
 * payments (docs/decisions/0019-administracion-cierre.md). Groups are per date, so
 * splitting the whole range by month gives exactly each month's ingresosDelMes.
 */
export function ingresosPorMes(input: IngresosInput): IngresosPorMes {
  const out = new Map<string, IngresoCalculado[]>()
  for (const fila of ingresosEntre(input, '0000-01-01', '9999-12-31')) {
    const clave = fila.fecha.slice(0, 7)
    const lista = out.get(clave)
    if (lista) lista.push(fila)
    else out.set(clave, [fila])
  }
  return out
}

// ---------------------------------------------------------------------------------
// The editable list ('Ingresos de Tratamientos')

/** A stored row of `ingresos_tratamientos` (importe in soles, as the check constraint wants a JSON number). */
export interface IngresoGuardado {
  fecha: string
  metodo: string
  importe: number
  banco: string | null
  observacion: string | null
}

/** A row of the editable table; importe in céntimos. */
export interface IngresoFila {
  fecha: string
  metodo: string
  importe: number
  banco: string | null
  observacion: string | null
}

function filaGuardada(valor: unknown): IngresoFila | null {
  if (typeof valor !== 'object' || valor === null) return null
  const r = valor as Record<string, unknown>
  const importe = typeof r.importe === 'number' || typeof r.importe === 'string' ? centimosDeTexto(r.importe) : null
  if (typeof r.fecha !== 'string' || typeof r.metodo !== 'string' || importe === null) return null
  const texto = (v: unknown) => (typeof v === 'string' ? emptyToNull(v) : null)
  return { fecha: r.fecha, metodo: r.metodo, importe, banco: texto(r.banco), observacion: texto(r.observacion) }
}

/**
 * What the editable table shows: the stored list once the month has one; before that,
 * the computed income, to which the admin assigns banks and observations.
 */
export function filasIngresos(calculados: readonly IngresoCalculado[], guardados: unknown): IngresoFila[] {
  const lista = Array.isArray(guardados) ? guardados.map(filaGuardada).filter((f): f is IngresoFila => f !== null) : []
  if (lista.length > 0) return lista
  return calculados.map((c) => ({ fecha: c.fecha, metodo: c.metodo, importe: c.importe, banco: null, observacion: null }))
}

/** The list as `ingresos_tratamientos` stores it. */
export function ingresosParaGuardar(filas: readonly IngresoFila[]): IngresoGuardado[] {
  return filas.map((f) => ({ fecha: f.fecha, metodo: f.metodo, importe: f.importe / 100, banco: f.banco, observacion: f.observacion }))
}

/** Total of the list, céntimos. */
export function totalIngresos(filas: readonly { importe: number }[]): number {
  return filas.reduce((s, f) => s + f.importe, 0)
}

export const MENSAJES_INGRESOS = {
  obligatorios: 'Completa los campos obligatorios.',
  // Ours where spec 2 is silent.
  importe: 'El importe debe ser un número mayor a 0.',
  fechaFueraDeMes: 'La fecha debe corresponder al mes y año seleccionados.',
  banco: 'Selecciona un banco de la lista.',
  metodoLargo: 'El método de pago no puede superar los 100 caracteres.',
  eliminarTitulo: '¿Eliminar ingreso?',
  eliminarTexto: 'Esta acción no se puede deshacer.',
  // Success toasts (spec 2 §8).
  guardados: 'Ingresos guardados',
  bancoGuardado: 'Banco guardado correctamente en la conciliación.',
  eliminado: 'Ingreso eliminado',
} as const

/** The add/edit income dialog, as typed. */
export interface IngresoForm {
  fecha: string
  metodo: string
  importe: string
  banco: string
  observacion: string
}

export const ingresoFormVacio: IngresoForm = { fecha: '', metodo: '', importe: '', banco: '', observacion: '' }

export function ingresoAForm(f: IngresoFila): IngresoForm {
  return { fecha: f.fecha, metodo: f.metodo, importe: centimosATexto(f.importe), banco: f.banco ?? '', observacion: f.observacion ?? '' }
}

export type ResultadoIngresos = { ok: true; filas: IngresoFila[] } | { ok: false; mensaje: string }

/** Date, method and amount are required (spec 2 §5); the date inside the month; a listed bank. */
export function validarIngreso(form: IngresoForm, periodo: Periodo): { ok: true; fila: IngresoFila } | { ok: false; mensaje: string } {
  const fecha = form.fecha.trim()
  const metodo = form.metodo.trim()
  if (!fecha || !metodo || !form.importe.trim()) return { ok: false, mensaje: MENSAJES_INGRESOS.obligatorios }
  const importe = centimosDeTexto(form.importe)
  if (importe === null || importe <= 0) return { ok: false, mensaje: MENSAJES_INGRESOS.importe }
  if (!fechaEnPeriodo(fecha, periodo)) return { ok: false, mensaje: MENSAJES_INGRESOS.fechaFueraDeMes }
  if (metodo.length > 100) return { ok: false, mensaje: MENSAJES_INGRESOS.metodoLargo }
  const banco = emptyToNull(form.banco)
  if (banco !== null && !(BANCOS as readonly string[]).includes(banco)) return { ok: false, mensaje: MENSAJES_INGRESOS.banco }
  return { ok: true, fila: { fecha, metodo, importe, banco, observacion: emptyToNull(form.observacion) } }
}

const porFecha = (a: IngresoFila, b: IngresoFila) => a.fecha.localeCompare(b.fecha) || compararEs(a.metodo, b.metodo)

/** 'Agregar ingreso': the list with the new row, in date order. */
export function agregarIngreso(filas: readonly IngresoFila[], form: IngresoForm, periodo: Periodo): ResultadoIngresos {
  const v = validarIngreso(form, periodo)
  return v.ok ? { ok: true, filas: [...filas, v.fila].sort(porFecha) } : v
}

/** 'Editar' on row `indice`. */
export function editarIngreso(filas: readonly IngresoFila[], indice: number, form: IngresoForm, periodo: Periodo): ResultadoIngresos {
  if (!filas[indice]) throw new RangeError(`No hay ingreso ${indice}`)
  const v = validarIngreso(form, periodo)
  return v.ok ? { ok: true, filas: filas.map((f, i) => (i === indice ? v.fila : f)).sort(porFecha) } : v
}

/** 'Eliminar' on row `indice` (irreversible once saved). */
export function eliminarIngreso(filas: readonly IngresoFila[], indice: number): IngresoFila[] {
  if (!filas[indice]) throw new RangeError(`No hay ingreso ${indice}`)
  return filas.filter((_, i) => i !== indice)
}

/** The bank selector of row `indice` (a listed bank, or none). */
export function asignarBanco(filas: readonly IngresoFila[], indice: number, banco: string | null): IngresoFila[] {
  if (!filas[indice]) throw new RangeError(`No hay ingreso ${indice}`)
  if (banco !== null && !(BANCOS as readonly string[]).includes(banco)) throw new RangeError(`Banco desconocido: ${banco}`)
  return filas.map((f, i) => (i === indice ? { ...f, banco } : f))
}
