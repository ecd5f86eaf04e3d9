/** What the Horarios screen needs from the local database (use-horarios.ts). */
import type { Horario } from '@/domain/horarios.ts'
import type { CollectionState } from '@/lib/db/use-collection.ts'

export type HorariosStore = CollectionState<'tb_horarios', Horario>
