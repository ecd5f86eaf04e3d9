/** What the Reservas screen needs from the device (use-reservas.ts builds it from the local database). */
import type { CitaAgenda, EspecialistaAgenda, HorarioSemana } from '@/domain/agenda-slots.ts'
import type { PacienteCita, TratamientoCita } from '@/domain/cita-forms.ts'
import type { FormaPagoFila } from '@/domain/formas-pago.ts'
import type { CitaDeReserva, ReservaLista, TratamientoReservable } from '@/domain/reservas.ts'
import type { CollectionState } from '@/lib/db/use-collection.ts'

export interface Reserva extends ReservaLista {
  mensaje_adicional: string | null
}

/** What a cita tells this screen: which request it came from and which time it holds. */
export type CitaReserva = CitaDeReserva & CitaAgenda

export interface EspecialistaReserva extends EspecialistaAgenda {
  nombre: string
  apellido: string
  especialidad: string
  activo: boolean
}

export type TratamientoReserva = TratamientoReservable & TratamientoCita

export interface ReservasStore {
  reservas: CollectionState<'tb_reservas', Reserva>
  /** Every live cita: the list hides requests that have one; the slots need that day's. */
  citas: CollectionState<'tb_citas', CitaReserva>
  pacientes: CollectionState<'tb_pacientes', PacienteCita>
  especialistas: readonly EspecialistaReserva[]
  tratamientos: readonly TratamientoReserva[]
  horarios: readonly HorarioSemana[]
  formasPago: readonly FormaPagoFila[]
}
