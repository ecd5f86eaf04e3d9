/**
 * The Citas Programadas screen's data, all from the local database so the list, its
 * slots and its writes work offline (docs/spec/3-product-decisions.md "Agenda and
 * slots"); the sync layer uploads the writes.
 */
import { useMemo } from 'react'
import type { CitaDoc, EspecialistaDoc, TratamientoDoc } from '@sync/tables/product-tables.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useLiveQuery } from '@/lib/db/use-live-query.ts'
import type { Cita, CitasStore, EspecialistaCita, TratamientoCitaFila } from './citas-store.ts'

function toCita(d: CitaDoc): Cita {
  return {
    id_cita: d.id_cita,
    id_especialista: d.id_especialista ?? null,
    id_tratamiento: d.id_tratamiento ?? null,
    nombre_cliente: d.nombre_cliente,
    email_cliente: d.email_cliente ?? null,
    telefono_cliente: d.telefono_cliente ?? null,
    nombre_tratamiento: d.nombre_tratamiento ?? null,
    fecha_cita: d.fecha_cita,
    hora_inicio: d.hora_inicio,
    hora_fin: d.hora_fin ?? null,
    estado_cita: d.estado_cita,
    monto_adelanto: Number(d.monto_adelanto ?? 0),
    metodo_pago_adelanto: d.metodo_pago_adelanto ?? null,
    referencia_pago_adelanto: d.referencia_pago_adelanto ?? null,
    notas_internas: d.notas_internas ?? null,
  }
}

function toEspecialista(d: EspecialistaDoc): EspecialistaCita {
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

function toTratamiento(d: TratamientoDoc): TratamientoCitaFila {
  return { id_tratamiento: d.id_tratamiento, nombre: d.nombre, tipo: d.tipo, activo: d.activo, duracion_estimada_minutos: d.duracion_estimada_minutos ?? null }
}

export function useCitas(): CitasStore {
  const citas = useCollection('tb_citas', { map: toCita })
  const especialistas = useLiveQuery('tb_especialistas').data
  const tratamientos = useLiveQuery('tb_tratamientos').data
  const horarios = useLiveQuery('tb_horarios').data
  const formasPago = useLiveQuery('tb_formapago').data
  const especialistaRows = useMemo(() => especialistas.map(toEspecialista), [especialistas])
  const tratamientoRows = useMemo(() => tratamientos.map(toTratamiento), [tratamientos])
  return useMemo(
    () => ({ citas, especialistas: especialistaRows, tratamientos: tratamientoRows, horarios, formasPago }),
    [citas, especialistaRows, tratamientoRows, horarios, formasPago],
  )
}
