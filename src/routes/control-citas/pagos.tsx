import { createFileRoute } from '@tanstack/react-router'
import { PagosPage } from '@/features/pagos/pagos-page.tsx'
import { usePagos } from '@/features/pagos/use-pagos.ts'
import { diaSeleccionado, validatePagosSearch } from '@/domain/pagos-dia.ts'
import { peruToday } from '@/domain/peru-time.ts'

export const Route = createFileRoute('/control-citas/pagos')({
  validateSearch: validatePagosSearch,
  component: function Pagos() {
    const search = Route.useSearch()
    return <PagosPage store={usePagos(diaSeleccionado(search, peruToday()))} search={search} />
  },
})
