/** Messages between a test and a simulated device (tests/sync/device-worker.ts). */

export interface DeviceOpenOptions {
  /** Backend URL as the device sees it (its network proxy). */
  url: string
  anonKey: string
  email: string
  password: string
  isAdmin: boolean
  databaseName: string
  /** Replication identity; defaults to `url`. Devices behind different proxies of one backend share it. */
  serverIdentity?: string
  storage?: 'dexie' | 'memory'
  tables?: 'product' | 'fixture'
  online?: boolean
  /** The app's client, renewing its token once per lifetime (src/lib/supabase/panel-client.ts); otherwise a client that renews only on a 401. */
  appClient?: boolean
  batchSize?: { pull?: number; push?: number }
  periodicPullMs?: number
  realtime?: boolean
  requestTimeoutMs?: number
  verbose?: boolean
}

export type DeviceCommand =
  | { cmd: 'open'; options: DeviceOpenOptions }
  | { cmd: 'reopen' }
  | { cmd: 'close'; options: { upload: boolean; force?: boolean; timeoutMs?: number } }
  | { cmd: 'setOnline'; online: boolean }
  | { cmd: 'insert'; collection: string; docs: Record<string, unknown>[] }
  | { cmd: 'patch'; collection: string; id: string; patch: Record<string, unknown> }
  | { cmd: 'remove'; collection: string; id: string }
  | { cmd: 'find'; collection: string; selector?: Record<string, unknown> }
  | { cmd: 'get'; collection: string; id: string }
  | { cmd: 'status' }
  | { cmd: 'pending' }
  | { cmd: 'waitUpload'; timeoutMs: number }
  | { cmd: 'resync' }
  | { cmd: 'authEvents' }
  | { cmd: 'session' }
  | { cmd: 'dismiss'; kind: 'refused' | 'conflict'; id: string }
  | { cmd: 'stock' }
  /** Resolves with the worker's clock (Date.now()) when the document appears locally. */
  | { cmd: 'awaitDoc'; collection: string; docId: string; timeoutMs: number }
  /** Runs each query once and returns how long each took (ms). */
  | { cmd: 'timeQueries'; collection: string; queries: Record<string, unknown>[] }
