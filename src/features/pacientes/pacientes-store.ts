/** What the Pacientes screen needs from the local database (use-pacientes.ts). */
import type { Paciente } from '@/domain/pacientes.ts'
import type { CollectionState } from '@/lib/db/use-collection.ts'

export type PacientesStore = CollectionState<'tb_pacientes', Paciente>
