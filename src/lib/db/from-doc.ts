/**
 * A screen's row read from a local document: the columns it names, typed by the table
 * registry (sync/tables/product-tables.ts), so screens list columns instead of copying
 * fields by hand (docs/decisions/0048-casa-confiable.md).
 *
 *   const toCita = fromDoc('tb_citas', ['id_cita', 'fecha_cita', 'hora_inicio'])
 *   useCollection('tb_citas', { map: toCita })   // rows: Pick<CitaDoc, 'id_cita' | …>
 *
 * Build it once at module level: `useCollection` and the day caches key on the function.
 */
import { productTable, type CollectionName, type DocTypes } from '@sync/tables/product-tables.ts'
import { docReader } from '@sync/tables/rows.ts'
import type { TableDef } from '@sync/tables/table-def.ts'

export type RowOf<N extends CollectionName, K extends keyof DocTypes[N]> = Pick<DocTypes[N], K>

export function fromDoc<N extends CollectionName, const K extends keyof DocTypes[N] & string>(
  name: N,
  columns: readonly K[],
): (doc: DocTypes[N]) => RowOf<N, K> {
  // DocTypes[N] is DocOf of this very definition (product-tables.ts), which TypeScript
  // cannot see through the generic N: the reader is built untyped and typed here.
  const def: TableDef = productTable(name)
  return docReader(def, columns) as unknown as (doc: DocTypes[N]) => RowOf<N, K>
}
