/**
 * The Reservas screen's data, all from the local database so the screen, its slots and
 * its writes work offline (docs/spec/3-product-decisions.md "Agenda and slots"); the sync
 * layer uploads the writes.
 */
import { useMemo } from 'react'
import type { CitaDoc, EspecialistaDoc, PacienteDoc, ReservaDoc, TratamientoDoc } from '@sync/tables/product-tables.ts'
import type { PacienteCita } from '@/domain/cita-forms.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useLiveQuery } from '@/lib/db/use-live-query.ts'
import type { CitaReserva, EspecialistaReserva, Reserva, ReservasStore, TratamientoReserva } from './reservas-store.ts'

function toReserva(d: ReservaDoc): Reserva {
  return {
    id_reserva: d.id_reserva,
    nombre_cliente: d.nombre_cliente,
    email_cliente: d.email_cliente ?? null,
    telefono_cliente: d.telefono_cliente ?? null,
    id_tratamiento: d.id_tratamiento,
    nombre_tratamiento: d.nombre_tratamiento ?? null,
    fecha_reserva: d.fecha_reserva,
    hora_reserva: d.hora_reserva ?? null,
    mensaje_adicional: d.mensaje_adicional ?? null,
    estado_reserva: d.estado_reserva,
  }
}

function toCita(d: CitaDoc): CitaReserva {
  return {
    id_cita: d.id_cita,
    id_reserva_origen: d.id_reserva_origen ?? null,
    id_especialista: d.id_especialista ?? null,
    fecha_cita: d.fecha_cita,
    hora_inicio: d.hora_inicio,
    hora_fin: d.hora_fin ?? null,
    estado_cita: d.estado_cita,
  }
}

function toPaciente(d: PacienteDoc): PacienteCita {
  return { id_paciente: d.id_paciente, nombre: d.nombre, apellido: d.apellido, email: d.email ?? null, telefono: d.telefono ?? null }
}

function toEspecialista(d: EspecialistaDoc): EspecialistaReserva {
  return {
    id_especialista: d.id_especialista,
    nombre: d.nombre,
    apellido: d.apellido,
    especialidad: d.especialidad,
    dias_trabajo: d.dias_trabajo ?? null,
    hora_inicio_trabajo: d.hora_inicio_trabajo ?? null,
    hora_fin_trabajo: d.hora_fin_trabajo ?? null,
    activo: d.activo,
  }
}

function toTratamiento(d: TratamientoDoc): TratamientoReserva {
  return { id_tratamiento: d.id_tratamiento, nombre: d.nombre, tipo: d.tipo, activo: d.activo, duracion_estimada_minutos: d.duracion_estimada_minutos ?? null }
}

export function useReservas(): ReservasStore {
  const reservas = useCollection('tb_reservas', { map: toReserva })
  const citas = useCollection('tb_citas', { map: toCita })
  const pacientes = useCollection('tb_pacientes', { map: toPaciente })
  const especialistas = useLiveQuery('tb_especialistas').data
  const tratamientos = useLiveQuery('tb_tratamientos').data
  const horarios = useLiveQuery('tb_horarios').data
  const formasPago = useLiveQuery('tb_formapago').data
  const especialistaRows = useMemo(() => especialistas.map(toEspecialista), [especialistas])
  const tratamientoRows = useMemo(() => tratamientos.map(toTratamiento), [tratamientos])
  return useMemo(
    () => ({ reservas, citas, pacientes, especialistas: especialistaRows, tratamientos: tratamientoRows, horarios, formasPago }),
    [reservas, citas, pacientes, especialistaRows, tratamientoRows, horarios, formasPago],
  )
}
