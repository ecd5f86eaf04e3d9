/**
 * The threads PGlite runs in (docs/decisions/0049-limites-del-servidor.md). Opening PGlite
 * costs a thread start, loading its modules through tsx, compiling 9 MB of WASM and
 * Postgres' own start; a reopen after the watchdog pays it while every other request
 * waits. Two parts of that are done ahead:
 * - the engine (compiled WASM and the share/ file bundle) is built by the process's first
 *   worker and handed to every later one (V8 shares a module's code between threads);
 * - a standby thread, started when a request runs long, loads its modules and waits to be
 *   told to open the folder: the worker it replaces may still be stopping, and two
 *   PGlites never share a folder.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { WorkerInput } from './protocol.ts'

/** What every open of PGlite repeats and none changes. */
export interface Engine {
  module: WebAssembly.Module
  files: Blob
}

/**
 * Compiles PGlite's WASM and reads its share/ bundle from the package's dist folder, where
 * PGlite itself finds them (its internal layout, pinned by internals.int.test.ts).
 */
export async function buildEngine(): Promise<Engine> {
  // require.resolve, not import.meta.resolve: the worker loads this module as CommonJS (boot.mjs).
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  const [wasm, files] = await Promise.all([readFile(join(dist, 'pglite.wasm')), readFile(join(dist, 'pglite.data'))])
  return { module: await WebAssembly.compile(wasm), files: new Blob([files]) }
}

const entry = new URL('./boot.mjs', import.meta.url)

/** A standby no reopen used within this long is stopped (its memory given back). */
const STANDBY_IDLE_MS = 60_000

// Built by the process's first worker (its 'engine' event), given to every later one.
let engine: Engine | undefined

export function keepEngine(built: Engine) {
  engine ??= built
}

/**
 * A thread started before the process knew it would open a database: it loads PGlite and
 * compiles the engine while the main thread is still loading its own modules, then waits,
 * like a standby, for the word to open (docs/decisions/0058-arranque-rapido.md).
 */
let early: { dataDir: string; worker: Worker; idle: NodeJS.Timeout } | undefined

/**
 * Starts the thread that will open `dataDir` (the PGlite folder itself, `<data-dir>/pg`).
 * It does not touch the folder until a `PgliteDb` opens it, which is after the folder's
 * lock and the port were taken; one nobody opens within `STANDBY_IDLE_MS` stops.
 */
export function prestart(dataDir: string) {
  if (early) return
  const worker = new Worker(entry, { workerData: { dataDir: resolve(dataDir), standby: true } satisfies WorkerInput })
  worker.unref()
  worker.on('error', () => {})
  // The engine it builds while waiting is this process's, whoever opens the folder.
  const onEngine = (message: { event?: string; engine?: Engine }) => {
    if (message.event === 'engine' && message.engine) keepEngine(message.engine)
  }
  worker.on('message', onEngine)
  const idle = setTimeout(() => {
    if (early?.worker !== worker) return
    early = undefined
    void worker.terminate()
  }, STANDBY_IDLE_MS).unref()
  worker.once('exit', () => {
    if (early?.worker === worker) early = undefined
  })
  early = { dataDir: resolve(dataDir), worker, idle }
}

/** The early thread, if it was started for `dataDir`; it is then the caller's. */
function takeEarly(dataDir: string): Worker | undefined {
  if (!early || early.dataDir !== resolve(dataDir)) return undefined
  const { worker, idle } = early
  early = undefined
  clearTimeout(idle)
  worker.removeAllListeners('message')
  worker.removeAllListeners('exit')
  worker.ref()
  return worker
}

/** The worker threads of one data folder: the next one to open it, warmed or not. */
export class Threads {
  private standby: Worker | undefined
  /** How many workers opened the folder in a thread warmed ahead (tests, figures). */
  warmOpens = 0

  constructor(private readonly dataDir: string) {}

  /** A thread that opens the folder now: the standby if one is warm, else a new one. */
  open(loadDataDir?: ArrayBuffer): Worker {
    const standby = this.standby ?? (loadDataDir ? undefined : takeEarly(this.dataDir))
    this.standby = undefined
    if (standby) {
      this.warmOpens++
      standby.ref()
      standby.postMessage('open')
      return standby
    }
    return this.start({ ...(loadDataDir ? { loadDataDir } : {}) })
  }

  /**
   * Starts the standby (once the engine exists, and only one). An idle standby holds
   * ~70 MB, so one nobody needed within `STANDBY_IDLE_MS` stops again.
   */
  warm() {
    if (this.standby || !engine) return
    const worker = this.start({ standby: true })
    worker.unref()
    worker.on('error', () => {})
    const idle = setTimeout(() => {
      if (this.standby === worker) void this.close()
    }, STANDBY_IDLE_MS).unref()
    worker.once('exit', () => {
      clearTimeout(idle)
      if (this.standby === worker) this.standby = undefined
    })
    this.standby = worker
  }

  async close() {
    const standby = this.standby
    this.standby = undefined
    await standby?.terminate()
  }

  private start(extra: Partial<WorkerInput>): Worker {
    const input: WorkerInput = { dataDir: this.dataDir, ...(engine ? { engine } : {}), ...extra }
    return new Worker(entry, { workerData: input })
  }
}
