/**
 * What staff see about synchronisation (docs/architecture.md §5): online/offline, changes waiting to
 * upload, last sync time, first-sync progress, the current error, and the
 * 'Problemas de sincronización' list (refused writes and conflicts).
 */

import { initialModel, type SyncModel } from './status-machine.ts'

export interface CollectionStatus {
  /** Local changes not yet acknowledged by the server. */
  pending: number
  /** `updated_at` (device clock) of the oldest of them. */
  oldestPendingAt: string | null
  /** Last time a pull of this collection succeeded (device clock, ISO). */
  lastPulledAt: string | null
}

export interface InitialSyncProgress {
  /** Documents received so far. */
  pulled: number
  /** Exact server count at the start (non-deleted rows visible to the user). */
  total: number
  done: boolean
}

export interface SyncError {
  /** Spanish, for people. */
  message: string
  at: string
  collection?: string
  /** HTTP status / SQLSTATE / PostgREST code when known. */
  code?: string
}

export type WriteOperation = 'insert' | 'update' | 'delete'

/** A write the server refused for good; the device took the server's state back. */
export interface RefusedWrite {
  id: string
  collection: string
  /** Spanish table label, e.g. 'Citas'. */
  label: string
  docId: string
  operation: WriteOperation
  /** SQLSTATE or PostgREST code. */
  code: string
  /**
   * The rule the server named, when it named one: with the code it tells the kind of
   * refusal (e.g. 23505 + tb_pagos_citas_un_pago_final: a 'cobro duplicado',
   * docs/decisions/0033). Absent in entries recorded before it existed.
   */
  constraint?: string | null
  /** Spanish reason for people. */
  reason: string
  /** The server's own message (may be technical English). */
  serverMessage: string | null
  localVersion: Record<string, unknown>
  /** Null when the row does not exist or is not visible on the server. */
  serverVersion: Record<string, unknown> | null
  /**
   * A refused duplicate (23505 on a unique index other than the key): the record that
   * already holds those values on the server (e.g. the patient another tablet
   * registered with the same DNI) and the index's columns. Absent otherwise.
   */
  duplicate?: DuplicateRecord | null
  at: string
  /**
   * How staff resolved it (a 'cobro duplicado': returned to the client or kept as an
   * additional payment, docs/decisions/0036). A resolved entry stays in the log; absent
   * in entries stored before resolutions existed (those are unresolved).
   */
  resolution?: RefusalResolution | null
}

export interface RefusalResolution {
  tipo: 'devuelto' | 'pago_adicional'
  /** Who resolved it (display name or e-mail). */
  por: string
  at: string
  /** Spanish note kept with it. */
  nota: string
}

export interface DuplicateRecord {
  docId: string
  /** The existing record as the server had it when the refusal arrived. */
  version: Record<string, unknown>
  /** Columns whose values must be unique (not copied into a new record). */
  columns: string[]
}

/**
 * Two devices changed the same field and one value replaced the other (or a business
 * rule kept the server's). Logged by the device that resolves the conflict, whichever
 * edit uploaded first: when this device's edit lost, `kept` is 'server' and the lost
 * value is `localValue`; when this device's later edit replaced a value another device
 * had already uploaded, `kept` is 'local' and the lost value is `serverValue`.
 */
export interface ConflictEntry {
  id: string
  collection: string
  label: string
  docId: string
  field: string
  /** This device's value. */
  localValue: unknown
  /** The value on the server when the conflict was resolved (another device's). */
  serverValue: unknown
  /** Whose value stayed; absent in entries logged before docs/decisions/0024-sync-refusals-conflicts-efficiency.md (those are 'server'). */
  kept?: 'server' | 'local'
  localUpdatedAt: string | null
  serverUpdatedAt: string | null
  /** Spanish explanation. */
  reason: string
  at: string
}

export type SyncPhase = 'starting' | 'running' | 'closing' | 'closed'

/**
 * One write that could not upload, parked under its author at sign-out
 * (status/parked-writes.ts, docs/decisions/0035-estado-de-sincronizacion.md §3), with the server state it was made on. */
export interface ParkedWrite {
  table: string
  /** Spanish table label, e.g. 'Citas'. */
  label: string
  docId: string
  operation: WriteOperation
  /** What the author typed (the local document). */
  local: Record<string, unknown>
  /** The table's local schema version when parked: a later app migrates it on restore. */
  version?: number
  /** The server state the write was made on; null for a record the server never had. */
  base: Record<string, unknown> | null
  at: string
}

export interface ParkedGroup {
  userId: string
  email: string | null
  writes: ParkedWrite[]
}

export interface SyncStatus {
  phase: SyncPhase
  online: boolean
  /** This tab is the one replicating (leader election); others mirror its status. */
  replicating: boolean
  isAdmin: boolean
  collections: Record<string, CollectionStatus>
  pendingTotal: number
  /**
   * pendingTotal has been counted for every table since the session opened (or, in a
   * tab that does not replicate, received from the one that does). Until then 0 means
   * "not known yet", never "nothing waiting": the header, the sign-out dialog and the
   * problems page all read this flag (docs/decisions/0023-device-database.md).
   */
  pendingKnown: boolean
  oldestPendingAt: string | null
  /** Data is current as of this time: the oldest of the collections' last pulls. */
  lastSyncAt: string | null
  /** First sync of this device/user, null when there was nothing to initialise. */
  initialSync: InitialSyncProgress | null
  error: SyncError | null
  refused: RefusedWrite[]
  conflicts: ConflictEntry[]
  /** Writes of other users parked on this device until they sign in here again. */
  parked: ParkedGroup[]
  /**
   * What staff are told, from the one state machine (status-machine.ts,
   * docs/decisions/0035-estado-de-sincronizacion.md): the header, banners, sign-out
   * dialog and problems page render from this only.
   */
  model: SyncModel
  /**
   * While this tab mirrors the leader's status (status/shared-status.ts), `model` is the
   * leader's and this is the tab's own, kept by the same events: on becoming the leader
   * the tab goes back to it, since what it mirrored may be an earlier page's stale
   * document (docs/decisions/0035-estado-de-sincronizacion.md). Null otherwise.
   */
  ownModel: SyncModel | null
}

export function initialStatus(tables: readonly string[], online: boolean, isAdmin: boolean): SyncStatus {
  return {
    phase: 'starting',
    online,
    replicating: false,
    isAdmin,
    collections: Object.fromEntries(tables.map((t) => [t, { pending: 0, oldestPendingAt: null, lastPulledAt: null }])),
    pendingTotal: 0,
    pendingKnown: false,
    oldestPendingAt: null,
    lastSyncAt: null,
    initialSync: null,
    error: null,
    refused: [],
    conflicts: [],
    parked: [],
    model: initialModel(tables, online),
    ownModel: null,
  }
}

/** Recomputes the totals derived from the per-collection figures. */
export function withTotals(status: SyncStatus): SyncStatus {
  const list = Object.values(status.collections)
  const oldest = list.map((c) => c.oldestPendingAt).filter((v): v is string => !!v).sort()[0] ?? null
  const pulls = list.map((c) => c.lastPulledAt)
  const lastSyncAt = pulls.length > 0 && pulls.every((p) => !!p) ? ([...pulls].sort()[0] ?? null) : null
  return {
    ...status,
    pendingTotal: list.reduce((n, c) => n + c.pending, 0),
    oldestPendingAt: oldest,
    lastSyncAt,
  }
}
