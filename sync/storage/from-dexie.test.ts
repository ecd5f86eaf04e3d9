/**
 * A tablet updated from the Dexie build keeps everything (docs/decisions/0052-almacen-en-memoria.md):
 * its rows, its tombstones, the replication's checkpoint and assumed server states (no
 * new download, nothing pushed twice) and what was waiting to upload.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createRxDatabase, type RxCollection, type RxStorage } from 'rxdb'
import { replicateRxCollection } from 'rxdb/plugins/replication'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { adoptDexieDatabase, type DexieFilesEnv } from './from-dexie.ts'
import { getRxStoragePersistedMemory } from './persisted-memory.ts'

const schema = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: { type: 'string', maxLength: 40 }, monto: { type: 'number' } },
  required: ['id', 'monto'],
} as const

function env(factory: IDBFactory): DexieFilesEnv {
  return {
    indexedDB: factory,
    IDBKeyRange,
    listIndexedDb: async () => (await factory.databases()).map((d) => d.name!),
    deleteIndexedDb: (name) =>
      new Promise((resolve, reject) => {
        const r = factory.deleteDatabase(name)
        r.onsuccess = () => resolve()
        r.onerror = () => reject(r.error)
      }),
  }
}

interface Pushed {
  id: string
  assumed: unknown
}

/** A pull of one server row (checkpoint {n: 1}), and a push that records what it was sent. */
async function replicate(pagos: RxCollection, pulledFrom: unknown[], pushed: Pushed[]) {
  const replication = replicateRxCollection({
    collection: pagos,
    replicationIdentifier: 'servidor-pagos',
    live: false,
    pull: {
      handler: async (checkpoint: unknown) => {
        pulledFrom.push(checkpoint ?? null)
        return checkpoint ? { documents: [], checkpoint } : { documents: [{ id: 'del-servidor', monto: 5, _deleted: false }], checkpoint: { n: 1 } }
      },
    },
    push: {
      handler: async (rows) => {
        for (const r of rows) pushed.push({ id: r.newDocumentState.id as string, assumed: r.assumedMasterState ?? null })
        return []
      },
    },
  })
  await replication.awaitInitialReplication()
  await replication.cancel()
}

async function open(storage: RxStorage<unknown, unknown>) {
  const db = await createRxDatabase({ name: 'equipo', storage, multiInstance: false })
  const { pagos } = await db.addCollections({ pagos: { schema } })
  return { db, pagos: pagos! }
}

describe('la base de un equipo que venía de Dexie', () => {
  it('se copia entera al almacén nuevo, con la réplica al día y lo que esperaba subir, y Dexie se borra', async () => {
    const factory = new IDBFactory()
    const dexie = getRxStorageDexie({ indexedDB: factory, IDBKeyRange }) as RxStorage<unknown, unknown>
    const before = await open(dexie)
    await replicate(before.pagos, [], [])
    await before.pagos.bulkInsert([
      { id: 'local', monto: 40 },
      { id: 'borrado', monto: 1 },
    ])
    await (await before.pagos.findOne('borrado').exec())!.remove()
    await before.db.close()

    const memoria = getRxStoragePersistedMemory({ indexedDB: factory })
    expect(await adoptDexieDatabase(env(factory), 'equipo', memoria)).toBe(true)
    expect((await factory.databases()).map((d) => d.name).filter((n) => n!.startsWith('rxdb-dexie-'))).toEqual([])

    const after = await open(memoria)
    expect((await after.pagos.find({ sort: [{ id: 'asc' }] }).exec()).map((d) => [d.id, d.get('monto')])).toEqual([
      ['del-servidor', 5],
      ['local', 40],
    ])
    const pulledFrom: unknown[] = []
    const pushed: Pushed[] = []
    await replicate(after.pagos, pulledFrom, pushed)
    // The pull goes on from its checkpoint, and only the local writes go up.
    expect(pulledFrom[0]).toEqual({ n: 1 })
    expect(pushed.map((p) => p.id).sort()).toEqual(['borrado', 'local'])
    await after.db.close()

    // Once copied, never again (the copy holds the writes made since).
    expect(await adoptDexieDatabase(env(factory), 'equipo', memoria)).toBe(false)
  })

  it('una copia a medias se descarta y se rehace desde Dexie', async () => {
    const factory = new IDBFactory()
    const dexie = getRxStorageDexie({ indexedDB: factory, IDBKeyRange }) as RxStorage<unknown, unknown>
    const before = await open(dexie)
    await before.pagos.insert({ id: 'a', monto: 1 })
    await before.db.close()
    const memoria = getRxStoragePersistedMemory({ indexedDB: factory })
    // A copy cut short: the collection's files exist, the internal store's do not.
    const half = await memoria.createStorageInstance({
      databaseName: 'equipo',
      databaseInstanceToken: 't',
      collectionName: 'pagos',
      schema: before.pagos.schema.jsonSchema,
      options: {},
      multiInstance: false,
      devMode: false,
    })
    await half.close()
    expect(await adoptDexieDatabase(env(factory), 'equipo', memoria)).toBe(true)
    const after = await open(memoria)
    expect((await after.pagos.find().exec()).map((d) => d.id)).toEqual(['a'])
    await after.db.close()
  })
})
