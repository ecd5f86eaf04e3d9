/**
 * The Conciliación Bancaria screen's data in the app: five local tables, live, and the
 * month's row written through useCollection, so everything works offline and syncs later
 * (docs/spec/3-product-decisions.md "Expenses and reconciliation").
 */
import { useMemo } from 'react'
import { citaAdelantoDeDoc, citasConAdelanto, conciliacionDeDoc, egresoDeDoc, formaPagoComisionDeDoc, pagoIngresoDeDoc, peorEstado } from '@/lib/db/admin-rows.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import type { ConciliacionStore } from './conciliacion-store.ts'

export function useConciliacion(): ConciliacionStore {
  const conciliaciones = useCollection('tb_conciliacion_bancaria', { map: conciliacionDeDoc })
  const egresos = useCollection('tb_egresos', { map: egresoDeDoc })
  const pagos = useCollection('tb_pagos_citas', { map: pagoIngresoDeDoc })
  const citas = useCollection('tb_citas', { query: citasConAdelanto, map: citaAdelantoDeDoc })
  const formasPago = useCollection('tb_formapago', { map: formaPagoComisionDeDoc })
  return useMemo<ConciliacionStore>(
    () => ({
      status: peorEstado([conciliaciones.status, egresos.status, pagos.status, citas.status, formasPago.status]),
      conciliaciones: conciliaciones.rows,
      egresos: egresos.rows,
      pagos: pagos.rows,
      citas: citas.rows,
      formasPago: formasPago.rows,
      async guardar({ id_conciliacion, nuevo, campos }) {
        if (nuevo) await conciliaciones.create({ id_conciliacion, ...campos })
        else await conciliaciones.update(id_conciliacion, campos)
      },
    }),
    [conciliaciones, egresos, pagos, citas, formasPago],
  )
}
