/**
 * The agenda's reference data, live from the local database: specialists, treatments,
 * business hours and payment methods, shaped for the agenda rules (slots, the cita
 * forms). Every screen that books or edits citas (Reservas, Citas Programadas) reads
 * them the same way, so they work offline alike (docs/spec/3-product-decisions.md
 * "Agenda and slots").
 */
import { useMemo } from 'react'
import type { EspecialistaDoc, PacienteDoc, TratamientoDoc } from '@sync/tables/product-tables.ts'
import type { EspecialistaAgenda, HorarioSemana } from '@/domain/agenda-slots.ts'
import type { PacienteCita, TratamientoCita } from '@/domain/cita-forms.ts'
import type { FormaPagoFila } from '@/domain/formas-pago.ts'
import { fromDoc } from './from-doc.ts'
import { useCollection, type CollectionState } from './use-collection.ts'
import { useSharedCollection } from './use-shared-collection.ts'

export interface EspecialistaFila extends EspecialistaAgenda {
  nombre: string
  apellido: string
  especialidad: string
  activo: boolean
}

export interface TratamientoFila extends TratamientoCita {
  tipo: string
  activo: boolean
}

export interface AgendaCatalogo {
  especialistas: readonly EspecialistaFila[]
  tratamientos: readonly TratamientoFila[]
  horarios: readonly HorarioSemana[]
  formasPago: readonly FormaPagoFila[]
}

const toEspecialista: (d: EspecialistaDoc) => EspecialistaFila = fromDoc('tb_especialistas', [
  'id_especialista',
  'nombre',
  'apellido',
  'especialidad',
  'dias_trabajo',
  'hora_inicio_trabajo',
  'hora_fin_trabajo',
  'activo',
])

const toTratamiento: (d: TratamientoDoc) => TratamientoFila = fromDoc('tb_tratamientos', ['id_tratamiento', 'nombre', 'tipo', 'activo', 'duracion_estimada_minutos'])

export function useAgendaCatalogo(): AgendaCatalogo {
  // Shared and kept live between screens: opening the agenda again draws the
  // specialists' names in its first render (docs/decisions/0025-agenda-velocidad.md).
  const especialistas = useSharedCollection('tb_especialistas').data
  const tratamientos = useSharedCollection('tb_tratamientos').data
  const horarios = useSharedCollection('tb_horarios').data
  const formasPago = useSharedCollection('tb_formapago').data
  const especialistaRows = useMemo(() => especialistas.map(toEspecialista), [especialistas])
  const tratamientoRows = useMemo(() => tratamientos.map(toTratamiento), [tratamientos])
  return useMemo(
    () => ({ especialistas: especialistaRows, tratamientos: tratamientoRows, horarios, formasPago }),
    [especialistaRows, tratamientoRows, horarios, formasPago],
  )
}

const toPaciente: (d: PacienteDoc) => PacienteCita = fromDoc('tb_pacientes', ['id_paciente', 'nombre', 'apellido', 'email', 'telefono', 'alergias'])

/** The device's patients as the agenda's patient picker needs them, with the write that registers one on the spot. */
export function usePacientesCita(): CollectionState<'tb_pacientes', PacienteCita> {
  return useCollection('tb_pacientes', { map: toPaciente })
}
