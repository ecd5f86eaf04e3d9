/**
 * The calls the sync layer makes to the backend, through the app's own
 * supabase-js client (so the user's current access token is always used):
 * the sync RPCs of supabase/migrations/20261122009000_sync.sql (and sync_duplicate_of of
 * 20261125700000_sync_duplicado.sql) and an exact count.
 * Every failure is thrown as a classified SyncRequestError; deciding what to do about
 * it (retry, refresh, split the batch) is the caller's job.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { classifyFailure, classifyThrown, SyncRequestError, type PostgrestLikeError } from '../errors/classify.ts'
import type { Row } from '../tables/rows.ts'

export interface PullRequest {
  afterXid: string
  afterId: string | null
  limit: number
  floor: string | null
  /** First pull of this device: the server sets the tombstone floor. */
  fresh: boolean
}

export interface PullPage {
  rows: Row[]
  cutoff: string
  floor: string | null
  /**
   * Committed rows were withheld because an older transaction was still open (the
   * snapshot-safe cutoff): ask again soon (docs/decisions/0028-pull-retenido.md).
   */
  held: boolean
}

/** The rows of a date window, by primary key (docs/decisions/0055-hoy-primero.md). */
export interface WindowRequest {
  primaryKey: string
  column: string
  /** Inclusive ISO dates. */
  from: string
  to: string
  afterId: string | null
  limit: number
}

export interface PushRow {
  /** New state (writable columns and _deleted). */
  n: Row
  /** The server state the device last saw, null for an insert. */
  a: Row | null
}

export interface PushRowResult {
  /** Index in the request. */
  i: number
  s: 'conflict' | 'refused'
  row: Row | null
  code?: string
  message?: string
  details?: string | null
  hint?: string | null
  constraint?: string | null
}

export interface PushResponse {
  xid: string | null
  results: PushRowResult[]
}

export interface SyncBackend {
  pull(table: string, request: PullRequest): Promise<PullPage>
  /** Live rows whose `column` falls in the window, after `afterId` by primary key. */
  window(table: string, request: WindowRequest): Promise<Row[]>
  push(table: string, columns: string[], rows: PushRow[]): Promise<PushResponse>
  ids(table: string, afterId: string | null, limit: number): Promise<string[]>
  /** Exact count of the non-deleted rows the user can see. */
  count(table: string): Promise<number>
  /** One row by primary key, null when missing or not visible. */
  row(table: string, primaryKey: string, id: string): Promise<Row | null>
  /** The visible row that already holds `row`'s values of a unique index (a refused duplicate). */
  duplicateOf(table: string, constraint: string, row: Row): Promise<DuplicateOf>
}

export interface DuplicateOf {
  row: Row | null
  /** The unique index's columns (those a copy must not repeat). */
  columns: string[]
}

export interface BackendOptions {
  /** Per-request time limit; a hung connection must not stall the queue. */
  timeoutMs?: number
}

interface RpcResult {
  data: unknown
  error: PostgrestLikeError | null
  status: number
}

/** One RPC with a time limit; failures thrown as a classified SyncRequestError. */
export async function callRpc<T>(supabase: SupabaseClient, fn: string, args: Record<string, unknown>, timeoutMs: number): Promise<T> {
  let result: RpcResult
  try {
    result = (await supabase.rpc(fn, args).abortSignal(AbortSignal.timeout(timeoutMs))) as RpcResult
  } catch (error) {
    throw new SyncRequestError(classifyThrown(error))
  }
  if (result.error) throw new SyncRequestError(classifyFailure(result.status, result.error))
  return result.data as T
}

export function createSupabaseBackend(supabase: SupabaseClient, options: BackendOptions = {}): SyncBackend {
  const timeoutMs = options.timeoutMs ?? 30_000
  const rpc = <T>(fn: string, args: Record<string, unknown>) => callRpc<T>(supabase, fn, args, timeoutMs)

  return {
    async pull(table, r) {
      const data = await rpc<{ rows: Row[]; cutoff: string; floor: string | null; held?: boolean }>('sync_pull', {
        p_table: table,
        p_after_xid: r.afterXid,
        p_after_id: r.afterId,
        p_limit: r.limit,
        p_floor: r.floor,
        p_fresh: r.fresh,
      })
      // A server without the migration that adds `held` answers without it.
      return { rows: data.rows ?? [], cutoff: data.cutoff, floor: data.floor ?? null, held: data.held === true }
    },
    async window(table, r) {
      let result: { data: unknown; error: PostgrestLikeError | null; status: number }
      try {
        let query = supabase.from(table).select('*').gte(r.column, r.from).lte(r.column, r.to).eq('_deleted', false)
        if (r.afterId !== null) query = query.gt(r.primaryKey, r.afterId)
        result = await query.order(r.primaryKey).limit(r.limit).abortSignal(AbortSignal.timeout(timeoutMs))
      } catch (error) {
        throw new SyncRequestError(classifyThrown(error))
      }
      if (result.error) throw new SyncRequestError(classifyFailure(result.status, result.error))
      return (result.data as Row[] | null) ?? []
    },
    async push(table, columns, rows) {
      const data = await rpc<PushResponse>('sync_push', { p_table: table, p_columns: columns, p_rows: rows })
      return { xid: data.xid ?? null, results: data.results ?? [] }
    },
    async ids(table, afterId, limit) {
      return rpc<string[]>('sync_ids', { p_table: table, p_after_id: afterId, p_limit: limit })
    },
    async count(table) {
      let result: { count: number | null; error: PostgrestLikeError | null; status: number }
      try {
        result = await supabase
          .from(table)
          .select('*', { count: 'exact', head: true })
          .eq('_deleted', false)
          .abortSignal(AbortSignal.timeout(timeoutMs))
      } catch (error) {
        throw new SyncRequestError(classifyThrown(error))
      }
      if (result.error) throw new SyncRequestError(classifyFailure(result.status, result.error))
      return result.count ?? 0
    },
    async duplicateOf(table, constraint, row) {
      const data = await rpc<{ row: Row | null; columns: string[] | null }>('sync_duplicate_of', { p_table: table, p_constraint: constraint, p_row: row })
      return { row: data.row ?? null, columns: data.columns ?? [] }
    },
    async row(table, primaryKey, id) {
      let result: { data: unknown; error: PostgrestLikeError | null; status: number }
      try {
        result = await supabase.from(table).select('*').eq(primaryKey, id).abortSignal(AbortSignal.timeout(timeoutMs)).maybeSingle()
      } catch (error) {
        throw new SyncRequestError(classifyThrown(error))
      }
      if (result.error) throw new SyncRequestError(classifyFailure(result.status, result.error))
      return (result.data as Row | null) ?? null
    },
  }
}
