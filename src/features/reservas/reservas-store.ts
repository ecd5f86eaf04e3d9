/** What the Reservas screen needs from the device (use-reservas.ts builds it from the local database). */
import type { CitaAgenda } from '@/domain/agenda-slots.ts'
import type { PacienteCita } from '@/domain/cita-forms.ts'
import type { CitaDeReserva, ReservaLista } from '@/domain/reservas.ts'
import type { AgendaCatalogo } from '@/lib/db/use-agenda-catalogo.ts'
import type { UseCitasDia } from '@/lib/db/use-citas-dia.ts'
import type { CollectionState } from '@/lib/db/use-collection.ts'

export interface Reserva extends ReservaLista {
  mensaje_adicional: string | null
}

/** What a cita tells this screen: which request it came from and which time it holds. */
export type CitaReserva = CitaDeReserva & CitaAgenda

export interface ReservasStore extends AgendaCatalogo {
  reservas: CollectionState<'tb_reservas', Reserva>
  /** Every live cita: the list hides requests that have one. */
  citas: CollectionState<'tb_citas', CitaReserva>
  /** One day's citas, live, for the confirm dialog's slots (read by the indexed date). */
  useCitasDia: UseCitasDia
  pacientes: CollectionState<'tb_pacientes', PacienteCita>
}
