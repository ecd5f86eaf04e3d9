/**
 * The Horarios screen's data: the local tb_horarios collection, live (the page puts the
 * days in order), and a one-off read of the citas from today on for the warning before
 * saving new hours.
 */
import { useMemo } from 'react'
import type { Horario } from '@/domain/horarios.ts'
import type { HorarioDoc } from '@sync/tables/product-tables.ts'
import { citasDesde } from '@/lib/db/citas-desde.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import type { HorariosStore } from './horarios-store.ts'

function toHorario(doc: HorarioDoc): Horario {
  return {
    id_horario: doc.id_horario,
    dia_semana: doc.dia_semana,
    orden_dia: doc.orden_dia,
    esta_abierto: doc.esta_abierto,
    hora_apertura: doc.hora_apertura ?? null,
    hora_cierre: doc.hora_cierre ?? null,
    descanso_inicio: doc.descanso_inicio ?? null,
    descanso_fin: doc.descanso_fin ?? null,
  }
}

export function useHorarios(): HorariosStore {
  const collection = useCollection('tb_horarios', { map: toHorario })
  return useMemo(() => ({ ...collection, citasDesde }), [collection])
}
