/**
 * Counts the HTTP requests an idle panel makes (issue 13): a supabase-js client signed
 * in like the app's (auto-refresh running, as in a visible tab), a sync session over it,
 * and a fetch that counts. After the first sync settles, requests are counted over a
 * window: an idle panel should make only the periodic pull and about one token refresh
 * per token lifetime. Used by tests/integration/sync/idle-requests.int.test.ts and the
 * `sync-idle` benchmark.
 */
import ws from 'ws'
import { createClient } from '@supabase/supabase-js'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { SyncSession } from '../../sync/session.ts'
import { manualNetwork } from '../../sync/runtime/network.ts'
import { waitFor } from './wait.ts'

export interface IdleCount {
  windowMs: number
  pulls: number
  refreshes: number
  total: number
  /** Every request of the window by path, for a failure's message. */
  byPath: Record<string, number>
}

export interface IdleProbeOptions {
  url: string
  anonKey: string
  email: string
  password: string
  windowMs: number
  periodicPullMs?: number
}

export async function countIdleRequests(o: IdleProbeOptions): Promise<IdleCount> {
  let counting = false
  let lastRequestAt = Date.now()
  const byPath: Record<string, number> = {}
  const countingFetch: typeof fetch = (input, init) => {
    lastRequestAt = Date.now()
    if (counting) {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
      byPath[url.pathname] = (byPath[url.pathname] ?? 0) + 1
    }
    return fetch(input, init)
  }
  const supabase = createClient(o.url, o.anonKey, {
    auth: { persistSession: false, autoRefreshToken: true, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
    global: { fetch: countingFetch },
  })
  const { data, error } = await supabase.auth.signInWithPassword({ email: o.email, password: o.password })
  if (error || !data.user) throw new Error(`inicio de sesión: ${error?.message}`)
  // A visible browser tab runs supabase-js's refresh ticker; Node needs it started.
  await supabase.auth.startAutoRefresh()
  const session = await SyncSession.open({
    supabase,
    user: { id: data.user.id, email: o.email, isAdmin: false },
    storage: getRxStorageMemory(),
    databaseName: `idle-${Date.now()}`,
    network: manualNetwork(true),
    multiInstance: false,
    serverUrl: o.url,
    periodicPullMs: o.periodicPullMs ?? 60_000,
  })
  try {
    await waitFor('primera sincronización', () => session.status.getState().lastSyncAt !== null, 60_000)
    // The start-up's tail (the visibility check after each table's first pull) is not
    // idleness: the window opens once no request has gone out for 3 s.
    await waitFor('panel en reposo', () => Date.now() - lastRequestAt >= 3000, 60_000, 200)
    counting = true
    await new Promise((r) => setTimeout(r, o.windowMs))
    counting = false
  } finally {
    await session.close({ upload: false }).catch(() => {})
    await supabase.auth.stopAutoRefresh()
    await supabase.removeAllChannels()
  }
  const total = Object.values(byPath).reduce((a, b) => a + b, 0)
  return {
    windowMs: o.windowMs,
    pulls: byPath['/rest/v1/rpc/sync_pull'] ?? 0,
    refreshes: byPath['/auth/v1/token'] ?? 0,
    total,
    byPath,
  }
}
