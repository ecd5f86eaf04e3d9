/** The Pacientes screen's data: the local tb_pacientes collection, live, newest first. */
import type { Paciente } from '@/domain/pacientes.ts'
import type { PacienteDoc } from '@sync/tables/product-tables.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import type { PacientesStore } from './pacientes-store.ts'

const newestFirst = { sort: [{ created_at: 'desc' as const }] }

function toPaciente(doc: PacienteDoc): Paciente {
  return {
    id_paciente: doc.id_paciente,
    created_at: doc.created_at,
    nombre: doc.nombre,
    apellido: doc.apellido,
    dni: doc.dni ?? null,
    telefono: doc.telefono ?? null,
    email: doc.email ?? null,
    fecha_nacimiento: doc.fecha_nacimiento ?? null,
    direccion: doc.direccion ?? null,
    historial_medico: doc.historial_medico ?? null,
    nro_historia: doc.nro_historia ?? null,
  }
}

export function usePacientes(): PacientesStore {
  return useCollection('tb_pacientes', { query: newestFirst, map: toPaciente })
}
