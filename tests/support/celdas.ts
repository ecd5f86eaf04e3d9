/** A sheet as the rows of cells it becomes (header, data, footer), for the export tests to read. */
import type { HojaSpec, ValorCelda } from '@/domain/hoja-excel.ts'

export function celdas<T>(hoja: HojaSpec<T>): ValorCelda[][] {
  return [hoja.columns.map((c) => c.header), ...hoja.rows.map((r) => hoja.columns.map((c) => c.value(r))), ...hoja.footer.map((f) => [...f])]
}
