/**
 * The payments report's data, all from the local database, so the report and its exports
 * work offline (docs/decisions/0005-back-office-kit.md). 'Anular pago' is the sync
 * layer's 'Eliminar' of the payment: it lands on the device at once and the server, when
 * it arrives, reopens the cita and returns the stock (docs/decisions/0009-caja.md).
 */
import { useMemo } from 'react'
import type { CitaDoc, PagoCitaDoc, TratamientoDoc } from '@sync/tables/product-tables.ts'
import type { PagoReporte, TratamientoComision } from '@/domain/comisiones.ts'
import type { CitaAdelanto } from '@/domain/reporte-pagos.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useIsAdmin } from '@/lib/db/use-is-admin.ts'
import { useLiveQuery } from '@/lib/db/use-live-query.ts'
import { useSyncStatus } from '@/lib/db/use-sync-status.ts'
import type { ReportePagosStore } from './reporte-pagos-store.ts'

const toPago: (d: PagoCitaDoc) => PagoReporte = fromDoc('tb_pagos_citas', [
  'id_pago_cita',
  'id_cita',
  'monto_total_calculado',
  'monto_adelanto_aplicado',
  'monto_final_pagado',
  'metodo_pago_final',
  'referencia_pago_final',
  'tratamientos_adicionales_info',
  'fecha_pago',
  'created_at',
])

const toCita: (d: CitaDoc) => CitaAdelanto = fromDoc('tb_citas', [
  'id_cita',
  'id_tratamiento',
  'nombre_tratamiento',
  'nombre_cliente',
  'estado_cita',
  'fecha_cita',
  'hora_inicio',
  'monto_adelanto',
  'metodo_pago_adelanto',
  'referencia_pago_adelanto',
  'fecha_pago_adelanto',
])

function catalogoDe(docs: readonly TratamientoDoc[]): Map<string, TratamientoComision> {
  return new Map(docs.map((t) => [t.id_tratamiento.toLowerCase(), { nombre: t.nombre, tipo: t.tipo, comision: t.comision ?? null }]))
}

export function useReportePagos(): ReportePagosStore {
  const pagos = useCollection('tb_pagos_citas', { map: toPago })
  const citas = useCollection('tb_citas', { map: toCita })
  const tratamientos = useLiveQuery('tb_tratamientos').data
  const formasPago = useLiveQuery('tb_formapago').data
  const esAdmin = useIsAdmin()
  const rechazos = useSyncStatus((s) => s.refused)
  const catalogo = useMemo(() => catalogoDe(tratamientos), [tratamientos])
  // The client of a payment is on its cita: until both are read, the report is loading.
  const status = pagos.status === 'ready' && citas.status !== 'ready' ? citas.status : pagos.status
  return useMemo(
    () => ({ status, pagos: pagos.rows, citas: citas.rows, catalogo, formasPago, esAdmin, anular: pagos.remove, rechazos }),
    [status, pagos.rows, citas.rows, catalogo, formasPago, esAdmin, pagos.remove, rechazos],
  )
}
