import { createFileRoute } from '@tanstack/react-router'
import { EspecialistasPage } from '@/features/especialistas/especialistas-page.tsx'
import { useCitasPorEspecialista, useEspecialistas } from '@/features/especialistas/use-especialistas.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'

export const Route = createFileRoute('/control-citas/especialistas')({
  validateSearch: validarBusquedaLista,
  component: function Especialistas() {
    return <EspecialistasPage store={useEspecialistas()} citasPorEspecialista={useCitasPorEspecialista()} />
  },
})
