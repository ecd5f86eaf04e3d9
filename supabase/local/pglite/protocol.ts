/**
 * Messages between the main thread (client.ts) and the PGlite worker (worker.ts). One
 * request is in the worker at a time: the main thread queues them, so a request that
 * never comes back is the one the watchdog kills.
 */
import type { Engine } from './threads.ts'
import type { Param } from './wire.ts'

export interface Statement {
  sql: string
  params: Param[]
}

export type Request =
  | { op: 'query'; sql: string; params: unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  /**
   * Statements sent as one extended-protocol pipeline ending in one Sync; with `begin`
   * an explicit transaction is opened first and left open for `end`.
   */
  | { op: 'pipeline'; statements: Statement[]; begin: boolean; write: boolean }
  | { op: 'end'; commit: boolean; write: boolean }
  | { op: 'forget' }
  | { op: 'dump' }
  | { op: 'close' }
  /** Tests only: the worker throws inside PGlite's exclusive section, as a WASM fault would. */
  | { op: 'fault' }

/** The fields of a Postgres error that callers read (pg and PGlite name them alike). */
export interface ErrorFields {
  message: string
  code?: string
  detail?: string
  hint?: string
  [field: string]: string | undefined
}

/** `heap`: bytes of PGlite's WASM memory after the request (it grows, never shrinks). */
export type Reply =
  | { id: number; ok: true; value: unknown; heap: number }
  /** `broken`: the backend may be in an unknown state; the main thread replaces it. */
  | { id: number; ok: false; error: ErrorFields; broken: boolean; heap: number }

export type Event =
  | { event: 'ready' }
  /** The engine the worker compiled, for the main thread to hand every later worker. */
  | { event: 'engine'; engine: Engine }
  | { event: 'failed'; error: ErrorFields }
  | { event: 'notification'; channel: string; payload: string }

export interface WorkerInput {
  /** Folder of the cluster (a temporary one for `--memory`). */
  dataDir: string
  /** A data-dir tarball to start from; only at the very first open. */
  loadDataDir?: ArrayBuffer
  /** PGlite's compiled WASM and its file bundle from an earlier worker of this process. */
  engine?: Engine
  /** Load the modules, then wait for any message before opening the folder (threads.ts). */
  standby?: boolean
}

export type Envelope = { id: number } & Request
