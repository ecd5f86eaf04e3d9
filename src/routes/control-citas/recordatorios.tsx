import { createFileRoute } from '@tanstack/react-router'
import { RecordatoriosPage } from '@/features/recordatorios/recordatorios-page.tsx'
import { useRecordatorios } from '@/features/recordatorios/use-recordatorios.ts'

/** /control-citas/recordatorios (docs/decisions/0056-recordatorios.md): WhatsApp reminders for the next open day. */
export const Route = createFileRoute('/control-citas/recordatorios')({
  component: function Recordatorios() {
    return <RecordatoriosPage store={useRecordatorios()} />
  },
})
