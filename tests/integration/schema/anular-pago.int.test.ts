/**
 * 'Anular pago' (docs/decisions/0009-caja.md): an administrator voids a payment with a
 * soft delete that may arrive late from an offline tablet. In the same transaction the
 * server reopens the appointment, gives the products' units back, removes a voided direct sale's virtual appointment, and
 * does all of it once however often the void is retried. Staff cannot void.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tbPagosCitas } from '../../../sync/tables/product-tables.ts'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearCita as crearCitaBase, fechaPeru, crearPaciente, crearProducto, itemProducto, leer, stock, valor, type Fila } from './support/datos.ts'
import { copiaLocal, documentoNuevo, editado, subir } from './support/tablet.ts'

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

function pagoDe(cita: Fila, extra: Fila = {}): Fila & { id_pago_cita: string } {
  return {
    id_pago_cita: randomUUID(),
    id_cita: cita.id_cita,
    monto_total_calculado: 230,
    monto_adelanto_aplicado: 50,
    monto_final_pagado: 180,
    metodo_pago_final: 'Yape',
    referencia_pago_final: null,
    notas_pago: null,
    banco: null,
    tratamientos_adicionales_info: [],
    fecha_pago: fechaPeru(),
    ...extra,
  }
}

async function movimientos(producto: Fila) {
  const { rows } = await stack.db.query<{ cantidad: number; motivo: string }>(
    `select cantidad, motivo from public.tb_movimientos_stock where id_tratamiento = $1 order by created_at, stock_resultante desc`,
    [producto.id_tratamiento],
  )
  return rows.map((r) => `${r.motivo} ${r.cantidad}`)
}

const citaEn = (id: unknown) => leer(stack.db, 'tb_citas', 'id_cita', String(id))
const xidDe = (tabla: string, pk: string, id: unknown) => valor<string>(stack.db, `select _xid::text as v from public.${tabla} where ${pk} = $1`, [id])

describe('anulación que llega tarde desde una tablet de administrador', () => {
  it('un cobro duplicado que llega antes que la anulación se rechaza; la anulación reabre la cita y devuelve solo su stock', async () => {
    const a = await crearProducto(stack.db, 10)
    const b = await crearProducto(stack.db, 10)
    const cita = await crearCita(stack.db)

    // Reception charged P1 (2 units of A); every tablet synced it.
    const p1 = pagoDe(cita, { tratamientos_adicionales_info: [itemProducto(a, 2)] })
    expect(await subir(actores.personal, tbPagosCitas, [{ local: documentoNuevo(tbPagosCitas, p1), base: null }])).toEqual([])
    const enTabletAdmin = await copiaLocal(actores.admin, tbPagosCitas, p1.id_pago_cita)

    // The administrator's tablet goes offline and voids P1 there.
    const anulacion = editado(enTabletAdmin, { _deleted: true })

    // Meanwhile another offline tablet charged the same appointment: P2 arrives first and
    // is refused (one final payment per cita, docs/decisions/0033).
    const p2 = pagoDe(cita, { monto_final_pagado: 100, tratamientos_adicionales_info: [itemProducto(b, 1)] })
    expect(await subir(actores.personal, tbPagosCitas, [{ local: documentoNuevo(tbPagosCitas, p2), base: null }])).toMatchObject([
      { i: 0, s: 'refused', code: '23505', message: expect.stringMatching(/^Cobro duplicado: esta cita ya tiene su pago final de S\/ 180\.00 en Yape/) },
    ])
    expect(await citaEn(cita.id_cita)).toMatchObject({ estado_cita: 'Completada', id_pago_final: p1.id_pago_cita, monto_total_final: 230 })

    // The administrator's tablet comes back online.
    expect(await subir(actores.admin, tbPagosCitas, [{ local: anulacion, base: enTabletAdmin }])).toEqual([])

    expect(await leer(stack.db, 'tb_pagos_citas', 'id_pago_cita', p1.id_pago_cita)).toMatchObject({ _deleted: true })
    expect(await citaEn(cita.id_cita)).toMatchObject({ estado_cita: 'Confirmada', id_pago_final: null, monto_total_final: null, _deleted: false })
    expect(await movimientos(a)).toEqual(['inicial 10', 'venta -2', 'ajuste 2'])
    expect(await movimientos(b)).toEqual(['inicial 10'])
    expect(await stock(stack.db, String(a.id_tratamiento))).toEqual({ tr_cantidad: 10, stock_en_revision: false, libro: 10 })

    // The acknowledgement got lost and the tablet sends the void again: nothing moves.
    const xidCita = await xidDe('tb_citas', 'id_cita', cita.id_cita)
    const xidPago = await xidDe('tb_pagos_citas', 'id_pago_cita', p1.id_pago_cita)
    expect(await subir(actores.admin, tbPagosCitas, [{ local: anulacion, base: enTabletAdmin }])).toEqual([])
    expect(await movimientos(a)).toEqual(['inicial 10', 'venta -2', 'ajuste 2'])
    expect(await xidDe('tb_citas', 'id_cita', cita.id_cita)).toBe(xidCita)
    expect(await xidDe('tb_pagos_citas', 'id_pago_cita', p1.id_pago_cita)).toBe(xidPago)
  })

  for (const orden of ['el pago nuevo antes que la anulación', 'la anulación antes que el pago nuevo'] as const) {
    it(`anular y volver a cobrar en la misma tablet offline, un solo envío con ${orden}`, async () => {
      const a = await crearProducto(stack.db, 5)
      const cita = await crearCita(stack.db, { monto_adelanto: 50 })
      const p1 = pagoDe(cita, { metodo_pago_final: 'Efectivo', tratamientos_adicionales_info: [itemProducto(a, 1)] })
      expect((await actores.personal.from('tb_pagos_citas').insert(p1)).error).toBeNull()
      const base = await copiaLocal(actores.admin, tbPagosCitas, p1.id_pago_cita)

      // Offline: the administrator voids P1 (wrong method) and charges again by card, 2 units.
      const anulacion = { local: editado(base, { _deleted: true }), base }
      const p2 = pagoDe(cita, { metodo_pago_final: 'Tarjeta de Crédito', monto_total_calculado: 270, monto_final_pagado: 220, tratamientos_adicionales_info: [itemProducto(a, 2)] })
      const cobro = { local: documentoNuevo(tbPagosCitas, p2), base: null }
      const envio = orden === 'el pago nuevo antes que la anulación' ? [cobro, anulacion] : [anulacion, cobro]
      expect(await subir(actores.admin, tbPagosCitas, envio)).toEqual([])

      expect(await citaEn(cita.id_cita)).toMatchObject({ estado_cita: 'Completada', id_pago_final: p2.id_pago_cita, monto_total_final: 270 })
      expect(await stock(stack.db, String(a.id_tratamiento))).toEqual({ tr_cantidad: 3, stock_en_revision: false, libro: 3 })
    })
  }

  it('sin otro pago, la cita vuelve a Confirmada sin id_pago_final ni monto_total_final', async () => {
    const cita = await crearCita(stack.db, { monto_adelanto: 50 })
    const p = pagoDe(cita)
    expect((await actores.personal.from('tb_pagos_citas').insert(p)).error).toBeNull()
    const base = await copiaLocal(actores.admin, tbPagosCitas, p.id_pago_cita)
    expect(await subir(actores.admin, tbPagosCitas, [{ local: editado(base, { _deleted: true }), base }])).toEqual([])
    expect(await citaEn(cita.id_cita)).toMatchObject({ estado_cita: 'Confirmada', id_pago_final: null, monto_total_final: null })
    // Reopened: it can be charged again.
    const otro = pagoDe(cita, { monto_final_pagado: 170 })
    expect((await actores.personal.from('tb_pagos_citas').insert(otro)).error).toBeNull()
    expect(await citaEn(cita.id_cita)).toMatchObject({ estado_cita: 'Completada', id_pago_final: otro.id_pago_cita, monto_total_final: 220 })
  })
})

describe('idempotencia', () => {
  it('anular dos veces por la API no devuelve las unidades dos veces', async () => {
    const a = await crearProducto(stack.db, 4)
    const cita = await crearCita(stack.db)
    const p = pagoDe(cita, { tratamientos_adicionales_info: [itemProducto(a, 3)] })
    expect((await actores.personal.from('tb_pagos_citas').insert(p)).error).toBeNull()
    for (let i = 0; i < 2; i++) {
      const { error } = await actores.admin.from('tb_pagos_citas').update({ _deleted: true }).eq('id_pago_cita', p.id_pago_cita)
      expect(error).toBeNull()
    }
    expect(await movimientos(a)).toEqual(['inicial 4', 'venta -3', 'ajuste 3'])
    expect(await stock(stack.db, String(a.id_tratamiento))).toMatchObject({ tr_cantidad: 4, libro: 4 })
  })
})

describe('solo un administrador anula', () => {
  it('la anulación de una tablet del personal se rechaza (42501) y no cambia nada', async () => {
    const a = await crearProducto(stack.db, 6)
    const cita = await crearCita(stack.db)
    const p = pagoDe(cita, { tratamientos_adicionales_info: [itemProducto(a, 1)] })
    expect((await actores.personal.from('tb_pagos_citas').insert(p)).error).toBeNull()
    const base = await copiaLocal(actores.personal, tbPagosCitas, p.id_pago_cita)

    const r = await subir(actores.personal, tbPagosCitas, [{ local: editado(base, { _deleted: true }), base }])
    expect(r).toMatchObject([{ i: 0, s: 'refused', code: '42501', message: 'update not permitted' }])
    // Through PostgREST, RLS simply matches no row.
    const api = await actores.personal.from('tb_pagos_citas').update({ _deleted: true }).eq('id_pago_cita', p.id_pago_cita).select()
    expect(api.data).toEqual([])

    expect(await leer(stack.db, 'tb_pagos_citas', 'id_pago_cita', p.id_pago_cita)).toMatchObject({ _deleted: false })
    expect(await citaEn(cita.id_cita)).toMatchObject({ estado_cita: 'Completada', id_pago_final: p.id_pago_cita })
    expect(await stock(stack.db, String(a.id_tratamiento))).toMatchObject({ tr_cantidad: 5 })
  })

  it('aunque una política abriera la actualización al personal, el trigger solo deja anular a un administrador', async () => {
    const cita = await crearCita(stack.db)
    const p = pagoDe(cita)
    expect((await actores.personal.from('tb_pagos_citas').insert(p)).error).toBeNull()
    await stack.db.exec(`create policy prueba_personal_actualiza on public.tb_pagos_citas for update to authenticated using (true) with check (true)`)
    try {
      const { error } = await actores.personal.from('tb_pagos_citas').update({ _deleted: true }).eq('id_pago_cita', p.id_pago_cita)
      expect(error?.code).toBe('42501')
      expect(error?.message).toBe('Solo un administrador puede anular o corregir un pago.')
      const correccion = await actores.personal.from('tb_pagos_citas').update({ monto_final_pagado: 1 }).eq('id_pago_cita', p.id_pago_cita)
      expect(correccion.error?.message).toBe('Solo un administrador puede anular o corregir un pago.')
    } finally {
      await stack.db.exec(`drop policy prueba_personal_actualiza on public.tb_pagos_citas`)
    }
    expect(await leer(stack.db, 'tb_pagos_citas', 'id_pago_cita', p.id_pago_cita)).toMatchObject({ _deleted: false, monto_final_pagado: 180 })
    expect(await citaEn(cita.id_cita)).toMatchObject({ estado_cita: 'Completada' })
  })
})

describe('venta directa anulada', () => {
  it('su cita virtual deja de existir y vuelve el stock; reactivar el pago la revive y vuelve a vender', async () => {
    const a = await crearProducto(stack.db, 3)
    const cliente = await crearPaciente(stack.db)
    const idCita = randomUUID()
    expect(
      (
        await actores.personal.from('tb_citas').insert({
          id_cita: idCita,
          id_paciente: cliente.id_paciente,
          nombre_cliente: 'Rosa Huamán Quispe',
          nombre_tratamiento: `VENTA PRODUCTOS: ${String(a.nombre)} x2`,
          fecha_cita: '2026-11-20',
          hora_inicio: '00:00:00',
          hora_fin: '00:00:00',
          estado_cita: 'Venta Directa',
        })
      ).error,
    ).toBeNull()
    const p = pagoDe({ id_cita: idCita }, { monto_total_calculado: 80, monto_adelanto_aplicado: 0, monto_final_pagado: 80, tratamientos_adicionales_info: [itemProducto(a, 2)] })
    expect((await actores.personal.from('tb_pagos_citas').insert(p)).error).toBeNull()
    expect(await stock(stack.db, String(a.id_tratamiento))).toMatchObject({ tr_cantidad: 1 })

    const base = await copiaLocal(actores.admin, tbPagosCitas, p.id_pago_cita)
    expect(await subir(actores.admin, tbPagosCitas, [{ local: editado(base, { _deleted: true }), base }])).toEqual([])
    expect(await citaEn(idCita)).toMatchObject({ estado_cita: 'Venta Directa', id_pago_final: null, monto_total_final: null, _deleted: true })
    expect(await movimientos(a)).toEqual(['inicial 3', 'venta_directa -2', 'ajuste 2'])
    expect(await stock(stack.db, String(a.id_tratamiento))).toMatchObject({ tr_cantidad: 3, libro: 3 })
    // Staff tablets stop seeing the sale (the tombstone reaches them like any deletion).
    const visto = await actores.personal.from('tb_citas').select('_deleted').eq('id_cita', idCita).single()
    expect(visto.data).toEqual({ _deleted: true })

    const { error } = await actores.admin.from('tb_pagos_citas').update({ _deleted: false }).eq('id_pago_cita', p.id_pago_cita)
    expect(error).toBeNull()
    expect(await citaEn(idCita)).toMatchObject({ estado_cita: 'Venta Directa', id_pago_final: p.id_pago_cita, monto_total_final: 80, _deleted: false })
    expect(await movimientos(a)).toEqual(['inicial 3', 'venta_directa -2', 'ajuste 2', 'venta_directa -2'])
    expect(await stock(stack.db, String(a.id_tratamiento))).toMatchObject({ tr_cantidad: 1, libro: 1 })
  })

  it('una venta directa que nunca tuvo pago no se toca al editarla', async () => {
    const idCita = randomUUID()
    expect(
      (await actores.personal.from('tb_citas').insert({ id_cita: idCita, nombre_cliente: 'Ana', fecha_cita: '2026-11-20', hora_inicio: '00:00:00', hora_fin: '00:00:00', estado_cita: 'Venta Directa' })).error,
    ).toBeNull()
    expect((await actores.personal.from('tb_citas').update({ notas_internas: 'pago en camino' }).eq('id_cita', idCita)).error).toBeNull()
    expect(await citaEn(idCita)).toMatchObject({ _deleted: false, notas_internas: 'pago en camino' })
  })
})
