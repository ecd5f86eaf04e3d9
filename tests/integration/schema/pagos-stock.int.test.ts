/**
 * Payments and stock: a payment completes its appointment and writes the stock ledger
 * in the same transaction (all or nothing); tr_cantidad is derived from the append-only
 * ledger and never written by clients; a late sale that overdraws is kept and flagged;
 * an admin can void or correct a payment and the ledger follows.
 */
import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearCita as crearCitaBase, fechaPeru, crearPago, crearPaciente, crearProducto, idTratamiento, itemProducto, leer, stock, valor, type Fila } from './support/datos.ts'

/** The payments here apply S/ 50 of advance: the server takes the applied amount from the cita (docs/decisions/0033). */
const crearCita = (db: Parameters<typeof crearCitaBase>[0], extra: Fila = {}) => crearCitaBase(db, { monto_adelanto: 50, ...extra })

let stack: TestStack
let actores: Actores

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
})
afterAll(async () => {
  await stack?.close()
})

/** RFC 4122 UUID v5, as private.uuid_v5 computes it (a client can derive the same ids). */
function uuidV5(espacio: string, nombre: string): string {
  const h = createHash('sha1').update(Buffer.from(espacio.replace(/-/g, ''), 'hex')).update(nombre, 'utf8').digest().subarray(0, 16)
  h[6] = (h[6]! & 0x0f) | 0x50
  h[8] = (h[8]! & 0x3f) | 0x80
  const x = h.toString('hex')
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`
}
const ESPACIO = '6f1c2b1e-8d4a-4c57-9a43-5b2f0e7c9d10'

async function movimientos(idProducto: unknown) {
  const { rows } = await stack.db.query<{ id_movimiento: string; cantidad: number; motivo: string; sobreventa: boolean; stock_resultante: number; id_pago_cita: string | null; nota: string | null }>(
    `select id_movimiento::text, cantidad, motivo, sobreventa, stock_resultante, id_pago_cita::text, nota
       from public.tb_movimientos_stock where id_tratamiento = $1 order by created_at, stock_resultante desc`,
    [idProducto],
  )
  return rows
}

function pago(idCita: unknown, items: unknown[], extra: Fila = {}) {
  return {
    id_pago_cita: randomUUID(),
    id_cita: idCita,
    monto_total_calculado: 280,
    monto_adelanto_aplicado: 50,
    monto_final_pagado: 230,
    metodo_pago_final: 'Yape',
    referencia_pago_final: 'OP-123',
    tratamientos_adicionales_info: items,
    fecha_pago: fechaPeru(),
    ...extra,
  }
}

describe('pago final', () => {
  it('completa la cita y descuenta el stock de los productos en la misma escritura', async () => {
    const producto = await crearProducto(stack.db, 10)
    const cita = await crearCita(stack.db, { monto_adelanto: 50 })
    const facial = await idTratamiento(stack.db, 'Facial Hidratante')
    const antes = await valor<string>(stack.db, `select _xid::text as v from public.tb_tratamientos where id_tratamiento = $1`, [producto.id_tratamiento])
    const p = pago(cita.id_cita, [
      itemProducto(producto, 2),
      { id_tratamiento: facial, nombre: 'Facial Hidratante', costo_al_momento_del_pago: 120, cantidad: 1, tipo: 'tratamiento' },
    ])

    const { error } = await actores.personal.from('tb_pagos_citas').insert(p)
    expect(error).toBeNull()

    const c = await leer(stack.db, 'tb_citas', 'id_cita', String(cita.id_cita))
    expect(c).toMatchObject({ estado_cita: 'Completada', id_pago_final: p.id_pago_cita, monto_total_final: 280 })
    const movs = await movimientos(producto.id_tratamiento)
    expect(movs.at(-1)).toMatchObject({
      // Deterministic id: a retried payment can never write its sale twice.
      id_movimiento: uuidV5(ESPACIO, `pago:${p.id_pago_cita}:producto:${producto.id_tratamiento}:0`),
      cantidad: -2,
      motivo: 'venta',
      sobreventa: false,
      stock_resultante: 8,
      id_pago_cita: p.id_pago_cita,
    })
    expect(await stock(stack.db, String(producto.id_tratamiento))).toEqual({ tr_cantidad: 8, stock_en_revision: false, libro: 8 })
    // The product row moved forward, so devices pull the new stock.
    const despues = await valor<string>(stack.db, `select _xid::text as v from public.tb_tratamientos where id_tratamiento = $1`, [producto.id_tratamiento])
    expect(BigInt(despues)).toBeGreaterThan(BigInt(antes))
    // Treatment items do not touch stock.
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_movimientos_stock where id_tratamiento = $1`, [facial])).toBe(0)
  })

  it('un pago reintentado (mismo id) no se cuenta dos veces', async () => {
    const producto = await crearProducto(stack.db, 5)
    const cita = await crearCita(stack.db)
    const p = pago(cita.id_cita, [itemProducto(producto, 1)])
    expect((await actores.personal.from('tb_pagos_citas').insert(p)).error).toBeNull()
    const otraVez = await actores.personal.from('tb_pagos_citas').insert(p)
    expect(otraVez.error?.code).toBe('23505')
    const ignorado = await actores.personal.from('tb_pagos_citas').upsert(p, { onConflict: 'id_pago_cita', ignoreDuplicates: true })
    expect(ignorado.error).toBeNull()
    expect(await stock(stack.db, String(producto.id_tratamiento))).toMatchObject({ tr_cantidad: 4, libro: 4 })
  })

  it('si falla el último paso no queda nada: ni pago, ni cita completada, ni movimientos', async () => {
    const a = await crearProducto(stack.db, 10)
    const b = await crearProducto(stack.db, 10)
    const cita = await crearCita(stack.db)
    // A failure injected into the last step (the second ledger row), after the appointment
    // and the first product were already written inside the transaction.
    await stack.db.exec(`alter table public.tb_movimientos_stock add constraint prueba_fallo_tardio check (cantidad > -5)`)
    try {
      // Products are processed in id order: the failing quantity goes on the second one.
      const [primero, segundo] = String(a.id_tratamiento) < String(b.id_tratamiento) ? [a, b] : [b, a]
      const p = pago(cita.id_cita, [itemProducto(primero, 1), itemProducto(segundo, 7)])
      const { error } = await actores.personal.from('tb_pagos_citas').insert(p)
      expect(error?.code).toBe('23514')
      expect(await leer(stack.db, 'tb_pagos_citas', 'id_pago_cita', p.id_pago_cita)).toBeNull()
    } finally {
      await stack.db.exec(`alter table public.tb_movimientos_stock drop constraint prueba_fallo_tardio`)
    }
    expect(await leer(stack.db, 'tb_citas', 'id_cita', String(cita.id_cita))).toMatchObject({ estado_cita: 'Confirmada', id_pago_final: null, monto_total_final: null })
    for (const prod of [a, b]) {
      expect(await movimientos(prod.id_tratamiento)).toHaveLength(1)
      expect(await stock(stack.db, String(prod.id_tratamiento))).toMatchObject({ tr_cantidad: 10, libro: 10 })
    }
  })

  it('un ítem que no existe se rechaza con 23503 y el nombre del ítem', async () => {
    const producto = await crearProducto(stack.db, 3)
    const cita = await crearCita(stack.db)
    const { error } = await actores.personal.from('tb_pagos_citas').insert(
      pago(cita.id_cita, [itemProducto(producto, 1), { id_tratamiento: randomUUID(), nombre: 'Crema fantasma', costo_al_momento_del_pago: 10, cantidad: 1, tipo: 'producto' }]),
    )
    expect(error?.code).toBe('23503')
    expect(error?.message).toBe('El producto o tratamiento "Crema fantasma" del pago no existe.')
    expect(await stock(stack.db, String(producto.id_tratamiento))).toMatchObject({ tr_cantidad: 3 })
  })

  it('ítems mal formados se rechazan con el mensaje de la restricción', async () => {
    const cita = await crearCita(stack.db)
    const producto = await crearProducto(stack.db, 3)
    for (const malo of [{ ...itemProducto(producto, 1), cantidad: 0 }, { ...itemProducto(producto, 1), cantidad: 'dos' }, { ...itemProducto(producto, 1), id_tratamiento: 'x' }]) {
      const { error } = await actores.personal.from('tb_pagos_citas').insert(pago(cita.id_cita, [malo]))
      expect(error?.code).toBe('23514')
      expect(error?.message).toBe('Cada producto o tratamiento adicional necesita id_tratamiento, nombre, tipo, una cantidad entera mayor a 0 y un costo no negativo.')
    }
  })

  it('un segundo pago final de la misma cita (cobrada dos veces offline) se rechaza nombrando el primero', async () => {
    const cita = await crearCita(stack.db)
    const p1 = pago(cita.id_cita, [], { monto_final_pagado: 100, metodo_pago_final: 'Yape' })
    const p2 = pago(cita.id_cita, [], { monto_final_pagado: 30, metodo_pago_final: 'Efectivo' })
    expect((await actores.personal.from('tb_pagos_citas').insert(p1)).error).toBeNull()
    const { error } = await actores.admin.from('tb_pagos_citas').insert(p2)
    expect(error?.code).toBe('23505')
    expect(error?.message).toMatch(/^Cobro duplicado: esta cita ya tiene su pago final de S\/ 100\.00 en Yape, registrado el \d\d\/\d\d\/\d{4} a las \d\d:\d\d por .+\./)
    expect(await leer(stack.db, 'tb_pagos_citas', 'id_pago_cita', p2.id_pago_cita)).toBeNull()
    expect(await leer(stack.db, 'tb_citas', 'id_cita', String(cita.id_cita))).toMatchObject({ estado_cita: 'Completada', id_pago_final: p1.id_pago_cita, monto_total_final: 150 })
  })

  it('un pago que llega para una cita cancelada o borrada la completa y la revive: el dinero no se pierde', async () => {
    const cancelada = await crearCita(stack.db, { estado_cita: 'Cancelada' })
    const borrada = await crearCita(stack.db)
    await stack.db.query(`update public.tb_citas set _deleted = true where id_cita = $1`, [borrada.id_cita])
    for (const c of [cancelada, borrada]) {
      expect((await actores.personal.from('tb_pagos_citas').insert(pago(c.id_cita, []))).error).toBeNull()
      expect(await leer(stack.db, 'tb_citas', 'id_cita', String(c.id_cita))).toMatchObject({ estado_cita: 'Completada', _deleted: false })
    }
  })

  it('el personal no puede modificar, anular ni borrar un pago', async () => {
    const cita = await crearCita(stack.db)
    const p = await crearPago(stack.db, cita.id_cita)
    await actores.personal.from('tb_pagos_citas').update({ monto_final_pagado: 1 }).eq('id_pago_cita', p.id_pago_cita)
    await actores.personal.from('tb_pagos_citas').update({ _deleted: true }).eq('id_pago_cita', p.id_pago_cita)
    const borrar = await actores.personal.from('tb_pagos_citas').delete().eq('id_pago_cita', p.id_pago_cita)
    expect(borrar.error?.code).toBe('42501')
    expect(await leer(stack.db, 'tb_pagos_citas', 'id_pago_cita', String(p.id_pago_cita))).toMatchObject({ monto_final_pagado: 150, _deleted: false })
  })

  it('nadie borra físicamente un pago, ni el service role', async () => {
    const cita = await crearCita(stack.db)
    const p = await crearPago(stack.db, cita.id_cita)
    const { error } = await stack.service().from('tb_pagos_citas').delete().eq('id_pago_cita', p.id_pago_cita)
    expect(error?.code).toBe('P0001')
    expect(error?.message).toMatch(/^Un pago no se elimina/)
    expect(await leer(stack.db, 'tb_pagos_citas', 'id_pago_cita', String(p.id_pago_cita))).not.toBeNull()
  })
})

describe('anular o corregir un pago (admin)', () => {
  it('anular reabre la cita y devuelve las unidades con un ajuste', async () => {
    const producto = await crearProducto(stack.db, 10)
    const cita = await crearCita(stack.db)
    const p = pago(cita.id_cita, [itemProducto(producto, 3)])
    expect((await actores.personal.from('tb_pagos_citas').insert(p)).error).toBeNull()
    expect(await stock(stack.db, String(producto.id_tratamiento))).toMatchObject({ tr_cantidad: 7 })

    const { error } = await actores.admin.from('tb_pagos_citas').update({ _deleted: true }).eq('id_pago_cita', p.id_pago_cita)
    expect(error).toBeNull()
    expect(await leer(stack.db, 'tb_citas', 'id_cita', String(cita.id_cita))).toMatchObject({ estado_cita: 'Confirmada', id_pago_final: null, monto_total_final: null })
    expect((await movimientos(producto.id_tratamiento)).at(-1)).toMatchObject({ cantidad: 3, motivo: 'ajuste', id_pago_cita: p.id_pago_cita })
    expect(await stock(stack.db, String(producto.id_tratamiento))).toEqual({ tr_cantidad: 10, stock_en_revision: false, libro: 10 })
  })

  it('corregir montos o cantidades de un pago registrado se rechaza (solo se anula); sus notas sí se corrigen', async () => {
    const producto = await crearProducto(stack.db, 10)
    const cita = await crearCita(stack.db)
    const p = pago(cita.id_cita, [itemProducto(producto, 3)])
    await actores.personal.from('tb_pagos_citas').insert(p)
    const items = await actores.admin.from('tb_pagos_citas').update({ tratamientos_adicionales_info: [itemProducto(producto, 1)] }).eq('id_pago_cita', p.id_pago_cita)
    expect(items.error?.message).toBe('Un pago registrado no se modifica: un administrador puede anularlo y registrar el pago correcto.')
    const monto = await actores.admin.from('tb_pagos_citas').update({ monto_final_pagado: 1 }).eq('id_pago_cita', p.id_pago_cita)
    expect(monto.error?.code).toBe('P0001')
    expect((await actores.admin.from('tb_pagos_citas').update({ notas_pago: 'corregido' }).eq('id_pago_cita', p.id_pago_cita)).error).toBeNull()
    expect((await movimientos(producto.id_tratamiento)).map((m) => m.cantidad)).toEqual([10, -3])
    expect(await leer(stack.db, 'tb_pagos_citas', 'id_pago_cita', p.id_pago_cita)).toMatchObject({ monto_final_pagado: 230, notas_pago: 'corregido' })
  })
})

describe('stock derivado del libro', () => {
  it('una venta tardía que deja el stock negativo se conserva y se marca para revisión', async () => {
    const producto = await crearProducto(stack.db, 2)
    const cita = await crearCita(stack.db)
    const { error } = await actores.personal.from('tb_pagos_citas').insert(pago(cita.id_cita, [itemProducto(producto, 3)]))
    expect(error).toBeNull()
    expect((await movimientos(producto.id_tratamiento)).at(-1)).toMatchObject({ cantidad: -3, sobreventa: true, stock_resultante: -1 })
    expect(await stock(stack.db, String(producto.id_tratamiento))).toEqual({ tr_cantidad: -1, stock_en_revision: true, libro: -1 })
    // Staff see it as a product under review…
    const visto = await actores.personal.from('tb_tratamientos').select('tr_cantidad, stock_en_revision').eq('id_tratamiento', producto.id_tratamiento).single()
    expect(visto.data).toEqual({ tr_cantidad: -1, stock_en_revision: true })
    // …and a stock count (adjustment) clears the review; the oversold sale stays flagged.
    expect((await actores.personal.from('tb_movimientos_stock').insert({ id_tratamiento: producto.id_tratamiento, cantidad: 6, motivo: 'ajuste', nota: 'Conteo físico' })).error).toBeNull()
    expect(await stock(stack.db, String(producto.id_tratamiento))).toEqual({ tr_cantidad: 5, stock_en_revision: false, libro: 5 })
    expect((await movimientos(producto.id_tratamiento)).filter((m) => m.sobreventa)).toHaveLength(1)
  })

  it('dos ventas simultáneas de la última unidad: ambas quedan, una marcada como sobreventa', async () => {
    const producto = await crearProducto(stack.db, 1)
    const citas = [await crearCita(stack.db), await crearCita(stack.db)]
    const r = await Promise.all([
      actores.personal.from('tb_pagos_citas').insert(pago(citas[0]!.id_cita, [itemProducto(producto, 1)])),
      actores.admin.from('tb_pagos_citas').insert(pago(citas[1]!.id_cita, [itemProducto(producto, 1)])),
    ])
    expect(r.map((x) => x.error)).toEqual([null, null])
    const ventas = (await movimientos(producto.id_tratamiento)).filter((m) => m.motivo === 'venta')
    expect(ventas.map((m) => m.stock_resultante).sort()).toEqual([-1, 0])
    expect(ventas.filter((m) => m.sobreventa)).toHaveLength(1)
    expect(await stock(stack.db, String(producto.id_tratamiento))).toEqual({ tr_cantidad: -1, stock_en_revision: true, libro: -1 })
  })

  it('nadie escribe tr_cantidad ni stock_en_revision: el valor enviado se ignora', async () => {
    const id = randomUUID()
    const alta = await actores.personal.from('tb_tratamientos').insert({ id_tratamiento: id, nombre: 'Aceite de Coco 100 ml', tipo: 'producto', costo: 30, tr_cantidad: 50, stock_en_revision: true })
    expect(alta.error).toBeNull()
    expect(await stock(stack.db, id)).toEqual({ tr_cantidad: 0, stock_en_revision: false, libro: 0 })
    for (const cliente of [actores.personal, actores.admin, stack.service()]) {
      const { error } = await cliente.from('tb_tratamientos').update({ tr_cantidad: 999, stock_en_revision: true, costo: 32 }).eq('id_tratamiento', id)
      expect(error).toBeNull()
    }
    expect(await leer(stack.db, 'tb_tratamientos', 'id_tratamiento', id)).toMatchObject({ tr_cantidad: 0, stock_en_revision: false, costo: 32 })
    // The way to set stock: an 'inicial' or 'ajuste' ledger row.
    await actores.personal.from('tb_movimientos_stock').insert({ id_tratamiento: id, cantidad: 12, motivo: 'inicial' })
    expect(await stock(stack.db, id)).toMatchObject({ tr_cantidad: 12, libro: 12 })
  })

  it('el libro es de solo inserción y las ventas solo las escribe un pago', async () => {
    const producto = await crearProducto(stack.db, 4)
    const [mov] = await movimientos(producto.id_tratamiento)
    // A fresh builder per request: postgrest-js builders share their URL and must not be reused.
    const personal = () => actores.personal.from('tb_movimientos_stock')

    await personal().update({ cantidad: 400 }).eq('id_movimiento', mov!.id_movimiento)
    for (const cambio of [stack.service().from('tb_movimientos_stock').update({ cantidad: 400 }), stack.service().from('tb_movimientos_stock').delete()]) {
      const { error } = await cambio.eq('id_movimiento', mov!.id_movimiento)
      expect(error?.code).toBe('P0001')
      expect(error?.message).toBe('Los movimientos de stock no se pueden modificar ni eliminar: registra un ajuste.')
    }
    const borrado = await personal().delete().eq('id_movimiento', mov!.id_movimiento)
    expect(borrado.error?.code).toBe('42501')
    expect(await movimientos(producto.id_tratamiento)).toEqual([mov])

    const venta = await personal().insert({ id_tratamiento: producto.id_tratamiento, cantidad: -1, motivo: 'venta' })
    expect(venta.error?.code).toBe('23514')
    expect(venta.error?.message).toBe('Una venta solo se registra a través de su pago.')
    const conPago = await personal().insert({ id_tratamiento: producto.id_tratamiento, cantidad: -1, motivo: 'ajuste', id_pago_cita: (await crearPago(stack.db, (await crearCita(stack.db)).id_cita)).id_pago_cita })
    expect(conPago.error?.code).toBe('42501')
    const aTratamiento = await personal().insert({ id_tratamiento: await idTratamiento(stack.db, 'Aromaterapia'), cantidad: 1, motivo: 'ajuste' })
    expect(aTratamiento.error?.code).toBe('23514')
    expect(aTratamiento.error?.message).toBe('Solo los productos llevan stock: "Aromaterapia" es un tratamiento.')
    const inicialNegativo = await personal().insert({ id_tratamiento: producto.id_tratamiento, cantidad: -2, motivo: 'inicial' })
    expect(inicialNegativo.error?.message).toBe('El stock inicial debe ser un número positivo.')
    expect(await stock(stack.db, String(producto.id_tratamiento))).toMatchObject({ tr_cantidad: 4, libro: 4 })
  })
})

describe('venta directa', () => {
  it('cita virtual + pago: queda Venta Directa con su pago y mueve stock como venta_directa', async () => {
    const producto = await crearProducto(stack.db, 6)
    const cliente = await crearPaciente(stack.db)
    const idCita = randomUUID()
    const cita = await actores.personal.from('tb_citas').insert({
      id_cita: idCita,
      id_paciente: cliente.id_paciente,
      nombre_cliente: 'Rosa Huamán Quispe',
      nombre_tratamiento: `VENTA PRODUCTOS: ${String(producto.nombre)} x2`,
      fecha_cita: '2026-11-20',
      hora_inicio: '00:00:00',
      hora_fin: '00:00:00',
      estado_cita: 'Venta Directa',
    })
    expect(cita.error).toBeNull()
    const p = pago(idCita, [itemProducto(producto, 2)], { monto_total_calculado: 80, monto_adelanto_aplicado: 0, monto_final_pagado: 80, metodo_pago_final: 'Tarjeta de Crédito', referencia_pago_final: 'VENTA_PRODUCTOS_1732000000000_ab12' })
    expect((await actores.personal.from('tb_pagos_citas').insert(p)).error).toBeNull()
    expect(await leer(stack.db, 'tb_citas', 'id_cita', idCita)).toMatchObject({ estado_cita: 'Venta Directa', id_pago_final: p.id_pago_cita, monto_total_final: 80 })
    expect((await movimientos(producto.id_tratamiento)).at(-1)).toMatchObject({ cantidad: -2, motivo: 'venta_directa' })
    expect(await stock(stack.db, String(producto.id_tratamiento))).toMatchObject({ tr_cantidad: 4 })
  })

  it('en toda la base, el stock de cada producto es la suma de su libro', async () => {
    const descuadres = await stack.db.query(
      `select t.nombre from public.tb_tratamientos t
        where t.tr_cantidad <> (select coalesce(sum(m.cantidad), 0) from public.tb_movimientos_stock m where m.id_tratamiento = t.id_tratamiento)`,
    )
    expect(descuadres.rows).toEqual([])
  })
})
