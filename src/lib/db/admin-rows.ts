/**
 * The admin tables' documents as the administration rules read them
 * (src/domain/egresos.ts, conciliacion*.ts): one mapping per table, shared by Egresos,
 * Conciliación and the hub's month-to-date figures, so a column added to tb_egresos
 * reaches all three (docs/decisions/0019-administracion-cierre.md). Nullable columns
 * the device may lack arrive as null, never undefined.
 */
import type { Conciliacion } from '@/domain/conciliacion.ts'
import type { CitaAdelanto, FormaPagoComision, PagoIngreso } from '@/domain/conciliacion-ingresos.ts'
import type { Egreso } from '@/domain/egresos.ts'
import type { CollectionStatus } from './use-collection.ts'
import type { CitaDoc, ConciliacionDoc, EgresoDoc, FormaPagoDoc, PagoCitaDoc } from '@sync/tables/product-tables.ts'

export function egresoDeDoc(d: EgresoDoc): Egreso {
  return {
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
    id_egreso_origen: d.id_egreso_origen ?? null,
    created_at: d.created_at,
  }
}

export function conciliacionDeDoc(d: ConciliacionDoc): Conciliacion {
  return {
    id_conciliacion: d.id_conciliacion,
    anio: d.anio,
    mes: d.mes,
    saldo_inicial: d.saldo_inicial ?? null,
    saldo_final: d.saldo_final ?? null,
    ingresos_tratamientos: d.ingresos_tratamientos,
    egresos: d.egresos ?? null,
  }
}

export function pagoIngresoDeDoc(d: PagoCitaDoc): PagoIngreso {
  return {
    fecha_pago: d.fecha_pago,
    metodo_pago_final: d.metodo_pago_final,
    monto_final_pagado: d.monto_final_pagado,
  }
}

export function citaAdelantoDeDoc(d: CitaDoc): CitaAdelanto {
  return {
    fecha_cita: d.fecha_cita,
    monto_adelanto: d.monto_adelanto ?? null,
    metodo_pago_adelanto: d.metodo_pago_adelanto ?? null,
    fecha_pago_adelanto: d.fecha_pago_adelanto ?? null,
  }
}

export function formaPagoComisionDeDoc(d: FormaPagoDoc): FormaPagoComision {
  return {
    fp_descripcion: d.fp_descripcion,
    fp_comision: d.fp_comision ?? null,
  }
}

/** Only appointments that carry an advance count as income. */
export const citasConAdelanto = { selector: { monto_adelanto: { $gt: 0 } } }

const ORDEN: readonly CollectionStatus[] = ['error', 'loading', 'no-local-data', 'ready']

/** A screen reading several tables is only as ready as its slowest one. */
export function peorEstado(estados: readonly CollectionStatus[]): CollectionStatus {
  return ORDEN.find((s) => estados.includes(s)) ?? 'ready'
}
