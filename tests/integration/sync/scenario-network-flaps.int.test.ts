/**
 * Sync scenario 10 (docs/decisions/0003-sync.md): random network flaps (a proxy per device that drops
 * connections mid-stream, cuts them, and goes offline for moments) while three devices
 * make 500 mixed writes — inserts, edits of shared and own patients, deletes. After a
 * quiet period every device and the server hold the identical data.
 *
 * The randomness is seeded (SEED below): a failing run can be replayed exactly as far
 * as the writes go (network timing still varies).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import type { Device } from '../../sync/device.ts'
import { createPatient, describeDevices, expectSameAsServer, newId, staffDevice } from '../../sync/scenario-kit.ts'
import { waitFor } from '../../sync/wait.ts'
import { mulberry32 } from '../../../supabase/local/demo/context.ts'

const SEED = 20261122
const TOTAL_WRITES = 500

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('sync scenario 10', () => {
  it('10. random network flaps during 500 mixed writes from 3 devices: identical final state everywhere after a quiet period', { timeout: 240_000 }, async () => {
    const shared = await Promise.all(Array.from({ length: 30 }, (_, i) => createPatient(stack.db, { nombre: `Compartida ${i}`, apellido: 'Flap' })))
    const tablets = await Promise.all(['flap-a', 'flap-b', 'flap-c'].map((n) => staffDevice(stack, n, { batchSize: { push: 20 }, requestTimeoutMs: 8000 })))
    devices.push(...tablets)
    for (const d of tablets) await waitFor(`${d.name} tiene las compartidas`, async () => (await d.find('tb_pacientes', { apellido: 'Flap' })).length === 30, 60_000, 200)

    let writing = true
    const counts = { insert: 0, update: 0, delete: 0 }
    const faults = { offline: 0, cut: 0 }

    // The network: each tablet's link drops traffic at random, is cut, or goes offline
    // (its proxy refuses connections and the device hears the offline event).
    const weather = tablets.map(async (d, k) => {
      const rnd = mulberry32(SEED + 100 + k)
      d.proxy.setDropRate(0.03)
      while (writing) {
        await sleep(300 + rnd() * 900)
        const roll = rnd()
        if (roll < 0.35) {
          faults.offline++
          await d.offline()
          await sleep(200 + rnd() * 1500)
          await d.online()
        } else if (roll < 0.7) {
          faults.cut++
          d.proxy.cut()
        }
      }
      d.proxy.setDropRate(0)
      await d.online()
    })

    // The work: each tablet writes a third of the total, one after another, on whatever
    // it currently sees.
    const perDevice = Math.ceil(TOTAL_WRITES / tablets.length)
    const work = tablets.map(async (d, k) => {
      const rnd = mulberry32(SEED + k)
      const mine: string[] = []
      for (let i = 0; i < perDevice && counts.insert + counts.update + counts.delete < TOTAL_WRITES; i++) {
        const roll = rnd()
        if (roll < 0.4 || mine.length === 0) {
          const id = newId()
          await d.insert('tb_pacientes', { id_paciente: id, nombre: `${d.name} ${i}`, apellido: 'Flap', telefono: `9${String(k)}${String(i).padStart(7, '0')}` })
          mine.push(id)
          counts.insert++
        } else if (roll < 0.85) {
          const pool = rnd() < 0.5 ? shared : mine
          const id = pool[Math.floor(rnd() * pool.length)]!
          const field = ['direccion', 'historial_medico', 'nro_historia', 'telefono'][Math.floor(rnd() * 4)]!
          const doc = await d.get('tb_pacientes', id)
          if (!doc) continue // deleted meanwhile (here or by another tablet)
          // The server checks a phone's format (digits and + ( ) . -): keep the value valid.
          const value = field === 'telefono' ? `9${String(k)}${String(i).padStart(7, '0')}` : `${d.name} #${i}`
          await d.patch('tb_pacientes', id, { [field]: value })
          counts.update++
        } else {
          const id = mine.splice(Math.floor(rnd() * mine.length), 1)[0]!
          if (!(await d.get('tb_pacientes', id))) continue
          await d.remove('tb_pacientes', id)
          counts.delete++
        }
        await sleep(rnd() * 80)
      }
    })
    await Promise.all(work)
    writing = false
    await Promise.all(weather)
    const dropped = tablets.reduce((n, d) => n + d.proxy.stats.dropped + d.proxy.stats.refused, 0)
    console.log(`escrituras ${JSON.stringify(counts)}; fallos de red: ${faults.offline} desconexiones, ${faults.cut} cortes, ${dropped} conexiones perdidas o rechazadas`)
    expect(counts.insert + counts.update + counts.delete).toBeGreaterThanOrEqual(TOTAL_WRITES - 30)
    expect(faults.offline + faults.cut).toBeGreaterThan(5)

    // Quiet period: the network is healthy again; everything drains and settles.
    for (const d of tablets) {
      expect(await d.waitUpload(90_000)).toBe(true)
    }
    for (const d of tablets) await d.resync()
    for (const d of tablets) {
      await expectSameAsServer(d, stack.db, 'tb_pacientes')
      const status = await d.status()
      expect(status.refused).toEqual([])
      expect(status.pendingTotal).toBe(0)
    }
    // The three devices are identical to each other too (same rows, same values).
    const snapshots = await Promise.all(
      tablets.map(async (d) => (await d.find('tb_pacientes', { apellido: 'Flap' })).map(strip).sort(byId).map((doc) => JSON.stringify(doc, Object.keys(doc).sort())).join('\n')),
    )
    expect(new Set(snapshots).size).toBe(1)
  })
})

function strip(d: Record<string, unknown>) {
  const { _meta, _rev, _attachments, sync_xid, sync_modified, ...rest } = d
  void _meta
  void _rev
  void _attachments
  void sync_xid
  void sync_modified
  return rest
}

function byId(a: Record<string, unknown>, b: Record<string, unknown>) {
  return String(a.id_paciente).localeCompare(String(b.id_paciente))
}
