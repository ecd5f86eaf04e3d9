/**
 * Sync scenario 7 (docs/decisions/0003-sync.md): a transaction that commits late, after a later-started one
 * already committed and was pulled, must still reach every device.
 *
 * Only PostgreSQL can interleave transactions; there the scenario runs as written and
 * also shows the hazard is real (the late row's `_modified` is older than a row already
 * committed, so a `_modified` checkpoint would skip it for ever). PGlite runs one
 * transaction at a time, so the interleaving cannot happen: there the test proves that
 * (a write waits for the held transaction, and xids follow commit order) and that the
 * held rows still reach every device. Both variants run in `npm test` (the integration
 * suite runs once per engine).
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import type { Device } from '../../sync/device.ts'
import { createPatient, describeDevices, expectSameAsServer, newId, serverRow, staffDevice } from '../../sync/scenario-kit.ts'
import { holdTransaction } from '../../sync/hold-transaction.ts'
import { waitFor } from '../../sync/wait.ts'

const onPostgres = inject('spaTemplate').kind === 'pg'

let stack: TestStack
const devices: Device[] = []
beforeAll(async () => {
  stack = await startTestStack()
})
/** Ends a still-held transaction if a test failed while holding it. */
let releaseOnFailure: (() => Promise<void>) | null = null
afterEach(async (ctx) => {
  await releaseOnFailure?.().catch(() => {})
  releaseOnFailure = null
  if (ctx.task.result?.state === 'fail') console.log(await describeDevices(devices))
  await Promise.all(devices.splice(0).map((d) => d.stop()))
})
afterAll(async () => {
  await stack?.close()
})

/** Three tablets that already pulled a patient (so their checkpoints are past the start). */
async function threeDevices(): Promise<[Device, Device, Device]> {
  const first = await createPatient(stack.db, { nombre: 'Primera' })
  const list = await Promise.all(['tablet-escribe', 'tablet-lee-1', 'tablet-lee-2'].map((n) => staffDevice(stack, n)))
  devices.push(...list)
  for (const d of list) await waitFor(`${d.name} tiene la primera paciente`, () => d.get('tb_pacientes', first))
  return list as [Device, Device, Device]
}

const insertPatient = `insert into public.tb_pacientes (id_paciente, nombre, apellido) values ($1, 'Tardía', 'Commit')`

// One variant per engine, registered only where it applies (nothing is skipped).
if (onPostgres) describe('7. late commit (PostgreSQL: transactions interleave)', () => {
  it('a transaction that commits after a later one was pulled still reaches every device', async () => {
    const [writer, reader1, reader2] = await threeDevices()
    const late = newId()
    const early = newId()

    // T1 writes first and stays open.
    const held = holdTransaction(stack.db, insertPatient, [late])
    releaseOnFailure = held.commit
    await held.written
    // T2 starts later, commits at once (through the REST API), and devices pull.
    await writer.insert('tb_pacientes', { id_paciente: early, nombre: 'Temprana', apellido: 'Commit' })
    await waitFor('T2 confirmada en el servidor', () => serverRow(stack.db, 'tb_pacientes', early))
    for (const d of [writer, reader1, reader2]) await d.resync()
    await new Promise((r) => setTimeout(r, 1500))
    // While T1 is open, the commit-safe cutoff holds T2 back too: a checkpoint taken now
    // would otherwise move past T1's row.
    for (const d of [reader1, reader2]) expect(await d.get('tb_pacientes', early)).toBeNull()

    await held.commit()
    const lateRow = (await serverRow(stack.db, 'tb_pacientes', late))!
    const earlyRow = (await serverRow(stack.db, 'tb_pacientes', early))!
    // The hazard is real: the late row is older by _modified than a row delivered later.
    expect(String(lateRow.sync_modified) < String(earlyRow.sync_modified)).toBe(true)
    expect(BigInt(String(lateRow.sync_xid)) < BigInt(String(earlyRow.sync_xid))).toBe(true)

    for (const d of [writer, reader1, reader2]) {
      await d.resync()
      await waitFor(`${d.name} recibe la fila tardía`, () => d.get('tb_pacientes', late), 30_000)
      await expectSameAsServer(d, stack.db, 'tb_pacientes')
    }
  })

  it('a row withheld behind an open transaction reaches the devices by itself once that ends (docs/decisions/0028)', async () => {
    const [writer, reader1, reader2] = await threeDevices()
    // Any open transaction with an xid holds the cutoff back (another tablet's push, an
    // import). This one writes nothing, so its end notifies nobody.
    const blocker = holdTransaction(stack.db)
    releaseOnFailure = blocker.commit
    await blocker.written
    const later = newId()
    await writer.insert('tb_pacientes', { id_paciente: later, nombre: 'Retenida', apellido: 'Commit' })
    await waitFor('la fila confirmada en el servidor', () => serverRow(stack.db, 'tb_pacientes', later))
    // Its realtime notice makes the readers pull now, and the cutoff withholds it.
    await new Promise((r) => setTimeout(r, 1500))
    for (const d of [reader1, reader2]) expect(await d.get('tb_pacientes', later)).toBeNull()

    await blocker.commit()
    // Nothing else happens: no resync, no write, no notice; the periodic pull is a minute
    // away. A pull told that rows were withheld asks again by itself.
    for (const d of [reader1, reader2]) await waitFor(`${d.name} recibe la fila retenida`, () => d.get('tb_pacientes', later), 15_000)
  })

  it('a new device does not call its first download done while rows are withheld, and does once they arrive', async () => {
    const blocker = holdTransaction(stack.db)
    releaseOnFailure = blocker.commit
    await blocker.written
    // Committed after the blocker took its xid: withheld from every pull until it ends.
    const withheld = await createPatient(stack.db, { nombre: 'Retenida' })
    const device = await staffDevice(stack, 'tablet-nueva')
    devices.push(device)
    await waitFor('la tablet nueva leyó lo que el servidor da ahora', async () => (await device.status()).collections.tb_pacientes?.lastPulledAt, 30_000)
    await new Promise((r) => setTimeout(r, 1500))
    expect(await device.get('tb_pacientes', withheld)).toBeNull()
    expect((await device.status()).initialSync?.done).toBe(false)

    await blocker.commit()
    await waitFor('primera descarga terminada', async () => (await device.status()).initialSync?.done, 30_000)
    expect(await device.get('tb_pacientes', withheld)).not.toBeNull()
  })
})

else describe('7. late commit (PGlite: one transaction at a time, so it cannot interleave)', () => {
  it('a write waits for the held transaction, xids follow commit order, and both rows reach every device', async () => {
    const [writer, reader1, reader2] = await threeDevices()
    const held = newId()
    const after = newId()

    const tx = holdTransaction(stack.db, insertPatient, [held])
    releaseOnFailure = tx.commit
    await tx.written
    await writer.insert('tb_pacientes', { id_paciente: after, nombre: 'Después', apellido: 'Commit' })
    await new Promise((r) => setTimeout(r, 1500))
    // PGlite is busy with the held transaction: the device's upload cannot commit yet.
    expect((await writer.pending()).tb_pacientes).toBe(1)

    await tx.commit()
    await waitFor('la escritura del dispositivo llega', () => serverRow(stack.db, 'tb_pacientes', after), 30_000)
    const heldRow = (await serverRow(stack.db, 'tb_pacientes', held))!
    const afterRow = (await serverRow(stack.db, 'tb_pacientes', after))!
    expect(BigInt(String(heldRow.sync_xid)) < BigInt(String(afterRow.sync_xid))).toBe(true)
    expect(String(heldRow.sync_modified) < String(afterRow.sync_modified)).toBe(true)

    for (const d of [writer, reader1, reader2]) {
      await d.resync()
      await waitFor(`${d.name} recibe ambas filas`, async () => (await d.get('tb_pacientes', held)) && (await d.get('tb_pacientes', after)), 30_000)
      await expectSameAsServer(d, stack.db, 'tb_pacientes')
    }
  })
})
