/**
 * The device's local RxDB database (named by sync/device-layout.ts): one collection per replicated table, the write hooks
 * that keep every local edit canonical and stamped with the device clock, and the
 * housekeeping of collections a user may no longer open.
 */
import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxConflictHandler,
  type RxDatabase,
  type RxStorage,
} from 'rxdb'
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election'
import { boundEventReduce } from './replication/rxdb-internals.ts'
import { buildRxSchema } from './schema/rxdb-schema.ts'
import { missingRequired, normaliseLocalWrite, type Row } from './tables/rows.ts'
import { SYNC_MODIFIED, SYNC_XID, UPDATED_AT, type TableDef } from './tables/table-def.ts'
import { nextTimestamp, nowTimestamp } from './values/canonical.ts'

export type AnyCollection = RxCollection<Record<string, unknown>>

let pluginsAdded = false
function ensurePlugins() {
  if (pluginsAdded) return
  addRxPlugin(RxDBLocalDocumentsPlugin)
  addRxPlugin(RxDBMigrationSchemaPlugin)
  addRxPlugin(RxDBLeaderElectionPlugin)
  pluginsAdded = true
}

export interface OpenDatabaseOptions {
  name: string
  storage: RxStorage<unknown, unknown>
  /** Several tabs share the database (browser); false for one process per device (tests). */
  multiInstance: boolean
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<RxDatabase> {
  ensurePlugins()
  return createRxDatabase({
    name: options.name,
    storage: options.storage,
    multiInstance: options.multiInstance,
    eventReduce: true,
    localDocuments: true,
    // React StrictMode and hot reloads open the same database twice in one tab.
    closeDuplicates: true,
  })
}

export async function addTableCollections(
  db: RxDatabase,
  tables: readonly TableDef[],
  conflictHandler: (def: TableDef) => RxConflictHandler<Record<string, unknown>>,
): Promise<Record<string, AnyCollection>> {
  const config = Object.fromEntries(
    tables.map((def) => [
      def.name,
      {
        schema: buildRxSchema(def),
        migrationStrategies: def.migrationStrategies ?? {},
        conflictHandler: conflictHandler(def),
        // Replication meta-data and the user's data share the storage; no extra options.
      },
    ]),
  )
  const collections = (await db.addCollections(config)) as Record<string, AnyCollection>
  for (const def of tables) {
    installWriteHooks(collections[def.name]!, def)
    boundEventReduce(collections[def.name]!)
  }
  return collections
}

/**
 * Deletes the local data of tables this user may no longer see (an admin demoted to
 * staff): opened one at a time, so the collection limit is never exceeded.
 */
export async function removeCollections(db: RxDatabase, tables: readonly TableDef[]): Promise<void> {
  for (const def of tables) {
    const existing = db.collections[def.name] as AnyCollection | undefined
    if (existing) {
      await existing.remove()
      continue
    }
    const added = await db.addCollections({ [def.name]: { schema: buildRxSchema(def), migrationStrategies: def.migrationStrategies ?? {} } })
    await (added[def.name] as AnyCollection).remove()
  }
}

/**
 * Every local write gets canonical values, its defaults, and `updated_at` from the
 * device clock (always later than the version it replaces), so last-writer-wins never
 * depends on the screen remembering to set it. Server-owned columns keep the server's
 * values whatever the screen wrote. Replication writes bypass these hooks.
 */
function installWriteHooks(collection: AnyCollection, def: TableDef) {
  const serverOwned = Object.entries(def.columns)
    .filter(([, c]) => c.serverOwned)
    .map(([name]) => name)

  const checkRequired = (data: Row) => {
    const missing = missingRequired(def, data)
    if (missing.length > 0) {
      throw new Error(`${def.label}: falta${missing.length > 1 ? 'n' : ''} el dato obligatorio ${missing.map((m) => `"${m}"`).join(', ')}.`)
    }
  }

  collection.preInsert((data: Row) => {
    normaliseLocalWrite(def, data)
    const now = nowTimestamp()
    if (UPDATED_AT in def.columns) data[UPDATED_AT] = now
    if ('created_at' in def.columns && !data.created_at) data.created_at = now
    for (const name of serverOwned) data[name] = def.columns[name]!.default ?? null
    data[SYNC_XID] = null
    data[SYNC_MODIFIED] = null
    checkRequired(data)
  }, false)

  collection.preSave((data: Row, previous: Row) => {
    normaliseLocalWrite(def, data)
    for (const name of [...serverOwned, SYNC_XID, SYNC_MODIFIED]) data[name] = previous[name] ?? null
    if (UPDATED_AT in def.columns) data[UPDATED_AT] = nextTimestamp(previous[UPDATED_AT])
    checkRequired(data)
  }, false)

  collection.preRemove((data: Row) => {
    if (UPDATED_AT in def.columns) data[UPDATED_AT] = nextTimestamp(data[UPDATED_AT])
  }, false)
}
