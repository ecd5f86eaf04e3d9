/**
 * Direct sale on the server (spec 2 §4 "Direct sale"; docs/spec/3-product-decisions.md
 * "Stock"): the rows the domain builds (src/domain/venta-productos.ts) — a virtual
 * appointment 'Venta Directa' with no specialist or treatment at 00:00:00, then a payment
 * with product items — are accepted from a tablet, never collide with the specialists'
 * agenda, and write the stock movements; an oversell from two offline tablets is kept
 * and the product is flagged for review.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tbCitas, tbPagosCitas } from '../../../sync/tables/product-tables.ts'
import { registroVenta, validarVenta, type LineaCarrito } from '../../../src/domain/venta-productos.ts'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearCita, crearEspecialista, crearPaciente, crearProducto, leer, stock, type Fila } from './support/datos.ts'
import { copiaLocal, documentoNuevo, editado, subir } from './support/tablet.ts'

let stack: TestStack
let actores: Actores

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
})
afterAll(async () => {
  await stack?.close()
})

const FECHA = '2026-11-20'

function linea(producto: Fila, cantidad: number): LineaCarrito {
  return { id_tratamiento: String(producto.id_tratamiento), nombre: String(producto.nombre), precio: Math.round(Number(producto.costo) * 100), cantidad }
}

/** A sale as a tablet records it offline: the two rows of the domain, as new local documents. */
async function ventaOffline(carrito: LineaCarrito[], metodo = 'Efectivo') {
  const cliente = await crearPaciente(stack.db)
  const venta = registroVenta({
    idCita: randomUUID(),
    idPago: randomUUID(),
    cliente: { id_paciente: String(cliente.id_paciente), nombre: String(cliente.nombre), apellido: String(cliente.apellido) },
    carrito,
    metodo,
    hoy: FECHA,
    referencia: `VENTA_PRODUCTOS_${Date.now()}_${randomUUID().slice(0, 6)}`,
  })
  return { venta, cita: documentoNuevo(tbCitas, { ...venta.cita }), pago: documentoNuevo(tbPagosCitas, { ...venta.pago }) }
}

/** The tablet reconnects: each table uploads its queue (appointments before payments). */
async function sincronizar(v: Awaited<ReturnType<typeof ventaOffline>>) {
  expect(await subir(actores.personal, tbCitas, [{ local: v.cita, base: null }])).toEqual([])
  expect(await subir(actores.personal, tbPagosCitas, [{ local: v.pago, base: null }])).toEqual([])
}

async function movimientos(producto: Fila) {
  const { rows } = await stack.db.query<{ cantidad: number; motivo: string; sobreventa: boolean; stock_resultante: number }>(
    `select cantidad, motivo, sobreventa, stock_resultante from public.tb_movimientos_stock where id_tratamiento = $1 order by created_at, stock_resultante desc`,
    [producto.id_tratamiento],
  )
  return rows
}

describe('venta directa desde una tablet', () => {
  it('la cita virtual y su pago se aceptan; el pago guarda el bruto y el stock baja como venta_directa', async () => {
    const crema = await crearProducto(stack.db, 10, { costo: 40 })
    const aceite = await crearProducto(stack.db, 5, { costo: 25.5 })
    const v = await ventaOffline([linea(crema, 2), linea(aceite, 1)], 'Tarjeta de Crédito')
    await sincronizar(v)

    expect(await leer(stack.db, 'tb_citas', 'id_cita', v.venta.cita.id_cita)).toMatchObject({
      estado_cita: 'Venta Directa',
      id_especialista: null,
      id_tratamiento: null,
      hora_inicio: '00:00:00',
      hora_fin: '00:00:00',
      nombre_tratamiento: `VENTA PRODUCTOS: ${String(crema.nombre)} x2, ${String(aceite.nombre)}`,
      id_pago_final: v.venta.pago.id_pago_cita,
      monto_total_final: 105.5,
    })
    // Gross: the card commission is not taken off what was charged.
    expect(await leer(stack.db, 'tb_pagos_citas', 'id_pago_cita', v.venta.pago.id_pago_cita)).toMatchObject({ monto_final_pagado: 105.5, monto_total_calculado: 105.5 })
    expect((await movimientos(crema)).at(-1)).toMatchObject({ cantidad: -2, motivo: 'venta_directa', sobreventa: false, stock_resultante: 8 })
    expect((await movimientos(aceite)).at(-1)).toMatchObject({ cantidad: -1, motivo: 'venta_directa', stock_resultante: 4 })
    expect(await stock(stack.db, String(crema.id_tratamiento))).toEqual({ tr_cantidad: 8, stock_en_revision: false, libro: 8 })
  })

  it('un pago que sube antes que su cita virtual (otra cola) se rechaza por clave foránea y entra al reintentar', async () => {
    const crema = await crearProducto(stack.db, 3)
    const v = await ventaOffline([linea(crema, 1)])
    const antes = await subir(actores.personal, tbPagosCitas, [{ local: v.pago, base: null }])
    expect(antes).toMatchObject([{ s: 'refused', code: '23503' }])
    expect(await stock(stack.db, String(crema.id_tratamiento))).toMatchObject({ tr_cantidad: 3 })
    await sincronizar(v)
    expect(await stock(stack.db, String(crema.id_tratamiento))).toMatchObject({ tr_cantidad: 2 })
  })
})

describe('agenda', () => {
  it('varias ventas del mismo día a las 00:00:00 y una cita real a medianoche conviven', async () => {
    const especialista = await crearEspecialista(stack.db)
    await crearCita(stack.db, { id_especialista: especialista.id_especialista, fecha_cita: FECHA, hora_inicio: '00:00:00', hora_fin: '01:00:00' })
    const crema = await crearProducto(stack.db, 10)
    for (let i = 0; i < 3; i++) await sincronizar(await ventaOffline([linea(crema, 1)]))
    // Even a sale that (wrongly) names a specialist does not occupy the agenda.
    const conEspecialista = await ventaOffline([linea(crema, 1)])
    conEspecialista.cita.id_especialista = especialista.id_especialista
    await sincronizar(conEspecialista)
    expect(await stock(stack.db, String(crema.id_tratamiento))).toMatchObject({ tr_cantidad: 6 })
    const ventas = await stack.db.query(`select 1 from public.tb_citas where fecha_cita = $1 and estado_cita = 'Venta Directa' and not _deleted`, [FECHA])
    expect(ventas.rows.length).toBeGreaterThanOrEqual(4)
  })
})

describe('sobreventa desde dos tablets offline', () => {
  it('ambas ventas de la última unidad se conservan; la segunda queda marcada y el producto en revisión', async () => {
    const crema = await crearProducto(stack.db, 1)
    // Both tablets saw 1 unit available: each sale passes the device's checks.
    const disponible = new Map([[String(crema.id_tratamiento), 1]])
    const a = await ventaOffline([linea(crema, 1)])
    const b = await ventaOffline([linea(crema, 1)])
    for (const v of [a, b]) {
      expect(validarVenta({ idCliente: v.venta.cita.id_paciente, clientes: new Set([v.venta.cita.id_paciente]), metodo: 'Efectivo', carrito: [linea(crema, 1)], disponible })).toBeNull()
    }

    await sincronizar(a)
    await sincronizar(b)

    expect((await movimientos(crema)).map((m) => [m.motivo, m.cantidad, m.stock_resultante, m.sobreventa])).toEqual([
      ['inicial', 1, 1, false],
      ['venta_directa', -1, 0, false],
      ['venta_directa', -1, -1, true],
    ])
    expect(await stock(stack.db, String(crema.id_tratamiento))).toEqual({ tr_cantidad: -1, stock_en_revision: true, libro: -1 })
    for (const v of [a, b]) expect(await leer(stack.db, 'tb_citas', 'id_cita', v.venta.cita.id_cita)).toMatchObject({ estado_cita: 'Venta Directa', id_pago_final: v.venta.pago.id_pago_cita })

    // An administrator voids the second sale: the unit comes back and the review clears.
    const base = await copiaLocal(actores.admin, tbPagosCitas, b.venta.pago.id_pago_cita)
    expect(await subir(actores.admin, tbPagosCitas, [{ local: editado(base, { _deleted: true }), base }])).toEqual([])
    expect(await stock(stack.db, String(crema.id_tratamiento))).toEqual({ tr_cantidad: 0, stock_en_revision: false, libro: 0 })
    expect(await leer(stack.db, 'tb_citas', 'id_cita', b.venta.cita.id_cita)).toMatchObject({ _deleted: true })
    expect(await leer(stack.db, 'tb_citas', 'id_cita', a.venta.cita.id_cita)).toMatchObject({ _deleted: false, id_pago_final: a.venta.pago.id_pago_cita })
  })
})
