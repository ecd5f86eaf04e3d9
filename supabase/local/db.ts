/**
 * One database interface for the two engines the embedded stack can run on:
 * PGlite (WASM Postgres, the default: no install, persisted under `.data/`) and a
 * real Postgres reached through `DATABASE_URL` (node-postgres pool).
 *
 * Everything above this module (REST, Auth, Realtime, migrations) speaks only `Db`,
 * so both engines run the same code paths and the same test suites.
 */
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type pg from 'pg'
import { PgliteDb } from './pglite/client.ts'

export interface QueryResult<T> {
  rows: T[]
  /** Rows touched by INSERT/UPDATE/DELETE; 0 for plain selects. */
  affectedRows: number
}

/** Anything that can run a parameterised query: the database itself or a transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>
  /** Runs several `;`-separated statements with no parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg'
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * LISTEN on `channel`. NOTIFY is transactional in Postgres, so the callback only sees
   * payloads of committed transactions. Resolves to an unsubscribe function.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  /**
   * From now on every statement gets at most `ms` (0: no limit). PGlite only, where a
   * watchdog enforces it (docs/decisions/0029-pglite-worker.md); PostgreSQL has its own
   * statement_timeout. Migrations and the seed run before it is set.
   */
  setStatementDeadline?(ms: number): void
  /**
   * PGlite only: closes the engine and opens it again, with a fresh open's memory (its
   * WASM memory never shrinks). startStack does it after migrations ran.
   */
  recycle?(): Promise<void>
  close(): Promise<void>
}

/**
 * The deadline of server-internal work on PGlite (Auth, the Realtime reader, REST as
 * service_role): long enough for anything the app does, short enough that a statement
 * that never yields stalls the other requests for seconds, not forever.
 */
export const internalStatementDeadlineMs = Number(process.env.SPA_INTERNAL_STATEMENT_TIMEOUT_MS ?? 15_000)

export interface OpenDbOptions {
  /** postgres:// URL of a real server; when absent PGlite is used. */
  databaseUrl?: string | undefined
  /**
   * PGlite data directory; ignored for `pg`. Absent or `memory` means a temporary folder
   * removed at close, so a watchdog restart loses nothing (docs/decisions/0029-pglite-worker.md).
   */
  dataDir?: string | undefined
  /** A PGlite data-dir tarball to start from (tests clone a migrated template). */
  loadDataDir?: Blob | File | undefined
  /** Pool size for `pg`. */
  poolSize?: number | undefined
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPg(options.databaseUrl, options.poolSize ?? 10)
  const dataDir = options.dataDir && options.dataDir !== 'memory' ? options.dataDir : undefined
  const early = preopened
  if (early && dataDir && !options.loadDataDir && resolve(dataDir) === early.dataDir) {
    preopened = undefined
    return early.db
  }
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  return PgliteDb.open({ dataDir, loadDataDir: options.loadDataDir })
}

// ---------------------------------------------------------------------------------
// PGlite: runs in a worker thread behind a watchdog (pglite/client.ts).

// A PGlite folder being opened ahead of its use (`preopenPglite`), until `openDb` takes it.
let preopened: { dataDir: string; db: Promise<PgliteDb> } | undefined

/**
 * Starts opening the PGlite folder `dataDir` now, for the next `openDb` of it to take over:
 * the CLI opens an existing folder while the server's modules still load
 * (docs/decisions/0058-arranque-rapido.md). The caller holds the folder's lock.
 */
export function preopenPglite(dataDir: string): Promise<PgliteDb> {
  if (preopened) return preopened.db
  const db = PgliteDb.open({ dataDir })
  db.catch(() => {}) // the error is for the `openDb` that takes it over
  preopened = { dataDir: resolve(dataDir), db }
  return db
}

/** Closes a folder opened ahead that nobody took (a start that failed before opening it). */
export async function abandonPreopenedPglite(): Promise<void> {
  const early = preopened
  preopened = undefined
  await (await early?.db.catch(() => null))?.close()
}

/** Dumps a PGlite database so another instance can start from it (test templates). */
export async function dumpPglite(db: Db): Promise<Blob> {
  if (!(db instanceof PgliteDb)) throw new Error('dumpPglite: not a PGlite database')
  return db.dump()
}

// ---------------------------------------------------------------------------------
// node-postgres

// Hand Postgres' own text back for types whose JS parsing would lose information or
// differ from PGlite; callers that need numbers cast in SQL.
const rawText = (v: string) => v

async function openPg(url: string, poolSize: number): Promise<Db> {
  // Imported here, not above: a PGlite start does not load node-postgres at all
  // (docs/decisions/0058-arranque-rapido.md).
  const { default: pg } = await import('pg')
  const typeOverrides = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      // 1700 numeric, 20 int8: keep exact text. 1082 date: keep 'YYYY-MM-DD'.
      if (oid === 1700 || oid === 20 || oid === 1082) return rawText
      return pg.types.getTypeParser(oid, format)
    },
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c TimeZone=UTC',
    types: typeOverrides,
  })
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {})

  const wrap = (q: { query: pg.Pool['query'] }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query(sql, params as unknown[])
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? 0 }
    },
    async exec(sql: string) {
      await q.query(sql)
    },
  })

  const listeners = new Map<string, Set<(p: string) => void>>()
  let listenClient: pg.Client | null = null
  async function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return listenClient
    const client = new pg.Client({ connectionString: url, options: '-c TimeZone=UTC' })
    client.on('error', () => {})
    await client.connect()
    client.on('notification', (msg) => {
      for (const cb of listeners.get(msg.channel) ?? []) cb(msg.payload ?? '')
    })
    listenClient = client
    return client
  }

  return {
    kind: 'pg',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async listen(channel, onPayload) {
      const client = await ensureListenClient()
      let set = listeners.get(channel)
      if (!set) {
        set = new Set()
        listeners.set(channel, set)
        await client.query(`listen ${pg.escapeIdentifier(channel)}`)
      }
      set.add(onPayload)
      return async () => {
        set.delete(onPayload)
      }
    },
    async close() {
      await listenClient?.end().catch(() => {})
      await pool.end()
    },
  }
}
