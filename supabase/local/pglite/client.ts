/**
 * The main thread's side of PGlite: a `Db` whose every request runs in a worker thread
 * (worker.ts) behind a watchdog. PGlite is one WASM backend that cannot be interrupted,
 * so a statement over its deadline is ended the only way there is: the worker is
 * terminated, the same folder is opened again (Postgres' crash recovery), the offending
 * request alone fails with 57014, and the requests queued behind it run on the new
 * worker (docs/decisions/0029-pglite-worker.md).
 *
 * Requests are queued here, one in the worker at a time, as PGlite itself ran them one
 * at a time; a transaction holds the queue from BEGIN to COMMIT.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Worker } from 'node:worker_threads'
import type { Db, Queryable, QueryResult } from '../db.ts'
import type { Envelope, ErrorFields, Event, Reply, Request, Statement } from './protocol.ts'
import { keepEngine, Threads } from './threads.ts'

/** An error raised by the database (or the watchdog), with Postgres' field names. */
export class PgliteError extends Error {
  code?: string
  detail?: string
  hint?: string
  constructor(fields: ErrorFields) {
    super(fields.message)
    for (const [k, v] of Object.entries(fields)) if (k !== 'message' && k !== 'stack' && k !== 'name') Object.assign(this, { [k]: v })
  }
}

export function statementTimeout(deadlineMs: number): PgliteError {
  return new PgliteError({
    code: '57014',
    message: 'canceling statement due to statement timeout',
    detail: `La sentencia superó su límite de ${deadlineMs} ms y se canceló reiniciando el motor; las demás peticiones siguen.`,
  })
}

const transactionLost = () =>
  new PgliteError({
    code: '25P02',
    message: 'current transaction is aborted, commands ignored until end of transaction block',
    detail: 'La transacción se perdió al reiniciar el motor por una sentencia que superó su límite de tiempo.',
  })

export interface OpenPgliteOptions {
  /** The cluster's folder; absent means a temporary folder removed at close (`--memory`). */
  dataDir?: string | undefined
  /** A data-dir tarball to start from (test templates). */
  loadDataDir?: Blob | undefined
}

export interface PipelineOptions {
  /** Open an explicit transaction that stays open until `end` (results checked before commit). */
  begin: boolean
  /** The statements write: PGlite syncs its files afterwards. */
  write: boolean
  /** This request's deadline in ms; absent means the database's default. */
  deadlineMs?: number | undefined
}

interface Live {
  worker: Worker
  pending: Map<number, { resolve(value: unknown): void; reject(error: Error): void }>
  /** PGlite's WASM memory in bytes, as of the worker's last reply. */
  heap: number
}

/**
 * PGlite's WASM memory only grows (Postgres frees into it, the WASM heap never shrinks),
 * so a worker whose memory passed this many MB is recycled between two requests: closed
 * cleanly and opened again, its memory back to a fresh open's (docs/decisions/0029-pglite-worker.md).
 */
export const heapLimitBytes = Number(process.env.SPA_PGLITE_HEAP_LIMIT_MB ?? 256) * 2 ** 20

// Temporary folders of in-memory databases still open, removed if the process exits first.
const temporaryFolders = new Set<string>()
let exitHook = false

export class PgliteDb implements Db {
  readonly kind = 'pglite' as const
  /** Deadline of every request that names none, in ms; 0 means none (migrations, seed). */
  private defaultDeadlineMs = 0
  private current: Promise<Live>
  /** The worker requests go to once `current` resolved; unset while one is being replaced. */
  private active: Live | undefined
  private tail: Promise<unknown> = Promise.resolve()
  private ids = 0
  private generation = 0
  private closed = false
  private firstLoad: ArrayBuffer | undefined
  private readonly channels = new Map<string, Set<(payload: string) => void>>()
  /** The request in the worker now, if any. */
  private running: Request | undefined
  /** The folder's worker threads: the next one may be warm already (threads.ts). */
  readonly threads: Threads
  /** How many times the worker was replaced (watchdog or a broken backend). */
  restarts = 0
  /** Milliseconds each replacement took until the new worker answered (figures, tests). */
  readonly reopenTimes: number[] = []
  /** How many times the worker was closed and opened again to give its memory back. */
  recycles = 0
  /** Bytes of WASM memory past which the worker is recycled (`heapLimitBytes`; tests lower it). */
  heapLimit = heapLimitBytes

  private constructor(
    private readonly dataDir: string,
    private readonly temporary: boolean,
    loadDataDir: ArrayBuffer | undefined,
  ) {
    this.firstLoad = loadDataDir
    this.threads = new Threads(dataDir)
    this.current = this.spawn()
  }

  static async open(options: OpenPgliteOptions): Promise<PgliteDb> {
    const temporary = !options.dataDir
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'spa-pglite-'))
    if (temporary) rememberTemporary(dataDir)
    const db = new PgliteDb(dataDir, temporary, options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined)
    try {
      await db.current
    } catch (error) {
      db.removeTemporary()
      throw error
    }
    return db
  }

  /** The SQL text of the request in the worker now (tests wait on it: no clock). */
  busyWith(): string | undefined {
    const r = this.running
    if (!r) return undefined
    if (r.op === 'query' || r.op === 'exec') return r.sql
    if (r.op === 'pipeline') return r.statements[r.statements.length - 1]?.sql
    return r.op
  }

  setStatementDeadline(ms: number) {
    this.defaultDeadlineMs = ms
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    return this.exclusive(() => this.call<QueryResult<T>>({ op: 'query', sql, params }, this.defaultDeadlineMs))
  }

  exec(sql: string): Promise<void> {
    return this.exclusive(() => this.call<void>({ op: 'exec', sql }, this.defaultDeadlineMs))
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      const deadline = this.defaultDeadlineMs
      await this.call({ op: 'exec', sql: 'begin' }, deadline)
      const generation = this.generation
      // A replaced worker took the transaction with it: nothing more may run as part of it.
      const inside = <R>(request: Request) => (this.generation === generation ? this.call<R>(request, deadline) : Promise.reject(transactionLost()))
      const tx: Queryable = {
        query: <R>(sql: string, params: unknown[] = []) => inside<QueryResult<R>>({ op: 'query', sql, params }),
        exec: (sql: string) => inside<void>({ op: 'exec', sql }),
      }
      try {
        const result = await fn(tx)
        await inside({ op: 'exec', sql: 'commit' })
        return result
      } catch (error) {
        if (this.generation === generation) await this.call({ op: 'exec', sql: 'rollback' }, deadline).catch(() => {})
        throw error
      }
    })
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.channels.get(channel)
    if (!set) {
      set = new Set()
      this.channels.set(channel, set)
      await this.exclusive(() => this.call({ op: 'listen', channel }, this.defaultDeadlineMs))
    }
    set.add(onPayload)
    return async () => {
      set.delete(onPayload)
      if (set.size > 0 || this.channels.get(channel) !== set) return
      this.channels.delete(channel)
      await this.exclusive(() => this.call({ op: 'unlisten', channel }, this.defaultDeadlineMs)).catch(() => {})
    }
  }

  /**
   * Runs `statements` as one pipeline (the REST fast path) and returns the last
   * statement's single row. With `begin`, `finish` must follow, still inside `hold`.
   */
  pipeline(statements: Statement[], options: PipelineOptions): Promise<Array<string | null>> {
    return this.call({ op: 'pipeline', statements, begin: options.begin, write: options.write }, options.deadlineMs ?? this.defaultDeadlineMs)
  }

  /** Commits or rolls back the transaction a `begin` pipeline opened. */
  async finish(commit: boolean, options: PipelineOptions & { since: number }): Promise<void> {
    if (this.generation !== options.since) {
      if (commit) throw transactionLost()
      return
    }
    await this.call({ op: 'end', commit, write: options.write }, options.deadlineMs ?? this.defaultDeadlineMs)
  }

  /** Runs `fn` with the queue to itself; `generation` identifies the worker it started on. */
  hold<T>(fn: (generation: number) => Promise<T>): Promise<T> {
    return this.exclusive(() => fn(this.generation))
  }

  /** Forgets the REST fast path's prepared statements (after a schema reload). */
  forgetStatements(): Promise<void> {
    return this.exclusive(() => this.call({ op: 'forget' }, this.defaultDeadlineMs))
  }

  /** Dumps the cluster so another instance can start from it (test templates). */
  async dump(): Promise<Blob> {
    const buffer = await this.exclusive(() => this.call<ArrayBuffer>({ op: 'dump' }, 0))
    return new Blob([buffer])
  }

  /** Tests only: a failure inside PGlite that leaves it in an unknown state. */
  fault(): Promise<void> {
    return this.exclusive(() => this.call({ op: 'fault' }, this.defaultDeadlineMs))
  }

  async close(): Promise<void> {
    if (this.closed) return
    await this.exclusive(async () => {
      this.closed = true
      await this.threads.close()
      const live = await this.current.catch(() => null)
      if (live) {
        await this.send(live, { op: 'close' }, 10_000).catch(() => {})
        await live.worker.terminate()
      }
    }, false)
    this.removeTemporary()
  }

  /** PGlite's WASM memory in bytes, as the worker last reported it (0 before any reply). */
  heapBytes(): number {
    return this.active?.heap ?? 0
  }

  /**
   * Closes the worker cleanly and opens the folder in a new one, which starts with a fresh
   * open's memory. Waits its turn in the queue, so it never cuts a request or a
   * transaction. startStack calls it after migrations.
   */
  recycle(): Promise<void> {
    return this.exclusive(() => this.reopenCleanly())
  }

  /** The caller holds the queue. */
  private async reopenCleanly(): Promise<void> {
    const live = await this.current
    if (live !== this.active) return
    this.active = undefined
    this.generation++
    this.recycles++
    this.current = (async () => {
      await this.send(live, { op: 'close' }, 10_000).catch(() => {})
      await live.worker.terminate()
      return this.spawn()
    })()
    this.current.catch(() => {})
    await this.current
  }

  private exclusive<T>(fn: () => Promise<T>, recycleFirst = true): Promise<T> {
    const run = this.tail.then(async () => {
      if (this.closed) throw new PgliteError({ message: 'PGlite is closed', code: '57P01', detail: 'La base de datos está cerrada.' })
      // At the start of a turn, never inside one: a worker over the memory limit is
      // recycled before the next request runs.
      if (recycleFirst && (this.active?.heap ?? 0) > this.heapLimit) await this.reopenCleanly()
      return fn()
    })
    this.tail = run.catch(() => {})
    return run
  }

  /** Sends one request to the current worker (the caller holds the queue). */
  private async call<T>(request: Request, deadlineMs: number): Promise<T> {
    return this.send<T>(await this.current, request, deadlineMs)
  }

  private send<T>(live: Live, request: Request, deadlineMs: number): Promise<T> {
    const id = ++this.ids
    this.running = request
    const done = () => {
      if (this.running === request) this.running = undefined
    }
    return new Promise<T>((resolve, reject) => {
      const timer =
        deadlineMs > 0
          ? setTimeout(() => {
              clearTimeout(warm)
              live.pending.delete(id)
              done()
              this.replace(live)
              reject(statementTimeout(deadlineMs))
            }, deadlineMs)
          : undefined
      // A request still running at a third of its deadline may need a replacement: its
      // thread starts loading now, so a kill costs only PGlite's own open.
      const warm = deadlineMs > 0 ? setTimeout(() => this.threads.warm(), deadlineMs / 3) : undefined
      live.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer)
          clearTimeout(warm)
          done()
          resolve(value as T)
        },
        reject: (error) => {
          clearTimeout(timer)
          clearTimeout(warm)
          done()
          reject(error)
        },
      })
      live.worker.postMessage({ id, ...request } satisfies Envelope)
    })
  }

  /**
   * Terminates `live` (if still the active worker) and opens the folder again in a new
   * one. Synchronous up to the generation change, so whoever sees the failure that
   * caused it already sees the transaction it was in as lost.
   */
  private replace(live: Live) {
    if (live !== this.active || this.closed) return
    this.active = undefined
    this.generation++
    this.restarts++
    const started = performance.now()
    this.current = (async () => {
      await live.worker.terminate()
      const next = await this.spawn()
      this.reopenTimes.push(performance.now() - started)
      return next
    })()
    // A reopen that fails leaves every later request failing with its error.
    this.current.catch(() => {})
  }

  private spawn(): Promise<Live> {
    const worker = this.threads.open(this.firstLoad)
    const live: Live = { worker, pending: new Map(), heap: 0 }
    return new Promise<Live>((resolve, reject) => {
      let ready = false
      worker.on('message', (message: Reply | Event) => {
        if ('event' in message) {
          if (message.event === 'notification') {
            for (const cb of this.channels.get(message.channel) ?? []) cb(message.payload)
          } else if (message.event === 'engine') {
            keepEngine(message.engine)
          } else if (message.event === 'ready') {
            ready = true
            this.firstLoad = undefined
            void this.relisten(live).then(() => {
              this.active = live
              resolve(live)
            }, reject)
          } else {
            reject(new PgliteError(message.error))
            void worker.terminate()
          }
          return
        }
        live.heap = message.heap
        const waiting = live.pending.get(message.id)
        if (!waiting) return // its deadline passed; the worker is being replaced
        live.pending.delete(message.id)
        if (message.ok) return waiting.resolve(message.value)
        if (message.broken) this.replace(live)
        waiting.reject(new PgliteError(message.error))
      })
      worker.on('error', (error) => {
        if (!ready) reject(error)
      })
      worker.on('exit', () => {
        if (!ready) reject(new Error('El proceso de PGlite terminó al abrir la base de datos'))
        // An exit nobody asked for (out of memory in the worker): fail what it held and reopen.
        if (ready) this.replace(live)
        for (const waiting of live.pending.values()) waiting.reject(new PgliteError({ code: '57P01', message: 'terminating connection due to administrator command', detail: 'El motor de PGlite se detuvo y se está reabriendo.' }))
        live.pending.clear()
      })
    })
  }

  /** LISTENs again, on a new worker, to every channel someone listens to. */
  private async relisten(live: Live) {
    for (const channel of this.channels.keys()) await this.send(live, { op: 'listen', channel }, 0)
  }

  private removeTemporary() {
    if (!this.temporary) return
    rmSync(this.dataDir, { recursive: true, force: true })
    temporaryFolders.delete(this.dataDir)
  }
}

function rememberTemporary(dir: string) {
  temporaryFolders.add(dir)
  if (exitHook) return
  exitHook = true
  process.once('exit', () => {
    for (const d of temporaryFolders) rmSync(d, { recursive: true, force: true })
  })
}
