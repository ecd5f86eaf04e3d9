/**
 * The receipt of a payment or a direct sale, as data (spa name, date, client, items,
 * method, total); the screen or a printer renders it. Built from the stored rows only,
 * so a receipt printed later says exactly what was charged (docs/decisions/0018-comprobante.md).
 */
import { toCentimos } from './money.ts'
import { fechaLargaDe } from './peru-time.ts'
import { lineasDePago, type CitaReporte, type PagoReporte, type TratamientoComision } from './comisiones.ts'

export interface DatosSpa {
  nombre: string
  direccion?: string
  telefono?: string
}

export interface LineaComprobante {
  descripcion: string
  cantidad: number
  /** Céntimos. */
  precioUnitario: number
  importe: number
}

export interface Comprobante {
  spa: DatosSpa
  titulo: 'Comprobante de Pago' | 'Comprobante de Venta'
  /** Short, stable number: the payment id's first 8 hex digits in upper case. */
  numero: string
  /** YYYY-MM-DD and 'martes, 24 de noviembre de 2026'. */
  fecha: string
  fechaTexto: string
  cliente: string
  lineas: LineaComprobante[]
  metodo: string
  referencia: string | null
  /** Céntimos: the bill, the advance received before, and what was paid now. */
  total: number
  adelanto: number
  pagado: number
}

export function comprobante(spa: DatosSpa, pago: PagoReporte, cita: CitaReporte | undefined, catalogo: ReadonlyMap<string, TratamientoComision>): Comprobante {
  return {
    spa,
    titulo: cita?.estado_cita === 'Venta Directa' ? 'Comprobante de Venta' : 'Comprobante de Pago',
    numero: pago.id_pago_cita.replace(/-/g, '').slice(0, 8).toUpperCase(),
    fecha: pago.fecha_pago,
    fechaTexto: fechaLargaDe(pago.fecha_pago),
    cliente: cita?.nombre_cliente ?? '',
    lineas: lineasDePago(pago, cita, catalogo).map((l) => ({ descripcion: l.nombre, cantidad: l.cantidad, precioUnitario: l.precioUnitario, importe: l.importe })),
    metodo: pago.metodo_pago_final,
    referencia: pago.referencia_pago_final,
    total: toCentimos(pago.monto_total_calculado),
    adelanto: toCentimos(pago.monto_adelanto_aplicado),
    pagado: toCentimos(pago.monto_final_pagado),
  }
}
