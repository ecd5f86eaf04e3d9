/** The Egresos screen's data: tb_egresos live from the local database (admin-only table). */
import { useMemo } from 'react'
import type { Egreso } from '@/domain/egresos.ts'
import type { EgresoDoc } from '@sync/tables/product-tables.ts'
import { knownIds } from '@/lib/db/reads.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import type { EgresosStore } from './egresos-store.ts'

// Spec 2 §7: all of tb_egresos, newest first (the month's lists are filtered on the device).
const newestFirst = { sort: [{ created_at: 'desc' as const }] }

function toEgreso(d: EgresoDoc): Egreso {
  return {
    id_egreso: d.id_egreso,
    tipo_egreso: d.tipo_egreso,
    descripcion: d.descripcion,
    tipo_cambio: d.tipo_cambio ?? null,
    monto_soles: d.monto_soles,
    monto_dolares: d.monto_dolares,
    descripcion_adicional: d.descripcion_adicional ?? null,
    mes: d.mes,
    anio: d.anio,
    fecha: d.fecha ?? null,
    id_egreso_origen: d.id_egreso_origen ?? null,
    created_at: d.created_at,
  }
}

export function useEgresos(): EgresosStore {
  const collection = useCollection('tb_egresos', { query: newestFirst, map: toEgreso })
  return useMemo(
    () => ({
      status: collection.status,
      rows: collection.rows,
      async create(datos) {
        await collection.create(datos)
      },
      async update(id, datos) {
        await collection.update(id, datos)
      },
      remove: collection.remove,
      idsConocidos: (ids) => knownIds('tb_egresos', ids),
    }),
    [collection],
  )
}
