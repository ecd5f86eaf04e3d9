/**
 * Sync scenarios 1–5 (docs/decisions/0003-sync.md): tablets (worker threads, each its own RxDB realm over Dexie on
 * fake-indexeddb, each behind its own network proxy) signed in to the embedded backend
 * through supabase-js, working offline, then reconnecting. Every scenario ends by
 * checking the final state on every device and on the server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import type { Device } from '../../sync/device.ts'
import {
  adminDevice,
  anySpecialist,
  anyTreatment,
  createPatient,
  createProduct,
  describeDevices,
  expectSameAsServer,
  newId,
  serverRow,
  serverRows,
  staffDevice,
} from '../../sync/scenario-kit.ts'
import { waitFor } from '../../sync/wait.ts'

let stack: TestStack
const devices: Device[] = []
beforeAll(async () => {
  stack = await startTestStack()
})
afterEach(async (ctx) => {
  // On a failure, print what every device reported (status, pending writes, its log).
  if (ctx.task.result?.state === 'fail') console.log(await describeDevices(devices))
  await Promise.all(devices.splice(0).map((d) => d.stop()))
})
afterAll(async () => {
  await stack?.close()
})

async function two(kind: 'staff' | 'admin+staff' = 'staff'): Promise<[Device, Device]> {
  const a = kind === 'staff' ? await staffDevice(stack, 'tablet-a') : await adminDevice(stack, 'tablet-a')
  const b = await staffDevice(stack, 'tablet-b')
  devices.push(a, b)
  return [a, b]
}

/**
 * Scenarios 2 and 2b: one patient on two tablets, both offline, the same field edited on
 * A and then, a moment later, on B (B's edit is the more recent one). Both stay offline.
 */
async function sameFieldEditedOffline() {
  const idPaciente = await createPatient(stack.db, { email: null, historial_medico: 'Sin alergias' })
  const [a, b] = await two()
  for (const d of [a, b]) await waitFor(`${d.name} tiene el paciente`, () => d.get('tb_pacientes', idPaciente))
  await a.offline()
  await b.offline()
  await a.patch('tb_pacientes', idPaciente, { historial_medico: 'Alergia al látex (A, antes)' })
  await new Promise((r) => setTimeout(r, 20))
  await b.patch('tb_pacientes', idPaciente, { historial_medico: 'Alergia a frutos secos (B, después)' })
  return { idPaciente, a, b }
}

/** Peru's date (UTC−5) `days` ahead: the server bounds payment dates by its Peru "today". */
function futureDate(days: number): string {
  return new Date(Date.now() - 5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10)
}

describe('sync scenarios 1–5 (devices through supabase-js)', () => {
  it('1. two devices offline edit different fields of one patient: both edits survive everywhere', async () => {
    const idPaciente = await createPatient(stack.db, { telefono: '900000001', direccion: 'Av. Larco 101' })
    const [a, b] = await two()
    for (const d of [a, b]) await waitFor(`${d.name} tiene el paciente`, () => d.get('tb_pacientes', idPaciente))

    await a.offline()
    await b.offline()
    await a.patch('tb_pacientes', idPaciente, { telefono: '911111111' })
    await b.patch('tb_pacientes', idPaciente, { direccion: 'Jr. de la Unión 202' })
    await a.online()
    await b.online()

    await waitFor('el servidor tiene ambos cambios', async () => {
      const row = await serverRow(stack.db, 'tb_pacientes', idPaciente)
      return row?.telefono === '911111111' && row?.direccion === 'Jr. de la Unión 202'
    })
    for (const d of [a, b]) {
      await d.resync()
      await expectSameAsServer(d, stack.db, 'tb_pacientes')
      expect((await d.status()).conflicts).toEqual([])
    }
  })

  it('2. same field on both: the later updated_at wins everywhere; the loser keeps its lost value in the conflict log', async () => {
    const { idPaciente, a, b } = await sameFieldEditedOffline()
    // The later edit uploads first; the earlier one meets it and loses.
    await b.online()
    await waitFor('B en el servidor', async () => (await serverRow(stack.db, 'tb_pacientes', idPaciente))?.historial_medico === 'Alergia a frutos secos (B, después)')
    await a.online()

    const entry = await waitFor('A registra su valor perdido', async () =>
      (await a.status()).conflicts.find((c) => c.docId === idPaciente && c.field === 'historial_medico'),
    )
    expect(entry).toMatchObject({
      collection: 'tb_pacientes',
      label: 'Pacientes',
      kept: 'server',
      localValue: 'Alergia al látex (A, antes)',
      serverValue: 'Alergia a frutos secos (B, después)',
    })
    expect(entry.reason).toMatch(/más reciente/)
    expect((await serverRow(stack.db, 'tb_pacientes', idPaciente))?.historial_medico).toBe('Alergia a frutos secos (B, después)')
    for (const d of [a, b]) {
      await d.resync()
      await expectSameAsServer(d, stack.db, 'tb_pacientes')
    }
    expect((await b.status()).conflicts).toEqual([])
  })

  it('2b. same field on both, the earlier edit uploads first: the later edit wins and the replaced value is in the conflict log', async () => {
    const { idPaciente, a, b } = await sameFieldEditedOffline()
    // The earlier edit uploads first and is accepted; the later one meets it and wins.
    await a.online()
    await waitFor('A en el servidor', async () => (await serverRow(stack.db, 'tb_pacientes', idPaciente))?.historial_medico === 'Alergia al látex (A, antes)')
    await b.online()

    await waitFor('B en el servidor', async () => (await serverRow(stack.db, 'tb_pacientes', idPaciente))?.historial_medico === 'Alergia a frutos secos (B, después)')
    const entry = await waitFor('B registra el valor que reemplazó', async () =>
      (await b.status()).conflicts.find((c) => c.docId === idPaciente && c.field === 'historial_medico'),
    )
    expect(entry).toMatchObject({
      collection: 'tb_pacientes',
      label: 'Pacientes',
      kept: 'local',
      localValue: 'Alergia a frutos secos (B, después)',
      serverValue: 'Alergia al látex (A, antes)',
    })
    expect(entry.reason).toMatch(/más reciente/)
    for (const d of [a, b]) {
      await d.resync()
      await expectSameAsServer(d, stack.db, 'tb_pacientes')
    }
  })

  it('2c. the same patient (same DNI) registered offline on two tablets: the refused one keeps its typed values and names the existing record', async () => {
    const [a, b] = await two()
    await a.offline()
    await b.offline()
    const dni = `7${String(Date.now()).slice(-7)}`
    const idA = newId()
    const idB = newId()
    await a.insert('tb_pacientes', { id_paciente: idA, nombre: 'Rosa', apellido: 'Huamán', dni, telefono: '987000111' })
    await b.insert('tb_pacientes', { id_paciente: idB, nombre: 'Rosa María', apellido: 'Huamán', dni, historial_medico: 'Hipertensión; no usar piedras calientes' })
    await a.online()
    await waitFor('A en el servidor', () => serverRow(stack.db, 'tb_pacientes', idA))
    await b.online()

    const refused = await waitFor('B registra el rechazo', async () => (await b.status()).refused.find((r) => r.docId === idB))
    expect(refused).toMatchObject({ collection: 'tb_pacientes', operation: 'insert', code: '23505', reason: 'Ya existe un paciente con este DNI.' })
    // What the receptionist typed is all there, medical history included …
    expect(refused.localVersion).toMatchObject({ nombre: 'Rosa María', dni, historial_medico: 'Hipertensión; no usar piedras calientes' })
    // … and so is the record it collided with.
    expect(refused.duplicate).toMatchObject({ docId: idA, columns: ['dni'] })
    expect(refused.duplicate?.version).toMatchObject({ nombre: 'Rosa', telefono: '987000111' })
    expect(await serverRow(stack.db, 'tb_pacientes', idB)).toBeUndefined()
  })

  it('3. overlapping appointments confirmed offline on two devices: one exists, the other is refused in Spanish and does not block', async () => {
    const especialista = await anySpecialist(stack.db)
    const tratamiento = await anyTreatment(stack.db)
    const idPaciente = await createPatient(stack.db)
    const [a, b] = await two()
    for (const d of [a, b]) await waitFor(`${d.name} tiene el paciente`, () => d.get('tb_pacientes', idPaciente))
    const fecha = futureDate(30)
    const cita = (id: string, hora_inicio: string, hora_fin: string) => ({
      id_cita: id,
      id_paciente: idPaciente,
      id_especialista: especialista.id,
      id_tratamiento: tratamiento.id,
      nombre_cliente: 'Lucía Quispe',
      nombre_tratamiento: tratamiento.nombre,
      fecha_cita: fecha,
      hora_inicio,
      hora_fin,
      estado_cita: 'Confirmada',
    })
    const citaA = newId()
    const citaB = newId()

    await a.offline()
    await b.offline()
    await a.insert('tb_citas', cita(citaA, '10:00:00', '11:00:00'))
    await b.insert('tb_citas', cita(citaB, '10:30:00', '11:30:00'))
    // B keeps working: an unrelated write after the doomed one.
    await b.patch('tb_pacientes', idPaciente, { telefono: '987654321' })
    await a.online()
    await waitFor('la cita de A en el servidor', () => serverRow(stack.db, 'tb_citas', citaA))
    await b.online()

    const refused = await waitFor('B ve el rechazo', async () => (await b.status()).refused.find((r) => r.docId === citaB))
    expect(refused).toMatchObject({ collection: 'tb_citas', operation: 'insert', code: '23P01', serverVersion: null })
    expect(refused.reason).toMatch(new RegExp(`Horario ocupado: ${especialista.nombre} ${especialista.apellido} ya tiene una cita`))
    expect(refused.localVersion).toMatchObject({ id_cita: citaB, hora_inicio: '10:30:00' })
    await waitFor('la escritura posterior de B llega', async () => (await serverRow(stack.db, 'tb_pacientes', idPaciente))?.telefono === '987654321')

    const onServer = await serverRows(stack.db, 'tb_citas', 'id_especialista = $1 and fecha_cita = $2 and not _deleted', [especialista.id, fecha])
    expect(onServer.map((c) => c.id_cita)).toEqual([citaA])
    for (const d of [a, b]) {
      await d.resync()
      await expectSameAsServer(d, stack.db, 'tb_citas')
      await expectSameAsServer(d, stack.db, 'tb_pacientes')
    }
    expect((await a.status()).refused).toEqual([])
  })

  it('4. two offline devices sell the last unit: both sales and payments kept, stock equals the ledger, the oversell is flagged', async () => {
    const producto = await createProduct(stack.db, 1)
    const [a, b] = await two()
    for (const d of [a, b]) await waitFor(`${d.name} ve 1 unidad`, async () => (await d.stock())[producto] === 1)

    const venta = (d: Device, cliente: string) => {
      const idCita = newId()
      const idPago = newId()
      return {
        idCita,
        idPago,
        run: async () => {
          await d.insert('tb_citas', {
            id_cita: idCita,
            nombre_cliente: `VENTA PRODUCTOS: ${cliente}`,
            fecha_cita: futureDate(0),
            hora_inicio: '00:00:00',
            estado_cita: 'Venta Directa',
          })
          await d.insert('tb_pagos_citas', {
            id_pago_cita: idPago,
            id_cita: idCita,
            monto_total_calculado: 25,
            monto_final_pagado: 25,
            metodo_pago_final: 'Efectivo',
            fecha_pago: futureDate(0),
            tratamientos_adicionales_info: [{ id_tratamiento: producto, nombre: 'Crema de prueba', costo_al_momento_del_pago: 25, cantidad: 1, tipo: 'producto' }],
          })
        },
      }
    }
    await a.offline()
    await b.offline()
    const ventaA = venta(a, 'Ana')
    const ventaB = venta(b, 'Beto')
    await ventaA.run()
    await ventaB.run()
    // Each device shows the server stock minus its own unacknowledged sale.
    expect((await a.stock())[producto]).toBe(0)
    expect((await b.stock())[producto]).toBe(0)

    await a.online()
    await b.online()
    await waitFor('ambos pagos en el servidor', async () =>
      (await serverRows(stack.db, 'tb_pagos_citas', 'id_pago_cita = any($1::uuid[])', [[ventaA.idPago, ventaB.idPago]])).length === 2,
    )
    const ledger = await serverRows(stack.db, 'tb_movimientos_stock', 'id_tratamiento = $1', [producto])
    expect(ledger.map((m) => m.cantidad).sort()).toEqual([-1, -1, 1])
    expect(ledger.filter((m) => m.sobreventa)).toHaveLength(1)
    const product = await serverRow(stack.db, 'tb_tratamientos', producto)
    expect(product).toMatchObject({ tr_cantidad: -1, stock_en_revision: true })
    const citas = await serverRows(stack.db, 'tb_citas', 'id_cita = any($1::uuid[])', [[ventaA.idCita, ventaB.idCita]])
    expect(citas.map((c) => c.id_pago_final).sort()).toEqual([ventaA.idPago, ventaB.idPago].sort())

    for (const d of [a, b]) {
      await d.resync()
      await waitFor(`${d.name} muestra el stock del libro`, async () => (await d.stock())[producto] === -1)
      await expectSameAsServer(d, stack.db, 'tb_movimientos_stock', `id_tratamiento = '${producto}'`, { id_tratamiento: producto })
      await expectSameAsServer(d, stack.db, 'tb_tratamientos', `id_tratamiento = '${producto}'`, { id_tratamiento: producto })
      await expectSameAsServer(d, stack.db, 'tb_pagos_citas')
      expect((await d.status()).refused).toEqual([])
    }
  })

  it('5. a write refused by RLS (staff editing a payment, an admin-only operation) does not block the queue', async () => {
    const idPaciente = await createPatient(stack.db)
    const [admin, staff] = await two('admin+staff')
    // A paid appointment made by the admin tablet.
    const idCita = newId()
    const idPago = newId()
    await admin.insert('tb_citas', {
      id_cita: idCita,
      nombre_cliente: 'VENTA PRODUCTOS: Caro',
      fecha_cita: futureDate(0),
      hora_inicio: '00:00:00',
      estado_cita: 'Venta Directa',
    })
    await admin.insert('tb_pagos_citas', { id_pago_cita: idPago, id_cita: idCita, monto_final_pagado: 80, metodo_pago_final: 'Yape', fecha_pago: futureDate(0) })
    await waitFor('el pago en el servidor', () => serverRow(stack.db, 'tb_pagos_citas', idPago))
    await waitFor('la recepción lo ve', () => staff.get('tb_pagos_citas', idPago))
    // Today's payment may arrive in the first window, before the patients' first page
    // (docs/decisions/0055-hoy-primero.md): the receptionist edits a patient she has.
    await waitFor('la recepción tiene al paciente', () => staff.get('tb_pacientes', idPaciente))

    // Staff crafts an edit of the amount (payments are insert + read for staff), then
    // keeps working.
    await staff.offline()
    await staff.patch('tb_pagos_citas', idPago, { monto_final_pagado: 1 })
    await staff.patch('tb_pacientes', idPaciente, { nro_historia: 'H-555' })
    await staff.online()

    const refused = await waitFor('rechazo registrado', async () => (await staff.status()).refused.find((r) => r.docId === idPago))
    expect(refused).toMatchObject({ collection: 'tb_pagos_citas', operation: 'update', code: '42501', reason: 'No tienes permiso para modificar este registro.' })
    expect(refused.serverVersion).toMatchObject({ monto_final_pagado: 80 })
    await waitFor('la escritura posterior llega', async () => (await serverRow(stack.db, 'tb_pacientes', idPaciente))?.nro_historia === 'H-555')
    expect((await serverRow(stack.db, 'tb_pagos_citas', idPago))?.monto_final_pagado).toBe(80)
    await waitFor('la recepción vuelve al monto del servidor', async () => (await staff.get('tb_pagos_citas', idPago))?.monto_final_pagado === 80)
    for (const d of [admin, staff]) {
      await d.resync()
      await expectSameAsServer(d, stack.db, 'tb_pagos_citas')
      await expectSameAsServer(d, stack.db, 'tb_pacientes')
    }
  })

  it('5b. a crafted admin-only row from a staff device (tb_egresos) is refused by RLS and does not block', async () => {
    // A tampered client that believes it is an admin opens the admin-only tables.
    const crafted = await staffDevice(stack, 'tablet-crafted', { isAdmin: true, online: false })
    devices.push(crafted)
    const idEgreso = newId()
    const idPaciente = newId()
    await crafted.insert('tb_egresos', {
      id_egreso: idEgreso,
      tipo_egreso: 'Variable',
      descripcion: 'Gasto inventado',
      monto_soles: 100,
      monto_dolares: 27,
      mes: 1,
      anio: 2026,
      fecha: '2026-01-15',
    })
    await crafted.insert('tb_pacientes', { id_paciente: idPaciente, nombre: 'Pedro', apellido: 'Ramos' })
    await crafted.online()
    await waitFor('la escritura posterior llega', () => serverRow(stack.db, 'tb_pacientes', idPaciente))
    const refused = await waitFor('rechazo registrado', async () => (await crafted.status()).refused.find((r) => r.docId === idEgreso))
    expect(refused).toMatchObject({ collection: 'tb_egresos', code: '42501' })
    expect(refused.reason).toMatch(/permiso/)
    expect(await serverRow(stack.db, 'tb_egresos', idEgreso)).toBeUndefined()
    // The server showed this user is not an admin: the admin-only data left the device.
    await waitFor('el dispositivo deja de creerse admin', async () => (await crafted.status()).isAdmin === false)
  })
})
