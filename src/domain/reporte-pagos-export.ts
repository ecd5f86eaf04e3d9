/**
 * 'Exportar a Excel' of the payments report (spec 2 §9 "Exports": reporte_pagos_ plus a
 * timestamp, sheet 'Pagos', pending advances appended, a daily summary for
 * administrators; docs/spec/3-product-decisions.md: admin-only columns and sheets are
 * hidden from staff in exports too; numbers as numbers, dates dd/mm/yyyy).
 */
import { peruMarcaArchivo } from './peru-time.ts'
import type { HojaSpec } from './hoja-excel.ts'
import { diaCelda, hojaConTotal, soles, type Celda, type ColumnaTabla } from './tabla-excel.ts'
import type { FilaAdelanto, ReportePagos } from './reporte-pagos.ts'

/** reporte_pagos_{yyyymmdd-hhmm}.xlsx in Lima time. */
export function nombreArchivoReportePagos(ahora: Date): string {
  return `reporte_pagos_${peruMarcaArchivo(ahora)}.xlsx`
}

export const HOJAS_REPORTE = { pagos: 'Pagos', adelantos: 'Adelantos Pendientes', resumen: 'Resumen Diario' } as const

const dinero = (titulo: string): ColumnaTabla => ({ titulo, tipo: 'dinero', total: true })
const texto = (titulo: string): ColumnaTabla => ({ titulo, tipo: 'texto' })
const fecha = (titulo: string): ColumnaTabla => ({ titulo, tipo: 'fecha' })

/** Administrators only (spec 2 §6). */
const COLUMNAS_ADMIN: ColumnaTabla[] = [dinero('Comisión POS'), dinero('Comisión Venta'), dinero('Neto')]

function hojaPagos(reporte: ReportePagos, esAdmin: boolean): HojaSpec<Celda[]> {
  const columnas: ColumnaTabla[] = [
    fecha('Fecha'),
    texto('Cliente'),
    texto('Detalle'),
    texto('Tipo'),
    texto('Método de Pago'),
    texto('Referencia'),
    dinero('Total'),
    dinero('Adelanto'),
    dinero('Monto Pagado'),
    ...(esAdmin ? COLUMNAS_ADMIN : []),
  ]
  const filas = reporte.filas.map((f): Celda[] => [
    diaCelda(f.fecha),
    f.cliente,
    f.detalle,
    f.tipo,
    f.metodo,
    f.referencia ?? '',
    soles(f.total),
    soles(f.adelanto),
    soles(f.pagado),
    ...(esAdmin ? [soles(f.comisionPos), soles(f.comisionVenta), soles(f.neto)] : []),
  ])
  return hojaConTotal(HOJAS_REPORTE.pagos, columnas, filas)
}

function hojaPagosDetallada(reporte: ReportePagos, esAdmin: boolean): HojaSpec<Celda[]> {
  const columnas: ColumnaTabla[] = [
    fecha('Fecha'),
    texto('Cliente'),
    texto('Ítem'),
    texto('Tipo'),
    { titulo: 'Cantidad', tipo: 'entero', total: true },
    { titulo: 'Precio Unitario', tipo: 'dinero' },
    dinero('Importe'),
    dinero('Adelanto Aplicado'),
    texto('Método de Pago'),
    texto('Referencia'),
    ...(esAdmin ? COLUMNAS_ADMIN : []),
  ]
  const filas = reporte.detalle.map((d): Celda[] => [
    diaCelda(d.fecha),
    d.cliente,
    d.item,
    d.tipo,
    d.cantidad,
    d.precioUnitario === null ? null : soles(d.precioUnitario),
    soles(d.importe),
    soles(d.adelanto),
    d.metodo,
    d.referencia ?? '',
    ...(esAdmin ? [soles(d.comisionPos), soles(d.comisionVenta), soles(d.neto)] : []),
  ])
  return hojaConTotal(HOJAS_REPORTE.pagos, columnas, filas)
}

function hojaAdelantos(adelantos: readonly FilaAdelanto[]): HojaSpec<Celda[]> {
  const columnas: ColumnaTabla[] = [
    fecha('Fecha Cita'),
    texto('Cliente'),
    texto('Tratamiento'),
    texto('Estado'),
    dinero('Adelanto'),
    texto('Método Adelanto'),
    fecha('Fecha Pago Adelanto'),
    texto('Referencia'),
  ]
  const filas = adelantos.map((a): Celda[] => [
    diaCelda(a.fechaCita),
    a.cliente,
    a.tratamiento,
    a.estado,
    soles(a.adelanto),
    a.metodo ?? '',
    diaCelda(a.fechaPago),
    a.referencia ?? '',
  ])
  return hojaConTotal(HOJAS_REPORTE.adelantos, columnas, filas)
}

function hojaResumen(reporte: ReportePagos): HojaSpec<Celda[]> {
  const columnas: ColumnaTabla[] = [
    fecha('Fecha'),
    { titulo: 'Pagos', tipo: 'entero', total: true },
    dinero('Monto Bruto'),
    dinero('Comisión POS'),
    dinero('Comisión Venta'),
    dinero('Neto'),
  ]
  const filas = reporte.resumenDiario.map((d): Celda[] => [diaCelda(d.fecha), d.pagos, soles(d.bruto), soles(d.comisionPos), soles(d.comisionVenta), soles(d.neto)])
  return hojaConTotal(HOJAS_REPORTE.resumen, columnas, filas)
}

/**
 * The workbook: 'Pagos' (per payment, or per item with 'Detallado'), then 'Adelantos
 * Pendientes', then — administrators only — 'Resumen Diario'. Staff get no commission
 * or net column anywhere.
 */
export function hojasReportePagos(p: { reporte: ReportePagos; adelantos: readonly FilaAdelanto[]; detallado: boolean; esAdmin: boolean }): HojaSpec<Celda[]>[] {
  const hojas = [p.detallado ? hojaPagosDetallada(p.reporte, p.esAdmin) : hojaPagos(p.reporte, p.esAdmin), hojaAdelantos(p.adelantos)]
  if (p.esAdmin) hojas.push(hojaResumen(p.reporte))
  return hojas
}
