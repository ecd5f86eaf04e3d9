/**
 * Runs one API request as one transaction: first the `set_config` calls PostgREST makes
 * (search_path, role, request.jwt.claims, request.method, request.path, request.headers,
 * plus read-only mode for reads), then the request's single statement, which returns
 * one row of text columns.
 *
 * On PGlite — one WASM backend that serialises everything — the per-statement overhead
 * dominates, so requests take a fast path: both statements are sent as one pipeline of
 * extended-protocol messages ending in one Sync (built in pglite/worker.ts). Everything before a Sync is one
 * implicit transaction, so the `set_config(…, true)` settings hold for the statement and
 * vanish at the end, and an error anywhere rolls everything back. Statements are
 * prepared once per distinct SQL text (the text depends only on the request's shape;
 * values are parameters), which skips parsing and planning on repeated shapes.
 * When a result must be checked before committing (single object, max-affected), the
 * pipeline opens an explicit transaction and the commit or rollback follows the check.
 *
 * Any other `Db` (node-postgres) runs the same two statements in `db.transaction`.
 */
import type { Db } from '../db.ts'
import { PgliteDb } from '../pglite/client.ts'
import type { RestError } from './errors.ts'
import type { Param } from './sql.ts'

export interface RequestSettings {
  role: string
  /** JSON text of the JWT claims. */
  claims: string
  method: string
  path: string
  /** JSON text of the request headers, names lower-cased. */
  headers: string
  /**
   * The role's statement time limit in ms, 0 for none (hosted Supabase: anon 3 s,
   * authenticated 8 s). Enforced by PostgreSQL's statement_timeout, and on PGlite by the
   * watchdog that restarts its worker (docs/decisions/0029-pglite-worker.md).
   */
  statementTimeoutMs: number
}

export type Row = Array<string | null>

export interface ExecOptions {
  readOnly: boolean
  settings: RequestSettings
  /** Checked before commit: an error rolls the transaction back and is thrown. */
  verify?: (row: Row) => RestError | null
  /** Aborted when the client went away: the query is not started, or cancelled. */
  signal?: AbortSignal
}

/** The client disconnected before its query ran; nobody reads the answer. */
export class ClientGoneError extends Error {
  constructor() {
    super('client disconnected')
  }
}

export interface Executor {
  /** Runs `sql` (which must return exactly one row) after the request settings. */
  run(sql: string, params: Param[], opts: ExecOptions): Promise<Row>
  /** Forgets prepared statements (after a schema reload). */
  reset(): Promise<void>
}

const settingsSql =
  `select set_config('search_path', '"public", "extensions"', true), set_config('role', $1, true), ` +
  `set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), ` +
  `set_config('request.path', $4, true), set_config('request.headers', $5, true), ` +
  `set_config('transaction_read_only', $6, true), set_config('statement_timeout', $7, true), pg_backend_pid()`

const settingsParams = (o: ExecOptions, timeouts = true): Param[] => [
  o.settings.role, o.settings.claims, o.settings.method, o.settings.path, o.settings.headers, o.readOnly ? 'on' : 'off',
  String(timeouts ? o.settings.statementTimeoutMs : 0),
]

export function createExecutor(db: Db): Executor {
  return db instanceof PgliteDb ? pgliteExecutor(db) : genericExecutor(db)
}

function genericExecutor(db: Db): Executor {
  return {
    async run(sql, params, opts) {
      if (opts.signal?.aborted) throw new ClientGoneError()
      return db.transaction(async (tx) => {
        const settings = await tx.query<{ pg_backend_pid: number }>(settingsSql, settingsParams(opts))
        // A client that goes away cancels its statement, as PostgREST does.
        const pid = settings.rows[0]?.pg_backend_pid
        const cancel = () => void db.query('select pg_cancel_backend($1)', [pid]).catch(() => {})
        opts.signal?.addEventListener('abort', cancel, { once: true })
        try {
          const { rows } = await tx.query<Record<string, string | null>>(sql, params)
          const row = Object.values(rows[0] ?? {})
          const failure = opts.verify?.(row)
          if (failure) throw failure
          return row
        } finally {
          opts.signal?.removeEventListener('abort', cancel)
        }
      })
    },
    async reset() {},
  }
}

/**
 * The fast path: PGlite (in its worker, pglite/client.ts) runs the settings and the
 * statement as one pipeline. The request's deadline is its role's statement time limit
 * (service_role: the server-internal default); the watchdog enforces it even though
 * PGlite cannot interrupt a statement (docs/decisions/0029-pglite-worker.md).
 */
function pgliteExecutor(db: PgliteDb): Executor {
  return {
    run(sql, params, opts) {
      const options = { begin: opts.verify !== undefined, write: !opts.readOnly, deadlineMs: opts.settings.statementTimeoutMs || undefined }
      return db.hold(async (since) => {
        // Requests queue behind each other here; one whose client has gone by the
        // time its turn comes is dropped instead of occupying the only backend.
        if (opts.signal?.aborted) throw new ClientGoneError()
        const statements = [
          { sql: settingsSql, params: settingsParams(opts, false) },
          { sql, params },
        ]
        if (!opts.verify) return db.pipeline(statements, options)
        // Explicit transaction: still open (or aborted) after the pipeline, and it must
        // end here whatever happens, or the next request would run inside it.
        let row: Row
        try {
          row = await db.pipeline(statements, options)
        } catch (error) {
          await db.finish(false, { ...options, since })
          throw error
        }
        let refused: Error | null
        try {
          refused = opts.verify(row)
        } catch (e) {
          refused = e as Error
        }
        await db.finish(!refused, { ...options, since })
        if (refused) throw refused
        return row
      })
    },
    reset: () => db.forgetStatements(),
  }
}
