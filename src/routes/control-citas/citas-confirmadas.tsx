import { createFileRoute } from '@tanstack/react-router'
import { CitasPage } from '@/features/citas/citas-page.tsx'
import { useFechaCitas, validarBusquedaCitas } from '@/features/citas/citas-search.ts'
import { useCitas } from '@/features/citas/use-citas.ts'

export const Route = createFileRoute('/control-citas/citas-confirmadas')({
  validateSearch: validarBusquedaCitas,
  component: function CitasConfirmadas() {
    return <CitasPage store={useCitas(useFechaCitas().fecha)} />
  },
})
