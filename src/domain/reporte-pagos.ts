/**
 * The payments report ('Reporte de Pagos Realizados', spec 2 §2.7, §6, §7 tb_pagos_citas,
 * §9; docs/spec/3-product-decisions.md "Payments, sales, reports"): filters (client, from,
 * to, method, 'Detallado'), one row per payment or per item, totals, the administrators'
 * daily summary, the pending advances and the confirmation of 'Anular pago'. The money of
 * each payment comes from comisiones.ts; the export sheets from reporte-pagos-export.ts.
 */
import { formatCentimos, toCentimos } from './money.ts'
import { compararEs, fold } from './text.ts'
import { formatFechaCorta, isIsoDate } from './peru-time.ts'
import { calcularPago, type CalculoPago, type CitaReporte, type PagoReporte, type TipoPago, type TratamientoComision } from './comisiones.ts'
import { comisionDeMetodo, mismoMetodo, type MetodoPago } from './formas-pago.ts'
import type { FiltrosReporte } from './reporte-pagos-busqueda.ts'

export const MENSAJES_REPORTE = {
  desdeInvalida: 'La fecha "Desde" no es válida.',
  hastaInvalida: 'La fecha "Hasta" no es válida.',
  rango: 'La fecha "Desde" no puede ser posterior a la fecha "Hasta".',
  vacio: 'No hay pagos registrados con estos filtros.',
  anularTitulo: 'Anular pago',
  anulado: 'Pago anulado',
} as const

/** A filter problem to show instead of the table, or null. */
export function validarFiltros(f: FiltrosReporte): string | null {
  if (f.desde && !isIsoDate(f.desde)) return MENSAJES_REPORTE.desdeInvalida
  if (f.hasta && !isIsoDate(f.hasta)) return MENSAJES_REPORTE.hastaInvalida
  if (f.desde && f.hasta && f.desde > f.hasta) return MENSAJES_REPORTE.rango
  return null
}

export interface DatosReporte {
  /** Live payments on the device (voided ones are skipped if passed). */
  pagos: readonly PagoReporte[]
  citas: ReadonlyMap<string, CitaReporte>
  /** Catalogue by lower-case id_tratamiento. */
  catalogo: ReadonlyMap<string, TratamientoComision>
  /** Methods with their POS commission (formas-pago.ts). */
  metodos: readonly MetodoPago[]
}

export interface FilaReportePago {
  id_pago_cita: string
  id_cita: string
  fecha: string
  cliente: string
  detalle: string
  tipo: TipoPago
  metodo: string
  referencia: string | null
  ventaDirecta: boolean
  /** Céntimos from here on. */
  total: number
  adelanto: number
  pagado: number
  comisionPos: number
  comisionVenta: number
  neto: number
  calculo: CalculoPago
}

export type TipoFilaDetalle = 'Producto' | 'Tratamiento' | 'Ajuste'

export interface FilaReporteDetalle {
  id_pago_cita: string
  fecha: string
  cliente: string
  item: string
  tipo: TipoFilaDetalle
  cantidad: number | null
  precioUnitario: number | null
  importe: number
  adelanto: number
  comisionPos: number
  comisionVenta: number
  neto: number
  metodo: string
  referencia: string | null
}

export interface TotalesReporte {
  pagos: number
  total: number
  adelanto: number
  pagado: number
  comisionPos: number
  comisionVenta: number
  neto: number
}

export interface ResumenDia {
  fecha: string
  pagos: number
  /** Amount paid (gross). */
  bruto: number
  comisionPos: number
  comisionVenta: number
  neto: number
}

export interface ReportePagos {
  filas: FilaReportePago[]
  /**
   * One row per item, built only when the filters ask for 'Detallado'; a payment charged
   * off the suggested amount adds an 'Ajuste' row.
   */
  detalle: FilaReporteDetalle[]
  totales: TotalesReporte
  resumenDiario: ResumenDia[]
}

/** The difference row's label in 'Detallado'. */
export const ITEM_DIFERENCIA = 'Diferencia con el total (descuento o recargo)'

/**
 * Code-unit order for ISO dates, times and ids: the same order as the text reads, and far
 * cheaper than localeCompare when a report sorts thousands of payments.
 */
export function compararTexto(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function coincideCliente(nombre: string | undefined, buscado: string): boolean {
  return !buscado || fold(nombre).replace(/\s+/g, ' ').includes(buscado)
}

/** The payments the filters keep, by payment date then time of entry (spec 2 §7). */
export function pagosFiltrados(datos: Pick<DatosReporte, 'pagos' | 'citas'>, f: FiltrosReporte): PagoReporte[] {
  const buscado = fold(f.cliente).replace(/\s+/g, ' ')
  return datos.pagos
    .filter(
      (p) =>
        !p._deleted &&
        (!f.desde || p.fecha_pago >= f.desde) &&
        (!f.hasta || p.fecha_pago <= f.hasta) &&
        (!f.metodo || mismoMetodo(p.metodo_pago_final, f.metodo)) &&
        coincideCliente(datos.citas.get(p.id_cita)?.nombre_cliente, buscado),
    )
    .sort(
      (a, b) =>
        compararTexto(a.fecha_pago, b.fecha_pago) || compararTexto(a.created_at ?? '', b.created_at ?? '') || compararTexto(a.id_pago_cita, b.id_pago_cita),
    )
}

const TIPO_LINEA: Record<'producto' | 'tratamiento', TipoFilaDetalle> = { producto: 'Producto', tratamiento: 'Tratamiento' }

/** The whole report for the filters. */
export function reportePagos(datos: DatosReporte, f: FiltrosReporte): ReportePagos {
  const filas: FilaReportePago[] = []
  const detalle: FilaReporteDetalle[] = []
  // One lookup per distinct method text, not per payment (thousands of payments, a handful of methods).
  const porcentajes = new Map<string, number>()
  const porcentajeDe = (metodo: string) => {
    let pct = porcentajes.get(metodo)
    if (pct === undefined) porcentajes.set(metodo, (pct = comisionDeMetodo(datos.metodos, metodo)))
    return pct
  }
  for (const p of pagosFiltrados(datos, f)) {
    const cita = datos.citas.get(p.id_cita)
    const calculo = calcularPago(p, cita, datos.catalogo, porcentajeDe(p.metodo_pago_final))
    const cliente = cita?.nombre_cliente ?? ''
    // Plain literals, no spread: thousands of rows are built per keystroke in the filters.
    filas.push({
      id_pago_cita: p.id_pago_cita,
      id_cita: p.id_cita,
      fecha: p.fecha_pago,
      cliente,
      detalle: calculo.detalle,
      tipo: calculo.tipo,
      metodo: p.metodo_pago_final,
      referencia: p.referencia_pago_final,
      ventaDirecta: cita?.estado_cita === 'Venta Directa',
      total: calculo.total,
      adelanto: calculo.adelanto,
      pagado: calculo.pagado,
      comisionPos: calculo.comisionPos,
      comisionVenta: calculo.comisionVenta,
      neto: calculo.neto,
      calculo,
    })
    if (!f.detallado) continue
    const filaDetalle = (item: string, tipo: TipoFilaDetalle, cantidad: number | null, precioUnitario: number | null, importe: number, adelanto: number, comisionPos: number, comisionVenta: number, neto: number): FilaReporteDetalle => ({
      id_pago_cita: p.id_pago_cita,
      fecha: p.fecha_pago,
      cliente,
      item,
      tipo,
      cantidad,
      precioUnitario,
      importe,
      adelanto,
      comisionPos,
      comisionVenta,
      neto,
      metodo: p.metodo_pago_final,
      referencia: p.referencia_pago_final,
    })
    for (const l of calculo.lineas) {
      detalle.push(filaDetalle(l.nombre, TIPO_LINEA[l.tipo], l.cantidad, l.precioUnitario, l.importe, l.adelanto, l.comisionPos, l.comisionVenta, l.neto))
    }
    if (calculo.diferencia !== 0) detalle.push(filaDetalle(ITEM_DIFERENCIA, 'Ajuste', null, null, calculo.diferencia, 0, 0, 0, calculo.diferencia))
  }
  return { filas, detalle, totales: totalesDe(filas), resumenDiario: resumenDiario(filas) }
}

export function totalesDe(filas: readonly FilaReportePago[]): TotalesReporte {
  const t: TotalesReporte = { pagos: filas.length, total: 0, adelanto: 0, pagado: 0, comisionPos: 0, comisionVenta: 0, neto: 0 }
  for (const f of filas) {
    t.total += f.total
    t.adelanto += f.adelanto
    t.pagado += f.pagado
    t.comisionPos += f.comisionPos
    t.comisionVenta += f.comisionVenta
    t.neto += f.neto
  }
  return t
}

/** Administrators' daily summary (docs/spec/3): per payment date, oldest first. */
export function resumenDiario(filas: readonly FilaReportePago[]): ResumenDia[] {
  const dias = new Map<string, ResumenDia>()
  for (const f of filas) {
    const d = dias.get(f.fecha) ?? { fecha: f.fecha, pagos: 0, bruto: 0, comisionPos: 0, comisionVenta: 0, neto: 0 }
    d.pagos += 1
    d.bruto += f.pagado
    d.comisionPos += f.comisionPos
    d.comisionVenta += f.comisionVenta
    d.neto += f.neto
    dias.set(f.fecha, d)
  }
  return [...dias.values()].sort((a, b) => compararTexto(a.fecha, b.fecha))
}

// ---------------------------------------------------------------------------------
// Pending advances

/** The tb_citas columns of an advance. */
export interface CitaAdelanto extends CitaReporte {
  fecha_cita: string
  hora_inicio: string
  monto_adelanto: number | string | null
  metodo_pago_adelanto: string | null
  referencia_pago_adelanto: string | null
  fecha_pago_adelanto: string | null
  _deleted?: boolean
}

export interface FilaAdelanto {
  id_cita: string
  fechaCita: string
  cliente: string
  tratamiento: string
  estado: string
  /** Céntimos. */
  adelanto: number
  metodo: string | null
  fechaPago: string | null
  referencia: string | null
}

/** Spec 2 §4: 'Pendiente de Pago' is shown as 'Sin Confirmar'. */
export function estadoVisible(estado: string): string {
  return estado === 'Pendiente de Pago' ? 'Sin Confirmar' : estado
}

/**
 * Spec 2 §7/§9: appointments with an advance above 0 that are not Completada, newest
 * appointment first. An appointment with a payment on this device is not pending any
 * more, even before the server has marked it Completada. The client filter applies.
 */
export function adelantosPendientes(citas: Iterable<CitaAdelanto>, pagos: ReadonlyArray<Pick<PagoReporte, 'id_cita' | '_deleted'>>, cliente = ''): FilaAdelanto[] {
  const pagadas = new Set(pagos.filter((p) => !p._deleted).map((p) => p.id_cita))
  const buscado = fold(cliente).replace(/\s+/g, ' ')
  const filas: Array<FilaAdelanto & { hora: string }> = []
  for (const c of citas) {
    if (c._deleted || c.estado_cita === 'Completada' || pagadas.has(c.id_cita) || !coincideCliente(c.nombre_cliente, buscado)) continue
    const adelanto = toCentimos(c.monto_adelanto ?? 0)
    if (adelanto <= 0) continue
    filas.push({
      id_cita: c.id_cita,
      fechaCita: c.fecha_cita,
      hora: c.hora_inicio,
      cliente: c.nombre_cliente,
      tratamiento: c.nombre_tratamiento ?? '',
      estado: estadoVisible(c.estado_cita),
      adelanto,
      metodo: c.metodo_pago_adelanto,
      fechaPago: c.fecha_pago_adelanto,
      referencia: c.referencia_pago_adelanto,
    })
  }
  return filas
    .sort((a, b) => compararTexto(b.fechaCita, a.fechaCita) || compararTexto(a.hora, b.hora) || compararEs(a.cliente, b.cliente))
    .map(({ hora: _hora, ...fila }) => fila)
}

// ---------------------------------------------------------------------------------
// 'Anular pago' (administrators; docs/decisions/0009-caja.md)

export interface ConfirmacionAnular {
  titulo: string
  mensaje: string
  confirmar: string
}

/**
 * The confirmation an administrator sees. Voiding is a soft delete of the payment; the
 * server reopens the appointment (a direct sale's virtual appointment is removed) and
 * returns the products' units.
 */
export function confirmacionAnularPago(fila: Pick<FilaReportePago, 'cliente' | 'fecha' | 'pagado' | 'ventaDirecta' | 'calculo'>): ConfirmacionAnular {
  const monto = formatCentimos(fila.pagado)
  const fecha = formatFechaCorta(fila.fecha)
  const conProductos = fila.calculo.lineas.some((l) => l.tipo === 'producto')
  const mensaje = fila.ventaDirecta
    ? `¿Anular la venta de productos a ${fila.cliente} del ${fecha} por ${monto}? La venta desaparecerá de los reportes y se devolverá el stock de sus productos.`
    : `¿Anular el pago de ${fila.cliente} del ${fecha} por ${monto}? La cita volverá a quedar pendiente de pago${conProductos ? ' y se devolverá el stock de sus productos' : ''}.`
  return { titulo: MENSAJES_REPORTE.anularTitulo, mensaje, confirmar: 'Anular pago' }
}
