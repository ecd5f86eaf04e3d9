/** What the Horarios screen needs from the local database (use-horarios.ts). */
import type { Horario } from '@/domain/horarios.ts'
import type { CitaConEspecialista } from '@/lib/db/citas-desde.ts'
import type { CollectionState } from '@/lib/db/use-collection.ts'

/** A booked cita as the warning before saving lists it. */
export type CitaAviso = CitaConEspecialista

export type HorariosStore = CollectionState<'tb_horarios', Horario> & {
  /**
   * The citas dated `hoy` (YYYY-MM-DD) or later, read once at the moment a day is saved
   * (docs/decisions/0034-entradas-veraces.md): the screen never keeps them live.
   */
  citasDesde(hoy: string): Promise<readonly CitaAviso[]>
}
