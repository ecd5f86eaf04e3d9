/**
 * A spreadsheet as plain data, built by the rules and written by the xlsx wrapper of
 * the back-office kit (src/lib/excel/workbook.ts): the same shape as its
 * `SheetSpec<T>` — columns with a header, a value and a format, the rows, and footer rows
 * (totals) — so a screen hands `hoja` to `sheet()` as it is. Amounts are numbers, never
 * text; dates are 'YYYY-MM-DD' in a 'date' column, written as dd/mm/yyyy date cells
 * (docs/spec/3-product-decisions.md "Money, names, formats").
 */
export type FormatoCelda = 'text' | 'money' | 'integer' | 'date'
export type ValorCelda = string | number | null | undefined

export interface ColumnaHoja<T> {
  header: string
  value: (row: T) => ValorCelda
  format?: FormatoCelda
}

export interface HojaSpec<T> {
  /** Sheet name (at most 31 characters). */
  name: string
  columns: ReadonlyArray<ColumnaHoja<T>>
  rows: readonly T[]
  /** Rows after the data, one value per column; an empty row is a blank line. */
  footer: ReadonlyArray<ReadonlyArray<ValorCelda>>
}

export interface Exportacion<T> {
  /** File name, with .xlsx. */
  archivo: string
  hoja: HojaSpec<T>
}

