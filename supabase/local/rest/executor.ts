/**
 * Runs one API request as one transaction: first the `set_config` calls PostgREST makes
 * (search_path, role, request.jwt.claims, request.method, request.path, request.headers,
 * plus read-only mode for reads), then the request's single statement, which returns
 * one row of text columns.
 *
 * On PGlite — one WASM backend that serialises everything — the per-statement overhead
 * dominates, so requests take a fast path: both statements are sent as one pipeline of
 * extended-protocol messages ending in one Sync. Everything before a Sync is one
 * implicit transaction, so the `set_config(…, true)` settings hold for the statement and
 * vanish at the end, and an error anywhere rolls everything back. Statements are
 * prepared once per distinct SQL text (the text depends only on the request's shape;
 * values are parameters), which skips parsing and planning on repeated shapes.
 * When a result must be checked before committing (single object, max-affected), the
 * pipeline opens an explicit transaction and the commit or rollback follows the check.
 *
 * Any other `Db` (node-postgres) runs the same two statements in `db.transaction`.
 */
import type { PGlite } from '@electric-sql/pglite'
import type { Db } from '../db.ts'
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
   * authenticated 8 s). Enforced by PostgreSQL's statement_timeout; PGlite cannot
   * interrupt a statement, see guards.ts and docs/decisions/0020-backend-hardening.md.
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

/** The database error fields PostgREST reports, as thrown by both engines. */
export class DbError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly detail: string | undefined,
    readonly hint: string | undefined,
  ) {
    super(message)
  }
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

const pgliteSymbol = Symbol.for('spa.pglite')

export function createExecutor(db: Db): Executor {
  const lite = (db as unknown as { [pgliteSymbol]?: PGlite })[pgliteSymbol]
  return lite ? pgliteExecutor(lite) : genericExecutor(db)
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

/** Prepared statements kept at most; the least recently used are closed beyond that. */
const MAX_STATEMENTS = 256

interface BackendMessage {
  name: string
  fields?: Array<string | null>
  code?: string
  message?: string
  detail?: string
  hint?: string
}

/**
 * Frontend protocol messages, written directly into Buffers: this runs several times
 * per request, and pg-protocol's general-purpose writer cost more than the rest of the
 * request handling put together.
 */
const wire = {
  parse(name: string, text: string): Buffer {
    const n = Buffer.byteLength(name)
    const t = Buffer.byteLength(text)
    const buf = Buffer.allocUnsafe(1 + 4 + n + 1 + t + 1 + 2)
    buf[0] = 0x50 // 'P'
    buf.writeInt32BE(buf.length - 1, 1)
    let at = 5 + buf.write(name, 5)
    buf[at++] = 0
    at += buf.write(text, at)
    buf[at++] = 0
    buf.writeInt16BE(0, at) // no parameter types: Postgres infers them
    return buf
  },
  bind(statement: string, values: Param[]): Buffer {
    const s = Buffer.byteLength(statement)
    const lengths = values.map((v) => (v === null ? -1 : Buffer.byteLength(v)))
    const size = 1 + 4 + 1 + s + 1 + 2 + 2 + lengths.reduce((sum, l) => sum + 4 + Math.max(0, l), 0) + 2
    const buf = Buffer.allocUnsafe(size)
    buf[0] = 0x42 // 'B'
    buf.writeInt32BE(size - 1, 1)
    buf[5] = 0 // unnamed portal
    let at = 6 + buf.write(statement, 6)
    buf[at++] = 0
    at = buf.writeInt16BE(0, at) // all parameters in text format
    at = buf.writeInt16BE(values.length, at)
    values.forEach((v, i) => {
      at = buf.writeInt32BE(lengths[i]!, at)
      if (v !== null) at += buf.write(v, at)
    })
    buf.writeInt16BE(0, at) // all results in text format
    return buf
  },
  execute: Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]), // unnamed portal, all rows
  sync: Buffer.from([0x53, 0, 0, 0, 4]),
  close(name: string): Buffer {
    const buf = Buffer.allocUnsafe(1 + 4 + 1 + Buffer.byteLength(name) + 1)
    buf[0] = 0x43 // 'C'
    buf.writeInt32BE(buf.length - 1, 1)
    buf[5] = 0x53 // 'S': a prepared statement
    buf[6 + buf.write(name, 6)] = 0
    return buf
  },
  query(text: string): Buffer {
    const buf = Buffer.allocUnsafe(1 + 4 + Buffer.byteLength(text) + 1)
    buf[0] = 0x51 // 'Q'
    buf.writeInt32BE(buf.length - 1, 1)
    buf[5 + buf.write(text, 5)] = 0
    return buf
  },
}

function pgliteExecutor(lite: PGlite): Executor {
  // SQL text -> prepared statement name, in least-recently-used order.
  const statements = new Map<string, string>()
  const toClose: string[] = []
  let counter = 0

  /** Messages that bind and execute `sql`, parsing it first if it is new. */
  function statementMessages(sql: string, params: Param[], parsed: Array<{ sql: string; name: string }>): Buffer[] {
    let name = statements.get(sql)
    const out: Buffer[] = []
    if (name === undefined) {
      name = `pgrst_${++counter}`
      out.push(wire.parse(name, sql))
      parsed.push({ sql, name })
    } else {
      statements.delete(sql)
      statements.set(sql, name)
    }
    out.push(wire.bind(name, params), wire.execute)
    return out
  }

  async function send(parts: Buffer[], write: boolean): Promise<BackendMessage[]> {
    const result = await lite.execProtocol(Buffer.concat(parts), { throwOnError: false, syncToFs: write })
    return result.messages as unknown as BackendMessage[]
  }

  /** Records which of this pipeline's Parse messages succeeded (they run in order). */
  function remember(parsed: Array<{ sql: string; name: string }>, messages: BackendMessage[]) {
    const ok = messages.filter((m) => m.name === 'parseComplete').length
    parsed.forEach((p, i) => {
      if (i < ok) statements.set(p.sql, p.name)
      else toClose.push(p.name) // harmless if it never got created
    })
    while (statements.size > MAX_STATEMENTS) {
      const [oldest, name] = statements.entries().next().value as [string, string]
      statements.delete(oldest)
      toClose.push(name)
    }
  }

  function closeMessages(): Buffer[] {
    return toClose.splice(0).map((name) => wire.close(name))
  }

  const failure = (m: BackendMessage | undefined) =>
    m ? new DbError(m.code ?? 'XX000', m.message ?? 'error', m.detail, m.hint) : null

  function lastRow(messages: BackendMessage[]): Row {
    const rows = messages.filter((m) => m.name === 'dataRow')
    return (rows[rows.length - 1]?.fields ?? []) as Row
  }

  return {
    async run(sql, params, opts) {
      const write = !opts.readOnly
      return lite._runExclusiveTransaction(() =>
        lite._runExclusiveQuery(async () => {
          // Requests queue behind each other here; one whose client has gone by the
          // time its turn comes is dropped instead of occupying the only backend.
          if (opts.signal?.aborted) throw new ClientGoneError()
          const parsed: Array<{ sql: string; name: string }> = []
          const parts = closeMessages()
          if (opts.verify) parts.push(...statementMessages('BEGIN', [], parsed))
          parts.push(...statementMessages(settingsSql, settingsParams(opts, false), parsed))
          parts.push(...statementMessages(sql, params, parsed))
          parts.push(wire.sync)
          const messages = await send(parts, write)
          remember(parsed, messages)
          const error = failure(messages.find((m) => m.name === 'error'))
          if (!opts.verify) {
            if (error) throw error
            return lastRow(messages)
          }
          // Explicit transaction: still open (or aborted) after the Sync, and it must
          // end here whatever happens, or the next request would run inside it.
          const row = error ? null : lastRow(messages)
          let refused: Error | null = error
          try {
            refused ??= opts.verify(row!)
          } catch (e) {
            refused = e as Error
          }
          const end = await send([wire.query(refused ? 'ROLLBACK' : 'COMMIT')], write)
          if (refused) throw refused
          const commitError = failure(end.find((m) => m.name === 'error'))
          if (commitError) throw commitError
          return row!
        }),
      )
    },
    async reset() {
      for (const name of statements.values()) toClose.push(name)
      statements.clear()
    },
  }
}
