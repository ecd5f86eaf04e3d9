/**
 * Shift change on one tablet (docs/decisions/0035-estado-de-sincronizacion.md §3–4).
 *
 * - `parkPending`: at sign-out, the writes that could not upload are parked under their
 *   author (status/parked-writes.ts) and the records go back to the server's state, so
 *   the next colleague signs in and works, offline too, and uploads only their own writes.
 * - `restoreParked`: the author's next sign-in writes them back, each merged three-way
 *   over the record as it is now (a field a colleague changed meanwhile follows the usual
 *   rule and is logged), and they upload under the author's session.
 * - `setAsideParked`: an administrator turns another user's group into refused writes of
 *   'Problemas de sincronización' (typed values kept; nothing uploaded under another name).
 */
import type { AnyCollection } from '../database.ts'
import { conflictEntries } from '../merge/conflict-entries.ts'
import { threeWayMerge } from '../merge/three-way-merge.ts'
import type { TableSync } from '../replication/table-sync.ts'
import { setAsideEntry, type ParkedStore } from '../status/parked-writes.ts'
import type { Subscription } from 'rxjs'
import type { ParkedWrite } from '../status/types.ts'
import type { ProblemLog } from '../status/problem-log.ts'
import { dispatch, type SyncStatusStore } from '../status/status-store.ts'
import type { LocalDoc } from '../tables/rows.ts'
import type { TableDef } from '../tables/table-def.ts'
import { nowTimestamp } from '../values/canonical.ts'

export interface ShiftEnv {
  user: { id: string; email?: string | null }
  tables: TableDef[]
  collections: Record<string, AnyCollection>
  syncs: Map<string, TableSync>
  parked: ParkedStore
  problems: ProblemLog
  /** Wakes every waiting retry, so a push waiting for the network sees the parking. */
  wake(): void
  newId(): string
  log(message: string): void
}

/**
 * Parks every write of this session that waits to upload; resolves with how many are
 * still waiting (0 unless the parking could not finish within `timeoutMs`, e.g. another
 * tab kept writing: then those stay in the queue, under their owner, as before).
 * Only the replicating tab can park (the others do not push): null elsewhere.
 */
export async function parkPending(env: ShiftEnv, timeoutMs = 10_000): Promise<number | null> {
  const syncs = [...env.syncs.values()].filter((s) => s.isActive())
  if (syncs.length === 0) return null
  const park = (writes: ParkedWrite[]) => env.parked.add({ id: env.user.id, email: env.user.email ?? null }, writes)
  for (const sync of syncs) sync.startParking(park)
  env.wake()
  const deadline = Date.now() + timeoutMs
  const count = async (full: boolean) => {
    let n = 0
    for (const sync of syncs) n += (await sync.pendingDocuments({ full }))?.length ?? 0
    return n
  }
  let left: number
  let nudged = 0
  for (;;) {
    // The cheap count (after the upload checkpoint) while pushes park; every document
    // once that says nothing waits (a full scan reads the whole table).
    left = await count(false)
    const idle = syncs.every((s) => !s.busy)
    if (left === 0 && idle) {
      left = await count(true)
      if (left === 0) break
      // A write behind the upload checkpoint is visited by no push cycle: hand it back.
      for (const sync of syncs) await sync.repairStalled()
    }
    if (Date.now() >= deadline) break
    // Writes waiting while no push runs: ask for an upload cycle (at most once a second).
    if (idle && left > 0 && Date.now() - nudged > 1000) {
      nudged = Date.now()
      for (const sync of syncs) sync.resync()
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  if (left > 0) env.log(`cambio de turno: ${left} cambio(s) no se pudieron apartar y siguen en la cola`)
  return left
}

/** Writes back this user's parked group; resolves with how many writes came back. */
export async function restoreParked(env: ShiftEnv): Promise<number> {
  const group = (await env.parked.groups()).find((g) => g.userId === env.user.id)
  if (!group) return 0
  const kept: ParkedWrite[] = []
  let restored = 0
  for (const write of group.writes) {
    const def = env.tables.find((t) => t.name === write.table)
    const collection = env.collections[write.table]
    // A table this user no longer opens (admin rights removed): kept for an administrator.
    if (!def || !collection) {
      kept.push(write)
      continue
    }
    await restoreOne(env, def, collection, write)
    restored++
  }
  await env.parked.remove(env.user.id)
  if (kept.length > 0) await env.parked.add({ id: group.userId, email: group.email }, kept)
  if (restored > 0) env.log(`cambio de turno: ${restored} cambio(s) retenidos de vuelta en la cola`)
  return restored
}

/**
 * A write parked by an older version of the app is brought to the table's current local
 * schema with the same migration strategies RxDB ran on the stored documents.
 */
function migrated(def: TableDef, doc: Record<string, unknown> | null, from: number): Record<string, unknown> | null {
  let out = doc
  for (let v = from + 1; out && v <= def.version; v++) {
    const strategy = def.migrationStrategies?.[v]
    if (strategy) out = strategy({ ...out })
  }
  return out
}

async function restoreOne(env: ShiftEnv, def: TableDef, collection: AnyCollection, parkedWrite: ParkedWrite) {
  const from = parkedWrite.version ?? def.version
  const migratedLocal = migrated(def, parkedWrite.local, from)
  // A strategy that drops the document drops the parked write with it, as RxDB does.
  if (!migratedLocal) return
  const write: ParkedWrite = { ...parkedWrite, local: migratedLocal, base: migrated(def, parkedWrite.base, from) }
  const doc = await collection.findOne(write.docId).exec()
  const current = doc ? ({ ...(doc.toMutableJSON() as Record<string, unknown>), _deleted: false } as LocalDoc) : null
  const local = { ...write.local, _deleted: write.local._deleted === true } as LocalDoc
  const base = write.base && write.base._deleted !== true ? write.base : null
  let target: LocalDoc = local
  if (base) {
    // Not on this tablet any more (removed meanwhile, or hidden from the colleague who
    // worked here: this tablet cannot tell): the author's version goes up and the
    // server's row decides, through the usual conflict rules. Nothing typed is dropped.
    const server = current ?? ({ ...base, _deleted: false } as LocalDoc)
    const outcome = threeWayMerge(def, { base, server, local })
    const entries = conflictEntries(def, outcome, { id: write.docId, server, local, at: nowTimestamp() }, env.newId)
    if (entries.length > 0) await env.problems.add('conflict', entries)
    target = outcome.doc
  } else if (current) {
    // A new record the server took meanwhile (its upload was answered after all).
    target = threeWayMerge(def, { server: current, local }).doc
  }
  if (target._deleted) {
    if (doc) await doc.remove()
    return
  }
  const data = Object.fromEntries(Object.entries(target).filter(([key]) => !key.startsWith('_')))
  await collection.upsert(data)
}

/** An administrator sets another user's parked group aside; resolves with how many writes. */
export async function setAsideParked(parked: ParkedStore, problems: ProblemLog, userId: string, newId: () => string): Promise<number> {
  const group = (await parked.groups()).find((g) => g.userId === userId)
  if (!group) return 0
  const at = nowTimestamp()
  const author = group.email ?? 'otra persona'
  await problems.add(
    'refused',
    group.writes.map((w) => setAsideEntry(w, author, newId(), at)),
  )
  await parked.remove(userId)
  return group.writes.length
}

/** Other users' parked groups in the status store, and their count as `held` in the model. */
export function followParked(parked: ParkedStore, status: SyncStatusStore, userId: string): Subscription {
  return parked.groups$.subscribe((groups) => {
    const others = groups.filter((g) => g.userId !== userId)
    status.setState({ parked: others })
    dispatch(status, { type: 'held', count: others.reduce((n, g) => n + g.writes.length, 0) })
  })
}
