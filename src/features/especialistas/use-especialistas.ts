/** The Especialistas screen's data: the local tb_especialistas, and how many live citas each one has. */
import { useMemo } from 'react'
import type { Especialista } from '@/domain/especialistas.ts'
import type { EspecialistaDoc } from '@sync/tables/product-tables.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useLiveQuery } from '@/lib/db/use-live-query.ts'
import type { CitasPorEspecialista, EspecialistasStore } from './especialistas-store.ts'

function toEspecialista(doc: EspecialistaDoc): Especialista {
  return {
    id_especialista: doc.id_especialista,
    nombre: doc.nombre,
    apellido: doc.apellido,
    especialidad: doc.especialidad,
    email: doc.email ?? null,
    telefono: doc.telefono ?? null,
    dias_trabajo: doc.dias_trabajo ?? null,
    hora_inicio_trabajo: doc.hora_inicio_trabajo ?? null,
    hora_fin_trabajo: doc.hora_fin_trabajo ?? null,
    activo: doc.activo,
  }
}

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
