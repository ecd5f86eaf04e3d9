/**
 * The Reservas screen's data, all from the local database so the screen, its slots and
 * its writes work offline (docs/spec/3-product-decisions.md "Agenda and slots"); the sync
 * layer uploads the writes.
 */
import { useMemo } from 'react'
import type { CitaDoc, ReservaDoc } from '@sync/tables/product-tables.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useAgendaCatalogo, usePacientesCita } from '@/lib/db/use-agenda-catalogo.ts'
import { useCitasDia } from '@/lib/db/use-citas-dia.ts'
import type { CitaReserva, Reserva, ReservasStore } from './reservas-store.ts'

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

export function useReservas(): ReservasStore {
  const reservas = useCollection('tb_reservas', { map: toReserva })
  const citas = useCollection('tb_citas', { map: toCita })
  const pacientes = usePacientesCita()
  const catalogo = useAgendaCatalogo()
  return useMemo(() => ({ reservas, citas, pacientes, useCitasDia, ...catalogo }), [reservas, citas, pacientes, catalogo])
}
