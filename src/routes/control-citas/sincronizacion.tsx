import { createFileRoute } from '@tanstack/react-router'
import { SyncProblemsPage } from '@/features/panel/sync-problems-page.tsx'
import { useSyncProblems } from '@/lib/db/use-sync-status.ts'

export const Route = createFileRoute('/control-citas/sincronizacion')({
  component: function SyncProblems() {
    const { refused, conflicts, dismiss, dismissAll } = useSyncProblems()
    return (
      <SyncProblemsPage
        refused={refused}
        conflicts={conflicts}
        onDismiss={(kind, id) => void dismiss(kind, id)}
        onDismissAll={(kind) => void dismissAll(kind)}
      />
    )
  },
})
