/**
 * Report tables as sheets: the report rules list columns by type and rows as arrays of
 * cells, and get the one sheet shape of the back office (hoja-excel.ts, which the xlsx
 * wrapper writes as it is) with a closing 'Total' row. Money cells are soles numbers
 * (0.00), dates 'YYYY-MM-DD' written as dd/mm/yyyy date cells
 * (docs/spec/3-product-decisions.md "Money, names, formats").
 */
import { centimosASoles } from './money.ts'
import type { FormatoCelda, HojaSpec } from './hoja-excel.ts'

/** 'dinero': soles with two decimals; 'entero': counts and units; 'fecha': a date cell. */
export type TipoColumna = 'texto' | 'fecha' | 'dinero' | 'entero'

export interface ColumnaTabla {
  titulo: string
  tipo: TipoColumna
  /** Summed in the sheet's 'Total' row. */
  total?: boolean
}

export type Celda = string | number | null

/** Céntimos → the soles number a money cell holds. */
export const soles = centimosASoles

/** A date or timestamp → the 'YYYY-MM-DD' a date cell holds (empty when missing). */
export const diaCelda = (iso: string | null | undefined): Celda => (iso ? iso.slice(0, 10) : null)

const FORMATO: Record<TipoColumna, FormatoCelda> = { texto: 'text', fecha: 'date', dinero: 'money', entero: 'integer' }

/**
 * The closing row: `etiqueta` in the first column and, under every column marked
 * `total`, the sum of the rows (money summed in céntimos, so no float drift).
 */
export function filaTotal(columnas: readonly ColumnaTabla[], filas: readonly Celda[][], etiqueta = 'Total'): Celda[] {
  return columnas.map((c, i) => {
    if (i === 0) return etiqueta
    if (!c.total) return null
    let suma = 0
    for (const f of filas) {
      const v = f[i]
      if (typeof v === 'number') suma += c.tipo === 'dinero' ? Math.round(v * 100) : v
    }
    return c.tipo === 'dinero' ? centimosASoles(suma) : suma
  })
}

/** A sheet of these rows whose footer is their total. */
export function hojaConTotal(nombre: string, columnas: readonly ColumnaTabla[], filas: Celda[][]): HojaSpec<Celda[]> {
  return {
    name: nombre,
    columns: columnas.map((c, i) => ({ header: c.titulo, format: FORMATO[c.tipo], value: (fila: Celda[]) => fila[i] })),
    rows: filas,
    footer: [filaTotal(columnas, filas)],
  }
}
