/**
 * The Horarios screen's data: the local tb_horarios collection, live (the page puts the
 * days in order), and a one-off read of the citas from today on for the warning before
 * saving new hours.
 */
import { useMemo } from 'react'
import type { Horario } from '@/domain/horarios.ts'
import type { HorarioDoc } from '@sync/tables/product-tables.ts'
import { citasDesde } from '@/lib/db/citas-desde.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import type { HorariosStore } from './horarios-store.ts'

const toHorario: (d: HorarioDoc) => Horario = fromDoc('tb_horarios', [
  'id_horario',
  'dia_semana',
  'orden_dia',
  'esta_abierto',
  'hora_apertura',
  'hora_cierre',
  'descanso_inicio',
  'descanso_fin',
])

export function useHorarios(): HorariosStore {
  const collection = useCollection('tb_horarios', { map: toHorario })
  return useMemo(() => ({ ...collection, citasDesde }), [collection])
}
