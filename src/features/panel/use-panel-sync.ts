/**
 * The sync status the panel renders: the sync layer's one model (sync/status/status-machine.ts,
 * docs/decisions/0035). Nothing in the panel derives status on its own (no navigator.onLine).
 */
import type { SyncModel } from '@sync/status/status-machine.ts'
import { useSyncStatus } from '@/lib/db/use-sync-status.ts'

export type PanelSync = SyncModel

export function usePanelSync(): PanelSync {
  return useSyncStatus((s) => s.model)
}
