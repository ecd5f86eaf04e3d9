/**
 * What one payment is made of and what the spa keeps of it (spec 2 §9 commissions;
 * docs/spec/3-product-decisions.md "Payments, sales, reports", which stands above spec 2):
 *
 * - Lines: the appointment's own treatment (its price is the stored total less the
 *   extras, i.e. the price at payment time), then the extra items in stored order. A
 *   direct sale has only its products.
 * - POS commission = amount paid × the method's fp_comision %, shared among the lines in
 *   proportion to their amounts (largest remainder, so the shares add up exactly).
 * - Advance: allocated across the lines in order, each capped at the line's amount net of
 *   its POS share.
 * - Sales commission per treatment line = the treatment's comision % × (amount − POS
 *   share − advance); products carry none.
 * - Net = amount paid − POS commission − sales commission.
 *
 * All arithmetic in integer céntimos (docs/architecture.md §3).
 */
import { porcentajeDe, repartirProporcional, toCentimos } from './money.ts'
import { describirItems, importeItem, leerItems, type TipoItem } from './items-pago.ts'

/** The tb_pagos_citas columns a report reads. */
export interface PagoReporte {
  id_pago_cita: string
  id_cita: string
  monto_total_calculado: number | string
  monto_adelanto_aplicado: number | string
  monto_final_pagado: number | string
  metodo_pago_final: string
  referencia_pago_final: string | null
  tratamientos_adicionales_info: unknown
  fecha_pago: string
  created_at?: string
  _deleted?: boolean
}

/** The tb_citas columns a report reads. */
export interface CitaReporte {
  id_cita: string
  id_tratamiento: string | null
  nombre_tratamiento: string | null
  nombre_cliente: string
  estado_cita: string
}

/** The catalogue as reports need it: name, type and sales commission (%). */
export interface TratamientoComision {
  nombre: string
  tipo: string
  comision?: number | string | null
}

export type TipoPago = 'Producto' | 'Tratamiento' | 'Mixto'

export interface LineaPago {
  id_tratamiento: string | null
  nombre: string
  tipo: TipoItem
  cantidad: number
  /** Céntimos. */
  precioUnitario: number
  importe: number
  /** The treatment's sales commission in percent (0 for products). */
  porcentajeComision: number
}

export interface LineaCalculada extends LineaPago {
  comisionPos: number
  adelanto: number
  comisionVenta: number
  /** importe − comisionPos − adelanto − comisionVenta */
  neto: number
}

export interface CalculoPago {
  lineas: LineaCalculada[]
  tipo: TipoPago
  /** 'Masaje Relajante, Crema de Rosas x2' */
  detalle: string
  total: number
  adelanto: number
  pagado: number
  porcentajePos: number
  comisionPos: number
  comisionVenta: number
  neto: number
  /**
   * Amount paid − (sum of the lines − advance allocated): nonzero when staff charged
   * another amount than the suggested one (a discount, a surcharge). 'Detallado' shows it
   * as its own row so the lines add up to the payment.
   */
  diferencia: number
}

function porcentajeValido(valor: number | string | null | undefined): number {
  const n = typeof valor === 'string' ? Number(valor) : (valor ?? 0)
  return Number.isFinite(n) && n > 0 ? n : 0
}

/** The lines of a payment (see the file comment). Always at least one. */
export function lineasDePago(pago: PagoReporte, cita: CitaReporte | undefined, catalogo: ReadonlyMap<string, TratamientoComision>): LineaPago[] {
  const total = toCentimos(pago.monto_total_calculado)
  const extras = leerItems(pago.tratamientos_adicionales_info)
  const lineas: LineaPago[] = []
  const ventaDirecta = cita?.estado_cita === 'Venta Directa'
  const restante = Math.max(0, total - extras.reduce((s, i) => s + importeItem(i), 0))

  if (!ventaDirecta && (cita?.id_tratamiento || restante > 0)) {
    const t = cita?.id_tratamiento ? catalogo.get(cita.id_tratamiento.toLowerCase()) : undefined
    lineas.push({
      id_tratamiento: cita?.id_tratamiento ?? null,
      nombre: cita?.nombre_tratamiento?.trim() || t?.nombre || 'Tratamiento',
      tipo: 'tratamiento',
      cantidad: 1,
      precioUnitario: restante,
      importe: restante,
      porcentajeComision: porcentajeValido(t?.comision),
    })
  }
  for (const item of extras) {
    lineas.push({
      id_tratamiento: item.id_tratamiento,
      nombre: item.nombre || catalogo.get(item.id_tratamiento)?.nombre || 'Ítem',
      tipo: item.tipo,
      cantidad: item.cantidad,
      precioUnitario: toCentimos(item.costo_al_momento_del_pago),
      importe: importeItem(item),
      porcentajeComision: item.tipo === 'tratamiento' ? porcentajeValido(catalogo.get(item.id_tratamiento)?.comision) : 0,
    })
  }
  if (lineas.length === 0) {
    lineas.push({
      id_tratamiento: null,
      nombre: cita?.nombre_tratamiento?.trim() || 'Pago',
      tipo: ventaDirecta ? 'producto' : 'tratamiento',
      cantidad: 1,
      precioUnitario: total,
      importe: total,
      porcentajeComision: 0,
    })
  }
  return lineas
}

export function tipoDePago(lineas: ReadonlyArray<Pick<LineaPago, 'tipo'>>): TipoPago {
  const productos = lineas.some((l) => l.tipo === 'producto')
  const tratamientos = lineas.some((l) => l.tipo === 'tratamiento')
  return productos && tratamientos ? 'Mixto' : productos ? 'Producto' : 'Tratamiento'
}

/** The whole computation for one payment; `porcentajePos` is its method's fp_comision. */
export function calcularPago(pago: PagoReporte, cita: CitaReporte | undefined, catalogo: ReadonlyMap<string, TratamientoComision>, porcentajePos: number): CalculoPago {
  const base = lineasDePago(pago, cita, catalogo)
  const pagado = toCentimos(pago.monto_final_pagado)
  const adelanto = toCentimos(pago.monto_adelanto_aplicado)
  const comisionPos = porcentajeDe(pagado, porcentajePos)
  const partesPos = repartirProporcional(comisionPos, base.map((l) => l.importe))

  let adelantoRestante = Math.max(adelanto, 0)
  const lineas = base.map((l, i): LineaCalculada => {
    const pos = partesPos[i]!
    const netoPos = l.importe - pos
    const adelantoLinea = Math.min(adelantoRestante, Math.max(netoPos, 0))
    adelantoRestante -= adelantoLinea
    const baseComision = Math.max(netoPos - adelantoLinea, 0)
    const comisionVenta = l.tipo === 'tratamiento' ? porcentajeDe(baseComision, l.porcentajeComision) : 0
    return {
      id_tratamiento: l.id_tratamiento,
      nombre: l.nombre,
      tipo: l.tipo,
      cantidad: l.cantidad,
      precioUnitario: l.precioUnitario,
      importe: l.importe,
      porcentajeComision: l.porcentajeComision,
      comisionPos: pos,
      adelanto: adelantoLinea,
      comisionVenta,
      neto: netoPos - adelantoLinea - comisionVenta,
    }
  })

  const comisionVenta = lineas.reduce((s, l) => s + l.comisionVenta, 0)
  const sumaLineas = lineas.reduce((s, l) => s + l.importe, 0)
  const adelantoAsignado = Math.max(adelanto, 0) - adelantoRestante
  return {
    lineas,
    tipo: tipoDePago(lineas),
    detalle: describirItems(lineas),
    total: toCentimos(pago.monto_total_calculado),
    adelanto,
    pagado,
    porcentajePos,
    comisionPos,
    comisionVenta,
    neto: pagado - comisionPos - comisionVenta,
    diferencia: pagado - (sumaLineas - adelantoAsignado),
  }
}
