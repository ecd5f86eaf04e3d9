/**
 * The device database (docs/decisions/0023-device-database.md) against the real sync SQL:
 * a device upgraded from the per-user layout keeps its data and pending writes; another
 * user's old database drains into the server under its own user; a queue left by one
 * user is never uploaded by the next. Dexie over fake-indexeddb, the browser's stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexedDB, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { SyncSession } from '../../../sync/session.ts'
import { drainLegacyDatabase, legacyDatabaseName, legacyDatabasesIn, resolveDeviceDatabase, type DeviceLayoutEnv } from '../../../sync/device-layout.ts'
import { QueueHeldError, readQueueOwner } from '../../../sync/status/queue-owner.ts'
import { manualNetwork, type ManualNetwork } from '../../../sync/runtime/network.ts'
import { createFixtureTables, fixtureTables } from '../../sync/fixture-tables.ts'
import { createSqlBackend } from '../../sync/sql-backend.ts'
import { waitFor } from '../../sync/wait.ts'

const ANA = '5e0a0000-0000-4000-8000-00000000000a'
const BEA = '5e0a0000-0000-4000-8000-00000000000b'
const SERVER = 'http://servidor-de-prueba'
const storage = getRxStorageDexie({ indexedDB, IDBKeyRange })

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack()
  await createFixtureTables(stack.db)
})
afterAll(async () => {
  await stack?.close()
})

function layoutEnv(): DeviceLayoutEnv {
  const map = new Map<string, string>()
  return {
    registry: { get: (u) => map.get(u) ?? null, set: (u, n) => void map.set(u, n), clear: (u) => void map.delete(u) },
    listIndexedDb: async () => (await indexedDB.databases()).map((d) => d.name ?? ''),
    deleteIndexedDb: (name) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name)
        request.onsuccess = () => resolve()
        request.onerror = () => reject(request.error)
      }),
  }
}

function open(databaseName: string, userId: string, network: ManualNetwork) {
  return SyncSession.open({
    supabase: stack.anon(),
    user: { id: userId, email: `${userId.slice(-1)}@spa.test`, isAdmin: false },
    databaseName,
    storage: storage as never,
    tables: fixtureTables,
    network,
    backend: createSqlBackend(stack.db, userId),
    realtime: false,
    multiInstance: false,
    periodicPullMs: 300,
    serverUrl: SERVER,
  })
}

const notas = (s: SyncSession) => s.collection('sx_notas')!
async function serverTitulo(id: string) {
  const { rows } = await stack.db.query<{ titulo: string }>('select titulo from public.sx_notas where id_nota = $1', [id])
  return rows[0]?.titulo
}
/** The figure the header shows, once it was counted. */
const counted = (s: SyncSession) => (s.status.getState().pendingKnown ? s.status.getState().pendingTotal : null)
const nota = (titulo: string) => ({ id_nota: crypto.randomUUID(), titulo, prioridad: 0, etiquetas: [], total: 0 })

describe('upgrade from the per-user layout', () => {
  it("adopts the first user's database with its data and pending writes, and drains another user's into the server under that user", async () => {
    const suffix = Date.now() % 100_000
    const shared = crypto.randomUUID()
    await stack.db.query(`insert into public.sx_notas (id_nota, titulo) values ($1, $2)`, [shared, `del servidor ${suffix}`])

    // Today's layout: Ana's and Bea's own databases, each with a write made offline.
    const network = manualNetwork(true)
    const anaOld = await open(legacyDatabaseName(ANA), ANA, network)
    await waitFor('Ana descargó la nota del servidor', async () => (await notas(anaOld).findOne(shared).exec()) !== null)
    network.set(false)
    const anaWrite = nota(`de Ana sin conexión ${suffix}`)
    await notas(anaOld).insert(anaWrite)
    await waitFor('1 cambio de Ana contado', () => counted(anaOld) === 1)
    await anaOld.close({ upload: false })

    const beaOld = await open(legacyDatabaseName(BEA), BEA, network)
    const beaWrite = nota(`de Bea sin conexión ${suffix}`)
    await notas(beaOld).insert(beaWrite)
    await waitFor('1 cambio de Bea contado', () => counted(beaOld) === 1)
    await beaOld.close({ upload: false })

    // Upgrade. Ana signs in first, offline: the device adopts her database whole.
    const env = layoutEnv()
    const planAna = await resolveDeviceDatabase(env, { userId: ANA, serverUrl: SERVER })
    expect(planAna).toEqual({ name: legacyDatabaseName(ANA), register: true, drain: null })
    const ana = await open(planAna.name, ANA, network)
    expect(await notas(ana).findOne(shared).exec()).not.toBeNull()
    expect((await notas(ana).findOne(anaWrite.id_nota).exec())?.get('titulo')).toBe(anaWrite.titulo)
    await waitFor('el cambio pendiente de Ana sigue pendiente', () => counted(ana) === 1)
    network.set(true)
    await waitFor('el cambio de Ana llegó al servidor', async () => (await serverTitulo(anaWrite.id_nota)) === anaWrite.titulo)
    await waitFor('nada pendiente', () => counted(ana) === 0)
    await ana.close({ upload: false })

    // Bea signs in online: same device database; her old one is uploaded as Bea, then removed.
    const planBea = await resolveDeviceDatabase(env, { userId: BEA, serverUrl: SERVER })
    expect(planBea).toEqual({ name: legacyDatabaseName(ANA), register: false, drain: legacyDatabaseName(BEA) })
    expect(await drainLegacyDatabase(env, planBea.drain!, () => open(planBea.drain!, BEA, network))).toEqual({ uploaded: true, pending: 0, removed: true })
    expect(await serverTitulo(beaWrite.id_nota)).toBe(beaWrite.titulo)
    expect(legacyDatabasesIn((await indexedDB.databases()).map((d) => d.name ?? ''))).not.toContain(legacyDatabaseName(BEA))

    const bea = await open(planBea.name, BEA, network)
    await waitFor('Bea ve en el equipo lo suyo y lo de Ana', async () => (await notas(bea).findOne(beaWrite.id_nota).exec()) !== null)
    expect(await notas(bea).findOne(anaWrite.id_nota).exec()).not.toBeNull()
    await bea.close({ upload: true, force: true })
  })
})

describe('one owner per upload queue', () => {
  it("when a user's writes were left in the queue (not parked), the next user cannot open the device database; they upload under their author", async () => {
    const name = `equipo-cola-${Date.now()}`
    const mine = crypto.randomUUID()
    // A row only Ana may update (RLS): uploaded under Bea, the edit would be refused.
    await stack.db.query(`insert into public.sx_notas (id_nota, titulo, dueno) values ($1, $2, $3)`, [mine, `de Ana ${Date.now() % 100_000}`, ANA])
    const network = manualNetwork(true)

    const ana = await open(name, ANA, network)
    await waitFor('Ana descargó su nota', async () => (await notas(ana).findOne(mine).exec()) !== null)
    network.set(false)
    const edited = `editada por Ana ${Date.now() % 100_000}`
    await (await notas(ana).findOne(mine).exec())!.incrementalPatch({ titulo: edited })
    await waitFor('1 cambio contado', () => counted(ana) === 1)
    await waitFor('dueño de la cola anotado', async () => (await readQueueOwner(ana.database))?.pending === 1)
    // The tab dies before a sign-out could park the write (a sign-out parks it under
    // Ana and lets Bea in: shift-change.int.test.ts); the queue keeps its owner.
    await ana.database.close()

    // Bea, on the same device, online or not: refused, and told whose writes wait.
    network.set(true)
    const refused = await open(name, BEA, network).then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(QueueHeldError)
    expect((refused as QueueHeldError).owner).toEqual({ userId: ANA, email: 'a@spa.test', pending: 1 })
    expect(await serverTitulo(mine)).not.toBe(edited)

    // Ana comes back: the edit goes up under Ana (RLS accepts it), the queue empties.
    const again = await open(name, ANA, network)
    await waitFor('la edición de Ana llegó', async () => (await serverTitulo(mine)) === edited)
    await waitFor('nada pendiente', () => counted(again) === 0)
    await again.close({ upload: false })

    // Now Bea may sign in, and finds the data on the device.
    const bea = await open(name, BEA, network)
    expect((await notas(bea).findOne(mine).exec())?.get('titulo')).toBe(edited)
    await bea.close({ upload: true, force: true })
  })
})
