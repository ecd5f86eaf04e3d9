/**
 * The count of writes waiting to upload is read from RxDB's bookkeeping, and
 * each reading scans every waiting document. Status, sign-out and tests ask far more
 * often than the data changes; rescanning unchanged data on every question kept a device
 * with 1,000 offline writes busy and made the upload after a backend restart superlinear.
 * The answer is now computed again only after a change — and every change is seen.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import type { RxStorage } from 'rxdb'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { SyncSession } from '../../../sync/session.ts'
import { manualNetwork } from '../../../sync/runtime/network.ts'
import { createFixtureTables, fixtureTables } from '../../sync/fixture-tables.ts'
import { createSqlBackend } from '../../sync/sql-backend.ts'
import { waitFor } from '../../sync/wait.ts'
import { getRxStoragePersistedMemory } from '../../../sync/storage/persisted-memory.ts'
import { IDBFactory } from 'fake-indexeddb'

const USER = '7a1c0000-0000-4000-8000-00000000cccc'

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack()
  await createFixtureTables(stack.db)
})
const open: SyncSession[] = []
afterEach(async () => {
  for (const s of open.splice(0)) await s.close({ upload: false }).catch(() => {})
})
afterAll(async () => {
  await stack?.close()
})

/** Memory storage that counts the "changed since" scans (queries on `_meta.lwt`). */
function countingStorage() {
  const base = getRxStorageMemory()
  const counter = { scans: 0 }
  const storage = {
    ...base,
    name: base.name,
    rxdbVersion: base.rxdbVersion,
    async createStorageInstance(params: Parameters<typeof base.createStorageInstance>[0]) {
      const instance = await base.createStorageInstance(params)
      const query = instance.query.bind(instance)
      instance.query = (prepared) => {
        if (JSON.stringify(prepared.query.selector ?? {}).includes('_meta.lwt')) counter.scans++
        return query(prepared)
      }
      return instance
    },
  } as RxStorage<unknown, unknown>
  return { storage, counter }
}

it('asking again without a change does not rescan; a local write or an upload is seen at once', async () => {
  const { storage, counter } = countingStorage()
  const network = manualNetwork(false)
  const session = await SyncSession.open({
    supabase: stack.anon(),
    user: { id: `scans-${Date.now()}`, isAdmin: false },
    databaseName: `scans-${Date.now()}`,
    storage,
    tables: fixtureTables,
    network,
    backend: createSqlBackend(stack.db, USER),
    realtime: false,
    multiInstance: false,
  })
  open.push(session)
  const notas = session.collection('sx_notas')!
  await notas.bulkInsert(Array.from({ length: 300 }, (_, i) => ({ id_nota: crypto.randomUUID(), titulo: `Nota ${i}` })))
  await waitFor('300 pendientes', async () => (await session.pendingTotal()) === 300)

  counter.scans = 0
  for (let i = 0; i < 30; i++) expect(await session.pendingTotal()).toBe(300)
  // Before: two scans (one per table) for each of the 30 questions.
  expect(counter.scans).toBeLessThanOrEqual(2)

  await notas.insert({ id_nota: crypto.randomUUID(), titulo: 'Una más' })
  expect(await session.pendingTotal()).toBe(301)

  network.set(true)
  await waitFor('todo subido', async () => (await session.pendingTotal()) === 0, 30_000)
  expect(await session.pendingTotal({ full: true })).toBe(0)
})

it('the header learns what waits even when the replication takes seconds to start (a busy tablet)', async () => {
  // The replication's own bookkeeping opens late: the first count finds no queue to read.
  const base = getRxStorageMemory()
  const storage = {
    ...base,
    name: base.name,
    rxdbVersion: base.rxdbVersion,
    async createStorageInstance(params: Parameters<typeof base.createStorageInstance>[0]) {
      if (params.collectionName.startsWith('rx-replication-meta-')) await new Promise((resolve) => setTimeout(resolve, 1500))
      return base.createStorageInstance(params)
    },
  } as RxStorage<unknown, unknown>
  const session = await SyncSession.open({
    supabase: stack.anon(),
    user: { id: `lento-${Date.now()}`, isAdmin: false },
    databaseName: `lento-${Date.now()}`,
    storage,
    tables: fixtureTables,
    network: manualNetwork(false),
    backend: createSqlBackend(stack.db, USER),
    realtime: false,
    multiInstance: false,
  })
  open.push(session)
  // Nothing is written and nothing uploads: only the start itself can trigger the count.
  await waitFor('pendientes contados', async () => session.status.getState().pendingKnown, 15_000)
  expect(session.status.getState().pendingTotal).toBe(0)
})

it('a download whose server states are stored after its rows ends with nothing waiting in the header', async () => {
  // The device's storage confirms each write once it is on disk: the pulled rows land
  // first and their server states a moment later, so a count taken in between sees the
  // rows as waiting, and the state change that clears them must be counted again.
  const storage = getRxStoragePersistedMemory({ indexedDB: new IDBFactory() })
  const titles = Array.from({ length: 40 }, (_, i) => `Tardía ${Date.now()} ${i}`)
  for (const titulo of titles) await stack.db.query('insert into public.sx_notas (id_nota, titulo) values ($1, $2)', [crypto.randomUUID(), titulo])
  const session = await SyncSession.open({
    supabase: stack.anon(),
    user: { id: `tardio-${Date.now()}`, isAdmin: false },
    databaseName: `tardio-${Date.now()}`,
    storage,
    tables: fixtureTables,
    network: manualNetwork(true),
    backend: createSqlBackend(stack.db, USER),
    realtime: false,
    multiInstance: false,
  })
  open.push(session)
  const notas = session.collection('sx_notas')!
  await waitFor('notas descargadas', async () => (await notas.count({ selector: { titulo: { $in: titles } } }).exec()) === titles.length, 30_000)
  await waitFor('estados del servidor guardados', async () => (await session.pendingTotal({ full: true })) === 0, 30_000)
  // Nothing local was written: the header must come to say so on its own.
  await waitFor('cabecera sin pendientes', async () => session.status.getState().pendingKnown && session.status.getState().pendingTotal === 0, 15_000)
})
