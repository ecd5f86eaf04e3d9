/**
 * A SyncBackend that calls the sync SQL functions directly, in a transaction that sets
 * the role and JWT claims exactly as PostgREST does (so RLS applies), with faults that
 * can be injected per call. Engine tests use it to exercise the replication logic
 * deterministically; the device scenarios go through supabase-js and the real REST API.
 */
import type { Db } from '../../supabase/local/db.ts'
import { classifyFailure, classifyThrown, SyncRequestError } from '../../sync/errors/classify.ts'
import type { PullPage, PushResponse, SyncBackend } from '../../sync/replication/backend.ts'
import type { Row } from '../../sync/tables/rows.ts'

export type Fault = 'network' | 'http500' | 'http401' | 'lost-ack'

export interface SqlBackend extends SyncBackend {
  /** The next calls of `kind` fail this way (FIFO). */
  inject(kind: 'pull' | 'push' | 'any', fault: Fault, times?: number): void
  calls: { pull: number; push: number }
  /** Rows sent in push calls, by table (what reached the server, retries included). */
  pushedRows: Record<string, number>
}

/** SQLSTATE → HTTP as PostgREST maps it (the subset these functions can raise). */
function httpStatus(code: string): number {
  if (code === '42501') return 403
  if (code === '42P01' || code === '42883') return 404
  if (code === '23503' || code === '23505') return 409
  if (/^(08|53|57)/.test(code)) return 503
  return 400
}

export function createSqlBackend(db: Db, sub: string): SqlBackend {
  const faults: Array<{ kind: 'pull' | 'push' | 'any'; fault: Fault }> = []
  const calls = { pull: 0, push: 0 }
  const pushedRows: Record<string, number> = {}

  function takeFault(kind: 'pull' | 'push' | 'other'): Fault | null {
    const i = faults.findIndex((f) => f.kind === kind || f.kind === 'any')
    if (i < 0) return null
    return faults.splice(i, 1)[0]!.fault
  }

  async function call<T>(kind: 'pull' | 'push' | 'other', sql: string, params: unknown[]): Promise<T> {
    const fault = takeFault(kind)
    if (fault === 'network') throw new SyncRequestError(classifyThrown(new TypeError('fetch failed')))
    if (fault === 'http500') throw new SyncRequestError(classifyFailure(500, { code: 'XX000', message: 'fallo inyectado' }))
    if (fault === 'http401') throw new SyncRequestError(classifyFailure(401, { code: 'PGRST303', message: 'JWT expired' }))
    let result: T
    try {
      result = await db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub, role: 'authenticated', aud: 'authenticated' }),
        ])
        const { rows } = await tx.query<{ r: T }>(sql, params)
        return rows[0]!.r
      })
    } catch (error) {
      const code = (error as { code?: string }).code ?? ''
      throw new SyncRequestError(classifyFailure(httpStatus(code), { code, message: (error as Error).message }))
    }
    // The server did the work; the answer never arrives.
    if (fault === 'lost-ack') throw new SyncRequestError(classifyThrown(new TypeError('socket hang up')))
    return result
  }

  return {
    calls,
    pushedRows,
    inject(kind, fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push({ kind, fault })
    },
    async pull(table, r): Promise<PullPage> {
      calls.pull++
      const page = await call<{ rows: Row[]; cutoff: string; floor: string | null; held: boolean }>(
        'pull',
        'select public.sync_pull($1, $2, $3, $4, $5, $6) as r',
        [table, r.afterXid, r.afterId, r.limit, r.floor, r.fresh],
      )
      return { rows: page.rows, cutoff: page.cutoff, floor: page.floor, held: page.held }
    },
    async window(table, r) {
      calls.pull++
      return call<Row[]>(
        'pull',
        `select coalesce(jsonb_agg(to_jsonb(t) order by t.${r.primaryKey}), '[]'::jsonb) as r
           from (select * from public.${table}
                  where ${r.column} between $1::date and $2::date and not _deleted
                    and ($3::uuid is null or ${r.primaryKey} > $3::uuid)
                  order by ${r.primaryKey} limit $4) t`,
        [r.from, r.to, r.afterId, r.limit],
      )
    },
    async push(table, columns, rows): Promise<PushResponse> {
      calls.push++
      pushedRows[table] = (pushedRows[table] ?? 0) + rows.length
      return call<PushResponse>('push', 'select public.sync_push($1, $2, $3) as r', [table, columns, JSON.stringify(rows)])
    },
    async ids(table, afterId, limit) {
      return call<string[]>('other', 'select public.sync_ids($1, $2, $3) as r', [table, afterId, limit])
    },
    async count(table) {
      return call<number>('other', `select count(*)::int as r from public.${table} where not _deleted`, [])
    },
    async duplicateOf(table, constraint, row) {
      return call<{ row: Row | null; columns: string[] }>('other', 'select public.sync_duplicate_of($1, $2, $3) as r', [table, constraint, JSON.stringify(row)])
    },
    async row(table, pk, id) {
      return call<Row | null>('other', `select to_jsonb(t) as r from public.${table} t where ${pk} = $1::uuid`, [id])
    },
  }
}
