/**
 * The worker thread that owns PGlite: the only code that imports it, including the
 * private API the REST fast path needs (`execProtocol` pipelines inside
 * `_runExclusiveTransaction` / `_runExclusiveQuery`, guarded by internals.int.test.ts).
 *
 * It runs one request at a time, as the main thread sends them (client.ts). A request
 * that never returns (a statement that does not yield, a WASM fault that spins) is the
 * main thread's to end: it terminates this thread and opens the folder again
 * (docs/decisions/0029-pglite-worker.md).
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'
import type { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import type { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import type { Envelope, ErrorFields, Event, Reply, Request, Statement, WorkerInput } from './protocol.ts'
import { buildEngine, type Engine } from './threads.ts'
import { readPipeline, wire, type BackendMessage, type PipelineShape } from './wire.ts'

const port = parentPort!
const input = workerData as WorkerInput

/**
 * PGlite's own modules, imported by boot.mjs natively: through tsx's loader they cost
 * the thread about a second of transforming PGlite's large bundles on every start
 * (docs/decisions/0058-arranque-rapido.md).
 */
export interface PgliteModules {
  PGlite: typeof PGlite
  extensions: { pgcrypto: typeof pgcrypto; btree_gist: typeof btree_gist }
}

/** Prepared statements kept at most; the least recently used are closed beyond that. */
const MAX_STATEMENTS = 256

/** A failure the caller gets as is; `broken` ones make the main thread replace this worker. */
class Failure extends Error {
  constructor(
    readonly fields: ErrorFields,
    readonly broken: boolean,
  ) {
    super(fields.message)
  }
}

function fieldsOf(error: unknown): ErrorFields {
  const out: ErrorFields = { message: error instanceof Error ? error.message : String(error) }
  if (error && typeof error === 'object') {
    for (const [k, v] of Object.entries(error)) if (typeof v === 'string') out[k] = v
  }
  return out
}

function post(message: Reply | Event, transfer: ArrayBuffer[] = []) {
  port.postMessage(message, transfer)
}

/** The engine from an earlier worker of this process, or built here and sent back (threads.ts). */
async function engine(): Promise<Engine> {
  if (input.engine) return input.engine
  const built = await buildEngine()
  post({ event: 'engine', engine: built })
  return built
}

async function open(lib: PgliteModules, building: Promise<Engine>): Promise<PGlite> {
  const { module, files } = await building
  const lite = await lib.PGlite.create(input.dataDir, {
    pgliteWasmModule: module,
    fsBundle: files,
    extensions: lib.extensions,
    // Shared buffers live inside the WASM memory, which never shrinks. PGlite reads its
    // files through the OS, whose page cache already holds them; 128 MB of buffers cost
    // 100 MB of resident memory and bought no speed (docs/decisions/0029-pglite-worker.md).
    postgresqlconf: 'shared_buffers = 32MB',
    ...(input.loadDataDir ? { loadDataDir: new Blob([input.loadDataDir]) } : {}),
  })
  // The API always answers in UTC, as hosted Supabase does.
  await lite.exec(`set timezone to 'UTC'`)
  return lite
}

function pipelines(lite: PGlite) {
  // SQL text -> prepared statement name, in least-recently-used order.
  const statements = new Map<string, string>()
  const toClose: string[] = []
  let counter = 0

  async function send(parts: Buffer[], write: boolean): Promise<BackendMessage[]> {
    const result = await lite.execProtocol(Buffer.concat(parts), { throwOnError: false, syncToFs: write })
    return result.messages as unknown as BackendMessage[]
  }

  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return lite._runExclusiveTransaction(() => lite._runExclusiveQuery(fn))
  }

  return {
    run(list: Statement[], begin: boolean, write: boolean) {
      return exclusive(async () => {
        const closes = toClose.splice(0)
        const parts = closes.map((name) => wire.close(name))
        const parsed: Array<{ sql: string; name: string }> = []
        for (const s of begin ? [{ sql: 'BEGIN', params: [] }, ...list] : list) {
          let name = statements.get(s.sql)
          if (name === undefined) {
            name = `pgrst_${++counter}`
            parts.push(wire.parse(name, s.sql))
            parsed.push({ sql: s.sql, name })
          } else {
            statements.delete(s.sql) // most recently used goes last
            statements.set(s.sql, name)
          }
          parts.push(wire.bind(name, s.params), wire.execute)
        }
        parts.push(wire.sync)
        const shape: PipelineShape = { closes: closes.length, parses: parsed.length, statements: list.length + (begin ? 1 : 0), endStatus: begin ? 'T' : 'I' }
        const reading = readPipeline(await send(parts, write), shape)
        if (reading.kind === 'out-of-step') {
          throw new Failure({ code: 'XX000', message: 'respuesta del motor fuera de orden', detail: reading.reason }, true)
        }
        // Parse messages run in order: the first `parsed` of them exist now.
        parsed.forEach((p, i) => {
          if (i < reading.parsed) statements.set(p.sql, p.name)
          else toClose.push(p.name) // harmless if it never got created
        })
        while (statements.size > MAX_STATEMENTS) {
          const [oldest, name] = statements.entries().next().value as [string, string]
          statements.delete(oldest)
          toClose.push(name)
        }
        if (reading.kind === 'error') throw new Failure(fieldsOf(reading.error), false)
        return reading.row
      })
    },
    /** Ends the explicit transaction a `begin` pipeline left open. */
    end(commit: boolean, write: boolean) {
      return exclusive(async () => {
        const messages = await send([wire.query(commit ? 'COMMIT' : 'ROLLBACK')], write)
        const ready = messages[messages.length - 1]
        if (ready?.name !== 'readyForQuery' || (ready.status !== undefined && ready.status !== 'I')) {
          throw new Failure({ code: 'XX000', message: 'respuesta del motor fuera de orden', detail: `fin de transacción: ${ready?.name} ${ready?.status}` }, true)
        }
        const error = messages.find((m) => m.name === 'error')
        if (error) throw new Failure(fieldsOf(error), false)
        return null
      })
    },
    forget() {
      for (const name of statements.values()) toClose.push(name)
      statements.clear()
    },
  }
}

/** The worker's body, called by boot.mjs with PGlite's modules while they still load. */
export async function run(loading: Promise<PgliteModules>) {
  // The engine is read and compiled while PGlite's modules load and while a standby waits
  // for the word to open the folder (threads.ts), so the open itself is only PGlite's.
  const building = engine()
  building.catch(() => {})
  const lib = await loading
  if (input.standby) await new Promise((resolve) => port.once('message', resolve))
  let lite: PGlite
  try {
    lite = await open(lib, building)
  } catch (error) {
    post({ event: 'failed', error: fieldsOf(error) })
    return
  }
  const fast = pipelines(lite)
  const unlisten = new Map<string, () => Promise<void>>()

  async function handle(request: Request): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
    switch (request.op) {
      case 'query': {
        const r = await lite.query(request.sql, request.params)
        return { value: { rows: r.rows, affectedRows: r.affectedRows ?? 0 } }
      }
      case 'exec':
        await lite.exec(request.sql)
        return { value: null }
      case 'listen':
        if (!unlisten.has(request.channel)) {
          unlisten.set(request.channel, await lite.listen(request.channel, (payload) => post({ event: 'notification', channel: request.channel, payload })))
        }
        return { value: null }
      case 'unlisten':
        await unlisten.get(request.channel)?.()
        unlisten.delete(request.channel)
        return { value: null }
      case 'pipeline':
        return { value: await fast.run(request.statements, request.begin, request.write) }
      case 'end':
        return { value: await fast.end(request.commit, request.write) }
      case 'forget':
        fast.forget()
        return { value: null }
      case 'dump': {
        const buffer = await (await lite.dumpDataDir('none')).arrayBuffer()
        return { value: buffer, transfer: [buffer] }
      }
      case 'close':
        await lite.close()
        return { value: null }
      case 'fault':
        return lite._runExclusiveQuery(() => Promise.reject(new Error('fallo inyectado')))
    }
  }

  // PGlite's private Emscripten module (pinned by internals.int.test.ts): the size of its
  // WASM memory, which the main thread bounds (docs/decisions/0029-pglite-worker.md).
  const heap = () => (lite as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.buffer.byteLength ?? 0
  port.on('message', (envelope: Envelope) => {
    handle(envelope).then(
      ({ value, transfer }) => post({ id: envelope.id, ok: true, value, heap: heap() }, transfer),
      (error: unknown) => {
        if (error instanceof Failure) return post({ id: envelope.id, ok: false, error: error.fields, broken: error.broken, heap: heap() })
        // A database error has a SQLSTATE and leaves PGlite usable; anything else (a WASM
        // trap, a stack overflow, PGlite's own state checks) may not.
        const fields = fieldsOf(error)
        post({ id: envelope.id, ok: false, error: fields, broken: !fields.code, heap: heap() })
      },
    )
  })
  post({ event: 'ready' })
}
