import { createFileRoute } from '@tanstack/react-router'
import { SyncProblemsPage } from '@/features/sync-problems/sync-problems-page.tsx'
import { useRefusalActions } from '@/features/sync-problems/use-refusal-actions.ts'
import { useRefusalNames } from '@/features/sync-problems/use-refusal-names.ts'
import { describeSync } from '@/domain/sync-display.ts'
import { useSyncProblems, useSyncStatus } from '@/lib/db/use-sync-status.ts'

export const Route = createFileRoute('/control-citas/sincronizacion')({
  component: function SyncProblems() {
    const { refused, conflicts, parked, setAside, dismiss, dismissAll } = useSyncProblems()
    const isAdmin = useSyncStatus((s) => s.isAdmin)
    const refusalActions = useRefusalActions()
    const names = useRefusalNames(refused, conflicts)
    // The header's own wording, from the same model (docs/decisions/0035).
    const model = useSyncStatus((s) => s.model)
    return (
      <SyncProblemsPage
        refused={refused}
        conflicts={conflicts}
        parked={parked}
        onSetAside={isAdmin ? setAside : undefined}
        refusalActions={refusalActions}
        names={names}
        uploadText={describeSync(model).upload.text}
        onDismiss={(kind, id) => void dismiss(kind, id)}
        onDismissAll={(kind) => void dismissAll(kind)}
      />
    )
  },
})
