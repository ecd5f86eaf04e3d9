/** What the Pacientes screen needs from the local database (implemented in use-pacientes.ts). */
import type { Paciente, PacienteFields } from '@/domain/pacientes.ts'

export interface PacientesStore {
  status: 'loading' | 'ready' | 'error'
  /** Live patients (not deleted), newest first. */
  pacientes: readonly Paciente[]
  create(fields: PacienteFields): Promise<Paciente>
  update(id: string, fields: PacienteFields): Promise<void>
  /** Soft delete: `_deleted` is set and the server learns it on the next sync. */
  remove(id: string): Promise<void>
}
