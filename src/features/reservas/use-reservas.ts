/**
 * The Reservas screen's data, all from the local database so the screen, its slots and
 * its writes work offline (docs/spec/3-product-decisions.md "Agenda and slots"); the sync
 * layer uploads the writes.
 */
import { useMemo } from 'react'
import type { CitaDoc, ReservaDoc } from '@sync/tables/product-tables.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useAgendaCatalogo, usePacientesCita } from '@/lib/db/use-agenda-catalogo.ts'
import { useCitasDia } from '@/lib/db/use-citas-dia.ts'
import type { CitaReserva, Reserva, ReservasStore } from './reservas-store.ts'

const toReserva: (d: ReservaDoc) => Reserva = fromDoc('tb_reservas', [
  'id_reserva',
  'nombre_cliente',
  'email_cliente',
  'telefono_cliente',
  'id_tratamiento',
  'nombre_tratamiento',
  'fecha_reserva',
  'hora_reserva',
  'mensaje_adicional',
  'estado_reserva',
])

const toCita: (d: CitaDoc) => CitaReserva = fromDoc('tb_citas', ['id_cita', 'id_reserva_origen', 'id_especialista', 'fecha_cita', 'hora_inicio', 'hora_fin', 'estado_cita'])

export function useReservas(): ReservasStore {
  const reservas = useCollection('tb_reservas', { map: toReserva })
  const citas = useCollection('tb_citas', { map: toCita })
  const pacientes = usePacientesCita()
  const catalogo = useAgendaCatalogo()
  return useMemo(() => ({ reservas, citas, pacientes, useCitasDia, ...catalogo }), [reservas, citas, pacientes, catalogo])
}
