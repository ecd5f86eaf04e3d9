import { createFileRoute } from '@tanstack/react-router'
import { consultarTipoCambio } from '@/features/egresos/consultar-tipo-cambio.ts'
import { EgresosPage } from '@/features/egresos/egresos-page.tsx'
import { validarBusquedaEgresos } from '@/features/egresos/egresos-search.ts'
import { useEgresos } from '@/features/egresos/use-egresos.ts'

export const Route = createFileRoute('/control-citas/egresos')({
  validateSearch: validarBusquedaEgresos,
  component: function Egresos() {
    return <EgresosPage store={useEgresos()} consultarTipoCambio={consultarTipoCambio} />
  },
})
