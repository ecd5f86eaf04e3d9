/**
 * Copies of fixed expenses made by two admin tablets (worker threads running the real
 * sync layer over RxDB, each behind its own network proxy), with the copies built by
 * the app's own rule (src/domain/egresos-copias.ts): the same rows everywhere, nothing
 * in the conflict log, and a copy deleted by hand stays deleted on every device.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import type { Device } from '../../sync/device.ts'
import { adminDevice, describeDevices, expectSameAsServer, serverRow } from '../../sync/scenario-kit.ts'
import { waitFor } from '../../sync/wait.ts'
import { copiaAutomatica } from '../../../src/domain/egresos-copias.ts'
import type { Egreso } from '../../../src/domain/egresos.ts'
import { insertar, valor } from './support/datos.ts'

const COPIA_ELIMINADA = 'Este egreso fijo copiado de otro mes fue eliminado y no vuelve a copiarse. Regístralo de nuevo si lo necesitas.'

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

/** October's two fixed expenses on the server; both tablets have pulled them. */
async function octubreEnDosTablets(anio: number): Promise<[Device, Device]> {
  const ids: string[] = []
  for (const descripcion of ['Alquiler', 'Internet']) {
    const fila = await insertar(stack.db, 'tb_egresos', { tipo_egreso: 'Fijo', descripcion, tipo_cambio: 3.75, monto_soles: 4500, monto_dolares: 1200, mes: 10, anio })
    ids.push(String(fila.id_egreso))
  }
  const a = await adminDevice(stack, `tablet-a-${anio}`)
  const b = await adminDevice(stack, `tablet-b-${anio}`)
  devices.push(a, b)
  for (const d of [a, b]) for (const id of ids) await waitFor(`${d.name} tiene el egreso de octubre`, () => d.get('tb_egresos', id))
  return [a, b]
}

/** What the Egresos screen does on opening November: copy October's fixed expenses. */
async function abrirNoviembre(d: Device, anio: number) {
  const copias = copiaAutomatica((await d.find('tb_egresos')) as unknown as Egreso[], { anio, mes: 11 })
  if (copias.length > 0) await d.insert('tb_egresos', ...(copias as unknown as Record<string, unknown>[]))
  return copias
}

const vivasEnNoviembre = (anio: number) =>
  valor<number>(stack.db, `select count(*)::int as v from public.tb_egresos where anio = $1 and mes = 11 and not _deleted`, [anio])

describe('copies of fixed expenses between two admin tablets', () => {
  it('both copy the month offline: one row per copy everywhere, nothing to report', async () => {
    const anio = 2040
    const [a, b] = await octubreEnDosTablets(anio)
    await a.offline()
    await b.offline()
    // B copies first but uploads second: its clock is the earlier one, so any field
    // that differed between the two copies would be reported as lost on B.
    expect((await abrirNoviembre(b, anio)).map((c) => c.descripcion).sort()).toEqual(['Alquiler', 'Internet'])
    expect(await abrirNoviembre(a, anio)).toHaveLength(2)

    await a.online()
    await waitFor('las copias de la tablet A llegan', async () => (await vivasEnNoviembre(anio)) === 2)
    await b.online()
    await waitFor('la tablet B termina de subir', async () => (await b.pending())?.tb_egresos === 0)

    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_egresos where anio = $1 and mes = 11`, [anio])).toBe(2)
    for (const d of [a, b]) {
      await d.resync()
      await expectSameAsServer(d, stack.db, 'tb_egresos', `anio = ${anio} and not _deleted`, { anio })
      const status = await d.status()
      expect(status.conflicts).toEqual([])
      expect(status.refused).toEqual([])
    }
  })

  it('a copy deleted on one tablet stays deleted when the other copies the month again', async () => {
    const anio = 2041
    const [a, b] = await octubreEnDosTablets(anio)
    await b.offline()

    // Tablet A opens November (copies made) and deletes the rent for that month.
    const copias = await abrirNoviembre(a, anio)
    const alquiler = copias.find((c) => c.descripcion === 'Alquiler')!.id_egreso
    await waitFor('las copias llegan', async () => (await vivasEnNoviembre(anio)) === 2)
    await a.remove('tb_egresos', alquiler)
    await waitFor('el borrado llega', async () => (await serverRow(stack.db, 'tb_egresos', alquiler))?._deleted === true)

    // Tablet B, offline all along, opens November later and copies both again.
    expect(await abrirNoviembre(b, anio)).toHaveLength(2)
    await b.online()
    const refused = await waitFor('el rechazo queda registrado', async () => (await b.status()).refused.find((r) => r.docId === alquiler))
    expect(refused).toMatchObject({ collection: 'tb_egresos', code: 'P0001', reason: COPIA_ELIMINADA })
    expect(await serverRow(stack.db, 'tb_egresos', alquiler)).toMatchObject({ _deleted: true })
    for (const d of [a, b]) {
      await d.resync()
      await expectSameAsServer(d, stack.db, 'tb_egresos', `anio = ${anio} and not _deleted`, { anio })
    }
    expect(await b.get('tb_egresos', alquiler)).toBeNull()

    // A tablet that already holds the tombstone and copies again (re-insert over it):
    // refused the same way, and the rent stays deleted.
    await b.insert('tb_egresos', copias.find((c) => c.id_egreso === alquiler) as unknown as Record<string, unknown>)
    await waitFor('el segundo rechazo queda registrado', async () => (await b.status()).refused.filter((r) => r.docId === alquiler).length === 2)
    await waitFor('la tablet B vuelve a la lápida', async () => (await b.get('tb_egresos', alquiler)) === null)
    expect(await serverRow(stack.db, 'tb_egresos', alquiler)).toMatchObject({ _deleted: true })
    expect(await vivasEnNoviembre(anio)).toBe(1)
  })
})
