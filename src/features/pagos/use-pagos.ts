/**
 * The Pagos screen's data, all from the local database so the list, the dialog's stock
 * checks and the payment itself work offline (docs/architecture.md §1); the sync layer
 * uploads the payment and the server completes the cita and writes the stock ledger
 * (docs/decisions/0009-caja.md "Final payment").
 */
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { useMemo } from 'react'
import type { CitaDoc, PagoCitaDoc, TratamientoDoc } from '@sync/tables/product-tables.ts'
import { useCollection, useLookup } from '@/lib/db/use-collection.ts'
import { useLiveQuery, useStock } from '@/lib/db/use-live-query.ts'
import type { CitaPago, PagoLocal, PagosStore, TratamientoPago } from './pagos-store.ts'

function toCita(d: CitaDoc): CitaPago {
  return {
    id_cita: d.id_cita,
    id_tratamiento: d.id_tratamiento ?? null,
    id_especialista: d.id_especialista ?? null,
    nombre_tratamiento: d.nombre_tratamiento ?? null,
    nombre_cliente: d.nombre_cliente,
    email_cliente: d.email_cliente ?? null,
    fecha_cita: d.fecha_cita,
    hora_inicio: d.hora_inicio,
    hora_fin: d.hora_fin ?? null,
    estado_cita: d.estado_cita,
    monto_adelanto: d.monto_adelanto ?? 0,
    id_pago_final: d.id_pago_final ?? null,
  }
}

function toPago(d: PagoCitaDoc): PagoLocal {
  return {
    id_pago_cita: d.id_pago_cita,
    id_cita: d.id_cita,
    fecha_pago: d.fecha_pago,
    metodo_pago_final: d.metodo_pago_final,
    monto_final_pagado: d.monto_final_pagado,
  }
}

function toTratamiento(d: TratamientoDoc): TratamientoPago {
  return { id_tratamiento: d.id_tratamiento, nombre: d.nombre, tipo: d.tipo, costo: d.costo, activo: d.activo, stock_en_revision: d.stock_en_revision === true }
}

export function usePagos(dia: string): PagosStore {
  const citas = useCollection('tb_citas', { query: () => ({ selector: { fecha_cita: dia } }), deps: [dia], map: toCita })
  const ids = citas.rows.map((c) => c.id_cita)
  const idsKey = ids.join(',')
  // The day's takings and any payment of the day's citas (one paid on this device leaves the list at once).
  const pagos = useCollection('tb_pagos_citas', {
    query: () => ({ selector: { $or: [{ fecha_pago: dia }, { id_cita: { $in: ids } }] } }),
    deps: [dia, idsKey],
    map: toPago,
  })
  const tratamientos = useCollection('tb_tratamientos', { map: toTratamiento })
  const stock = useStock()
  const formasPago = useLiveQuery('tb_formapago').data
  const especialistasDocs = useLookup('tb_especialistas')
  const especialistas = useMemo(() => new Map([...especialistasDocs].map(([id, e]) => [id, nombreCompleto(e)])), [especialistasDocs])
  const catalogo = useMemo(() => ({ status: tratamientos.status, rows: tratamientos.rows }), [tratamientos.status, tratamientos.rows])
  return useMemo(() => ({ citas, pagos, tratamientos: catalogo, stock, formasPago, especialistas }), [citas, pagos, catalogo, stock, formasPago, especialistas])
}
