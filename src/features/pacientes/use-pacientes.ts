/** The Pacientes screen's data: the local tb_pacientes collection, live, newest first. */
import type { Paciente } from '@/domain/pacientes.ts'
import type { PacienteDoc } from '@sync/tables/product-tables.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import type { PacientesStore } from './pacientes-store.ts'

const newestFirst = { sort: [{ created_at: 'desc' as const }] }

const toPaciente: (d: PacienteDoc) => Paciente = fromDoc('tb_pacientes', [
  'id_paciente',
  'created_at',
  'nombre',
  'apellido',
  'dni',
  'telefono',
  'email',
  'fecha_nacimiento',
  'direccion',
  'historial_medico',
  'alergias',
  'nro_historia',
])

export function usePacientes(): PacientesStore {
  return useCollection('tb_pacientes', { query: newestFirst, map: toPaciente })
}
