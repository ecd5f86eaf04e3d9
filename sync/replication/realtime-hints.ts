/**
 * Supabase Realtime as a hint to pull, never as a data source: a change event on a
 * table asks that table for a checkpoint pull, and every (re)subscription, channel
 * error or timeout asks every table (whatever happened while the channel was down is
 * found by the pull, since realtime offers no replay). Payloads are ignored on
 * purpose: they carry no commit-safe checkpoint, and RLS on the pull decides what the
 * device may store.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'

export interface RealtimeHints {
  close(): Promise<void>
}

export interface RealtimeHintOptions {
  supabase: SupabaseClient
  tables: readonly string[]
  /** A change on `table` was committed. */
  onChange(table: string): void
  /** The channel (re)joined, failed or timed out: pull everything. */
  onResubscribe(): void
  onStatus?(status: string, error?: Error): void
}

export function subscribeRealtimeHints(options: RealtimeHintOptions): RealtimeHints {
  const { supabase, tables } = options
  let channel: RealtimeChannel | null = null
  let closed = false
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let attempt = 0

  const open = () => {
    if (closed) return
    // A unique topic per session: two sessions of one client must not share bindings.
    let ch = supabase.channel(`spa-sync-${Math.random().toString(36).slice(2, 10)}`)
    for (const table of tables) {
      ch = ch.on('postgres_changes', { event: '*', schema: 'public', table }, () => options.onChange(table))
    }
    channel = ch
    ch.subscribe((status, error) => {
      options.onStatus?.(status, error)
      // Late callbacks of a channel already replaced (or of a closed session) are noise.
      if (closed || ch !== channel) return
      if (status === 'SUBSCRIBED') {
        attempt = 0
        options.onResubscribe()
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        // realtime-js rejoins by itself; meanwhile the data may be stale.
        options.onResubscribe()
      } else if (status === 'CLOSED') {
        // Closed by the server or a failed join: start over with a fresh channel.
        options.onResubscribe()
        const current = ch
        clearTimeout(retryTimer)
        retryTimer = setTimeout(
          () => {
            if (channel !== current) return
            channel = null
            void supabase.removeChannel(current).catch(() => {})
            open()
          },
          Math.min(30_000, 1000 * 2 ** attempt++),
        )
      }
    })
  }
  open()

  return {
    async close() {
      closed = true
      clearTimeout(retryTimer)
      if (channel) await supabase.removeChannel(channel).catch(() => {})
      channel = null
    },
  }
}
