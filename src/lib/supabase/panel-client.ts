/**
 * The control panel's supabase-js client and the renewal of its access token: once per
 * token lifetime (docs/decisions/0026-token-refresh.md).
 *
 * Why not supabase-js's own auto-refresh: it treats a token as expired 90 s before its
 * end, and every request asks it for the session. With tokens shorter than that margin
 * (`npm start -- --jwt-expiry 60`) each request, each realtime heartbeat and each 30 s
 * tick renewed the token: 2–6 refreshes a minute instead of one.
 *
 * So the client is built from two supabase-js clients with documented options only:
 * - one whose `auth` handles sign-in, sign-out, sessions and their storage exactly as
 *   before, with `autoRefreshToken: false`;
 * - one for data (REST, RPC, functions, realtime) configured with `accessToken`, which
 *   sends the token the keeper below holds instead of asking `auth.getSession()`.
 * The caller sees one SupabaseClient whose `auth` is the first one's.
 *
 * The keeper learns every token from the auth events (this tab's and, through
 * supabase-js's broadcast, other tabs'), renews it at `refreshDueAt` (src/domain/token-refresh.ts),
 * never tries while offline (supabase-js keeps the session after a network failure, so an
 * expired token offline never signs anyone out), and tries again when the network returns
 * or the page becomes visible (a background tab's timers may not have run). A token about
 * to expire is renewed before a request uses it; a 401 still goes through the sync layer's
 * refresh-and-retry (sync/runtime/auth-keeper.ts).
 */
import { createClient, type AuthChangeEvent, type Session, type SupabaseClient } from '@supabase/supabase-js'
import { mustRefreshBeforeUse, refreshDueAt, refreshRetryDelay, type TokenTimes } from '@/domain/token-refresh.ts'

export interface PanelClientEnv {
  online(): boolean
  /** Calls `listener` when the network returns or the page becomes visible; returns the unsubscribe. */
  onWake(listener: () => void): () => void
}

export interface PanelClientOptions {
  /** Browser: persisted under a fixed key; Node (tests): in memory. */
  auth: { persistSession: boolean; storageKey?: string }
  env: PanelClientEnv
  fetch?: typeof fetch
  /** Node has no global WebSocket: tests pass the `ws` package. */
  realtimeTransport?: unknown
}

export interface PanelClient {
  client: SupabaseClient
  /** Stops the renewal timer and the listeners (tests; the app keeps one client per tab). */
  stop(): void
}

export function createPanelClient(url: string, anonKey: string, o: PanelClientOptions): PanelClient {
  const global = o.fetch ? { fetch: o.fetch } : {}
  // Both build a realtime client (only the second one's ever connects).
  const realtime = o.realtimeTransport ? { realtime: { transport: o.realtimeTransport as typeof WebSocket } } : {}
  const { auth } = createClient(url, anonKey, {
    auth: { ...o.auth, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'implicit' },
    global,
    ...realtime,
  })
  const keeper = new TokenKeeper(auth, o.env)
  const client = createClient(url, anonKey, { accessToken: () => keeper.token(), global, ...realtime })
  Object.defineProperty(client, 'auth', { value: auth })
  // Open realtime channels get the new token now, not at the next heartbeat.
  keeper.onToken = () => void client.realtime.setAuth().catch(() => {})
  return { client, stop: () => keeper.stop() }
}

type Auth = SupabaseClient['auth']

class TokenKeeper {
  onToken: () => void = () => {}
  private session: Session | null = null
  private readonly ready: Promise<void>
  private markReady: () => void = () => {}
  private timer: ReturnType<typeof setTimeout> | undefined
  private failures = 0
  private refreshing: Promise<void> | null = null
  private stopped = false
  private readonly cleanups: Array<() => void> = []

  constructor(
    private readonly auth: Auth,
    private readonly env: PanelClientEnv,
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve))
    const { data } = auth.onAuthStateChange((event, session) => this.onAuthEvent(event, session))
    this.cleanups.push(() => data.subscription.unsubscribe())
    this.cleanups.push(env.onWake(() => this.onWake()))
  }

  /** The access token for a request: renewed first if it is about to expire and the device is online. */
  async token(): Promise<string | null> {
    await this.ready
    const times = tokenTimes(this.session)
    if (times && mustRefreshBeforeUse(times.expiresAt, Date.now()) && this.env.online()) await this.refresh()
    return this.session?.access_token ?? null
  }

  stop() {
    this.stopped = true
    clearTimeout(this.timer)
    for (const c of this.cleanups.splice(0)) c()
  }

  private onAuthEvent(_event: AuthChangeEvent, session: Session | null) {
    // Every event carries the current session (null once signed out).
    const changed = session?.access_token !== this.session?.access_token
    this.session = session
    this.markReady()
    if (!changed) return
    this.failures = 0
    this.schedule()
    // Outside the callback: supabase-js may hold its lock while callbacks run.
    setTimeout(() => this.onToken(), 0)
  }

  private onWake() {
    const times = tokenTimes(this.session)
    if (times && Date.now() >= refreshDueAt(times)) void this.refresh()
  }

  private schedule(delay?: number) {
    clearTimeout(this.timer)
    const times = tokenTimes(this.session)
    if (this.stopped || !times) return
    const wait = delay ?? Math.max(0, refreshDueAt(times) - Date.now())
    this.timer = setTimeout(() => void this.refresh(), wait)
  }

  private refresh(): Promise<void> {
    this.refreshing ??= this.renew().finally(() => (this.refreshing = null))
    return this.refreshing
  }

  private async renew() {
    clearTimeout(this.timer)
    // Offline nothing is tried: the network's return (onWake) renews.
    if (this.stopped || !this.session || !this.env.online()) return
    const before = this.session.access_token
    // When due, a token has at most a minute left: inside supabase-js's 90 s margin, so
    // getSession() renews it, with one request. refreshSession() would make two (it loads
    // the session, which renews it, and then renews that one); it is only the fallback
    // for a token outside the margin.
    const loaded = await this.auth.getSession()
    if (loaded.data.session && loaded.data.session.access_token !== before) return // TOKEN_REFRESHED scheduled the next one
    const { data, error } = loaded.error ? { data: { session: null }, error: loaded.error } : await this.auth.refreshSession()
    if (!error && data.session) return
    if (!error || isTransient(error)) {
      this.schedule(refreshRetryDelay(this.failures++))
    }
    // Refused for good (refresh token revoked): supabase-js ends the session when the
    // access token expires, and the panel asks the user to sign in again.
  }
}

/** Lifetime of the session's access token, from what the server answered (expires_at − expires_in). */
function tokenTimes(session: Session | null): TokenTimes | null {
  if (!session?.expires_at || !session.expires_in) return null
  const expiresAt = session.expires_at * 1000
  return { issuedAt: expiresAt - session.expires_in * 1000, expiresAt }
}

function isTransient(error: { name?: string; status?: number }): boolean {
  const status = error.status ?? 0
  return error.name === 'AuthRetryableFetchError' || status === 0 || status >= 500
}
