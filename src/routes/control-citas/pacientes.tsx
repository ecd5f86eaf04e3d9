import { createFileRoute } from '@tanstack/react-router'
import { PacientesPage } from '@/features/pacientes/pacientes-page.tsx'
import { usePacientes } from '@/features/pacientes/use-pacientes.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'

export const Route = createFileRoute('/control-citas/pacientes')({
  validateSearch: validarBusquedaLista,
  component: function Pacientes() {
    return <PacientesPage store={usePacientes()} />
  },
})
