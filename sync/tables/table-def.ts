/**
 * A replicated table described once: its columns as Postgres has them. The RxDB
 * schema, the local document type, the push column list, value canonicalisation and
 * the migration-agreement test are all derived from this, so they cannot drift apart.
 *
 * Conventions every replicated table follows (docs/decisions/0002-data-model.md):
 * a uuid primary key created on the device, `updated_at` (device clock, the
 * last-writer-wins clock), `_modified` and `_xid` set by a server trigger, and
 * `_deleted`. `_xid`/`_modified` are stored locally as `sync_xid`/`sync_modified`
 * (RxDB reserves field names starting with `_`); `_deleted` is RxDB's own flag.
 */

export type PgType =
  | 'uuid'
  | 'text'
  | 'integer'
  | 'bigint'
  | 'smallint'
  | 'numeric'
  | 'double precision'
  | 'boolean'
  | 'date'
  | 'time'
  | 'timestamptz'
  | 'jsonb'
  | 'text[]'

export interface ColumnDef {
  readonly type: PgType
  /** NULL allowed in Postgres. Default false. */
  readonly nullable?: boolean
  /** varchar(n), or a bound needed because the column is indexed (Dexie). */
  readonly maxLength?: number
  /** Value filled in on a local insert when absent (mirrors the SQL default). */
  readonly default?: string | number | boolean | null | readonly unknown[]
  /** Written only by the server (triggers): never pushed, never compared on push. */
  readonly serverOwned?: boolean
  /** jsonb only: the JSON type it always holds. */
  readonly json?: 'array' | 'object'
}

export interface TableDef {
  /** SQL table name = RxDB collection name. */
  readonly name: string
  /** Spanish plural for people: 'Pacientes'. */
  readonly label: string
  /** Spanish singular used in messages: 'paciente' ("Ya existe un paciente con …"). */
  readonly entity: string
  readonly primaryKey: string
  readonly columns: Readonly<Record<string, ColumnDef>>
  /** Local indexes (Dexie: indexed fields must be non-null columns). */
  readonly indexes?: ReadonlyArray<string | readonly string[]>
  /** Replicated (and even opened) only for administrators. */
  readonly adminOnly?: boolean
  /**
   * A new device first downloads the live rows whose `column` falls from `daysBefore`
   * days before today (Peru) to `daysAfter` days after, then everything as usual: the
   * day's screens fill in seconds instead of after the whole history
   * (docs/decisions/0055-hoy-primero.md).
   */
  readonly firstWindow?: { readonly column: string; readonly daysBefore: number; readonly daysAfter: number }
  /** Local schema version; bump together with a migration strategy. */
  readonly version: number
  /** RxDB migration strategies by target version: old document → new (or null to drop). */
  readonly migrationStrategies?: Readonly<Record<number, (doc: Record<string, unknown>) => Record<string, unknown> | null>>
}

/** The local names of the server-owned sync columns. */
export const SYNC_XID = 'sync_xid'
export const SYNC_MODIFIED = 'sync_modified'
export const UPDATED_AT = 'updated_at'

/** Identity helper that keeps literal types so document types can be derived. */
export function defineTable<const T extends TableDef>(def: T): T {
  return def
}

// ---------------------------------------------------------------------------------
// Document types derived from a definition.

type TsOf<C extends ColumnDef> = C['type'] extends 'integer' | 'bigint' | 'smallint' | 'numeric' | 'double precision'
  ? number
  : C['type'] extends 'boolean'
    ? boolean
    : C['type'] extends 'text[]'
      ? string[]
      : C['type'] extends 'jsonb'
        ? C['json'] extends 'array'
          ? unknown[]
          : C['json'] extends 'object'
            ? Record<string, unknown>
            : unknown
        : string

type Nullable<C extends ColumnDef, V> = C['nullable'] extends true ? V | null : V

/** A local document of table T as the app reads it. */
export type DocOf<T extends TableDef> = {
  -readonly [K in keyof T['columns']]: Nullable<T['columns'][K], TsOf<T['columns'][K]>>
} & {
  /** Server transaction id of the version last pulled (null until the first pull). */
  sync_xid: string | null
  /** Server time of that version. */
  sync_modified: string | null
}

/** Columns written by the device: everything except server-owned columns. */
export function writableColumns(def: TableDef): string[] {
  return Object.entries(def.columns)
    .filter(([, c]) => !c.serverOwned)
    .map(([name]) => name)
}
