/**
 * A tablet updated from a build that kept its device database in RxDB's Dexie storage
 * (docs/decisions/0052-almacen-en-memoria.md): at the first open the whole database is
 * copied, storage instance by storage instance, into the memory storage's files — the
 * documents with their tombstones, the internal store, and the replication's checkpoints
 * and assumed server states (the "connected storages" RxDB lists for each collection), so
 * what waited to upload still waits and nothing is downloaded again. The internal store is
 * copied last: its files in the new storage say the copy is whole. Only then are the Dexie
 * files removed (if another tab still holds them, at a later open). Interrupted before
 * that, it starts over at the next open: the Dexie files are still the truth, and the half
 * copy is dropped first.
 */
import { getChangedDocumentsSince, INTERNAL_STORAGE_NAME, type RxJsonSchema, type RxStorage, type RxStorageInstance } from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { storageInstancesOf } from '../replication/rxdb-internals.ts'
import { filesName, PERSISTED_MEMORY_PREFIX } from './persisted-memory.ts'

export interface DexieFilesEnv {
  indexedDB: IDBFactory
  IDBKeyRange: typeof IDBKeyRange
  /** IndexedDB's database names; [] where the browser cannot list them. */
  listIndexedDb(): Promise<string[]>
  deleteIndexedDb(name: string): Promise<void>
}

type Instance = RxStorageInstance<Record<string, unknown>, unknown, unknown>

const PAGE = 2000

async function copy(from: RxStorage<unknown, unknown>, to: RxStorage<unknown, unknown>, databaseName: string, collectionName: string, schema: RxJsonSchema<unknown>) {
  const params = { databaseName, collectionName, schema, options: {}, multiInstance: false, devMode: false, databaseInstanceToken: 'copia-desde-dexie' }
  const source = (await from.createStorageInstance(params as never)) as unknown as Instance
  const target = (await to.createStorageInstance(params as never)) as unknown as Instance
  try {
    let checkpoint: unknown
    for (;;) {
      const page = await getChangedDocumentsSince(source as never, PAGE, checkpoint as never)
      if (page.documents.length === 0) break
      const result = await target.bulkWrite(
        page.documents.map((document) => ({ document: document as never })),
        'copia-desde-dexie',
      )
      if (result.error.length > 0) throw new Error(`${collectionName}: ${result.error.length} documentos no se copiaron`)
      checkpoint = page.checkpoint
    }
  } finally {
    await source.close()
    await target.close()
  }
}

/**
 * Copies `databaseName` from the Dexie storage into `target` if it is still there; true
 * when it copied. The Dexie files go only after every instance was copied.
 */
export async function adoptDexieDatabase(env: DexieFilesEnv, databaseName: string, target: RxStorage<unknown, unknown>): Promise<boolean> {
  const names = await env.listIndexedDb().catch(() => [] as string[])
  const dexiePrefix = `rxdb-dexie-${databaseName}--`
  const dexieFiles = names.filter((n) => n.startsWith(dexiePrefix))
  if (!dexieFiles.includes(`${dexiePrefix}0--${INTERNAL_STORAGE_NAME}`)) return false
  if (names.includes(filesName(databaseName, INTERNAL_STORAGE_NAME, 0))) {
    // Copied before; the Dexie files outlived it (another tab held them): remove them now.
    for (const name of dexieFiles) await env.deleteIndexedDb(name)
    return false
  }
  const halfCopy = `${PERSISTED_MEMORY_PREFIX}${databaseName}--`
  for (const name of names) if (name.startsWith(halfCopy)) await env.deleteIndexedDb(name)

  const dexie = getRxStorageDexie({ indexedDB: env.indexedDB, IDBKeyRange: env.IDBKeyRange }) as RxStorage<unknown, unknown>
  // The internal store comes last in the list: its copy marks the copy whole.
  for (const { collectionName, schema } of await storageInstancesOf(dexie, databaseName)) await copy(dexie, target, databaseName, collectionName, schema)
  for (const name of dexieFiles) await env.deleteIndexedDb(name)
  return true
}
