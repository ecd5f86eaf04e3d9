/**
 * The Pagos screen's data, all from the local database so the list, the dialog's stock
 * checks and the payment itself work offline (docs/architecture.md §1); the sync layer
 * uploads the payment and the server completes the cita and writes the stock ledger
 * (docs/decisions/0009-caja.md "Final payment").
 */
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { useMemo } from 'react'
import type { CitaDoc, PagoCitaDoc, TratamientoDoc } from '@sync/tables/product-tables.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { useCollection, useLookup } from '@/lib/db/use-collection.ts'
import { useLiveQuery, useStock } from '@/lib/db/use-live-query.ts'
import type { CitaPago, PagoLocal, PagosStore, TratamientoPago } from './pagos-store.ts'

const toCita: (d: CitaDoc) => CitaPago = fromDoc('tb_citas', [
  'id_cita',
  'id_tratamiento',
  'id_especialista',
  'nombre_tratamiento',
  'nombre_cliente',
  'email_cliente',
  'fecha_cita',
  'hora_inicio',
  'hora_fin',
  'estado_cita',
  'monto_adelanto',
  'id_pago_final',
])

const toPago: (d: PagoCitaDoc) => PagoLocal = fromDoc('tb_pagos_citas', ['id_pago_cita', 'id_cita', 'fecha_pago', 'metodo_pago_final', 'monto_final_pagado'])

const toTratamiento: (d: TratamientoDoc) => TratamientoPago = fromDoc('tb_tratamientos', ['id_tratamiento', 'nombre', 'tipo', 'costo', 'activo', 'stock_en_revision'])

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
