/**
 * The panel's local database (docs/decisions/0003-sync.md, "API for the app"). The only
 * place in src/ that touches RxDB. Import it from panel code only (lazy routes): the
 * public page must not load RxDB.
 */
export { openSyncSession, closeSyncSession, getSyncSession, subscribeSyncSession } from './session-holder.ts'
export type { OpenSyncSessionOptions, CloseSyncSessionOptions } from './session-holder.ts'
export { useSyncSession, useSyncStatus, usePendingCount, useSyncProblems, type SyncProblems } from './use-sync-status.ts'
export { useLiveQuery, useDocument, useStock, type LiveQueryResult } from './use-live-query.ts'
export { insertDoc, patchDoc, removeDoc, newId } from './writes.ts'
export { createSyncBridge, type BridgeUser } from './sync-bridge.ts'
export type { CloseResult, SyncUser } from '@sync/session.ts'
export type {
  SyncStatus,
  CollectionStatus,
  InitialSyncProgress,
  SyncError,
  RefusedWrite,
  ConflictEntry,
  WriteOperation,
} from '@sync/status/types.ts'
export type {
  CollectionName,
  DocTypes,
  TratamientoDoc,
  HorarioDoc,
  EspecialistaDoc,
  ReservaDoc,
  CitaDoc,
  PacienteDoc,
  FormaPagoDoc,
  PagoCitaDoc,
  MovimientoStockDoc,
  UsuarioDoc,
  EgresoDoc,
  ConciliacionDoc,
} from '@sync/tables/product-tables.ts'
