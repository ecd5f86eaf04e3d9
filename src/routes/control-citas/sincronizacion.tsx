import { createFileRoute } from '@tanstack/react-router'
import { SyncProblemsPage } from '@/features/sync-problems/sync-problems-page.tsx'
import { useRefusalActions } from '@/features/sync-problems/use-refusal-actions.ts'
import { useSyncProblems } from '@/lib/db/use-sync-status.ts'

export const Route = createFileRoute('/control-citas/sincronizacion')({
  component: function SyncProblems() {
    const { refused, conflicts, dismiss, dismissAll } = useSyncProblems()
    const refusalActions = useRefusalActions()
    return (
      <SyncProblemsPage
        refused={refused}
        conflicts={conflicts}
        refusalActions={refusalActions}
        onDismiss={(kind, id) => void dismiss(kind, id)}
        onDismissAll={(kind) => void dismissAll(kind)}
      />
    )
  },
})
