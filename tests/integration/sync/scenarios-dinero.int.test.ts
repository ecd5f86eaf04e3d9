/**
 * Money is sacred across tablets (docs/decisions/0033-dinero-entre-tablets.md): tablets
 * (worker threads behind their own network proxies) signed in to the embedded backend.
 * One final payment per cita even when two tablets charge it offline; a rescheduled
 * reservation keeps its advance; a push larger than the server's cap is cut into calls.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { citaEditada, editarCitaFormInicial } from '../../../src/domain/cita-forms.ts'
import { startTestStack, demo, type TestStack } from '../../support/stack.ts'
import type { Device } from '../../sync/device.ts'
import { adminDevice, anyTreatment, describeDevices, expectSameAsServer, newId, serverRow, serverRows, staffDevice } from '../../sync/scenario-kit.ts'
import { waitFor } from '../../sync/wait.ts'

let stack: TestStack
const devices: Device[] = []
beforeAll(async () => {
  stack = await startTestStack()
})
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') console.log(await describeDevices(devices))
  await Promise.all(devices.splice(0).map((d) => d.stop()))
})
afterAll(async () => {
  await stack?.close()
})

/** Peru's date (UTC−5) `days` ahead. */
const peru = (days = 0) => new Date(Date.now() - 5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10)

/** A specialist of its own, so these citas never meet another test's. */
async function specialist(): Promise<string> {
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.tb_especialistas (nombre, apellido, especialidad) values ('Elena', $1, 'Masoterapia') returning id_especialista as id`,
    [`Salazar ${newId().slice(0, 8)}`],
  )
  return rows[0]!.id
}

/** A cita made on the server (as if by another tablet long ago). */
async function cita(fields: Record<string, unknown>): Promise<string> {
  const tratamiento = await anyTreatment(stack.db)
  const row = {
    id_cita: newId(),
    id_especialista: await specialist(),
    id_tratamiento: tratamiento.id,
    nombre_cliente: 'Sofía Vargas',
    nombre_tratamiento: tratamiento.nombre,
    fecha_cita: peru(),
    hora_inicio: '10:00:00',
    hora_fin: '11:00:00',
    estado_cita: 'Confirmada',
    ...fields,
  }
  const cols = Object.keys(row)
  await stack.db.query(
    `insert into public.tb_citas (${cols.join(', ')}) select ${cols.map((c) => `r.${c}`).join(', ')} from jsonb_populate_record(null::public.tb_citas, $1) r`,
    [JSON.stringify(row)],
  )
  return row.id_cita
}

describe('money across tablets (devices through supabase-js)', () => {
  it('the same cita charged on two offline tablets: one payment on the server, the other refused on its tablet as a cobro duplicado naming the first', async () => {
    const idCita = await cita({ monto_adelanto: 30, metodo_pago_adelanto: 'Yape', fecha_pago_adelanto: peru() })
    const a = await adminDevice(stack, 'caja-a')
    const b = await staffDevice(stack, 'caja-b')
    devices.push(a, b)
    for (const d of [a, b]) await waitFor(`${d.name} tiene la cita`, () => d.get('tb_citas', idCita))
    await a.offline()
    await b.offline()
    const pago = (id: string, monto: number, metodo: string) => ({
      id_pago_cita: id,
      id_cita: idCita,
      monto_total_calculado: monto + 30,
      monto_adelanto_aplicado: 30,
      monto_final_pagado: monto,
      metodo_pago_final: metodo,
      fecha_pago: peru(),
    })
    const idA = newId()
    const idB = newId()
    await a.insert('tb_pagos_citas', pago(idA, 120, 'Yape'))
    await b.insert('tb_pagos_citas', pago(idB, 125, 'Efectivo'))
    await a.online()
    await waitFor('el pago de A en el servidor', () => serverRow(stack.db, 'tb_pagos_citas', idA))
    await b.online()

    const refused = await waitFor('B registra el cobro duplicado', async () => (await b.status()).refused.find((r) => r.docId === idB))
    const { rows } = await stack.db.query<{ nombre: string }>(`select id_nombre as nombre from public.tbusuarios where lower(id_correo) = lower($1)`, [demo.admin.email])
    const nombre = rows[0]!.nombre.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    expect(refused).toMatchObject({ collection: 'tb_pagos_citas', operation: 'insert', code: '23505', constraint: 'tb_pagos_citas_un_pago_final' })
    expect(refused.reason).toMatch(
      new RegExp(`^Cobro duplicado: esta cita ya tiene su pago final de S/ 120\\.00 en Yape, registrado el \\d\\d/\\d\\d/\\d{4} a las \\d\\d:\\d\\d por ${nombre}\\.`),
    )
    // The money B took stays on B, as typed, beside the payment it collided with.
    expect(refused.localVersion).toMatchObject({ id_pago_cita: idB, monto_final_pagado: 125, metodo_pago_final: 'Efectivo' })
    expect(refused.duplicate).toMatchObject({ docId: idA, columns: ['id_cita'] })

    expect((await serverRows(stack.db, 'tb_pagos_citas', 'id_cita = $1', [idCita])).map((p) => p.id_pago_cita)).toEqual([idA])
    expect(await serverRow(stack.db, 'tb_citas', idCita)).toMatchObject({ estado_cita: 'Completada', id_pago_final: idA, monto_total_final: 150 })
    for (const d of [a, b]) {
      await d.resync()
      await expectSameAsServer(d, stack.db, 'tb_pagos_citas', `id_cita = '${idCita}'`, { id_cita: idCita })
    }
    expect((await a.status()).refused).toEqual([])
    // Two tablets, each a first sync, offline and back: about a minute on a busy PostgreSQL pass.
  }, 180_000)

  it('Reprogramar a reservation confirmed with a Yape advance keeps its method, reference and date on the server', async () => {
    const fechaAdelanto = peru(-1)
    const idCita = await cita({
      fecha_cita: peru(20),
      monto_adelanto: 80,
      metodo_pago_adelanto: 'Yape',
      referencia_pago_adelanto: 'YAPE-778899',
      fecha_pago_adelanto: fechaAdelanto,
    })
    const d = await staffDevice(stack, 'recepcion')
    devices.push(d)
    const local = await waitFor('la recepción tiene la cita', () => d.get('tb_citas', idCita))
    const tratamiento = await anyTreatment(stack.db)

    // What 'Reprogramar Cita' saves: the state preset to Reprogramada, a new day.
    const form = { ...editarCitaFormInicial(local as never, { reprogramar: true }), fecha_cita: peru(21) }
    const r = citaEditada(form, {
      tratamientos: [{ id_tratamiento: tratamiento.id, nombre: tratamiento.nombre, duracion_estimada_minutos: 60 }],
      especialistas: [{ id_especialista: String(local.id_especialista) }],
      horasDisponibles: ['10:00:00'],
    })
    if (!r.ok) throw new Error(r.mensaje)
    await d.patch('tb_citas', idCita, { ...r.valor })

    await waitFor('reprogramada en el servidor', async () => (await serverRow(stack.db, 'tb_citas', idCita))?.estado_cita === 'Reprogramada')
    expect(await serverRow(stack.db, 'tb_citas', idCita)).toMatchObject({
      fecha_cita: peru(21),
      monto_adelanto: 80,
      metodo_pago_adelanto: 'Yape',
      referencia_pago_adelanto: 'YAPE-778899',
      fecha_pago_adelanto: fechaAdelanto,
    })
    expect((await d.status()).refused).toEqual([])
  })

  it('a push batch larger than the server cap is cut into calls and every row arrives', async () => {
    const d = await staffDevice(stack, 'carga', { batchSize: { push: 1100 }, storage: 'memory' })
    devices.push(d)
    await d.offline()
    const marca = `Lote ${newId().slice(0, 8)}`
    const ids = Array.from({ length: 1100 }, () => newId())
    await d.insert('tb_pacientes', ...ids.map((id, i) => ({ id_paciente: id, nombre: `Paciente ${i}`, apellido: marca })))
    await d.online()
    await waitFor(
      'los 1100 pacientes en el servidor',
      async () => (await serverRows(stack.db, 'tb_pacientes', 'apellido = $1', [marca])).length === 1100,
      120_000,
      500,
    )
    expect(d.logs.some((l) => /tb_pacientes: 1100 fila\(s\) en 3 llamadas/.test(l))).toBe(true)
    expect((await d.status()).refused).toEqual([])
  }, 180_000)
})
