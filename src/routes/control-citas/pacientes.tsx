import { createFileRoute } from '@tanstack/react-router'
import { PacientesPage } from '@/features/pacientes/pacientes-page.tsx'
import { usePacientes } from '@/features/pacientes/use-pacientes.ts'

export const Route = createFileRoute('/control-citas/pacientes')({
  component: function Pacientes() {
    return <PacientesPage store={usePacientes()} />
  },
})
