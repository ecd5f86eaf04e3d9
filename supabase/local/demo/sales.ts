/**
 * What the spa sells and how it is paid: the catalogue read from the database, payment
 * methods weighted as a Lima spa sees them, the product items of a payment, the direct
 * product sales that make up the payments appointments did not, and the monthly restocks
 * that keep stock ahead of those sales. Kept apart because it is the money-and-stock
 * side; appointments only borrow `productItems` for the extras of a final payment.
 */
import type { Queryable } from '../db.ts'
import { DAY_MS, type DemoContext, type DemoRows } from './context.ts'
import { isoDay, stamp } from './calendar.ts'
import type { PatientRef } from './people.ts'

export interface Tratamiento {
  id: string
  nombre: string
  costo: number
  duracion: number
}
export interface Producto {
  id: string
  nombre: string
  costo: number
}
interface Item {
  id_tratamiento: string
  nombre: string
  costo_al_momento_del_pago: number
  cantidad: number
  tipo: 'producto'
}

/** Active treatments and products (seed.sql or the spa's own) and the weighted payment methods. */
export async function loadCatalogue(tx: Queryable) {
  const tratamientos = (
    await tx.query<{ id: string; nombre: string; costo: string; duracion: number }>(
      `select id_tratamiento::text as id, nombre, costo::text, duracion_estimada_minutos as duracion
         from public.tb_tratamientos where tipo = 'tratamiento' and activo and not _deleted order by nombre`,
    )
  ).rows.map((r): Tratamiento => ({ ...r, costo: Number(r.costo) }))
  const productos = (
    await tx.query<{ id: string; nombre: string; costo: string }>(
      `select id_tratamiento::text as id, nombre, costo::text from public.tb_tratamientos
        where tipo = 'producto' and activo and not _deleted order by nombre`,
    )
  ).rows.map((r): Producto => ({ ...r, costo: Number(r.costo) }))
  if (tratamientos.length === 0) throw new Error('No hay tratamientos activos: aplica seed.sql antes de generar la demostración.')
  return { tratamientos, productos }
}

/** Payment methods weighted as a Lima spa sees them: cash and Yape first. */
export async function loadPaymentMethods(tx: Queryable): Promise<string[]> {
  const formas = (await tx.query<{ d: string }>(`select fp_descripcion as d from public.tb_formapago where not _deleted`)).rows.map((r) => r.d)
  const weights: Record<string, number> = { Efectivo: 6, Yape: 5, Plin: 2, Transferencia: 2, 'Tarjeta de Crédito': 2, 'Tarjeta de Débito': 2 }
  const list = formas.flatMap((m) => Array.from({ length: weights[m] ?? 0 }, () => m))
  return list.length ? list : ['Efectivo']
}

/** Up to `max` draws of products (a repeat adds to its line), 1 or 2 units each. */
export function productItems(productos: Producto[], rnd: () => number, max: number): Item[] {
  const n = 1 + Math.floor(rnd() * max)
  const chosen = new Map<string, Item>()
  for (let i = 0; i < n; i++) {
    const p = productos[Math.floor(rnd() * productos.length)]!
    const item = chosen.get(p.id) ?? { id_tratamiento: p.id, nombre: p.nombre, costo_al_momento_del_pago: p.costo, cantidad: 0, tipo: 'producto' as const }
    item.cantidad += 1 + (rnd() < 0.2 ? 1 : 0)
    chosen.set(p.id, item)
  }
  return [...chosen.values()]
}

/** Counts the units sold per product and month, for the restocks. */
export function addDemand(demanda: Map<string, number>, items: Item[], fecha: string) {
  for (const it of items) {
    const key = `${it.id_tratamiento}|${fecha.slice(0, 7)}`
    demanda.set(key, (demanda.get(key) ?? 0) + it.cantidad)
  }
}

/**
 * `count` direct product sales on random past days: each a 'Venta Directa' cita (the app
 * records a sale as a virtual appointment) and its final payment.
 */
export function addDirectSales(ctx: DemoContext, rows: DemoRows, count: number, sale: { pacientes: PatientRef[]; productos: Producto[]; metodos: string[] }) {
  const { rnd, pick, firstDayMs, todayMs } = ctx
  if (count > 0 && sale.productos.length === 0) throw new Error('No hay productos activos para generar ventas directas.')
  for (let i = 0; i < count; i++) {
    const p = pick(sale.pacientes)
    const dayMs = firstDayMs + Math.floor(rnd() * ((todayMs - firstDayMs) / DAY_MS)) * DAY_MS
    const fecha = isoDay(dayMs)
    const items = productItems(sale.productos, rnd, 3)
    addDemand(rows.demanda, items, fecha)
    const total = items.reduce((s, it) => s + it.costo_al_momento_del_pago * it.cantidad, 0)
    const idCita = crypto.randomUUID()
    rows.citas.push({
      id_cita: idCita,
      id_paciente: p.id_paciente,
      nombre_cliente: `${p.nombre} ${p.apellido}`,
      email_cliente: p.email,
      telefono_cliente: p.telefono,
      nombre_tratamiento: `VENTA PRODUCTOS: ${items.map((it) => `${it.nombre} x${it.cantidad}`).join(', ')}`.slice(0, 200),
      fecha_cita: fecha,
      hora_inicio: '00:00:00',
      hora_fin: '00:00:00',
      estado_cita: 'Venta Directa',
      monto_adelanto: 0,
      created_at: stamp(dayMs, 10 * 60 + Math.floor(rnd() * 540)),
    })
    rows.pagos.push({
      id_pago_cita: crypto.randomUUID(),
      id_cita: idCita,
      monto_total_calculado: total,
      monto_adelanto_aplicado: 0,
      monto_final_pagado: total,
      metodo_pago_final: pick(sale.metodos),
      referencia_pago_final: `VENTA_PRODUCTOS_${dayMs}_${Math.floor(rnd() * 1e6).toString(36)}`,
      tratamientos_adicionales_info: items,
      fecha_pago: fecha,
      created_at: stamp(dayMs, 10 * 60 + Math.floor(rnd() * 540)),
    })
  }
}

/** Restocks: each month, what the month sells plus a margin, dated the 1st (before the sales). */
export function monthlyRestocks({ rnd }: DemoContext, demanda: Map<string, number>) {
  return [...demanda.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, units]) => {
      const [producto, mes] = key.split('|') as [string, string]
      return {
        id_tratamiento: producto,
        cantidad: units + 5 + Math.floor(rnd() * 10),
        motivo: 'ajuste',
        nota: `Reposición de ${mes}`,
        created_at: `${mes}-01T13:00:00.000Z`,
      }
    })
}
