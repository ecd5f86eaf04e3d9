/** The Tratamientos screen's data: tb_tratamientos live, the device's stock, the ledger writes. */
import { useMemo } from 'react'
import { countUsos, type StockMovement, type Tratamiento } from '@/domain/tratamientos.ts'
import type { TratamientoDoc } from '@sync/tables/product-tables.ts'
import { findDocs } from '@/lib/db/reads.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useStock } from '@/lib/db/use-live-query.ts'
import { insertDoc, newId } from '@/lib/db/writes.ts'
import type { TratamientosStore } from './tratamientos-store.ts'

const newestFirst = { sort: [{ created_at: 'desc' as const }] }

const leerTratamiento = fromDoc('tb_tratamientos', [
  'id_tratamiento',
  'nombre',
  'descripcion',
  'categoria',
  'tipo',
  'costo',
  'duracion_estimada_minutos',
  'comision',
  'notas_internas',
  'activo',
  'tr_cantidad',
  'stock_en_revision',
  'created_at',
])

/** The column is text on the server; the screen knows its two values. */
function toTratamiento(d: TratamientoDoc): Tratamiento {
  const row = leerTratamiento(d)
  return { ...row, tipo: row.tipo === 'producto' ? 'producto' : 'tratamiento' }
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
