/**
 * Payment methods (spec 2 §3 tb_formapago, §8 "Payment methods", §9 fallback lists;
 * docs/spec/3-product-decisions.md "Payments, sales, reports"): the methods come from
 * tb_formapago with their POS commission; the spec's fallback lists are used only when
 * that table has no rows on this device, and then the screen shows a yellow note.
 */
import { compararEsBase, fold } from './text.ts'

/** A tb_formapago row as the device holds it (numeric columns may arrive as text). */
export interface FormaPagoFila {
  fp_descripcion: string
  fp_comision: number | string | null
  _deleted?: boolean
}

export interface MetodoPago {
  descripcion: string
  /** POS commission in percent (4.071 means 4.071 %). */
  comision: number
}

/**
 * The card commission of spec 2 §9 in percent: what the direct sale nets from its two
 * card methods, what an unlisted 'tarjeta' method is netted by in the reconciliation,
 * and the figure supabase/seed.sql gives both 'Tarjeta' rows and every V-MAS row.
 */
export const COMISION_TARJETA = 4.071

/** The method names the rules refer to, spelled as the spec and the seed write them. */
export const METODO = {
  efectivo: 'Efectivo',
  yape: 'Yape',
  plin: 'Plin',
  transferencia: 'Transferencia',
  tarjetaCredito: 'Tarjeta de Crédito',
  tarjetaDebito: 'Tarjeta de Débito',
} as const

/** The two card methods of the short list (the direct sale nets them, spec 2 §9). */
export const METODOS_TARJETA: readonly string[] = [METODO.tarjetaCredito, METODO.tarjetaDebito]

const sinComision = (descripcion: string): MetodoPago => ({ descripcion, comision: 0 })
const instantaneos = [METODO.efectivo, METODO.yape, METODO.plin, METODO.transferencia].map(sinComision)

/**
 * Every payment method of spec 2 §9 with its POS commission, in the order
 * supabase/seed.sql loads them into tb_formapago. The server's table is the source of
 * truth for stored amounts; this registry must agree with the seed, and
 * formas-pago-seed.test.ts fails if it does not (docs/decisions/0045-kit-de-listas-y-errores.md).
 * The card providers: CULQI between 4.059 and 4.708 %, V-MAS at the card figure.
 */
export const METODOS_PAGO: readonly MetodoPago[] = [
  ...instantaneos,
  ...METODOS_TARJETA.map((descripcion) => ({ descripcion, comision: COMISION_TARJETA })),
  { descripcion: 'CULQI-Debito', comision: 4.059 },
  { descripcion: 'CULQI-Credito Visa', comision: 4.13 },
  { descripcion: 'CULQI-Credito Mastercard', comision: 4.13 },
  { descripcion: 'CULQI-Credito American Express', comision: 4.543 },
  { descripcion: 'CULQI-Credito Diners Club', comision: 4.543 },
  { descripcion: 'CULQI-Extranjero', comision: 4.708 },
  ...['Debito', 'Credito Visa', 'Credito Mastercard', 'Credito American Express', 'Credito Diners Club', 'Extranjero'].map((tipo) => ({
    descripcion: `V-MAS-${tipo}`,
    comision: COMISION_TARJETA,
  })),
]

/** The selector's short fallback (spec 2 §9): the instant methods and the two cards. */
export const METODOS_RESPALDO_SELECTOR: readonly MetodoPago[] = METODOS_PAGO.filter((m) => m.comision === 0 || METODOS_TARJETA.includes(m.descripcion))

/**
 * The report's fallback (spec 2 §9): the filter's methods — the instant ones and the two
 * card providers, without the short list's generic 'Tarjeta' pair.
 */
export const METODOS_RESPALDO_REPORTE: readonly MetodoPago[] = METODOS_PAGO.filter((m) => !METODOS_TARJETA.includes(m.descripcion))

/** The yellow note shown while the fallback list is in use. */
export const AVISO_METODOS_RESPALDO =
  'No hay métodos de pago registrados en este dispositivo: se muestra la lista predeterminada. Sincroniza o registra los métodos de pago.'

export interface MetodosDisponibles {
  metodos: MetodoPago[]
  /** True when the list is the spec's fallback (show `aviso`). */
  respaldo: boolean
  aviso: string | null
}

/** A commission as stored: a number 0–100, anything else counts as 0 %. */
function comisionValida(valor: number | string | null): number {
  const n = typeof valor === 'string' ? Number(valor.trim()) : valor
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100 ? n : 0
}

/**
 * The methods a screen offers: the live rows of tb_formapago (trimmed, one per name
 * whatever its case or accents, alphabetical), or the fallback for that use when the
 * table has no rows on this device.
 */
export function metodosDePago(filas: readonly FormaPagoFila[], uso: 'selector' | 'reporte'): MetodosDisponibles {
  const vistos = new Map<string, MetodoPago>()
  for (const f of filas) {
    if (f._deleted) continue
    const descripcion = (f.fp_descripcion ?? '').trim()
    if (!descripcion || vistos.has(fold(descripcion))) continue
    vistos.set(fold(descripcion), { descripcion, comision: comisionValida(f.fp_comision) })
  }
  if (vistos.size > 0) {
    return { metodos: ordenar([...vistos.values()]), respaldo: false, aviso: null }
  }
  const respaldo = uso === 'selector' ? METODOS_RESPALDO_SELECTOR : METODOS_RESPALDO_REPORTE
  return { metodos: respaldo.map((m) => ({ ...m })), respaldo: true, aviso: AVISO_METODOS_RESPALDO }
}

function ordenar(metodos: MetodoPago[]): MetodoPago[] {
  return metodos.sort((a, b) => compararEsBase(a.descripcion, b.descripcion))
}

/**
 * The commission of the method a payment names, matched without regard to case, accents
 * or surrounding spaces. A method no longer in the list (renamed or deleted) counts 0 %.
 */
export function comisionDeMetodo(metodos: readonly MetodoPago[], descripcion: string | null | undefined): number {
  const buscado = fold(descripcion)
  return metodos.find((m) => fold(m.descripcion) === buscado)?.comision ?? 0
}

/**
 * The report's method filter: every known method plus any method a payment was recorded
 * with that is no longer in the list, so old payments can still be filtered.
 */
export function opcionesFiltroMetodo(metodos: readonly MetodoPago[], metodosDePagos: Iterable<string>): string[] {
  const opciones = new Map<string, string>()
  for (const m of metodos) opciones.set(fold(m.descripcion), m.descripcion)
  for (const d of metodosDePagos) {
    const limpio = (d ?? '').trim()
    if (limpio && !opciones.has(fold(limpio))) opciones.set(fold(limpio), limpio)
  }
  return [...opciones.values()].sort((a, b) => compararEsBase(a, b))
}

/** Same method for the report filter (case, accents and spaces do not matter). */
export function mismoMetodo(a: string | null | undefined, b: string | null | undefined): boolean {
  return fold(a) === fold(b)
}
