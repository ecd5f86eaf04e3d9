/**
 * A tablet that works offline and uploads later, on the wire exactly as the sync layer
 * does (docs/decisions/0003-sync.md "Push"): it keeps the rows it last pulled (the
 * assumed server state) and sends its local writes through `sync_push`, with the push
 * columns and row shape of `sync/tables/rows.ts`. The server judges each row on its own.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { fromServerRow, normaliseLocalWrite, pushColumns, toServerRow, type LocalDoc, type Row } from '../../../../sync/tables/rows.ts'
import type { TableDef } from '../../../../sync/tables/table-def.ts'

export interface ResultadoFila {
  i: number
  s: 'conflict' | 'refused'
  code?: string
  message?: string
  row?: Row | null
}

export interface EscrituraLocal {
  /** The document as it is on the tablet now. */
  local: Row
  /** What the tablet last pulled of it; null for a row created on the tablet. */
  base: Row | null
}

/** The tablet's copy of a server row, as its last pull left it. */
export async function copiaLocal(cliente: SupabaseClient, def: TableDef, id: string): Promise<LocalDoc> {
  const { data, error } = await cliente.from(def.name).select('*').eq(def.primaryKey, id).single()
  if (error) throw new Error(`no se pudo leer ${def.name} ${id}: ${error.message}`)
  return fromServerRow(def, data as Row)
}

/** A row created on the tablet (what `insertDoc` stores: defaults, clocks, canonical values). */
export function documentoNuevo(def: TableDef, fila: Row, ahora = new Date()): LocalDoc {
  const doc: Row = { created_at: ahora.toISOString(), updated_at: ahora.toISOString(), ...fila }
  normaliseLocalWrite(def, doc)
  return { ...doc, _deleted: false }
}

/** A later edit on the tablet (what `patchDoc` / `removeDoc` store). */
export function editado(doc: LocalDoc, cambios: Row, ahora = new Date()): LocalDoc {
  return { ...doc, ...cambios, updated_at: new Date(Math.max(ahora.getTime(), Date.parse(String(doc.updated_at)) + 1)).toISOString() }
}

/**
 * One upload of a table's pending writes (one `sync_push` call). Returns the rows that did
 * not simply apply: an empty list means everything was applied (or already was).
 */
export async function subir(cliente: SupabaseClient, def: TableDef, escrituras: EscrituraLocal[]): Promise<ResultadoFila[]> {
  const { data, error } = await cliente.rpc('sync_push', {
    p_table: def.name,
    p_columns: pushColumns(def),
    p_rows: escrituras.map((e) => ({ n: toServerRow(def, e.local), a: e.base ? toServerRow(def, e.base) : null })),
  })
  if (error) throw new Error(`sync_push ${def.name} falló: ${error.code} ${error.message}`)
  return (data as { results: ResultadoFila[] }).results
}
