/**
 * Retrying a backend call the way the sync layer promises: network trouble, timeouts
 * and 5xx wait with exponential backoff (cut short when the network comes back or a
 * resync is asked for); a 401 refreshes the session first; while offline or signed
 * out nothing is attempted and nothing is dropped. Only a refusal of the data itself
 * escapes to the caller.
 */
import { SyncRequestError, type Classified } from '../errors/classify.ts'

export type RefreshOutcome = 'ok' | 'retry' | 'signed-out'

export interface RetryContext {
  /** The replication was paused or cancelled: abandon this attempt (RxDB resumes it later). */
  stopped(): boolean
  online(): boolean
  /** False after a refresh failed for good, until the user signs in again. */
  signedIn(): boolean
  /** Waits `ms`, or less when woken (network back, resync, sign-in, stop). */
  pause(ms: number): Promise<void>
  refreshAuth(): Promise<RefreshOutcome>
  onFailure(failure: Classified): void
}

/** Thrown to make RxDB's own loop notice the pause/cancel; never shown to people. */
export class ReplicationStopped extends Error {
  constructor() {
    super('replicación detenida')
    this.name = 'ReplicationStopped'
  }
}

/** A ReplicationStopped, also when RxDB wrapped it in its own error (`parameters.errors`). */
export function isStoppedError(error: unknown): boolean {
  const inner = (error as { parameters?: { errors?: Array<{ name?: string }> } })?.parameters?.errors ?? []
  return (error as Error)?.name === 'ReplicationStopped' || inner.some((e) => e?.name === 'ReplicationStopped')
}

const MAX_DELAY_MS = 30_000

export function backoffDelay(attempt: number, disposition: Classified['disposition'], random = Math.random): number {
  const base = disposition === 'incompatible' ? 15_000 : 500
  const delay = Math.min(MAX_DELAY_MS, base * 2 ** Math.min(attempt, 10))
  // Full jitter in the upper half: devices reconnecting together do not stampede.
  return Math.round(delay / 2 + (random() * delay) / 2)
}

export async function retrying<T>(ctx: RetryContext, op: () => Promise<T>): Promise<T> {
  let attempt = 0
  let quickAuthRetries = 0
  for (;;) {
    if (ctx.stopped()) throw new ReplicationStopped()
    if (!ctx.online() || !ctx.signedIn()) {
      await ctx.pause(60_000)
      continue
    }
    try {
      return await op()
    } catch (error) {
      if (!(error instanceof SyncRequestError)) throw error
      const failure = error.failure
      if (failure.disposition === 'refused') throw error
      ctx.onFailure(failure)
      if (failure.disposition === 'auth') {
        const outcome = await ctx.refreshAuth()
        if (outcome === 'signed-out') continue // waits above until the user signs in again
        if (outcome === 'ok' && quickAuthRetries++ < 2) continue
      }
      await ctx.pause(backoffDelay(attempt++, failure.disposition))
    }
  }
}
