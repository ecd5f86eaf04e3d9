/**
 * The final payment of an appointment ('Procesar Pago', spec 2 §2.6, §4 "Final payment",
 * §5 "Final payment", §7 tb_citas / tb_pagos_citas): which appointments wait for payment,
 * the dialog's total, advance and suggested amount, its extra items with the stock
 * checks, the validation and the one row the device inserts. The server does the rest
 * in the same transaction (appointment Completada, id_pago_final, monto_total_final,
 * stock ledger: docs/decisions/0002-data-model.md), so the device writes nothing else.
 */
import { centimosASoles, toCentimos } from './money.ts'
import { compararEs, emptyToNull } from './text.ts'
import { avisoStockBajo, verificarStock, type AvisoStock, type ItemPago, type ProductoCatalogo, type TipoItem } from './items-pago.ts'
import { isIsoDate } from './peru-time.ts'
import { MAXIMO_ENTERO, REGLAS, leerNumero, numeroValido } from './numero.ts'

/** The tb_citas columns the cash desk reads. */
export interface CitaCaja {
  id_cita: string
  id_tratamiento: string | null
  nombre_tratamiento: string | null
  nombre_cliente: string
  fecha_cita: string
  hora_inicio: string
  estado_cita: string
  monto_adelanto: number | string | null
  id_pago_final: string | null
}

/** A live payment the device holds (only the link to its appointment matters here). */
export interface PagoVinculado {
  id_pago_cita: string
  id_cita: string
}

/**
 * Spec 2 §4: appointments of the day in Confirmada or Completada with no final payment,
 * by start time. A payment taken on this device and not yet back from the server
 * already counts (its appointment leaves the list at once, offline too). An appointment
 * whose `id_pago_final` names a payment this device voided (`anulados`) is pending again
 * before the server's reopening arrives.
 */
export function citasPendientesDePago<C extends CitaCaja>(
  citas: readonly C[],
  pagos: readonly PagoVinculado[],
  dia: string,
  anulados: ReadonlySet<string> = new Set(),
): C[] {
  const pagadas = new Set(pagos.filter((p) => !anulados.has(p.id_pago_cita)).map((p) => p.id_cita))
  return citas
    .filter(
      (c) =>
        c.fecha_cita === dia &&
        (c.estado_cita === 'Confirmada' || c.estado_cita === 'Completada') &&
        (!c.id_pago_final || anulados.has(c.id_pago_final)) &&
        !pagadas.has(c.id_cita),
    )
    .sort((a, b) => (a.hora_inicio < b.hora_inicio ? -1 : a.hora_inicio > b.hora_inicio ? 1 : compararEs(a.nombre_cliente, b.nombre_cliente)))
}

// ---------------------------------------------------------------------------------
// The dialog

/** An extra line of the dialog (a product or another treatment), price in céntimos. */
export interface LineaExtra {
  id_tratamiento: string
  nombre: string
  tipo: TipoItem
  precio: number
  cantidad: number
}

export interface CuentaPago {
  /** The appointment's treatment at today's catalogue price, in céntimos. */
  costoTratamiento: number
  /** The advance already received (tb_citas.monto_adelanto), in céntimos. */
  adelanto: number
  extras: LineaExtra[]
}

/**
 * The price of the appointment's treatment, in céntimos, or null while the catalogue
 * does not hold it yet (the screen then says 'Cargando datos...', spec 2 §8).
 */
export function costoDelTratamiento(cita: Pick<CitaCaja, 'id_tratamiento'>, catalogo: ReadonlyMap<string, Pick<ProductoCatalogo, 'costo'>>): number | null {
  if (!cita.id_tratamiento) return 0
  const t = catalogo.get(cita.id_tratamiento)
  return t ? toCentimos(t.costo) : null
}

export function cuentaInicial(cita: Pick<CitaCaja, 'monto_adelanto'>, costoTratamiento: number): CuentaPago {
  return { costoTratamiento, adelanto: toCentimos(cita.monto_adelanto ?? 0), extras: [] }
}

/** Treatment plus extras (price × quantity), in céntimos. */
export function totalCuenta(cuenta: CuentaPago): number {
  return cuenta.costoTratamiento + cuenta.extras.reduce((s, l) => s + l.precio * l.cantidad, 0)
}

/** Spec 2 §5: suggested final amount = total − advance, floored at 0. */
export function montoFinalSugerido(cuenta: CuentaPago): number {
  return Math.max(0, totalCuenta(cuenta) - cuenta.adelanto)
}

export interface CambioExtras {
  extras: LineaExtra[]
  /** A stock toast to show: an error (nothing changed) or a low-stock note. */
  aviso: AvisoStock | null
  /** Why a typed quantity was refused (nothing changed). */
  error?: string
}

/**
 * Adds one unit of a catalogue item (or one more of a line already there). A product is
 * checked against the units this device knows to be available (spec 2 §5).
 */
export function agregarExtra(extras: readonly LineaExtra[], item: ProductoCatalogo, disponible: number): CambioExtras {
  const id = item.id_tratamiento.toLowerCase()
  const actual = extras.find((l) => l.id_tratamiento === id)
  const cantidad = (actual?.cantidad ?? 0) + 1
  const tipo: TipoItem = item.tipo === 'producto' ? 'producto' : 'tratamiento'
  if (tipo === 'producto') {
    const error = verificarStock(item.nombre, cantidad, disponible)
    if (error) return { extras: [...extras], aviso: error }
  }
  const siguiente = actual
    ? extras.map((l) => (l.id_tratamiento === id ? { ...l, cantidad } : l))
    : [...extras, { id_tratamiento: id, nombre: item.nombre, tipo, precio: toCentimos(item.costo), cantidad }]
  return { extras: siguiente, aviso: tipo === 'producto' ? avisoStockBajo(item.nombre, cantidad, disponible) : null }
}

/** A typed quantity that is not a whole number (spec 2 §5's words for a quantity that must be a positive integer). */
export const MENSAJE_CANTIDAD = 'La cantidad debe ser un número positivo.'

export type LecturaCantidad =
  | { accion: 'cantidad'; cantidad: number }
  /** Below 1 or empty: the line goes (spec 2 §5 'quantity below 1 removes the line'). */
  | { accion: 'quitar' }
  /** Refused as typed: the field keeps the text and shows `mensaje`; the payment waits. */
  | { accion: 'error'; mensaje: string; aviso: AvisoStock | null }

/**
 * What a quantity typed in a line means, read by the panel's numeric rule
 * (src/domain/numero.ts): '2.5' is refused, never cut to 2 nor read as 25; more units
 * than available is refused with 'Solo hay N unidades disponibles de X'.
 */
export function leerCantidadExtra(texto: string | number, linea: Pick<LineaExtra, 'nombre' | 'tipo'>, disponible: number): LecturaCantidad {
  const l = leerNumero(texto, { decimales: 0, maximo: MAXIMO_ENTERO })
  if (l.estado === 'vacio') return { accion: 'quitar' }
  if (l.estado === 'invalido') return { accion: 'error', mensaje: MENSAJE_CANTIDAD, aviso: null }
  if (l.valor < 1) return { accion: 'quitar' }
  if (linea.tipo === 'producto') {
    const aviso = verificarStock(linea.nombre, l.valor, disponible)
    if (aviso) return { accion: 'error', mensaje: aviso.mensaje, aviso }
  }
  return { accion: 'cantidad', cantidad: l.valor }
}

/**
 * Sets a line's quantity. Below 1 (or empty) removes the line (spec 2 §5); anything
 * refused (not a whole number, more units than available) changes nothing and says why.
 */
export function cambiarCantidadExtra(extras: readonly LineaExtra[], idTratamiento: string, valor: number | string, disponible: number): CambioExtras {
  const id = idTratamiento.toLowerCase()
  const linea = extras.find((l) => l.id_tratamiento === id)
  if (!linea) return { extras: [...extras], aviso: null }
  const r = leerCantidadExtra(valor, linea, disponible)
  if (r.accion === 'quitar') return { extras: extras.filter((l) => l.id_tratamiento !== id), aviso: null }
  if (r.accion === 'error') return { extras: [...extras], aviso: r.aviso, error: r.mensaje }
  return { extras: extras.map((l) => (l.id_tratamiento === id ? { ...l, cantidad: r.cantidad } : l)), aviso: null }
}

export function quitarExtra(extras: readonly LineaExtra[], idTratamiento: string): LineaExtra[] {
  return extras.filter((l) => l.id_tratamiento !== idTratamiento.toLowerCase())
}

// ---------------------------------------------------------------------------------
// Form, validation and the row to insert

export interface FormularioPago {
  /** As typed ('120', '120.50', '120,50'). */
  montoFinal: string
  metodo: string
  /** YYYY-MM-DD */
  fecha: string
  referencia: string
  notas: string
}

/** Spec 2 §5: the suggested amount, no method chosen, today's date. */
export function formularioInicial(cuenta: CuentaPago, hoy: string): FormularioPago {
  return { montoFinal: (montoFinalSugerido(cuenta) / 100).toFixed(2), metodo: '', fecha: hoy, referencia: '', notas: '' }
}

export const MENSAJES_PAGO = {
  metodo: 'Por favor, selecciona un método de pago final.',
  montoFinal: 'El monto final pagado debe ser un número válido y no negativo.',
  fechaRequerida: 'La fecha de pago es obligatoria.',
  fechaFutura: 'La fecha de pago no puede ser mayor a la fecha actual.',
  exito: '¡Pago Procesado Exitosamente!',
} as const

export type ErroresPago = Partial<Record<'metodo' | 'montoFinal' | 'fecha' | 'extras', string>>

export interface ValidacionPago {
  errores: ErroresPago
  /** The first product line that no longer fits the available stock (checked again at submit). */
  stock: AvisoStock | null
  ok: boolean
}

/** The typed amount in céntimos, or null when it is not one (negative, a third decimal, text). */
function montoEnCentimos(texto: string): number | null {
  const valor = numeroValido(texto, REGLAS.monto)
  return valor === null ? null : Math.round(valor * 100)
}

/**
 * Spec 2 §5 at submit: method required, final amount a number ≥ 0, date required (and,
 * our rule, not after today in Peru); stock of every product line checked again against
 * what the device knows to be available now. `escritas` are quantities typed in a line
 * and not applied (refused): while one stands, the payment waits, so a field showing
 * 9999 never charges the 99 behind it (docs/decisions/0034-entradas-veraces.md).
 */
export function validarPago(
  form: FormularioPago,
  cuenta: CuentaPago,
  disponible: ReadonlyMap<string, number>,
  hoy: string,
  escritas: Readonly<Record<string, string>> = {},
): ValidacionPago {
  const errores: ErroresPago = {}
  for (const l of cuenta.extras) {
    const texto = escritas[l.id_tratamiento]
    if (texto === undefined) continue
    const r = leerCantidadExtra(texto, l, disponible.get(l.id_tratamiento) ?? 0)
    if (r.accion !== 'cantidad' || r.cantidad !== l.cantidad) {
      errores.extras = r.accion === 'error' ? r.mensaje : MENSAJE_CANTIDAD
      break
    }
  }
  if (!form.metodo.trim()) errores.metodo = MENSAJES_PAGO.metodo
  if (montoEnCentimos(form.montoFinal) === null) errores.montoFinal = MENSAJES_PAGO.montoFinal
  const fecha = form.fecha.trim()
  if (!fecha || !isIsoDate(fecha)) errores.fecha = MENSAJES_PAGO.fechaRequerida
  else if (fecha > hoy) errores.fecha = MENSAJES_PAGO.fechaFutura
  let stock: AvisoStock | null = null
  for (const l of cuenta.extras) {
    if (l.tipo !== 'producto') continue
    stock = verificarStock(l.nombre, l.cantidad, disponible.get(l.id_tratamiento) ?? 0)
    if (stock) break
  }
  return { errores, stock, ok: Object.keys(errores).length === 0 && stock === null }
}

/** The stored form of the dialog's extra lines. */
export function itemsDeExtras(extras: readonly LineaExtra[]): ItemPago[] {
  return extras.map((l) => ({
    id_tratamiento: l.id_tratamiento,
    nombre: l.nombre,
    costo_al_momento_del_pago: centimosASoles(l.precio),
    cantidad: l.cantidad,
    tipo: l.tipo,
  }))
}

/** The tb_pagos_citas row (money in soles, as numeric(12,2) stores it). */
export interface PagoNuevo {
  id_pago_cita: string
  id_cita: string
  monto_total_calculado: number
  monto_adelanto_aplicado: number
  monto_final_pagado: number
  metodo_pago_final: string
  referencia_pago_final: string | null
  notas_pago: string | null
  tratamientos_adicionales_info: ItemPago[]
  fecha_pago: string
}

/**
 * The one row the device inserts (validate first: this throws on an invalid amount).
 * `tratamientos_adicionales_info` holds the extra lines only; the appointment's own
 * treatment is in the total (monto_total_calculado), as spec 2 §3 names the column.
 */
export function filaPagoFinal(idPago: string, cita: Pick<CitaCaja, 'id_cita'>, cuenta: CuentaPago, form: FormularioPago): PagoNuevo {
  const pagado = montoEnCentimos(form.montoFinal)
  if (pagado === null) throw new RangeError(MENSAJES_PAGO.montoFinal)
  return {
    id_pago_cita: idPago,
    id_cita: cita.id_cita,
    monto_total_calculado: centimosASoles(totalCuenta(cuenta)),
    monto_adelanto_aplicado: centimosASoles(cuenta.adelanto),
    monto_final_pagado: centimosASoles(pagado),
    metodo_pago_final: form.metodo.trim(),
    referencia_pago_final: emptyToNull(form.referencia),
    notas_pago: emptyToNull(form.notas),
    tratamientos_adicionales_info: itemsDeExtras(cuenta.extras),
    fecha_pago: form.fecha.trim(),
  }
}

/**
 * The extras selector (spec 2 §7 "Active list for the payment dialog", §5): active
 * treatments and products by name; a product with no available units is disabled.
 */
export function opcionesExtras<P extends ProductoCatalogo>(catalogo: readonly P[], disponible: ReadonlyMap<string, number>): Array<{ item: P; disponible: number | null; deshabilitado: boolean }> {
  return catalogo
    .filter((p) => p.activo !== false)
    .map((p) => {
      const unidades = p.tipo === 'producto' ? (disponible.get(p.id_tratamiento.toLowerCase()) ?? 0) : null
      return { item: p, disponible: unidades, deshabilitado: unidades !== null && unidades <= 0 }
    })
    .sort((a, b) => compararEs(a.item.nombre, b.item.nombre))
}
