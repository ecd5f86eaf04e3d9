/**
 * Which local database a device uses (docs/decisions/0023-device-database.md): one per
 * device and server, shared by every staff member who signs in on it, kept across
 * sign-outs. Devices upgraded from the per-user layout (`spa-<auth user id>`, used
 * before one database per device) adopt the database of the first user who signs in after the upgrade, so
 * its data and pending writes stay; other users' old databases are emptied into the
 * server under their own identity when they sign in online (drain), then removed.
 */
import { removeRxDatabase, type RxStorage } from 'rxdb'
import type { CloseOptions, CloseResult } from './session-options.ts'

/** The per-user name used before one database per device (docs/decisions/0023-device-database.md; kept to find and adopt those databases). */
export function legacyDatabaseName(userId: string): string {
  return `spa-${userId.toLowerCase().replace(/[^a-z0-9_$-]/g, '-')}`
}

/** `spa-equipo-<hash of the server URL>`: another backend means another database. */
export function deviceDatabaseName(serverUrl: string): string {
  // FNV-1a, 32 bits: a short stable tag, not a security measure.
  let hash = 0x811c9dc5
  for (const ch of serverUrl.trim().replace(/\/+$/, '').toLowerCase()) {
    hash ^= ch.codePointAt(0)!
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return `spa-equipo-${hash.toString(16).padStart(8, '0')}`
}

const LEGACY = /^spa-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Prefixes of the IndexedDB databases that hold an RxDB database's collections, one per
 * collection, `<prefix><db>--<schema version>--<collection>`: RxDB's Dexie storage (earlier
 * builds) and the memory storage's files (sync/storage/persisted-memory.ts).
 */
const FILE_PREFIXES = ['rxdb-dexie-', 'spa-memoria-']

/**
 * The per-user RxDB databases among IndexedDB's database names: every RxDB database has
 * the `_rxdb_internal` collection, in either storage.
 */
export function legacyDatabasesIn(indexedDbNames: readonly string[]): string[] {
  const found = new Set<string>()
  for (const name of indexedDbNames) {
    const match = /^(?:rxdb-dexie-|spa-memoria-)(.+)--\d+--_rxdb_internal$/.exec(name)
    if (match && LEGACY.test(match[1]!)) found.add(match[1]!)
  }
  return [...found].sort()
}

export interface DevicePlan {
  /** The database to open for this user. */
  name: string
  /** True when `name` was not registered yet: remember it for this server. */
  register: boolean
  /** This user's old per-user database, to upload (with this user's session) and remove. */
  drain: string | null
}

/**
 * Pure decision: the registered database if there is one; else this user's old
 * per-user database (adopted whole: data, checkpoints and pending writes); else a new
 * device database. An old database of this user that was not adopted is drained.
 */
export function planDeviceDatabase(input: { registered: string | null; legacy: readonly string[]; userId: string; serverUrl: string }): DevicePlan {
  const own = legacyDatabaseName(input.userId)
  const hasOwn = input.legacy.includes(own)
  const name = input.registered ?? (hasOwn ? own : deviceDatabaseName(input.serverUrl))
  return { name, register: input.registered === null, drain: hasOwn && own !== name ? own : null }
}

/** Where the device remembers its database per server (localStorage in the browser). */
export interface DeviceRegistry {
  get(serverUrl: string): string | null
  set(serverUrl: string, name: string): void
  clear(serverUrl: string): void
}

export interface DeviceLayoutEnv {
  registry: DeviceRegistry
  /** IndexedDB's database names (`indexedDB.databases()`); [] where it cannot list them. */
  listIndexedDb(): Promise<string[]>
  /** `indexedDB.deleteDatabase(name)`. */
  deleteIndexedDb(name: string): Promise<void>
}

/**
 * RxDB's Dexie storage empties a removed database but leaves its IndexedDB databases
 * behind (RxDB 17.6), and a collection the current build no longer opens is not removed
 * by RxDB at all: deleted here, so a removed per-user database is not found (and
 * drained, downloading everything again) at every sign-in.
 */
export async function purgeDatabaseFiles(env: DeviceLayoutEnv, databaseName: string): Promise<void> {
  const prefixes = FILE_PREFIXES.map((p) => `${p}${databaseName}--`)
  for (const name of await env.listIndexedDb().catch(() => [] as string[])) {
    if (prefixes.some((p) => name.startsWith(p))) await env.deleteIndexedDb(name).catch(() => {})
  }
}

/**
 * An old per-user database of the signing-in user that the device did not adopt: opened
 * as that user's session (online: its waiting writes go up under their author), then
 * removed. If something could not be uploaded it stays for the next online sign-in.
 */
export async function drainLegacyDatabase(
  env: DeviceLayoutEnv,
  name: string,
  open: () => Promise<{ close(options: CloseOptions): Promise<CloseResult> }>,
): Promise<CloseResult> {
  const session = await open()
  const result = await session.close({ upload: true, timeoutMs: 20_000 })
  if (!result.removed) {
    await session.close({ upload: false })
    return result
  }
  await purgeDatabaseFiles(env, name)
  return result
}

export async function resolveDeviceDatabase(env: DeviceLayoutEnv, user: { userId: string; serverUrl: string }): Promise<DevicePlan> {
  const names = await env.listIndexedDb().catch(() => [] as string[])
  const plan = planDeviceDatabase({ registered: env.registry.get(user.serverUrl), legacy: legacyDatabasesIn(names), ...user })
  if (plan.register) env.registry.set(user.serverUrl, plan.name)
  return plan
}

/**
 * 'Cerrar sesión y borrar los datos de este equipo': removes the device database and
 * every per-user database left by the old layout (their pending writes are lost; the
 * screen warned and asked first).
 */
export async function eraseDeviceDatabases(env: DeviceLayoutEnv, serverUrl: string, storage: RxStorage<unknown, unknown>): Promise<void> {
  const names = new Set(legacyDatabasesIn(await env.listIndexedDb().catch(() => [] as string[])))
  const registered = env.registry.get(serverUrl)
  if (registered) names.add(registered)
  names.add(deviceDatabaseName(serverUrl))
  for (const name of names) {
    await removeRxDatabase(name, storage, true)
    await purgeDatabaseFiles(env, name)
  }
  env.registry.clear(serverUrl)
}
