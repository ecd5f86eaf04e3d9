/** The Pacientes screen's data: the local tb_pacientes collection, live (src/lib/db). */
import { useMemo } from 'react'
import type { Paciente, PacienteFields } from '@/domain/pacientes.ts'
import type { PacienteDoc } from '@sync/tables/product-tables.ts'
import { useLiveQuery } from '@/lib/db/use-live-query.ts'
import { insertDoc, newId, patchDoc, removeDoc } from '@/lib/db/writes.ts'
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
  const { data, loading, error } = useLiveQuery('tb_pacientes', newestFirst)
  const pacientes = useMemo(() => data.map(toPaciente), [data])
  return useMemo(
    () => ({
      status: error ? 'error' : loading ? 'loading' : 'ready',
      pacientes,
      create: async (fields: PacienteFields) => toPaciente(await insertDoc('tb_pacientes', { id_paciente: newId(), ...fields })),
      update: async (id: string, fields: PacienteFields) => {
        await patchDoc('tb_pacientes', id, fields)
      },
      remove: (id: string) => removeDoc('tb_pacientes', id),
    }),
    [pacientes, loading, error],
  )
}
