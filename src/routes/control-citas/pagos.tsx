import { createFileRoute } from '@tanstack/react-router'
import { PagosPage } from '@/features/pagos/pagos-page.tsx'
import { usePagos } from '@/features/pagos/use-pagos.ts'
import { ReportePagosSection } from '@/features/reporte-pagos/reporte-pagos-section.tsx'
import { validarBusquedaReporte } from '@/features/reporte-pagos/reporte-pagos-search.ts'
import { useReportePagos } from '@/features/reporte-pagos/use-reporte-pagos.ts'
import { diaSeleccionado, validarBusquedaPagos } from '@/domain/pagos-dia-busqueda.ts'
import { peruToday } from '@/domain/peru-time.ts'

/** /control-citas/pagos (spec 2 §2.6): the day's pending final payments, with the payments report under them. */
export const Route = createFileRoute('/control-citas/pagos')({
  validateSearch: (search: Record<string, unknown>) => ({ ...validarBusquedaPagos(search), ...validarBusquedaReporte(search) }),
  component: function Pagos() {
    const search = Route.useSearch()
    return (
      <>
        <PagosPage store={usePagos(diaSeleccionado(search, peruToday()))} search={search} />
        <ReportePagosSection store={useReportePagos()} />
      </>
    )
  },
})
