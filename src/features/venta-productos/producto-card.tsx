/** A product card (spec 2 §2.8, §9): name, price, the device's stock label, 'Agregar'. */
import { memo } from 'react'
import { Button } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { formatSoles } from '@/domain/money.ts'
import type { ProductoEnVenta } from '@/domain/venta-productos.ts'
import type { ProductoVenta } from './venta-productos-store.ts'
import classes from './venta-productos.module.css'

export interface ProductoCardProps {
  item: ProductoEnVenta<ProductoVenta>
  /** Units of this product already in the cart. */
  enCarrito: number
  onAgregar: (p: ProductoVenta) => void
}

/** Memoised: a tap re-renders the card whose count changed, not all of them (the page passes a stable `onAgregar`). */
export const ProductoCard = memo(function ProductoCard({ item, enCarrito, onAgregar }: ProductoCardProps) {
  const { producto, etiqueta } = item
  const tituloId = `producto-${producto.id_tratamiento}`
  return (
    <li className={classes.card} data-agotado={!etiqueta.vendible || undefined} aria-labelledby={tituloId}>
      <h3 id={tituloId} className={classes.cardTitle}>
        {producto.nombre}
      </h3>
      <p className={classes.price}>{formatSoles(producto.costo)}</p>
      <p className={classes.stock} data-nivel={etiqueta.nivel}>
        {etiqueta.texto}
      </p>
      {enCarrito > 0 && <p className={classes.inCart}>En el carrito: {enCarrito}</p>}
      <Button
        radius="xl"
        variant={etiqueta.vendible ? 'filled' : 'default'}
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={!etiqueta.vendible}
        aria-label={`Agregar ${producto.nombre} al carrito`}
        onClick={() => onAgregar(producto)}
      >
        Agregar
      </Button>
    </li>
  )
})
