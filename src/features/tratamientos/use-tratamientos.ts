/** The Tratamientos screen's data: tb_tratamientos live, the device's stock, the ledger writes. */
import { useMemo } from 'react'
import { countUsos, type StockMovement, type Tratamiento } from '@/domain/tratamientos.ts'
import type { TratamientoDoc } from '@sync/tables/product-tables.ts'
import { findDocs } from '@/lib/db/reads.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useStock } from '@/lib/db/use-live-query.ts'
import { insertDoc, newId } from '@/lib/db/writes.ts'
import type { TratamientosStore } from './tratamientos-store.ts'

const newestFirst = { sort: [{ created_at: 'desc' as const }] }

function toTratamiento(d: TratamientoDoc): Tratamiento {
  return {
    id_tratamiento: d.id_tratamiento,
    nombre: d.nombre,
    descripcion: d.descripcion ?? null,
    categoria: d.categoria ?? null,
    tipo: d.tipo === 'producto' ? 'producto' : 'tratamiento',
    costo: Number(d.costo),
    duracion_estimada_minutos: d.duracion_estimada_minutos ?? null,
    comision: d.comision === null || d.comision === undefined ? null : Number(d.comision),
    notas_internas: d.notas_internas ?? null,
    activo: d.activo,
    tr_cantidad: d.tr_cantidad ?? 0,
    stock_en_revision: d.stock_en_revision === true,
    created_at: d.created_at,
  }
}

/** A product's stock never changes as a number: each change is a ledger row (docs/spec/3-product-decisions.md). */
async function record(id: string, movement: StockMovement | null) {
  if (movement) await insertDoc('tb_movimientos_stock', { id_movimiento: newId(), id_tratamiento: id, ...movement })
}

export function useTratamientos(): TratamientosStore {
  const collection = useCollection('tb_tratamientos', { query: newestFirst, map: toTratamiento })
  const stock = useStock()
  return useMemo(
    () => ({
      status: collection.status,
      rows: collection.rows,
      stock,
      async create(fields, movement) {
        const doc = await collection.create(fields)
        await record(doc.id_tratamiento, movement)
      },
      async update(id, fields, movement) {
        await collection.update(id, fields)
        await record(id, movement)
      },
      remove: collection.remove,
      async usos(id) {
        const [pagos, reservas, citas] = await Promise.all([findDocs('tb_pagos_citas'), findDocs('tb_reservas'), findDocs('tb_citas')])
        return countUsos(id, { pagos, reservas, citas })
      },
    }),
    [collection, stock],
  )
}
