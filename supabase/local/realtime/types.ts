/**
 * The vocabulary shared by the Realtime modules: what a subscription is, what a
 * captured change is, and what the catalog knows about a published table.
 */
import type { JwtClaims } from '../keys.ts'
import type { CompiledFilter } from './matcher.ts'

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE'
export type ListenEvent = ChangeType | '*'

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'isnull' | 'notnull'

/** One `column=op.value` condition of a binding's `filter` (several are ANDed). */
export interface Filter {
  column: string
  op: FilterOp
  /** Scalar text for comparisons, a Postgres array literal (`{a,"b c"}`) for `in`, null for is-null tests. */
  value: string | null
}

/** A validated `postgres_changes` binding of a joined channel. */
export interface Binding {
  /** The id echoed in the join reply; the client routes a change by it. */
  id: number
  event: ListenEvent
  /** Published tables the binding covers (one, or every table of a schema). */
  relids: ReadonlySet<number>
  filters: readonly Filter[]
  /** The filters compiled for each covered table (values read by that table's column types). */
  compiled: ReadonlyMap<number, readonly CompiledFilter[]>
}

/** Who a subscriber is, from the JWT it joined (or refreshed) with. */
export interface Auth {
  token: string
  role: string
  claims: JwtClaims
  /** Exactly what `request.jwt.claims` is set to when rows are re-read for this subscriber. */
  claimsJson: string
  /** Expiry, in seconds since the epoch. */
  exp: number
  /** Subscribers with equal keys may see exactly the same rows: one read serves them all. */
  key: string
}

/** A joined channel with active `postgres_changes` bindings, as the dispatcher sees it. */
export interface Subscriber {
  readonly auth: Auth
  readonly bindings: readonly Binding[]
  /** Sends one `postgres_changes` push; `data` is the payload's already serialized `data`. */
  deliver(ids: readonly number[], data: string): void
  /** The token expired before a change could be delivered: close the channel as hosted does. */
  expire(): void
}

export interface Column {
  name: string
  /** `pg_type.typname`, what realtime-js expects in `columns` (`int4`, `timestamptz`, `_text`…). */
  type: string
  /** The type as SQL names it (`format_type` without typmod): casts, and messages. */
  cast: string
  /** The base type of a domain (else `type`): what filter values are read as. */
  base: string
}

/** A table of the `supabase_realtime` publication with a capture trigger. */
export interface TableInfo {
  relid: number
  schema: string
  name: string
  /** `"schema"."name"`, ready for SQL. */
  qualified: string
  /** Primary-key columns in key order; changes are re-read by them. */
  pk: readonly string[]
  /** Row level security is on: each subscriber's visibility must be checked. */
  rls: boolean
  columns: readonly Column[]
  columnByName: ReadonlyMap<string, Column>
}

/** What one role may read of one table (column privileges, as walrus honours them). */
export interface Permissions {
  /** Columns the role may SELECT, in table order: the payload's `columns` and `record` keys. */
  columns: readonly Column[]
  allowed: ReadonlySet<string>
  /** The role can see the primary key: re-reads are possible and deletes are delivered. */
  keyVisible: boolean
  /** `columns` serialized for the payload. */
  columnsJson: string
}

/** One committed row change, as the capture trigger reported it. */
export interface Change {
  type: ChangeType
  relid: number
  /** Primary key of the new row (jsonb text, an object), '' for deletes. */
  key: string
  /** Primary key of the old row when it differs from `key` (updates) or for deletes. */
  oldKey: string
  /** The new row as committed (`to_jsonb`), '' when it did not fit the payload and must be re-read. */
  newImage: string
  /** The whole old row (REPLICA IDENTITY FULL), '' when not captured. */
  oldImage: string
  /** The old image was reduced to its small values to fit a NOTIFY payload (hosted's 413). */
  oldTooLarge: boolean
  /** When the commit was seen (ms since the epoch): the payload's `commit_timestamp`. */
  at: number
}
