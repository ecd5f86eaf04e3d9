/** What the Venta de Productos screen needs from the device (use-venta-productos.ts builds it). */
import type { ClienteVenta, CitaVentaDirecta } from '@/domain/venta-productos.ts'
import type { FormaPagoFila } from '@/domain/formas-pago.ts'
import type { ProductoCatalogo } from '@/domain/items-pago.ts'
import type { PagoNuevo } from '@/domain/pago-final.ts'
import type { CollectionState } from '@/lib/db/use-collection.ts'

export interface ProductoVenta extends ProductoCatalogo {
  costo: number
  activo: boolean
  stock_en_revision: boolean
}

export interface VentaProductosStore {
  /** tb_tratamientos (products only are shown): its status is the screen's. */
  productos: CollectionState<'tb_tratamientos', ProductoVenta>
  /** Units a product has on this device (server ledger minus unacknowledged local sales). */
  stock: ReadonlyMap<string, number>
  /** The clients: the local tb_pacientes. */
  clientes: CollectionState<'tb_pacientes', ClienteVenta>
  formasPago: readonly FormaPagoFila[]
  /** The virtual appointment 'Venta Directa' and its payment: inserted in that order. */
  citas: Pick<CollectionState<'tb_citas', CitaVentaDirecta>, 'create' | 'remove'>
  pagos: Pick<CollectionState<'tb_pagos_citas', PagoNuevo>, 'create'>
}
