import { createFileRoute } from '@tanstack/react-router'
import { ReportePagosSection } from '@/features/reporte-pagos/reporte-pagos-section.tsx'
import { validateReporteSearch } from '@/features/reporte-pagos/reporte-pagos-search.ts'
import { useReportePagos } from '@/features/reporte-pagos/use-reporte-pagos.ts'
import { PageHeader } from '@/lib/ui/page-header.tsx'

/** /control-citas/pagos (spec 2 §2.6): the Pagos screen, with the payments report under it. */
export const Route = createFileRoute('/control-citas/pagos')({
  validateSearch: validateReporteSearch,
  component: function Pagos() {
    return (
      <>
        <PageHeader title="Pagos" lead="Pagos finales de las citas y reporte de pagos realizados." />
        <ReportePagosSection store={useReportePagos()} />
      </>
    )
  },
})
