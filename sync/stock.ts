/**
 * Stock as a device should show it (docs/architecture.md §3): the server's
 * `tr_cantidad` minus what this device sold or adjusted that the server has not
 * acknowledged yet. Stock is never pushed as a number: a sale is a payment whose items
 * the server turns into ledger rows, an adjustment is a ledger row; both are
 * insert-only, so "not acknowledged" is simply "never pulled back" (no `sync_xid`).
 */
import { combineLatest, map, type Observable } from 'rxjs'
import type { RxCollection } from 'rxdb'
import type { MovimientoStockDoc, PagoCitaDoc, TratamientoDoc } from './tables/product-tables.ts'

export interface PaymentItem {
  id_tratamiento?: unknown
  cantidad?: unknown
  tipo?: unknown
}

type Product = Pick<TratamientoDoc, 'id_tratamiento' | 'tr_cantidad' | 'tipo'>
type Payment = Pick<PagoCitaDoc, 'tratamientos_adicionales_info' | 'sync_xid'>
type Movement = Pick<MovimientoStockDoc, 'id_tratamiento' | 'cantidad' | 'sync_xid'>

/** Units by product: server stock plus this device's unacknowledged movements. */
export function availableStock(products: readonly Product[], payments: readonly Payment[], movements: readonly Movement[]): Map<string, number> {
  const stock = new Map<string, number>()
  for (const p of products) if (p.tipo === 'producto') stock.set(p.id_tratamiento, p.tr_cantidad ?? 0)
  for (const pay of payments) {
    if (pay.sync_xid) continue
    for (const item of (pay.tratamientos_adicionales_info ?? []) as PaymentItem[]) {
      const id = typeof item.id_tratamiento === 'string' ? item.id_tratamiento.toLowerCase() : null
      const units = Number(item.cantidad)
      if (!id || !stock.has(id) || !Number.isFinite(units)) continue
      stock.set(id, stock.get(id)! - units)
    }
  }
  for (const m of movements) {
    if (m.sync_xid || !stock.has(m.id_tratamiento)) continue
    stock.set(m.id_tratamiento, stock.get(m.id_tratamiento)! + m.cantidad)
  }
  return stock
}

type Collection<T> = RxCollection<T>

/** Live stock from the local collections (products, payments, ledger). */
export function stock$(collections: {
  tb_tratamientos: Collection<TratamientoDoc>
  tb_pagos_citas: Collection<PagoCitaDoc>
  tb_movimientos_stock: Collection<MovimientoStockDoc>
}): Observable<Map<string, number>> {
  const plain = <T>(docs: Array<{ toJSON(): unknown }>) => docs.map((d) => d.toJSON() as T)
  return combineLatest([
    collections.tb_tratamientos.find({ selector: { tipo: 'producto' } }).$.pipe(map((d) => plain<Product>(d))),
    collections.tb_pagos_citas.find({ selector: { sync_xid: { $eq: null } } }).$.pipe(map((d) => plain<Payment>(d))),
    collections.tb_movimientos_stock.find({ selector: { sync_xid: { $eq: null } } }).$.pipe(map((d) => plain<Movement>(d))),
  ]).pipe(map(([products, payments, movements]) => availableStock(products, payments, movements)))
}
