import { createFileRoute } from '@tanstack/react-router'
import { VentaProductosPage } from '@/features/venta-productos/venta-productos-page.tsx'
import { useVentaProductos } from '@/features/venta-productos/use-venta-productos.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'

export const Route = createFileRoute('/control-citas/compra-productos')({
  validateSearch: validarBusquedaLista,
  component: function CompraProductos() {
    return <VentaProductosPage store={useVentaProductos()} />
  },
})
