/**
 * A spreadsheet as plain data, built by the rules and written by the xlsx wrapper
 * (src/lib/excel/): rows of cells and number formats by column. Amounts are numbers,
 * never text (docs/spec/3-product-decisions.md "Money, names, formats").
 */
export type Celda = string | number | null

export interface HojaExcel {
  /** File name, with .xlsx. */
  archivo: string
  /** Sheet name. */
  hoja: string
  /** Rows of cells; an empty row is a blank line. */
  filas: Celda[][]
  /** Number format (e.g. '0.00') of the numeric cells of a column, by column index. */
  formatos: Record<number, string>
}
