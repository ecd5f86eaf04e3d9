/**
 * The status shared between tabs (sync/status/shared-status.ts) across pages: a tab that
 * opens mirrors the document the leader left, so that document must be the leader's last
 * word, and a tab that becomes the leader must not keep showing an earlier page's stale
 * document (docs/decisions/0035-estado-de-sincronizacion.md). Sessions with several
 * instances (leader election), over Dexie on fake-indexeddb, the browser's stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexedDB, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { SyncSession } from '../../../sync/session.ts'
import { openDatabase } from '../../../sync/database.ts'
import { manualNetwork, type ManualNetwork } from '../../../sync/runtime/network.ts'
import type { SyncModel } from '../../../sync/status/status-machine.ts'
import { createFixtureTables, fixtureTables } from '../../sync/fixture-tables.ts'
import { createSqlBackend } from '../../sync/sql-backend.ts'
import { waitFor } from '../../sync/wait.ts'

const ANA = '5e0a0000-0000-4000-8000-0000000000a1'
const storage = getRxStorageDexie({ indexedDB, IDBKeyRange })
const TABLES = fixtureTables.map((t) => t.name)

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack()
  await createFixtureTables(stack.db)
  await stack.db.query(`insert into public.sx_notas (id_nota, titulo) values ($1, 'estado compartido')`, [crypto.randomUUID()])
})
afterAll(async () => {
  await stack?.close()
})

function open(databaseName: string, network: ManualNetwork) {
  return SyncSession.open({
    supabase: stack.anon(),
    user: { id: ANA, email: 'ana@spa.test', isAdmin: false },
    databaseName,
    storage: storage as never,
    tables: fixtureTables,
    network,
    backend: createSqlBackend(stack.db, ANA),
    realtime: false,
    multiInstance: true,
    periodicPullMs: 60_000,
  })
}

type SharedDoc = { initialSync: { done: boolean } | null; model: SyncModel }

/** The shared document as the next page will read it. */
async function storedShared(databaseName: string): Promise<SharedDoc | null> {
  const db = await openDatabase({ name: databaseName, storage: storage as never, multiInstance: false })
  try {
    const doc = await db.getLocal<SharedDoc>('sync-status-shared')
    return doc ? (doc.toJSON().data as SharedDoc) : null
  } finally {
    await db.close()
  }
}

async function writeShared(databaseName: string, data: SharedDoc): Promise<void> {
  const db = await openDatabase({ name: databaseName, storage: storage as never, multiInstance: false })
  try {
    await db.upsertLocal('sync-status-shared', { ...data, publishedAt: Date.now() })
  } finally {
    await db.close()
  }
}

const allComplete = (m: SyncModel) => TABLES.every((t) => m.downloads[t] === 'complete')

describe('estado compartido entre páginas', () => {
  it('una sesión cerrada en cuanto termina su primera descarga deja el documento con la descarga terminada', async () => {
    const name = `compartido-cierre-${Date.now()}`
    const session = await open(name, manualNetwork(true))
    await waitFor('primera descarga', () => session.status.getState().initialSync?.done, 30_000, 5)
    // Closed at once: within the publisher's debounce, as a page reloaded right then.
    await session.close({ upload: false })

    const shared = await storedShared(name)
    expect(shared?.initialSync?.done).toBe(true)
    expect(shared && allComplete(shared.model)).toBe(true)
  })

  it('una pestaña que se vuelve líder deja el estado viejo que reflejaba y muestra el suyo, sin conexión', async () => {
    const name = `compartido-viejo-${Date.now()}`
    const first = await open(name, manualNetwork(true))
    await waitFor('primera descarga', () => first.status.getState().initialSync?.done, 30_000)
    await first.close({ upload: false })

    // What a page reloaded before its last write leaves: the download still under way.
    const shared = await storedShared(name)
    expect(shared).not.toBeNull()
    const partial = Object.fromEntries(TABLES.map((t) => [t, 'partial' as const]))
    await writeShared(name, { ...shared!, initialSync: { done: false }, model: { ...shared!.model, downloads: partial } })

    // Offline, no pull comes to heal it: only the tab's own knowledge can.
    const session = await open(name, manualNetwork(false))
    try {
      await waitFor('la pestaña replica', () => session.status.getState().replicating, 30_000)
      const s = await waitFor(
        'el estado propio de la pestaña',
        () => {
          const state = session.status.getState()
          return allComplete(state.model) && state.initialSync === null && state.ownModel === null ? state : null
        },
        10_000,
      )
      expect(s.model.network).toBe('down')
      expect(s.model.lastSyncAt).not.toBeNull()
    } finally {
      await session.close({ upload: false })
    }
  })
})
