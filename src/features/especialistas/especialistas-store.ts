/** What the Especialistas screen needs from the local database (use-especialistas.ts). */
import type { Especialista } from '@/domain/especialistas.ts'
import type { CollectionState } from '@/lib/db/use-collection.ts'

export type EspecialistasStore = CollectionState<'tb_especialistas', Especialista>

/** Live citas on this device per id_especialista (the delete guard). */
export type CitasPorEspecialista = ReadonlyMap<string, number>
