/**
 * Money cannot be rewritten afterwards, by any path (docs/decisions/0033): what a crafted
 * or stale tablet could do through `sync_push` as reception staff, each refused with a
 * Spanish reason and nothing changed; client clocks clamped to the server's; the push
 * answered over its cap without doing the work.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tbCitas, tbPacientes, tbPagosCitas } from '../../../sync/tables/product-tables.ts'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearCita, crearEspecialista, fechaPeru, leer, valor, type Fila } from './support/datos.ts'
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

function pago(cita: Fila, extra: Fila = {}): Fila & { id_pago_cita: string } {
  return {
    id_pago_cita: randomUUID(),
    id_cita: cita.id_cita,
    monto_total_calculado: 150,
    monto_adelanto_aplicado: cita.monto_adelanto,
    monto_final_pagado: 130,
    metodo_pago_final: 'Efectivo',
    tratamientos_adicionales_info: [],
    fecha_pago: fechaPeru(),
    ...extra,
  }
}

/** A cita of today with an advance of S/ 20, charged by reception. */
async function citaPagada() {
  const cita = await crearCita(stack.db, { fecha_cita: fechaPeru(), monto_adelanto: 20, metodo_pago_adelanto: 'Yape', fecha_pago_adelanto: fechaPeru() })
  const p = pago(cita)
  expect(await subir(actores.personal, tbPagosCitas, [{ local: documentoNuevo(tbPagosCitas, p), base: null }])).toEqual([])
  return { cita, pago: p }
}

const citaEn = (id: unknown) => leer(stack.db, 'tb_citas', 'id_cita', String(id))
const pagoEn = (id: unknown) => leer(stack.db, 'tb_pagos_citas', 'id_pago_cita', String(id))

describe('sync_push: el dinero no se reescribe', () => {
  it('una cita Completada no cambia su adelanto (20 → 500), su fecha ni su especialista', async () => {
    const { cita } = await citaPagada()
    const otro = await crearEspecialista(stack.db)
    const base = await copiaLocal(actores.personal, tbCitas, String(cita.id_cita))
    expect(base).toMatchObject({ estado_cita: 'Completada', monto_adelanto: 20 })
    const r = await subir(actores.personal, tbCitas, [
      { local: editado(base, { monto_adelanto: 500, fecha_cita: fechaPeru(-30), id_especialista: otro.id_especialista }), base },
    ])
    expect(r).toMatchObject([{ i: 0, s: 'refused', code: 'P0001' }])
    expect(r[0]!.message).toBe(
      'Esta cita ya está pagada (S/ 150.00): su adelanto, fecha, horario, especialista y tratamiento no se modifican. Un administrador puede anular el pago si hay que corregirla.',
    )
    // Not even an administrator: the void of the payment is the only way back.
    expect(await subir(actores.admin, tbCitas, [{ local: editado(base, { monto_adelanto: 500 }), base }])).toMatchObject([{ s: 'refused', code: 'P0001' }])
    expect(await citaEn(cita.id_cita)).toMatchObject({ monto_adelanto: 20, fecha_cita: fechaPeru(), id_especialista: cita.id_especialista, monto_total_final: 150 })
    // Its notes are not money: they still change.
    expect(await subir(actores.personal, tbCitas, [{ local: editado(base, { notas_internas: 'Pidió factura' }), base }])).toEqual([])
  })

  it('el adelanto aplicado de un pago viene de la cita (9999 sobre una cita sin adelanto se rechaza)', async () => {
    const cita = await crearCita(stack.db, { fecha_cita: fechaPeru() })
    const p = pago(cita, { monto_adelanto_aplicado: 9999 })
    const r = await subir(actores.personal, tbPagosCitas, [{ local: documentoNuevo(tbPagosCitas, p), base: null }])
    expect(r).toMatchObject([
      { i: 0, s: 'refused', code: '23514', message: 'El adelanto aplicado (S/ 9,999.00) no coincide con el adelanto de la cita (S/ 0.00): los montos aplicados se toman de la cita.' },
    ])
    expect(await pagoEn(p.id_pago_cita)).toBeNull()
    expect(await citaEn(cita.id_cita)).toMatchObject({ estado_cita: 'Confirmada', monto_total_final: null })
  })

  it('la fecha de un pago no es anterior a la cita ni posterior a hoy (Perú); un pago no llega ya anulado', async () => {
    const cita = await crearCita(stack.db, { fecha_cita: fechaPeru() })
    const viejo = pago(cita, { fecha_pago: '2020-01-15' })
    const futuroAnulado = { ...documentoNuevo(tbPagosCitas, pago(cita, { fecha_pago: '2099-12-31' })), _deleted: true }
    const futuro = pago(cita, { fecha_pago: fechaPeru(1) })
    const r = await subir(actores.personal, tbPagosCitas, [
      { local: documentoNuevo(tbPagosCitas, viejo), base: null },
      { local: futuroAnulado, base: null },
      { local: documentoNuevo(tbPagosCitas, futuro), base: null },
    ])
    expect(r).toMatchObject([
      { i: 0, s: 'refused', code: '23514', message: expect.stringMatching(/^La fecha del pago \(15\/01\/2020\) no puede ser anterior a la fecha de la cita/) },
      { i: 1, s: 'refused', code: 'P0001', message: 'Un pago no se registra ya anulado: solo un administrador anula pagos.' },
      { i: 2, s: 'refused', code: '23514', message: expect.stringMatching(/^La fecha del pago \(\d\d\/\d\d\/\d{4}\) no puede ser posterior a hoy/) },
    ])
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_pagos_citas where id_cita = $1`, [cita.id_cita])).toBe(0)
  })

  it('el personal no borra ni reescribe un adelanto recibido; completar un dato que falta sí; un administrador lo corrige', async () => {
    const cita = await crearCita(stack.db, { monto_adelanto: 80, metodo_pago_adelanto: 'Yape', fecha_pago_adelanto: fechaPeru() })
    const base = await copiaLocal(actores.personal, tbCitas, String(cita.id_cita))
    for (const cambio of [{ metodo_pago_adelanto: null }, { monto_adelanto: 0 }, { monto_adelanto: 50 }, { fecha_pago_adelanto: null }, { estado_cita: 'Cancelada', metodo_pago_adelanto: null }]) {
      const r = await subir(actores.personal, tbCitas, [{ local: editado(base, cambio), base }])
      expect(r, JSON.stringify(cambio)).toMatchObject([
        { s: 'refused', code: 'P0001', message: 'El adelanto de esta cita (S/ 80.00 en Yape) ya se recibió: no se borra ni se cambia. Solo un administrador puede corregirlo.' },
      ])
    }
    expect(await subir(actores.personal, tbCitas, [{ local: editado(base, { referencia_pago_adelanto: 'YAPE-778899', estado_cita: 'Reprogramada' }), base }])).toEqual([])
    const ahora = await copiaLocal(actores.admin, tbCitas, String(cita.id_cita))
    expect(await subir(actores.admin, tbCitas, [{ local: editado(ahora, { metodo_pago_adelanto: 'Plin' }), base: ahora }])).toEqual([])
    expect(await citaEn(cita.id_cita)).toMatchObject({ monto_adelanto: 80, metodo_pago_adelanto: 'Plin', referencia_pago_adelanto: 'YAPE-778899', estado_cita: 'Reprogramada' })
  })
})

describe('sync_push: el reloj del cliente', () => {
  it('un updated_at en el futuro se guarda como la hora del servidor, y el reintento del mismo envío se reconoce como aplicado', async () => {
    const id = randomUUID()
    const doc = documentoNuevo(tbPacientes, { id_paciente: id, nombre: 'Rosa', apellido: 'Huamán' })
    const futuro = { ...doc, updated_at: '9999-12-31T00:00:00.000000Z' }
    expect(await subir(actores.personal, tbPacientes, [{ local: futuro, base: null }])).toEqual([])
    const guardado = await leer(stack.db, 'tb_pacientes', 'id_paciente', id)
    expect(Date.parse(String(guardado!.updated_at))).toBeLessThanOrEqual(Date.now() + 1000)
    expect(guardado!.updated_at).toBe(guardado!._modified)

    // The acknowledgement got lost: the same insert, then the same edit, sent again.
    const xid = await valor<string>(stack.db, `select _xid::text as v from public.tb_pacientes where id_paciente = $1`, [id])
    expect(await subir(actores.personal, tbPacientes, [{ local: futuro, base: null }])).toEqual([])
    const base = await copiaLocal(actores.personal, tbPacientes, id)
    const edicion = { ...editado(base, { telefono: '987654321' }), updated_at: '9999-12-31T00:00:00.000000Z' }
    expect(await subir(actores.personal, tbPacientes, [{ local: edicion, base }])).toEqual([])
    const xidEdicion = await valor<string>(stack.db, `select _xid::text as v from public.tb_pacientes where id_paciente = $1`, [id])
    expect(BigInt(xidEdicion)).toBeGreaterThan(BigInt(xid))
    expect(await subir(actores.personal, tbPacientes, [{ local: edicion, base }])).toEqual([])
    expect(await valor<string>(stack.db, `select _xid::text as v from public.tb_pacientes where id_paciente = $1`, [id])).toBe(xidEdicion)
    expect(Date.parse(String((await leer(stack.db, 'tb_pacientes', 'id_paciente', id))!.updated_at))).toBeLessThanOrEqual(Date.now() + 1000)
  })
})

describe('sync_push: tope por llamada', () => {
  it('22 000 actualizaciones de ids inexistentes se responden con el error del tope, sin hacer nada', async () => {
    // About 3 MB: under the embedded server's body limit, so sync_push itself answers.
    const filas = Array.from({ length: 22_000 }, () => {
      const id = randomUUID()
      return { n: { id_paciente: id, nombre: 'Nadie' }, a: { id_paciente: id, nombre: 'Otro' } }
    })
    const { data, error } = await actores.personal.rpc('sync_push', { p_table: 'tb_pacientes', p_columns: ['id_paciente', 'nombre'], p_rows: filas })
    expect(data).toBeNull()
    expect(error).toMatchObject({ code: 'PT413', hint: 'sync_push_lote_grande' })
    expect(error!.message).toMatch(/^La subida tiene demasiadas filas o datos para una sola llamada \(22000 filas, \d+ KB; el máximo es 500 filas y 1024 KB\)\. Divídela en lotes más pequeños\.$/)

    // 501 rows are over the cap; 500 are not.
    const insertar = (n: number) =>
      Array.from({ length: n }, () => ({ n: documentoNuevo(tbPacientes, { id_paciente: randomUUID(), nombre: 'Lote', apellido: 'Tope' }), a: null }))
    const cols = Object.keys(insertar(1)[0]!.n)
    expect((await actores.personal.rpc('sync_push', { p_table: 'tb_pacientes', p_columns: cols, p_rows: insertar(501) })).error?.code).toBe('PT413')
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_pacientes where apellido = 'Tope'`)).toBe(0)
    const ok = await actores.personal.rpc('sync_push', { p_table: 'tb_pacientes', p_columns: cols, p_rows: insertar(500) })
    expect(ok.error).toBeNull()
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_pacientes where apellido = 'Tope'`)).toBe(500)
  })
})
