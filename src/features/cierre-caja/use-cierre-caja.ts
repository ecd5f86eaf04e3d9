/**
 * The Cierre de caja screen's data (docs/decisions/0038-cierre-de-caja.md), all from the
 * device so the close works offline: the day's advances and payments, this device's
 * cobros duplicados, the spa's methods, and the day's closes.
 */
import { useMemo } from 'react'
import type { CitaDoc, PagoCitaDoc } from '@sync/tables/product-tables.ts'
import type { CitaCaja, PagoCaja } from '@/domain/cierre-caja.ts'
import { isCobroDuplicado } from '@/domain/cobro-duplicado.ts'
import { useCierresCaja } from '@/lib/db/use-cierres-caja.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { useLiveQuery } from '@/lib/db/use-live-query.ts'
import { useSyncProblems, useSyncStatus } from '@/lib/db/use-sync-status.ts'
import type { CierreCajaStore } from './cierre-caja-store.ts'

const toAdelanto: (d: CitaDoc) => CitaCaja = fromDoc('tb_citas', ['fecha_pago_adelanto', 'metodo_pago_adelanto', 'monto_adelanto'])
const toPago: (d: PagoCitaDoc) => PagoCaja = fromDoc('tb_pagos_citas', ['fecha_pago', 'metodo_pago_final', 'monto_final_pagado'])

export function useCierreCaja(dia: string): CierreCajaStore {
  const adelantos = useCollection('tb_citas', { query: () => ({ selector: { fecha_pago_adelanto: dia } }), deps: [dia], map: toAdelanto })
  const pagos = useCollection('tb_pagos_citas', { query: () => ({ selector: { fecha_pago: dia } }), deps: [dia], map: toPago })
  const formas = useLiveQuery('tb_formapago').data
  const { refused } = useSyncProblems()
  const sinConexion = useSyncStatus((s) => s.model.network !== 'up' || s.model.server === 'unreachable')
  const cierres = useCierresCaja(dia, dia)
  const cobrosDuplicados = useMemo(() => refused.filter(isCobroDuplicado), [refused])
  const metodos = useMemo(() => formas.map((f) => f.fp_descripcion), [formas])
  const status = adelantos.status === 'loading' || pagos.status === 'loading' ? 'loading' : adelantos.status === 'no-local-data' || pagos.status === 'no-local-data' ? 'no-local-data' : 'ready'
  return useMemo(
    () => ({ status, adelantos: adelantos.rows, pagos: pagos.rows, cobrosDuplicados, metodos, sinConexion, cierres }),
    [status, adelantos.rows, pagos.rows, cobrosDuplicados, metodos, sinConexion, cierres],
  )
}
