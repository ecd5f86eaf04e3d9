import { createFileRoute } from '@tanstack/react-router'
import { CierreCajaPage } from '@/features/cierre-caja/cierre-caja-page.tsx'
import { useCierreCaja } from '@/features/cierre-caja/use-cierre-caja.ts'
import { diaSeleccionado, validarBusquedaPagos } from '@/domain/pagos-dia-busqueda.ts'
import { peruToday } from '@/domain/peru-time.ts'

/** /control-citas/cierre-caja (docs/decisions/0038-cierre-de-caja.md): the day's cash close; `?dia=` as in Pagos. */
export const Route = createFileRoute('/control-citas/cierre-caja')({
  validateSearch: validarBusquedaPagos,
  component: function CierreCaja() {
    const hoy = peruToday()
    const dia = diaSeleccionado(Route.useSearch(), hoy)
    const navigate = Route.useNavigate()
    const onDia = (valor: string) => void navigate({ search: valor && valor !== hoy ? { dia: valor } : {}, replace: true })
    return <CierreCajaPage store={useCierreCaja(dia)} dia={dia} hoy={hoy} onDia={onDia} />
  },
})
