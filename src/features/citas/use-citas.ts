/**
 * The Citas Programadas screen's data, all from the local database so the list, its
 * slots and its writes work offline (docs/spec/3-product-decisions.md "Agenda and
 * slots"); the sync layer uploads the writes.
 */
import { useMemo } from 'react'
import type { CitaDoc } from '@sync/tables/product-tables.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useAgendaCatalogo } from '@/lib/db/use-agenda-catalogo.ts'
import type { Cita, CitasStore } from './citas-store.ts'

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

export function useCitas(): CitasStore {
  const citas = useCollection('tb_citas', { map: toCita })
  const catalogo = useAgendaCatalogo()
  return useMemo(() => ({ citas, ...catalogo }), [citas, catalogo])
}
