/**
 * What a push needs to know beyond the server's answer (table-sync.ts `send`): which
 * operation a write is, the server's row for a write refused as a whole request, and the
 * record a refused duplicate collides with.
 */
import { SyncRequestError } from '../errors/classify.ts'
import { fromServerRow, toServerRow, type LocalDoc, type Row } from '../tables/rows.ts'
import type { TableDef } from '../tables/table-def.ts'
import type { DuplicateRecord, WriteOperation } from '../status/types.ts'
import type { SyncBackend } from './backend.ts'
import { retrying, type RetryContext } from './retry.ts'

/**
 * What a push asks of the server. A record over a tombstone goes as an insert: the
 * tombstone may be one this device made itself (a refused or parked new record) that
 * the server never had; when the server does hold the deleted row it answers conflict
 * and the row is sent again as an update (`send`).
 */
export function operationOf(local: LocalDoc, assumed: LocalDoc | undefined): WriteOperation {
  if (!assumed || (assumed._deleted && !local._deleted)) return 'insert'
  return local._deleted && !assumed._deleted ? 'delete' : 'update'
}

/** The server's row for a write refused as a whole request (or null). */
export async function serverRowOf(def: TableDef, backend: SyncBackend, ctx: RetryContext, local: LocalDoc): Promise<Row | null> {
  try {
    return await retrying(ctx, () => backend.row(def.name, def.primaryKey, String(local[def.primaryKey])))
  } catch (error) {
    if (error instanceof SyncRequestError && error.failure.disposition === 'refused') return null
    throw error
  }
}

/**
 * The record a refused duplicate collides with (another tablet's patient with the same
 * DNI), so staff can open it and copy what they typed into it. One attempt: it only
 * enriches the refusal, which is recorded anyway.
 */
export async function duplicateOf(def: TableDef, backend: SyncBackend, log: (m: string) => void, constraint: string, local: LocalDoc): Promise<DuplicateRecord | null> {
  if (/_pkey$/.test(constraint)) return null
  try {
    const found = await backend.duplicateOf(def.name, constraint, toServerRow(def, local))
    if (!found.row) return null
    return { docId: String(found.row[def.primaryKey]), version: fromServerRow(def, found.row), columns: found.columns }
  } catch (error) {
    log(`${def.name}: no se pudo buscar el registro duplicado (${String(error)})`)
    return null
  }
}
