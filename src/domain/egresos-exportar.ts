/**
 * 'Exportar a Excel' of Gestión de Egresos (spec 2 §9): file egresos-DDMMYY.xlsx (the
 * day of the export, in Lima), sheet 'Reporte de Egresos', the selected month's fixed
 * then variable expenses, with totals per type and overall.
 */
import type { Exportacion } from './hoja-excel.ts'
import { egresosDelPeriodo, leerTipoCambio, tipoCambioNumero, totalEgresos, type Egreso, type TipoEgreso } from './egresos.ts'
import { centimosDeTexto } from './money.ts'
import { nombreMes } from './calendar.ts'
import type { Periodo } from './periodo.ts'
import { peruToday } from './peru-time.ts'
import { compararEs } from './text.ts'

/** 'egresos-DDMMYY.xlsx' for the day in Lima. */
export function archivoEgresos(now: Date = new Date()): string {
  const [y, m, d] = peruToday(now).split('-')
  return `egresos-${d}${m}${y!.slice(2)}.xlsx`
}

const numero = (valor: number | string) => (centimosDeTexto(valor) ?? 0) / 100

function ordenados(egresos: readonly Egreso[], periodo: Periodo, tipo: TipoEgreso): Egreso[] {
  return egresosDelPeriodo(egresos, periodo, tipo).sort(
    (a, b) => (a.fecha ?? '').localeCompare(b.fecha ?? '') || compararEs(a.descripcion, b.descripcion),
  )
}

function filaTotal(etiqueta: string, egresos: readonly Egreso[]) {
  const t = totalEgresos(egresos)
  return [etiqueta, null, null, null, t.soles / 100, t.dolares / 100, null, null, null]
}

/** The sheet for the selected month. */
export function exportarEgresos(egresos: readonly Egreso[], periodo: Periodo, now: Date = new Date()): Exportacion<Egreso> {
  const fijos = ordenados(egresos, periodo, 'Fijo')
  const variables = ordenados(egresos, periodo, 'Variable')
  return {
    archivo: archivoEgresos(now),
    hoja: {
      name: 'Reporte de Egresos',
      columns: [
        { header: 'Tipo', value: (e) => e.tipo_egreso },
        { header: 'Fecha', value: (e) => e.fecha, format: 'date' },
        { header: 'Descripción', value: (e) => e.descripcion },
        {
          header: 'Tipo de Cambio',
          // Four decimals (numeric(10,4)): a plain number, not the money format.
          value: (e) => {
            const tc = leerTipoCambio(e.tipo_cambio)
            return tc === null ? null : tipoCambioNumero(tc)
          },
        },
        { header: 'Monto Soles', value: (e) => numero(e.monto_soles), format: 'money' },
        { header: 'Monto Dólares', value: (e) => numero(e.monto_dolares), format: 'money' },
        { header: 'Descripción Adicional', value: (e) => e.descripcion_adicional ?? '' },
        { header: 'Mes', value: (e) => nombreMes(e.mes) },
        { header: 'Año', value: (e) => e.anio, format: 'integer' },
      ],
      rows: [...fijos, ...variables],
      footer: [
        [],
        filaTotal('Total Egresos Fijos', fijos),
        filaTotal('Total Egresos Variables', variables),
        filaTotal('Total General', [...fijos, ...variables]),
      ],
    },
  }
}
