/**
 * Sync scenarios 6, 8 and 9 (docs/decisions/0003-sync.md): the backend killed mid-push, an access token that
 * expires while offline, and a reload in the middle of a push. Devices are worker
 * threads behind their own network proxies (tests/sync/device.ts).
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import type { Device } from '../../sync/device.ts'
import { startBackendProcess, type BackendProcess } from '../../sync/backend-process.ts'
import { describeDevices, expectSameAsServer, newId, serverRows, staffDevice } from '../../sync/scenario-kit.ts'
import { waitFor } from '../../sync/wait.ts'

const devices: Device[] = []
const cleanups: Array<() => Promise<void>> = []
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') console.log(await describeDevices(devices))
  await Promise.all(devices.splice(0).map((d) => d.stop()))
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {})
})
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {})
})

function patients(n: number, tag: string) {
  return Array.from({ length: n }, (_, i) => ({ id_paciente: newId(), nombre: `${tag} ${String(i).padStart(4, '0')}`, apellido: 'Carga' }))
}

async function pendingTotal(d: Device): Promise<number> {
  return Object.values(await d.pending()).reduce((a, b) => a + b, 0)
}

// Each scenario waits on conditions for up to 60–90 s at a time (a backend restart, a
// queue draining on a busy machine): the test's limit must not be shorter than those.
describe('sync scenarios 6, 8, 9', { timeout: 240_000 }, () => {
  it('6. the backend is killed (SIGKILL) and restarted during a push of 1,000 offline writes: all arrive exactly once', async () => {
    const backend: BackendProcess = await startBackendProcess()
    cleanups.push(() => backend.dispose())
    const tablet = await staffDevice(backend, 'tablet-kill', { batchSize: { push: 50 } })
    devices.push(tablet)

    const rows = patients(1000, `Kill ${Date.now()}`)
    await tablet.offline()
    for (let i = 0; i < rows.length; i += 250) await tablet.insert('tb_pacientes', ...rows.slice(i, i + 250))
    expect(await pendingTotal(tablet)).toBe(1000)
    // Slow the link a little so the kill lands in the middle of the upload.
    tablet.proxy.setDelay(5)
    await tablet.online()
    await waitFor('parte de la subida hecha', async () => (await pendingTotal(tablet)) <= 900, 60_000, 20)

    await backend.kill()
    const pendingAtKill = await pendingTotal(tablet)
    expect(pendingAtKill).toBeGreaterThan(0)
    await new Promise((r) => setTimeout(r, 1500))
    await backend.restart()
    tablet.proxy.setDelay(0)

    await waitFor('subida completa tras el reinicio', async () => (await pendingTotal(tablet)) === 0, 90_000, 250)
    const status = await tablet.status()
    expect(status.refused).toEqual([])
    expect(status.conflicts).toEqual([])

    const db = await backend.stopAndOpen()
    try {
      const { rows: counts } = await db.query<{ total: number; distintos: number; ids: number }>(
        `select count(*)::int as total, count(distinct nombre)::int as distintos, count(*) filter (where id_paciente = any($1::uuid[]))::int as ids
           from public.tb_pacientes where apellido = 'Carga' and nombre like $2`,
        [rows.map((r) => r.id_paciente), `${rows[0]!.nombre.split(' ').slice(0, 2).join(' ')} %`],
      )
      expect(counts[0]).toEqual({ total: 1000, distintos: 1000, ids: 1000 })
    } finally {
      await db.close()
    }
  })

  it('8. an access token expires while offline: after reconnecting the queue drains, with no sign-in prompt', async () => {
    const stack: TestStack = await startTestStack({ jwtExpiry: 4 })
    cleanups.push(() => stack.close())
    const tablet = await staffDevice(stack, 'tablet-token', { appClient: true })
    devices.push(tablet)
    await waitFor('primera sincronización', async () => (await tablet.status()).initialSync?.done, 60_000, 200)
    const before = (await tablet.call<{ accessToken: string; expiresAt: number } | null>({ cmd: 'session' }))!

    await tablet.offline()
    const rows = patients(20, `Token ${Date.now()}`)
    await tablet.insert('tb_pacientes', ...rows)
    // The stack signs 4 s tokens: this one is expired while the tablet is offline, and
    // its automatic refresh keeps failing for lack of network (which must not sign the
    // user out).
    await new Promise((r) => setTimeout(r, 6000))
    expect(before.expiresAt * 1000).toBeLessThan(Date.now())

    await tablet.online()
    await waitFor('la cola se vacía', async () => (await pendingTotal(tablet)) === 0, 60_000, 250)
    const onServer = await serverRows(stack.db, 'tb_pacientes', 'id_paciente = any($1::uuid[])', [rows.map((r) => r.id_paciente)])
    expect(onServer).toHaveLength(20)
    const events = await tablet.authEvents()
    expect(events).toContain('TOKEN_REFRESHED')
    expect(events).not.toContain('SIGNED_OUT')
    const after = (await tablet.call<{ accessToken: string } | null>({ cmd: 'session' }))!.accessToken
    expect(after).not.toBe(before.accessToken)
    expect((await tablet.status()).error).toBeNull()
    await expectSameAsServer(tablet, stack.db, 'tb_pacientes')
  })

  it('9. a reload in the middle of a push (database closed and reopened): nothing lost or duplicated', async () => {
    const stack: TestStack = await startTestStack()
    cleanups.push(() => stack.close())
    const tablet = await staffDevice(stack, 'tablet-reload', { batchSize: { push: 25 } })
    devices.push(tablet)
    // Some patients the tablet already has, to be edited offline too.
    const existing = patients(40, `Existente ${Date.now()}`)
    await tablet.insert('tb_pacientes', ...existing)
    await waitFor('existentes subidos', async () => (await pendingTotal(tablet)) === 0, 60_000, 100)

    await tablet.offline()
    const fresh = patients(300, `Recarga ${Date.now()}`)
    for (let i = 0; i < fresh.length; i += 100) await tablet.insert('tb_pacientes', ...fresh.slice(i, i + 100))
    for (const p of existing) await tablet.patch('tb_pacientes', p.id_paciente, { nro_historia: `H-${p.nombre.slice(-4)}` })
    expect(await pendingTotal(tablet)).toBe(340)

    tablet.proxy.setDelay(10)
    await tablet.online()
    await waitFor('subida a medias', async () => {
      const n = await pendingTotal(tablet)
      return n < 340 && n > 40
    }, 60_000, 20)
    const reopened = await tablet.reopen()
    expect(reopened.phase).toBe('running')
    tablet.proxy.setDelay(0)

    await waitFor('todo subido tras recargar', async () => (await pendingTotal(tablet)) === 0, 60_000, 200)
    const ids = [...fresh, ...existing].map((p) => p.id_paciente)
    const onServer = await serverRows(stack.db, 'tb_pacientes', 'id_paciente = any($1::uuid[])', [ids])
    expect(onServer).toHaveLength(340)
    for (const p of existing) {
      expect(onServer.find((r) => r.id_paciente === p.id_paciente)?.nro_historia).toBe(`H-${p.nombre.slice(-4)}`)
    }
    const status = await tablet.status()
    expect(status.refused).toEqual([])
    expect(status.conflicts).toEqual([])
    await tablet.resync()
    await expectSameAsServer(tablet, stack.db, 'tb_pacientes')
  })
})
