/**
 * Registers a client as a patient on the spot, from a reservation request (Reservas'
 * Confirmar) or from the day view's new cita: the patient with that e-mail when the
 * device has one, else a new one (src/domain/reservas.ts `pacienteParaReserva`), with the
 * Pacientes screen's toasts. The write is local, so it works offline.
 */
import type { PacienteCita } from '@/domain/cita-forms.ts'
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { pacienteToasts } from '@/domain/pacientes.ts'
import { pacienteParaReserva, type PacienteContacto } from '@/domain/reservas.ts'
import type { CollectionState } from '@/lib/db/use-collection.ts'
import { errorText, toast, toastError } from '@/lib/toast/toast-store.ts'

/** Resolves to the patient's id, or null when the write failed (the toast says why). */
export async function registrarPaciente(contacto: PacienteContacto, pacientes: CollectionState<'tb_pacientes', PacienteCita>): Promise<string | null> {
  const found = pacienteParaReserva(contacto, pacientes.rows)
  if ('existente' in found) return found.existente.id_paciente
  try {
    const paciente = await pacientes.create(found.nuevo)
    toast({ ...pacienteToasts.created(nombreCompleto(found.nuevo)), variant: 'success' })
    return paciente.id_paciente
  } catch (e) {
    toastError(pacienteToasts.saveError(false, errorText(e)))
    return null
  }
}
