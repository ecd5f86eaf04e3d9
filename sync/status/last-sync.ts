/**
 * The device's last successful sync, kept in a local document of the device database so
 * that a reload (offline above all) still says when the data was last current instead
 * of 'Sin sincronizar todavía' beside 'Todo sincronizado' (docs/decisions/0035). The
 * status machine only moves it forwards; this writes what it holds.
 */
import type { RxDatabase } from 'rxdb'
import type { SyncStatusStore } from './status-store.ts'

const DOC_ID = 'ultima-sincronizacion'

interface LocalDocDb {
  getLocal(id: string): Promise<{ toJSON(): { data: unknown } } | null>
  upsertLocal(id: string, data: Record<string, unknown>): Promise<unknown>
}

export async function readLastSync(db: RxDatabase): Promise<string | null> {
  const doc = await (db as unknown as LocalDocDb).getLocal(DOC_ID).catch(() => null)
  const at = (doc?.toJSON().data as { at?: unknown } | undefined)?.at
  return typeof at === 'string' ? at : null
}

/** Writes the model's last sync whenever it moves (only the replicating tab). */
export function keepLastSync(db: RxDatabase, status: SyncStatusStore): () => void {
  let written = status.getState().model.lastSyncAt
  return status.subscribe((s) => {
    const at = s.model.lastSyncAt
    if (!at || at === written || !s.replicating || db.closed) return
    written = at
    void (db as unknown as LocalDocDb).upsertLocal(DOC_ID, { at }).catch(() => {})
  })
}
