/**
 * What the reconciliation shows beyond the month's tables: 'Exportar Conciliación a
 * Excel' (spec 2 §9: conciliacion_bancaria_{mes}_{año}.xlsx, sheet 'Conciliacion'),
 * the 12-month chart (income, expenses, final balance per month) and the hub's
 * month-to-date figures. Amounts are céntimos inside, soles numbers in the outputs.
 */
import { conciliacionDe, type Conciliacion, type ResumenConciliacion } from './conciliacion.ts'
import { filasIngresos, ingresosEntre, totalIngresos, type IngresoCalculado, type IngresoFila, type IngresosInput, type IngresosPorMes } from './conciliacion-ingresos.ts'
import { egresosDelPeriodo, totalEgresos, type Egreso } from './egresos.ts'
import type { Exportacion } from './hoja-excel.ts'
import { centimosDeTexto } from './money.ts'
import { nombreMes } from './calendar.ts'
import { clavePeriodo, nombrePeriodo, periodoDeFecha, primerDia, ultimoDia, ultimosPeriodos, type Periodo } from './periodo.ts'

const soles = (centimos: number) => centimos / 100

/** 'conciliacion_bancaria_11_2026.xlsx' (month with two digits, so files sort by date). */
export function archivoConciliacion(periodo: Periodo): string {
  return `conciliacion_bancaria_${String(periodo.mes).padStart(2, '0')}_${periodo.anio}.xlsx`
}

/** One line of the sheet: an income row or an expense. */
export interface LineaConciliacion {
  concepto: 'Ingreso' | 'Egreso Fijo' | 'Egreso Variable'
  fecha: string | null
  /** The method of an income, the description of an expense. */
  detalle: string
  banco: string
  /** The observation of an income, the additional description of an expense. */
  observacion: string
  /** céntimos */
  soles: number
  /** céntimos; null for income */
  dolares: number | null
}

/**
 * The sheet: the month's income then its expenses as one table, followed by the summary
 * (period, saldo inicial, totals, saldo final).
 */
export function exportarConciliacion(
  periodo: Periodo,
  ingresos: readonly IngresoFila[],
  egresosMes: readonly Egreso[],
  resumen: ResumenConciliacion,
): Exportacion<LineaConciliacion> {
  const lineas: LineaConciliacion[] = [
    ...ingresos.map((f): LineaConciliacion => ({
      concepto: 'Ingreso',
      fecha: f.fecha,
      detalle: f.metodo,
      banco: f.banco ?? '',
      observacion: f.observacion ?? '',
      soles: f.importe,
      dolares: null,
    })),
    ...egresosMes.map((e): LineaConciliacion => ({
      concepto: e.tipo_egreso === 'Fijo' ? 'Egreso Fijo' : 'Egreso Variable',
      fecha: e.fecha,
      detalle: e.descripcion,
      banco: '',
      observacion: e.descripcion_adicional ?? '',
      soles: centimosDeTexto(e.monto_soles) ?? 0,
      dolares: centimosDeTexto(e.monto_dolares) ?? 0,
    })),
  ]
  const resumenFila = (etiqueta: string, valor: number | string, dolares: number | null = null) => [etiqueta, null, null, null, null, valor, dolares]
  return {
    archivo: archivoConciliacion(periodo),
    hoja: {
      name: 'Conciliacion',
      columns: [
        { header: 'Concepto', value: (l) => l.concepto },
        { header: 'Fecha', value: (l) => l.fecha, format: 'date' },
        { header: 'Método de Pago / Descripción', value: (l) => l.detalle },
        { header: 'Banco', value: (l) => l.banco },
        { header: 'Observación', value: (l) => l.observacion },
        { header: 'Monto Soles', value: (l) => soles(l.soles), format: 'money' },
        { header: 'Monto Dólares', value: (l) => (l.dolares === null ? null : soles(l.dolares)), format: 'money' },
      ],
      rows: lineas,
      footer: [
        [],
        ['Resumen de Conciliación', null, nombrePeriodo(periodo), null, null, null, null],
        resumenFila('Saldo Inicial', soles(resumen.saldoInicial)),
        resumenFila('Total Ingresos', soles(resumen.totalIngresos)),
        resumenFila('Total Egresos', soles(resumen.totalEgresos), soles(totalEgresos(egresosMes).dolares)),
        resumenFila('Saldo Final', soles(resumen.saldoFinal)),
      ],
    },
  }
}

export interface PuntoMensual {
  periodo: Periodo
  /** 'Nov 2026' */
  etiqueta: string
  /** soles */
  ingresos: number
  /** soles */
  egresos: number
  /** soles; null for a month never registered */
  saldoFinal: number | null
}

export interface SerieInput extends IngresosInput {
  egresos: readonly Egreso[]
  conciliaciones: readonly Conciliacion[]
  /** The income already split by month (ingresosPorMes), when the screen holds it: no scan then. */
  ingresosPorMes?: IngresosPorMes
}

/**
 * The 12 months ending with `hasta`, oldest first. A month's income is its stored list
 * when it has one (what was reconciled), else the money received; its expenses the
 * soles of its live expenses; its final balance the registered saldo final.
 */
export function serieDoceMeses(input: SerieInput, hasta: Periodo): PuntoMensual[] {
  const meses = ultimosPeriodos(hasta, 12)
  // Else one pass over payments and advances for the whole range, split by month.
  const calculados = new Map<string, readonly IngresoCalculado[]>(input.ingresosPorMes ?? [])
  if (!input.ingresosPorMes) {
    for (const fila of ingresosEntre(input, primerDia(meses[0]!), ultimoDia(hasta))) {
      const clave = clavePeriodo(periodoDeFecha(fila.fecha)!)
      calculados.set(clave, [...(calculados.get(clave) ?? []), fila])
    }
  }
  return meses.map((periodo) => {
    const registro = conciliacionDe(input.conciliaciones, periodo)
    const ingresos = filasIngresos(calculados.get(clavePeriodo(periodo)) ?? [], registro?.ingresos_tratamientos)
    const final = registro ? centimosDeTexto(registro.saldo_final) : null
    return {
      periodo,
      etiqueta: `${nombreMes(periodo.mes).slice(0, 3)} ${periodo.anio}`,
      ingresos: soles(totalIngresos(ingresos)),
      egresos: soles(totalEgresos(egresosDelPeriodo(input.egresos, periodo)).soles),
      saldoFinal: final === null ? null : soles(final),
    }
  })
}

export interface MesEnCurso {
  periodo: Periodo
  /** céntimos received (net of commissions) from the 1st to today */
  ingresos: number
  /** céntimos: the month's fixed expenses and the variable ones dated up to today */
  egresos: number
  /** céntimos: ingresos − egresos */
  balance: number
}

/** The hub's month-to-date figures for today (a YYYY-MM-DD date in Peru). */
export function mesEnCurso(input: IngresosInput & { egresos: readonly Egreso[] }, hoy: string): MesEnCurso {
  const periodo = periodoDeFecha(hoy)
  if (!periodo) throw new RangeError(`Fecha inválida: ${hoy}`)
  const ingresos = totalIngresos(ingresosEntre(input, primerDia(periodo), hoy))
  // A fixed expense is the month's obligation whatever its (last-day) date.
  const delMes = egresosDelPeriodo(input.egresos, periodo).filter((e) => e.tipo_egreso === 'Fijo' || (e.fecha ?? '') <= hoy)
  const egresos = totalEgresos(delMes).soles
  return { periodo, ingresos, egresos, balance: ingresos - egresos }
}
