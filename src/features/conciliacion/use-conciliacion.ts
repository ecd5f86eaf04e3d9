/**
 * The Conciliación Bancaria screen's data in the app: five local tables, live, and the
 * month's row written through useCollection, so everything works offline and syncs later
 * (docs/spec/3-product-decisions.md "Expenses and reconciliation").
 */
import { useMemo } from 'react'
import type { Conciliacion } from '@/domain/conciliacion.ts'
import type { CitaAdelanto, FormaPagoComision, PagoIngreso } from '@/domain/conciliacion-ingresos.ts'
import type { Egreso } from '@/domain/egresos.ts'
import type { CitaDoc, ConciliacionDoc, EgresoDoc, FormaPagoDoc, PagoCitaDoc } from '@sync/tables/product-tables.ts'
import { useCollection, type CollectionStatus } from '@/lib/db/use-collection.ts'
import type { ConciliacionStore } from './conciliacion-store.ts'

const toConciliacion = (d: ConciliacionDoc): Conciliacion => ({
  id_conciliacion: d.id_conciliacion,
  anio: d.anio,
  mes: d.mes,
  saldo_inicial: d.saldo_inicial ?? null,
  saldo_final: d.saldo_final ?? null,
  ingresos_tratamientos: d.ingresos_tratamientos,
  egresos: d.egresos ?? null,
})

const toEgreso = (d: EgresoDoc): Egreso => ({
  id_egreso: d.id_egreso,
  tipo_egreso: d.tipo_egreso,
  descripcion: d.descripcion,
  tipo_cambio: d.tipo_cambio ?? null,
  monto_soles: d.monto_soles,
  monto_dolares: d.monto_dolares,
  descripcion_adicional: d.descripcion_adicional ?? null,
  mes: d.mes,
  anio: d.anio,
  fecha: d.fecha ?? null,
  created_at: d.created_at,
})

const toPago = (d: PagoCitaDoc): PagoIngreso => ({ fecha_pago: d.fecha_pago, metodo_pago_final: d.metodo_pago_final, monto_final_pagado: d.monto_final_pagado })

const toCita = (d: CitaDoc): CitaAdelanto => ({
  fecha_cita: d.fecha_cita,
  monto_adelanto: d.monto_adelanto ?? null,
  metodo_pago_adelanto: d.metodo_pago_adelanto ?? null,
  fecha_pago_adelanto: d.fecha_pago_adelanto ?? null,
})

const toFormaPago = (d: FormaPagoDoc): FormaPagoComision => ({ fp_descripcion: d.fp_descripcion, fp_comision: d.fp_comision ?? null })

/** Only appointments that carry an advance matter here. */
const conAdelanto = { selector: { monto_adelanto: { $gt: 0 } } }

const ORDEN: readonly CollectionStatus[] = ['error', 'loading', 'no-local-data', 'ready']

export function peorEstado(estados: readonly CollectionStatus[]): CollectionStatus {
  return ORDEN.find((s) => estados.includes(s)) ?? 'ready'
}

export function useConciliacion(): ConciliacionStore {
  const conciliaciones = useCollection('tb_conciliacion_bancaria', { map: toConciliacion })
  const egresos = useCollection('tb_egresos', { map: toEgreso })
  const pagos = useCollection('tb_pagos_citas', { map: toPago })
  const citas = useCollection('tb_citas', { query: conAdelanto, map: toCita })
  const formasPago = useCollection('tb_formapago', { map: toFormaPago })
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
