/**
 * The sync session's side of authentication (docs/architecture.md §5, docs/decisions/0003-sync.md,
 * 0024-sync-refusals-conflicts-efficiency.md). Kept apart from the session's lifecycle
 * (sync/session.ts) because it is its own small state machine: whether the session can
 * send anything (signed in), a single shared refresh when the server answers 401, and
 * which auth events resume the replication. The routine renewal of the token belongs to
 * the app's client (src/lib/supabase/panel-client.ts, 0026); this is the fallback when a
 * request was refused anyway.
 *
 * It also builds the retry context every backend call runs with (replication/retry.ts):
 * offline or signed out nothing is attempted, a 401 refreshes here first, and each failure
 * is shown on the error board under its source.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Classified } from '../errors/classify.ts'
import type { RefreshOutcome, RetryContext } from '../replication/retry.ts'
import type { ErrorBoard } from '../status/error-board.ts'
import type { SyncEvent } from '../status/status-machine.ts'
import type { NetworkMonitor } from './network.ts'
import type { Waker } from './waker.ts'

export interface AuthKeeperEnv {
  supabase: SupabaseClient
  network: NetworkMonitor
  waker: Waker
  errors: ErrorBoard
  /** Tells the status machine what a request or an auth event taught (docs/decisions/0035). */
  report(event: SyncEvent): void
  closed(): boolean
  /** Pull every table now: called when something waited for a session and it is back. */
  resume(): void
}

const SESSION_ENDED = 'Tu sesión terminó. Inicia sesión de nuevo para sincronizar; tus cambios pendientes se conservan.'

export class AuthKeeper {
  private signedIn = true
  private refreshing: Promise<RefreshOutcome> | null = null
  /** A refresh failed for a transient reason: retries wait for the next token. */
  private retryWaiting = false

  constructor(private readonly env: AuthKeeperEnv) {}

  /** Follows supabase-js's auth events; returns the unsubscribe. */
  start(): () => void {
    const { data } = this.env.supabase.auth.onAuthStateChange((event) => this.onAuthEvent(event))
    void this.checkStoredSession()
    return () => data.subscription.unsubscribe()
  }

  /**
   * Reads the stored server session once, so the status knows it before any request
   * answers. A session opened without a server session (signed in offline, then reloaded: the
   * password is gone) is told so at once: the server may still answer (the anon key),
   * but nothing syncs until the user signs in, and the status must not say 'En línea'
   * with 'Todo sincronizado' meanwhile (docs/decisions/0035). Status only: requests
   * still go out and take the usual 401 path.
   */
  private async checkStoredSession() {
    try {
      const { data } = await this.env.supabase.auth.getSession()
      if (this.env.closed()) return
      if (data.session) {
        this.env.report({ type: 'session-renewed' })
        return
      }
      // Status only (its banner comes from the model): the error board's 'session' entry
      // is cleared by an auth event, which a session never signed in may not get.
      this.env.report({ type: 'session-expired' })
    } catch {
      // Storage unreadable: the 401 path still finds out.
    }
  }

  /** False after a refresh failed for good or the user signed out, until a new session. */
  isSignedIn(): boolean {
    return this.signedIn
  }

  retryContext(stopped: () => boolean, source: string): RetryContext {
    return {
      stopped: () => this.env.closed() || stopped(),
      online: () => this.env.network.isOnline(),
      signedIn: () => this.signedIn,
      pause: (ms) => this.env.waker.sleep(ms),
      refreshAuth: () => this.refresh(),
      onFailure: (f) => this.onFailure(source, f),
    }
  }

  /** One refresh shared by every caller that got a 401 meanwhile. */
  refresh(): Promise<RefreshOutcome> {
    this.refreshing ??= (async (): Promise<RefreshOutcome> => {
      try {
        const { data, error } = await this.env.supabase.auth.refreshSession()
        if (!error && data.session) return 'ok'
        const status = (error as { status?: number } | null)?.status ?? 0
        if (error && (error.name === 'AuthRetryableFetchError' || status === 0 || status >= 500)) {
          this.retryWaiting = true
          return 'retry'
        }
        // The refresh token is gone or revoked: supabase-js signs the user out. Every
        // pending write stays on the device for this user's next sign-in.
        this.signedIn = false
        this.env.report({ type: 'server-answered' })
        this.env.report({ type: 'session-expired' })
        this.env.errors.set('session', { message: SESSION_ENDED, code: 'auth' })
        return 'signed-out'
      } catch {
        this.retryWaiting = true
        return 'retry'
      } finally {
        this.refreshing = null
      }
    })()
    return this.refreshing
  }

  private onAuthEvent(event: string) {
    if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED') {
      // Resume only when something was waiting for a session (0024). A token refresh is
      // not news otherwise: with short tokens a pull per refresh made an endless loop
      // (~70 requests/s while idle).
      const waiting = !this.signedIn || this.retryWaiting
      this.retryWaiting = false
      this.env.errors.clear('session')
      this.signedIn = true
      this.env.report({ type: 'session-renewed' })
      if (waiting) this.env.resume()
    } else if (event === 'SIGNED_OUT') {
      // Nothing can be sent without a session; writes wait for this user's next sign-in.
      this.signedIn = false
      this.env.report({ type: 'session-expired' })
    }
  }

  private onFailure(source: string, f: Classified) {
    if (f.status === 0) {
      // No answer: with the network up, the server is out of reach. The status machine
      // says so in the chip and the banner (one wording); offline the chip says it.
      if (this.env.network.isOnline()) this.env.report({ type: 'server-unreachable' })
      return
    }
    this.env.report({ type: 'server-answered' })
    const message =
      f.disposition === 'auth'
        ? 'La sesión expiró; renovando el acceso…'
        : f.disposition === 'incompatible'
          ? 'El servidor no tiene instalada la sincronización (falta una migración). Se reintentará.'
          : `El servidor no respondió bien (HTTP ${f.status}). Se reintentará automáticamente.`
    this.env.errors.set(source, { message, code: f.code || String(f.status) })
  }
}
