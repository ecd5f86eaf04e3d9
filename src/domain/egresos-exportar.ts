/**
 * 'Exportar a Excel' of Gestión de Egresos (spec 2 §9): file egresos-DDMMYY.xlsx (the
 * day of the export, in Lima), sheet 'Reporte de Egresos', the selected month's fixed
 * then variable expenses, with totals per type and overall. Amounts are numbers with a
 * number format, never text (docs/spec/3-product-decisions.md "Money, names, formats");
 * dates dd/mm/yyyy.
 */
import type { Celda, HojaExcel } from './hoja-excel.ts'
import { egresosDelPeriodo, leerTipoCambio, tipoCambioNumero, totalEgresos, type Egreso, type TipoEgreso } from './egresos.ts'
import { centimosDeTexto } from './money.ts'
import { nombreMes, type Periodo } from './periodo.ts'
import { formatFechaCorta, peruToday } from './peru-time.ts'

export const ENCABEZADOS_EGRESOS = [
  'Tipo',
  'Fecha',
  'Descripción',
  'Tipo de Cambio',
  'Monto Soles',
  'Monto Dólares',
  'Descripción Adicional',
  'Mes',
  'Año',
] as const

/** 'egresos-DDMMYY.xlsx' for the day in Lima. */
export function archivoEgresos(now: Date = new Date()): string {
  const [y, m, d] = peruToday(now).split('-')
  return `egresos-${d}${m}${y!.slice(2)}.xlsx`
}

const numero = (valor: number | string) => (centimosDeTexto(valor) ?? 0) / 100

function fila(e: Egreso): Celda[] {
  const tc = leerTipoCambio(e.tipo_cambio)
  return [
    e.tipo_egreso,
    formatFechaCorta(e.fecha),
    e.descripcion,
    tc === null ? null : tipoCambioNumero(tc),
    numero(e.monto_soles),
    numero(e.monto_dolares),
    e.descripcion_adicional ?? '',
    nombreMes(e.mes),
    e.anio,
  ]
}

function ordenados(egresos: readonly Egreso[], periodo: Periodo, tipo: TipoEgreso): Egreso[] {
  return egresosDelPeriodo(egresos, periodo, tipo).sort(
    (a, b) => (a.fecha ?? '').localeCompare(b.fecha ?? '') || a.descripcion.localeCompare(b.descripcion, 'es'),
  )
}

function filaTotal(etiqueta: string, egresos: readonly Egreso[]): Celda[] {
  const t = totalEgresos(egresos)
  return [etiqueta, null, null, null, t.soles / 100, t.dolares / 100, null, null, null]
}

/** The sheet for the selected month. */
export function exportarEgresos(egresos: readonly Egreso[], periodo: Periodo, now: Date = new Date()): HojaExcel {
  const fijos = ordenados(egresos, periodo, 'Fijo')
  const variables = ordenados(egresos, periodo, 'Variable')
  return {
    archivo: archivoEgresos(now),
    hoja: 'Reporte de Egresos',
    filas: [
      [...ENCABEZADOS_EGRESOS],
      ...fijos.map(fila),
      ...variables.map(fila),
      [],
      filaTotal('Total Egresos Fijos', fijos),
      filaTotal('Total Egresos Variables', variables),
      filaTotal('Total General', [...fijos, ...variables]),
    ],
    formatos: { 3: '0.0000', 4: '0.00', 5: '0.00' },
  }
}
