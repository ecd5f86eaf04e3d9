/** What the Citas Programadas screen needs from the device (use-citas.ts builds it from the local database). */
import type { CitaAgenda } from '@/domain/agenda-slots.ts'
import type { CitaEditable, PacienteCita } from '@/domain/cita-forms.ts'
import type { RechazoCita } from '@/domain/cita-reagendada.ts'
import type { CitaLista } from '@/domain/citas-dia.ts'
import type { AgendaCatalogo } from '@/lib/db/use-agenda-catalogo.ts'
import type { UseCitasDia } from '@/lib/db/use-citas-dia.ts'
import type { CollectionState } from '@/lib/db/use-collection.ts'

export interface Cita extends CitaLista, CitaAgenda, CitaEditable {
  id_paciente: string | null
  id_especialista: string | null
  telefono_cliente: string | null
  monto_adelanto: number
}

export interface CitasStore extends AgendaCatalogo {
  /** The screen's day's citas (only that day is read), with the writes. */
  citas: CollectionState<'tb_citas', Cita>
  /** Any day's citas, live, for the slots of a dialog whose date is not the screen's. */
  useCitasDia: UseCitasDia
  /** The device's patients, for the day view's new cita (read only while its dialog is open). */
  usePacientes: () => CollectionState<'tb_pacientes', PacienteCita>
  /** The allergies/contraindications note of a cita's patient, read while a dialog shows it (0053). */
  useAlergias: (idPaciente: string | null) => string | null
  /** Writes the server refused on this device, for 'Elegir otro horario' (use-reagendar.ts). */
  useRechazos: () => RechazosCitas
}

export interface RechazosCitas {
  rechazos: ReadonlyArray<RechazoCita & { id: string; reason: string }>
  /** Takes a refusal off 'Problemas de sincronización' (what was typed lives in a new cita now). */
  descartar(id: string): Promise<void>
}
