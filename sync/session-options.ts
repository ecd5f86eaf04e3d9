/**
 * What a sync session is opened with and what closing it answers (sync/session.ts;
 * docs/decisions/0003-sync.md, 0023-device-database.md).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { RxStorage } from 'rxdb'
import type { SyncBackend } from './replication/backend.ts'
import type { NetworkMonitor } from './runtime/network.ts'
import type { TableDef } from './tables/table-def.ts'

export interface SyncUser {
  /** auth.users id (the JWT `sub`). */
  id: string
  email?: string | null
  isAdmin: boolean
}

export interface SyncSessionOptions {
  /** The app's supabase-js client, signed in as `user`. */
  supabase: SupabaseClient
  user: SyncUser
  /** Dexie (IndexedDB) in the browser; memory or Dexie over fake-indexeddb in Node. */
  storage: RxStorage<unknown, unknown>
  /** Default: the product's 12 tables. */
  tables?: readonly TableDef[]
  network?: NetworkMonitor
  /** Tabs share the database and elect one replicating leader. Default: true in a browser. */
  multiInstance?: boolean
  /**
   * Part of the replication identity, so another backend starts from fresh checkpoints.
   * The app passes its configured URL (src/lib/supabase/app-config.ts).
   */
  serverUrl?: string
  /** The device database (sync/device-layout.ts); tests name their own. */
  databaseName: string
  batchSize?: { pull?: number; push?: number }
  /** Checkpoint pull interval (the safety net under realtime). Default 60 s. */
  periodicPullMs?: number
  /** Subscribe to Supabase Realtime for change hints. Default true. */
  realtime?: boolean
  requestTimeoutMs?: number
  /** When the once-per-session check for stalled local changes runs. Default 2 min. */
  integrityCheckAfterMs?: number
  /** Replaces the supabase-js backend (tests that drive the SQL directly). */
  backend?: SyncBackend
  log?: (message: string) => void
}

export interface CloseOptions {
  /**
   * true: erase the device's data — upload what is waiting, then remove the database.
   * false: any sign-out — stop, keep the database and pending writes (their owner is
   * recorded, status/queue-owner.ts).
   */
  upload: boolean
  /** With upload: remove the database even if some writes could not be uploaded. */
  force?: boolean
  /** How long to wait for the upload. Default 20 s. */
  timeoutMs?: number
}

export interface CloseResult {
  /** Everything local reached the server. */
  uploaded: boolean
  /** Local changes not uploaded (still on the device unless removed). */
  pending: number
  /** The local database was deleted. When false after upload:true, the session is still open. */
  removed: boolean
}

/**
 * Rows per pull request, and so per batch the device stores in one go
 * (docs/decisions/0062-descarga-en-tareas-cortas.md): a batch of 1,000 held a budget
 * tablet's main thread for 0.5–0.66 s; 250 kept every task under 200 ms but doubled the
 * first sync, the server's cost being per request.
 */
export const PULL_BATCH = 500
