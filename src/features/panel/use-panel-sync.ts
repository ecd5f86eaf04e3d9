/** The sync figures the panel header shows, from the sync layer's status (src/lib/db). */
import type { ConflictEntry, InitialSyncProgress, RefusedWrite, SyncError } from '@sync/status/types.ts'
import { useSyncStatus } from '@/lib/db/use-sync-status.ts'
import { useOnline } from '@/lib/ui/use-online.ts'

export interface PanelSync {
  online: boolean
  pendingTotal: number
  /** pendingTotal was counted (else it is not known yet): see uploadSummary(). */
  pendingKnown: boolean
  lastSyncAt: string | null
  initialSync: InitialSyncProgress | null
  error: SyncError | null
  refused: RefusedWrite[]
  conflicts: ConflictEntry[]
}

export function usePanelSync(): PanelSync {
  // The browser's own signal: right even before the local database has opened.
  const online = useOnline()
  const status = useSyncStatus()
  return {
    online,
    pendingTotal: status.pendingTotal,
    pendingKnown: status.pendingKnown,
    lastSyncAt: status.lastSyncAt,
    initialSync: status.initialSync,
    error: status.error,
    refused: status.refused,
    conflicts: status.conflicts,
  }
}
