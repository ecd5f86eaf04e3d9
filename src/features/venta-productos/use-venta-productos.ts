/**
 * The Venta de Productos screen's data, all local (docs/architecture.md §3): products and
 * their device stock, clients, payment methods, and the two inserts of a sale. The sync
 * layer uploads them later; the server turns the payment's items into stock movements
 * (docs/decisions/0009-caja.md "Direct sale").
 */
import { useMemo } from 'react'
import type { ClienteVenta } from '@/domain/venta-productos.ts'
import type { PacienteDoc, TratamientoDoc } from '@sync/tables/product-tables.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useStock } from '@/lib/db/use-live-query.ts'
import { insertDoc, removeDoc } from '@/lib/db/writes.ts'
import type { ProductoVenta, VentaProductosStore } from './venta-productos-store.ts'

// Spec 2 §7: "for the sale screen tipo must be producto" (tipo is indexed locally).
const soloProductos = { selector: { tipo: 'producto' } }

const toProducto: (d: TratamientoDoc) => ProductoVenta = fromDoc('tb_tratamientos', ['id_tratamiento', 'nombre', 'tipo', 'costo', 'activo', 'stock_en_revision'])

const toCliente: (d: PacienteDoc) => ClienteVenta = fromDoc('tb_pacientes', ['id_paciente', 'nombre', 'apellido', 'email', 'telefono'])

// Only written, never listed here: no live query over every appointment and payment.
const citas: VentaProductosStore['citas'] = {
  create: (row) => insertDoc('tb_citas', row),
  remove: (id) => removeDoc('tb_citas', id),
}
const pagos: VentaProductosStore['pagos'] = { create: (row) => insertDoc('tb_pagos_citas', row) }

export function useVentaProductos(): VentaProductosStore {
  const productos = useCollection('tb_tratamientos', { query: soloProductos, map: toProducto })
  const clientes = useCollection('tb_pacientes', { map: toCliente })
  const formasPago = useCollection('tb_formapago')
  const stock = useStock()
  return useMemo(
    () => ({ productos, clientes, stock, formasPago: formasPago.rows, citas, pagos }),
    [productos, clientes, stock, formasPago.rows],
  )
}
