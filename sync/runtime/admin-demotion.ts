/**
 * Admin demotion: when the signed-in admin's own `tbusuarios` row loses `is_admin`
 * (learnt through the pull), the admin-only tables leave the device at once
 * (docs/decisions/0003-sync.md "Visibility"). Writes still waiting in them can no longer
 * be sent: they become refused writes in 'Problemas de sincronización' instead of
 * vanishing with the local data.
 */
import type { Subscription } from 'rxjs'
import type { AnyCollection } from '../database.ts'
import type { RefusedWrite } from '../status/types.ts'
import { adminFlag } from '../tables/product-tables.ts'
import { SYNC_XID, type TableDef } from '../tables/table-def.ts'

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
