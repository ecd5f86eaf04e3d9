/** The Egresos screen's data: tb_egresos live from the local database (admin-only table). */
import { useMemo } from 'react'
import { egresoDeDoc } from '@/lib/db/admin-rows.ts'
import { knownIds } from '@/lib/db/reads.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import type { EgresosStore } from './egresos-store.ts'

// Spec 2 §7: all of tb_egresos, newest first (the month's lists are filtered on the device).
const newestFirst = { sort: [{ created_at: 'desc' as const }] }

export function useEgresos(): EgresosStore {
  const collection = useCollection('tb_egresos', { query: newestFirst, map: egresoDeDoc })
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
