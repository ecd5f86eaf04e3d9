import { createFileRoute } from '@tanstack/react-router'
import { ReservasPage } from '@/features/reservas/reservas-page.tsx'
import { useReservas } from '@/features/reservas/use-reservas.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'

export const Route = createFileRoute('/control-citas/reservas')({
  validateSearch: validarBusquedaLista,
  component: function Reservas() {
    return <ReservasPage store={useReservas()} />
  },
})
