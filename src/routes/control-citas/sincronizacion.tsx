import { createFileRoute } from '@tanstack/react-router'
import { SyncProblemsPage } from '@/features/sync-problems/sync-problems-page.tsx'
import { useRefusalActions } from '@/features/sync-problems/use-refusal-actions.ts'
import { uploadSummary } from '@/domain/sync-display.ts'
import { useSyncProblems, useSyncStatus } from '@/lib/db/use-sync-status.ts'
import { useOnline } from '@/lib/ui/use-online.ts'

export const Route = createFileRoute('/control-citas/sincronizacion')({
  component: function SyncProblems() {
    const { refused, conflicts, dismiss, dismissAll } = useSyncProblems()
    const refusalActions = useRefusalActions()
    const online = useOnline()
    const pendingKnown = useSyncStatus((s) => s.pendingKnown)
    const pendingTotal = useSyncStatus((s) => s.pendingTotal)
    const initialDone = useSyncStatus((s) => (s.initialSync ? s.initialSync.done : null))
    const upload = uploadSummary({ pendingKnown, pendingTotal, online, initialSync: initialDone === null ? null : { done: initialDone } })
    return (
      <SyncProblemsPage
        refused={refused}
        conflicts={conflicts}
        refusalActions={refusalActions}
        uploadText={upload.text}
        onDismiss={(kind, id) => void dismiss(kind, id)}
        onDismissAll={(kind) => void dismissAll(kind)}
      />
    )
  },
})
