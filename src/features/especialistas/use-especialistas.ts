/** The Especialistas screen's data: the local tb_especialistas, and how many live citas each one has. */
import { useMemo } from 'react'
import type { Especialista } from '@/domain/especialistas.ts'
import type { EspecialistaDoc } from '@sync/tables/product-tables.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useLiveQuery } from '@/lib/db/use-live-query.ts'
import type { CitasPorEspecialista, EspecialistasStore } from './especialistas-store.ts'

const toEspecialista: (d: EspecialistaDoc) => Especialista = fromDoc('tb_especialistas', [
  'id_especialista',
  'nombre',
  'apellido',
  'especialidad',
  'email',
  'telefono',
  'dias_trabajo',
  'hora_inicio_trabajo',
  'hora_fin_trabajo',
  'activo',
])

/** The page sorts (apellido, nombre, Spanish collation), so no query order here. */
export function useEspecialistas(): EspecialistasStore {
  return useCollection('tb_especialistas', { map: toEspecialista })
}

/** Every live cita counts, whatever its state: a cancelled one still names its specialist. */
export function useCitasPorEspecialista(): CitasPorEspecialista {
  const { data } = useLiveQuery('tb_citas')
  return useMemo(() => {
    const counts = new Map<string, number>()
    for (const cita of data) if (cita.id_especialista) counts.set(cita.id_especialista, (counts.get(cita.id_especialista) ?? 0) + 1)
    return counts
  }, [data])
}
