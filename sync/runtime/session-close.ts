/**
 * How a sync session ends (sync/session.ts `close`). Erasing the device's data uploads
 * what waits first and removes the database only when nothing is left (or when forced);
 * any other sign-out parks what could not upload under the user (a shift change,
 * docs/decisions/0035-estado-de-sincronizacion.md §3) and keeps the database.
 */
import type { RxDatabase } from 'rxdb'
import type { CloseOptions, CloseResult } from '../session-options.ts'
import type { SyncStatusStore } from '../status/status-store.ts'

export interface CloseEnv {
  database: RxDatabase
  status: SyncStatusStore
  /** Online and signed in: an upload can be tried. */
  canUpload(): boolean
  waitForUpload(timeoutMs: number): Promise<boolean>
  /** Cash closes (docs/decisions/0038-cierre-de-caja.md): sends those waiting; how many still wait. */
  cierres: { send(): Promise<unknown>; waiting(): Promise<number> }
  /** Every document checked, not the status store's debounced figure. */
  pendingTotalFull(): Promise<number>
  /** Counts what waits and publishes it; the store's total. */
  refreshPending(): Promise<number>
  /** This tab replicates (only the leader can read and park the queue). */
  leader: boolean
  parkPending(): Promise<unknown>
  /** Records the queue's owner before the database closes (status/queue-owner.ts). */
  flushQueueOwner(): Promise<unknown>
  /** Stops every replication, trigger and subscription. */
  shutdown(): Promise<void>
  log(message: string): void
}

export async function closeSession(env: CloseEnv, options: CloseOptions): Promise<CloseResult> {
  if (options.upload) {
    if (env.canUpload()) await env.waitForUpload(options.timeoutMs ?? 20_000)
    if (env.canUpload()) await env.cierres.send()
    // Every document is checked: deleting the database on a wrong "nothing pending"
    // would lose data. Cash closes still waiting count too (any author's).
    const pending = (await env.pendingTotalFull()) + (await env.cierres.waiting())
    if (pending > 0 && !options.force) return { uploaded: false, pending, removed: false }
    env.status.setState({ phase: 'closing' })
    await env.shutdown()
    await env.database.remove()
    env.status.setState({ phase: 'closed' })
    return { uploaded: pending === 0, pending, removed: true }
  }
  // What could not upload is parked under this user, so a colleague can sign in and
  // work here; what could not be parked stays in the queue.
  if (env.leader && (await env.refreshPending().catch(() => 1)) > 0) {
    await env.parkPending().catch((error: unknown) => env.log(`cambio de turno: ${String(error)}`))
  }
  // Counted and published, so the queue's owner is recorded before the database
  // closes: the next user to sign in on this device is checked against it.
  const pending = await env.refreshPending().catch(() => env.status.getState().pendingTotal)
  await env.flushQueueOwner()
  env.status.setState({ phase: 'closing' })
  await env.shutdown()
  await env.database.close()
  env.status.setState({ phase: 'closed' })
  return { uploaded: pending === 0, pending, removed: false }
}
