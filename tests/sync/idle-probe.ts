/**
 * Counts the HTTP requests an idle panel makes (docs/decisions/0024-sync-refusals-conflicts-efficiency.md): the app's own client
 * (src/lib/supabase/panel-client.ts, with its token renewal), a sync session over it,
 * and a fetch that counts. After the first sync settles, requests are counted over a
 * window: an idle panel should make only the periodic pull and one token refresh per
 * token lifetime. After the window a pull of every table must still succeed (the
 * session stayed valid). Used by tests/integration/sync/idle-requests.int.test.ts,
 * tests/integration/sync/token-refresh.int.test.ts and the `sync-idle` benchmark.
 */
import ws from 'ws'
import { createPanelClient } from '../../src/lib/supabase/panel-client.ts'
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
  /** The refresh token each refresh of the window presented: one per token means no repeats. */
  refreshTokensUsed: string[]
  /** Every table pulled without error after the window. */
  pulledAfterWindow: boolean
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
  const refreshTokensUsed: string[] = []
  const countingFetch: typeof fetch = (input, init) => {
    lastRequestAt = Date.now()
    if (counting) {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
      byPath[url.pathname] = (byPath[url.pathname] ?? 0) + 1
      if (url.searchParams.get('grant_type') === 'refresh_token' && typeof init?.body === 'string') {
        refreshTokensUsed.push(String((JSON.parse(init.body) as { refresh_token?: unknown }).refresh_token))
      }
    }
    return fetch(input, init)
  }
  const network = manualNetwork(true)
  const panel = createPanelClient(o.url, o.anonKey, {
    auth: { persistSession: false },
    env: { online: () => network.isOnline(), onWake: (listener) => network.subscribe((online) => online && listener()) },
    fetch: countingFetch,
    realtimeTransport: ws,
  })
  const supabase = panel.client
  const { data, error } = await supabase.auth.signInWithPassword({ email: o.email, password: o.password })
  if (error || !data.user) throw new Error(`inicio de sesión: ${error?.message}`)
  let pulledAfterWindow: boolean
  const session = await SyncSession.open({
    supabase,
    user: { id: data.user.id, email: o.email, isAdmin: false },
    storage: getRxStorageMemory(),
    databaseName: `idle-${Date.now()}`,
    network,
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
    const after = new Date().toISOString()
    session.resync()
    const pulled = () => Object.values(session.status.getState().collections).every((c) => (c.lastPulledAt ?? '') > after)
    await waitFor('una descarga tras la ventana', pulled, 60_000, 100).catch(() => {})
    pulledAfterWindow = pulled() && session.status.getState().error === null
  } finally {
    await session.close({ upload: false }).catch(() => {})
    panel.stop()
    await supabase.removeAllChannels()
  }
  const total = Object.values(byPath).reduce((a, b) => a + b, 0)
  return {
    windowMs: o.windowMs,
    pulls: byPath['/rest/v1/rpc/sync_pull'] ?? 0,
    refreshes: refreshTokensUsed.length,
    refreshTokensUsed,
    total,
    byPath,
    pulledAfterWindow,
  }
}
