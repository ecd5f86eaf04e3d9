import { createFileRoute } from '@tanstack/react-router'
import { TratamientosPage } from '@/features/tratamientos/tratamientos-page.tsx'
import { useTratamientos } from '@/features/tratamientos/use-tratamientos.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'

export const Route = createFileRoute('/control-citas/tratamientos')({
  validateSearch: validarBusquedaLista,
  component: function Tratamientos() {
    return <TratamientosPage store={useTratamientos()} />
  },
})
