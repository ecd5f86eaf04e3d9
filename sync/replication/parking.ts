/**
 * Parks writes a push held (docs/decisions/0035-estado-de-sincronizacion.md §3): each one is
 * stored under its author with the server state it was made on, and only then that
 * state is handed back to RxDB as the "conflict", which the conflict handler takes
 * verbatim (`forced`): the record returns to what the server last said, RxDB records it
 * as in step, and nothing was sent. A record the server never had becomes a local
 * tombstone, as a refused insert does.
 */
import type { ParkedWrite } from '../status/types.ts'
import type { LocalDoc } from '../tables/rows.ts'
import type { TableDef } from '../tables/table-def.ts'
import { nowTimestamp } from '../values/canonical.ts'
import type { PendingWork } from './push-send.ts'

export async function parkRows(
  def: TableDef,
  rows: PendingWork[],
  park: (writes: ParkedWrite[]) => Promise<void>,
  forced: Map<string, LocalDoc>,
): Promise<LocalDoc[]> {
  if (rows.length === 0) return []
  const at = nowTimestamp()
  await park(
    rows.map((w) => ({
      table: def.name,
      label: def.label,
      docId: String(w.local[def.primaryKey]),
      operation: w.operation,
      version: def.version,
      local: { ...w.local },
      base: w.assumed ? { ...w.assumed } : null,
      at,
    })),
  )
  return rows.map((w) => {
    const state: LocalDoc = w.assumed ?? { ...w.local, _deleted: true }
    forced.set(String(w.local[def.primaryKey]), state)
    return state
  })
}
