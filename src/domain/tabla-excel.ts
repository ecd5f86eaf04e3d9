/**
 * A spreadsheet sheet as plain data: the report rules decide rows and columns here; the
 * xlsx wrapper in src/lib/excel writes the file. Exports carry numbers as numbers (money
 * cells formatted 0.00) and dates as dd/mm/yyyy (docs/spec/3-product-decisions.md
 * "Money, names, formats").
 */
import { centimosASoles } from './money.ts'

/** 'dinero': soles with two decimals; 'entero': counts and units; 'fecha': dd/mm/yyyy text. */
export type TipoColumna = 'texto' | 'fecha' | 'dinero' | 'entero'

export interface ColumnaHoja {
  titulo: string
  tipo: TipoColumna
  /** Summed in the sheet's 'Total' row. */
  total?: boolean
}

export type Celda = string | number | null

export interface HojaExcel {
  /** At most 31 characters (an Excel limit). */
  nombre: string
  columnas: ColumnaHoja[]
  filas: Celda[][]
}

/** Céntimos → the soles number a money cell holds. */
export const soles = centimosASoles

/**
 * The closing row: `etiqueta` in the first column and, under every column marked
 * `total`, the sum of the rows (money summed in céntimos, so no float drift).
 */
export function filaTotal(columnas: readonly ColumnaHoja[], filas: readonly Celda[][], etiqueta = 'Total'): Celda[] {
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

/** A sheet whose last row is the total of the others. */
export function hojaConTotal(nombre: string, columnas: ColumnaHoja[], filas: Celda[][]): HojaExcel {
  return { nombre, columnas, filas: [...filas, filaTotal(columnas, filas)] }
}
