/**
 * The Pagos screen's takings at a glance (spec 2 §2.6; the day itself, in the URL, is
 * pagos-dia-busqueda.ts): the day's payments on this device grouped
 * by method, gross as charged (docs/spec/3-product-decisions.md "Payments, sales,
 * reports": commissions belong to the report, never to what was charged).
 */
import { toCentimos } from './money.ts'
import { compararEs, fold } from './text.ts'

/** A payment as the takings need it (tb_pagos_citas). */
export interface PagoRecaudado {
  fecha_pago: string
  metodo_pago_final: string
  monto_final_pagado: number | string
}

export interface RecaudacionMetodo {
  metodo: string
  pagos: number
  /** Céntimos. */
  monto: number
}

export interface Recaudacion {
  metodos: RecaudacionMetodo[]
  pagos: number
  /** Céntimos. */
  total: number
}

/**
 * The day's payments by method (same method whatever its case, accents or spaces; the
 * first spelling seen names it), largest amount first, then by name.
 */
export function recaudacionDelDia(pagos: readonly PagoRecaudado[], dia: string): Recaudacion {
  const porMetodo = new Map<string, RecaudacionMetodo>()
  let total = 0
  let cuantos = 0
  for (const p of pagos) {
    if (p.fecha_pago.slice(0, 10) !== dia) continue
    let monto: number
    try {
      monto = toCentimos(p.monto_final_pagado)
    } catch {
      continue
    }
    const nombre = (p.metodo_pago_final ?? '').trim() || 'Sin método'
    const clave = fold(nombre)
    const fila = porMetodo.get(clave) ?? { metodo: nombre, pagos: 0, monto: 0 }
    fila.pagos += 1
    fila.monto += monto
    porMetodo.set(clave, fila)
    total += monto
    cuantos += 1
  }
  const metodos = [...porMetodo.values()].sort((a, b) => b.monto - a.monto || compararEs(a.metodo, b.metodo))
  return { metodos, pagos: cuantos, total }
}
