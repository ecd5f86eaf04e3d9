/** What the Citas Programadas screen needs from the device (use-citas.ts builds it from the local database). */
import type { CitaAgenda, EspecialistaAgenda, HorarioSemana } from '@/domain/agenda-slots.ts'
import type { CitaEditable, TratamientoCita } from '@/domain/cita-forms.ts'
import type { CitaLista } from '@/domain/citas-dia.ts'
import type { FormaPagoFila } from '@/domain/formas-pago.ts'
import type { CollectionState } from '@/lib/db/use-collection.ts'

export interface Cita extends CitaLista, CitaAgenda, CitaEditable {
  id_especialista: string | null
  telefono_cliente: string | null
  monto_adelanto: number
}

export interface EspecialistaCita extends EspecialistaAgenda {
  nombre: string
  apellido: string
  especialidad: string
  activo: boolean
}

export interface TratamientoCitaFila extends TratamientoCita {
  tipo: string
  activo: boolean
}

export interface CitasStore {
  /** Every live cita: the list shows one day's; the slots need the chosen day's. */
  citas: CollectionState<'tb_citas', Cita>
  especialistas: readonly EspecialistaCita[]
  tratamientos: readonly TratamientoCitaFila[]
  horarios: readonly HorarioSemana[]
  formasPago: readonly FormaPagoFila[]
}
