import { createFileRoute } from '@tanstack/react-router'
import { ConciliacionPage } from '@/features/conciliacion/conciliacion-page.tsx'
import { usePeriodoSearch, validarBusquedaPeriodo } from '@/features/conciliacion/periodo-search.ts'
import { useConciliacion } from '@/features/conciliacion/use-conciliacion.ts'

/** Admin only: the panel's guard (src/routes/control-citas.tsx) reads src/domain/panel-sections.ts. */
export const Route = createFileRoute('/control-citas/conciliacion-bancaria')({
  validateSearch: validarBusquedaPeriodo,
  component: function ConciliacionBancaria() {
    const [periodo, setPeriodo] = usePeriodoSearch()
    return <ConciliacionPage store={useConciliacion()} periodo={periodo} onPeriodo={setPeriodo} />
  },
})
