/**
 * Admin demotion: when the signed-in admin's own `tbusuarios` row loses `is_admin`
 * (learnt through the pull), the admin-only tables leave the device at once
 * (docs/decisions/0003-sync.md "Visibility"). Writes still waiting in them can no longer
 * be sent: they become refused writes in 'Problemas de sincronización' instead of
 * vanishing with the local data. Likewise a non-admin signing in where an admin worked
 * before finds no admin-only data left (removeStaleAdminTables).
 */
import type { RxDatabase } from 'rxdb'
import type { Subscription } from 'rxjs'
import { removeCollections, type AnyCollection } from '../database.ts'
import { storedCollectionNames } from '../replication/rxdb-internals.ts'
import type { TableSync } from '../replication/table-sync.ts'
import type { ProblemLog } from '../status/problem-log.ts'
import { removeCollectionStatus, type SyncStatusStore } from '../status/status-store.ts'
import type { RefusedWrite } from '../status/types.ts'
import { adminFlag } from '../tables/product-tables.ts'
import { SYNC_XID, type TableDef } from '../tables/table-def.ts'
import { InitialSyncTracker } from './initial-sync.ts'

/** Calls `onDemoted` when this user's row says they are no longer an admin. */
export function watchAdminFlag(users: AnyCollection, userId: string, onDemoted: () => void): Subscription {
  return users.findOne({ selector: { [adminFlag.userColumn]: userId } }).$.subscribe((doc) => {
    if (doc && doc.get(adminFlag.flagColumn) === false && !doc.deleted) onDemoted()
  })
}

/** The unsent writes of an admin-only table, as refusals the staff can read. */
export function unsentAsRefused(def: TableDef, docs: ReadonlyArray<Record<string, unknown>>, at: string, newId: () => string): RefusedWrite[] {
  return docs.map((doc) => ({
    id: newId(),
    collection: def.name,
    label: def.label,
    docId: String(doc[def.primaryKey]),
    operation: doc[SYNC_XID] ? (doc._deleted ? 'delete' : 'update') : 'insert',
    code: '42501',
    reason: 'Ya no tienes permisos de administrador: este cambio no se envió al servidor.',
    serverMessage: null,
    localVersion: { ...doc },
    serverVersion: null,
    at,
  }))
}

/** The session's per-table parts (sync/session.ts); the admin-only tables' entries are removed in place. */
export interface DemotionScope {
  database: RxDatabase
  tables: readonly TableDef[]
  syncs: Map<string, TableSync>
  collections: Record<string, AnyCollection>
  status: SyncStatusStore
  problems: ProblemLog
  initial: InitialSyncTracker
}

/**
 * Stops and removes the admin-only tables, keeping their unsent writes as refusals.
 * `onStopped` gets the tables left once every admin-only replication has stopped, before
 * their local data is removed.
 */
export async function dropAdminTables(s: DemotionScope, onStopped: (left: TableDef[]) => void): Promise<void> {
  const adminTables = s.tables.filter((t) => t.adminOnly)
  for (const def of adminTables) {
    // The row that says so may be the download's latest insert, its server state not yet
    // stored: read what waits only once the download has stored both.
    await s.syncs.get(def.name)?.downloadStored(5000)
    const unsent = (await s.syncs.get(def.name)?.pendingDocuments().catch(() => null)) ?? []
    await s.problems.add('refused', unsentAsRefused(def, unsent, new Date().toISOString(), () => crypto.randomUUID()))
    await s.syncs.get(def.name)?.cancel()
    s.syncs.delete(def.name)
    s.initial.drop(def.name)
    removeCollectionStatus(s.status, def.name)
    delete s.collections[def.name]
  }
  onStopped(s.tables.filter((t) => !t.adminOnly))
  await removeCollections(s.database, adminTables)
  await s.initial.flush()
  await InitialSyncTracker.forget(s.database, adminTables.map((t) => t.name))
}

/** A non-admin signs in where an admin worked before: the admin-only tables' local data goes. */
export async function removeStaleAdminTables(database: RxDatabase, all: readonly TableDef[]): Promise<void> {
  const stored = new Set(await storedCollectionNames(database))
  const stale = all.filter((t) => t.adminOnly && stored.has(t.name))
  if (stale.length === 0) return
  await removeCollections(database, stale)
  await InitialSyncTracker.forget(database, stale.map((t) => t.name))
}
