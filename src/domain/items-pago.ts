/**
 * The items of a payment (tb_pagos_citas.tratamientos_adicionales_info, spec 2 §3) and
 * the stock rules shared by the payment dialog and the direct sale (spec 2 §5, §8, §9;
 * docs/spec/3-product-decisions.md "Stock"): a product the device knows to be out of
 * stock is refused at once; the server keeps a late oversell and flags it.
 */
import { toCentimos } from './money.ts'

export type TipoItem = 'producto' | 'tratamiento'

/** One stored item, exactly the keys the server's check accepts. */
export interface ItemPago {
  id_tratamiento: string
  nombre: string
  /** Unit price in soles at the moment of payment. */
  costo_al_momento_del_pago: number
  cantidad: number
  tipo: TipoItem
}

/** A catalogue row (tb_tratamientos) as the cash desk needs it. */
export interface ProductoCatalogo {
  id_tratamiento: string
  nombre: string
  tipo: string
  costo: number | string
  comision?: number | string | null
  activo?: boolean
  stock_en_revision?: boolean
}

/**
 * The items of a stored payment. Tolerant: an element that is not a well-formed item is
 * skipped rather than breaking a whole report (the server refuses such items anyway).
 */
export function leerItems(raw: unknown): ItemPago[] {
  if (!Array.isArray(raw)) return []
  const items: ItemPago[] = []
  for (const e of raw) {
    if (!e || typeof e !== 'object') continue
    const x = e as Record<string, unknown>
    const cantidad = Number(x.cantidad)
    const costo = Number(x.costo_al_momento_del_pago)
    if (typeof x.id_tratamiento !== 'string' || (x.tipo !== 'producto' && x.tipo !== 'tratamiento')) continue
    if (!Number.isInteger(cantidad) || cantidad < 1 || !Number.isFinite(costo) || costo < 0) continue
    items.push({
      id_tratamiento: x.id_tratamiento.toLowerCase(),
      nombre: typeof x.nombre === 'string' ? x.nombre : '',
      costo_al_momento_del_pago: costo,
      cantidad,
      tipo: x.tipo,
    })
  }
  return items
}

/** Price × quantity of an item, in céntimos. */
export function importeItem(item: Pick<ItemPago, 'costo_al_momento_del_pago' | 'cantidad'>): number {
  return toCentimos(item.costo_al_momento_del_pago) * item.cantidad
}

/** 'Crema x2, Aceite' — item names as one line of text. */
export function describirItems(items: ReadonlyArray<Pick<ItemPago, 'nombre' | 'cantidad'>>): string {
  return items.map((i) => (i.cantidad > 1 ? `${i.nombre} x${i.cantidad}` : i.nombre)).join(', ')
}

// ---------------------------------------------------------------------------------
// Stock

/** Spec 2 §9: 5 units or fewer is low stock. */
export const UMBRAL_STOCK_BAJO = 5

export interface AvisoStock {
  /** The toast title: spec 2 §8 'Producto Sin Stock', 'Stock Insuficiente', 'Stock Bajo'. */
  titulo: 'Producto Sin Stock' | 'Stock Insuficiente' | 'Stock Bajo'
  mensaje: string
  /** 'error' blocks the action; 'info' only informs (low stock). */
  nivel: 'error' | 'info'
}

function unidades(n: number): string {
  return n === 1 ? '1 unidad disponible' : `${n} unidades disponibles`
}

/** Spec 2 §5: 'Solo hay N unidades disponibles de X' (singular for one unit). */
export function mensajeSoloHay(disponible: number, nombre: string): string {
  return `Solo hay ${unidades(disponible)} de ${nombre}`
}

/**
 * Whether `cantidad` units of a product may be sold when the device knows `disponible`
 * units (its available stock, docs/decisions/0003-sync.md "Stock"). Null when they may.
 */
export function verificarStock(nombre: string, cantidad: number, disponible: number): AvisoStock | null {
  if (disponible <= 0) return { titulo: 'Producto Sin Stock', mensaje: `${nombre} no tiene unidades disponibles.`, nivel: 'error' }
  if (cantidad > disponible) return { titulo: 'Stock Insuficiente', mensaje: mensajeSoloHay(disponible, nombre), nivel: 'error' }
  return null
}

/** The info toast after adding units: what is left once they are sold, if that is low. */
export function avisoStockBajo(nombre: string, cantidad: number, disponible: number): AvisoStock | null {
  const quedan = disponible - cantidad
  if (quedan < 0 || quedan > UMBRAL_STOCK_BAJO) return null
  const texto = quedan === 0 ? `Con esta venta se agotan las unidades de ${nombre}.` : quedan === 1 ? `Queda 1 unidad de ${nombre}.` : `Quedan ${quedan} unidades de ${nombre}.`
  return { titulo: 'Stock Bajo', mensaje: texto, nivel: 'info' }
}

export interface EtiquetaStock {
  texto: string
  nivel: 'revision' | 'agotado' | 'bajo' | 'normal'
  /** Out-of-stock products are disabled in selectors and cannot be added. */
  vendible: boolean
}

/**
 * How a product card or selector shows stock (spec 2 §9 'Stock bajo (n)' / 'Stock: n';
 * docs/spec/3-product-decisions.md: negative stock in red, 'Stock en revisión').
 */
export function etiquetaStock(disponible: number, enRevision = false): EtiquetaStock {
  if (disponible < 0 || enRevision) return { texto: `Stock en revisión (${disponible})`, nivel: 'revision', vendible: disponible > 0 }
  if (disponible === 0) return { texto: 'Sin stock', nivel: 'agotado', vendible: false }
  if (disponible <= UMBRAL_STOCK_BAJO) return { texto: `Stock bajo (${disponible})`, nivel: 'bajo', vendible: true }
  return { texto: `Stock: ${disponible}`, nivel: 'normal', vendible: true }
}
