/**
 * What makes the leader tab pull besides its own writes (docs/architecture.md §5): a
 * realtime hint (that table), a realtime (re)subscription, the page becoming visible
 * again, and a periodic pull as the safety net for anything a hint missed (every table).
 * `online` is the session's (it also wakes waiting retries). Kept apart from the session
 * so its lifecycle reads without the list of triggers.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { subscribeRealtimeHints } from '../replication/realtime-hints.ts'

export interface PullTriggerOptions {
  supabase: SupabaseClient
  tables: string[]
  /** false: no realtime subscription (tests that count requests or drive pulls by hand). */
  realtime: boolean
  periodicPullMs: number
  pullTable(table: string): void
  pullAll(): void
  log(message: string): void
}

/** Starts every trigger; the returned function stops them. */
export function startPullTriggers(o: PullTriggerOptions): () => Promise<void> {
  const hints = o.realtime
    ? subscribeRealtimeHints({
        supabase: o.supabase,
        tables: o.tables,
        onChange: (table) => o.pullTable(table),
        onResubscribe: () => o.pullAll(),
        onStatus: (status, error) => o.log(`realtime: ${status}${error ? ` (${error.message})` : ''}`),
      })
    : null
  const timer = setInterval(() => o.pullAll(), o.periodicPullMs)
  const hasDocument = typeof document !== 'undefined' && typeof document.addEventListener === 'function'
  const onVisible = () => {
    if (document.visibilityState === 'visible') o.pullAll()
  }
  if (hasDocument) document.addEventListener('visibilitychange', onVisible)
  return async () => {
    clearInterval(timer)
    if (hasDocument) document.removeEventListener('visibilitychange', onVisible)
    await hints?.close()
  }
}
