/**
 * The sync layer's public surface (framework-free). The app uses it through
 * src/lib/db; tests use it directly. See docs/decisions/0003-sync.md.
 */
export { SyncSession, type SyncSessionOptions, type SyncUser, type CloseOptions, type CloseResult } from './session.ts'
export { browserNetwork, manualNetwork, type NetworkMonitor, type ManualNetwork } from './runtime/network.ts'
export { availableStock, stock$ } from './stock.ts'
export { nowTimestamp, nextTimestamp, canonicalTimestamp } from './values/canonical.ts'
export { productTables, adminFlag } from './tables/product-tables.ts'
export type * from './tables/product-tables.ts'
export type { TableDef, ColumnDef, DocOf } from './tables/table-def.ts'
export type * from './status/types.ts'
export type { SyncStatusStore } from './status/status-store.ts'
export type { ProblemKind, ProblemLog } from './status/problem-log.ts'
