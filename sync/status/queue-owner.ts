/**
 * Whose writes are waiting to upload on this device (docs/decisions/0023-device-database.md).
 * The device database is shared by every staff member, but a write must reach the
 * server under the identity of whoever made it (RLS and triggers judge it as theirs).
 * The upload queue therefore has one owner: the user whose session left writes waiting.
 * While that queue is not empty another user cannot open a session on the device
 * (QueueHeldError): the owner signs in with a connection and the queue uploads under
 * their session, or the owner erases the device's data.
 *
 * Since docs/decisions/0035-estado-de-sincronizacion.md §3 a sign-out parks the writes
 * that could not upload under their author (runtime/shift-change.ts), so the queue is
 * empty for the next user; this rule is the fallback for writes that could not be parked.
 *
 * The owner is kept in a local document of the same database, so it travels with the
 * queue it describes (one store, no drift between a flag and the data).
 */
import type { RxDatabase } from 'rxdb'
import type { SyncStatusStore } from './status-store.ts'

const DOC_ID = 'cola-pendiente'

export interface QueueOwner {
  userId: string
  email: string | null
  /** Writes waiting when last counted. */
  pending: number
}

export class QueueHeldError extends Error {
  constructor(readonly owner: QueueOwner) {
    super(
      `${owner.pending === 1 ? 'Hay 1 cambio' : `Hay ${owner.pending} cambios`} de ${owner.email ?? 'otra persona'} que aún no ${owner.pending === 1 ? 'llega' : 'llegan'} al servidor.`,
    )
    this.name = 'QueueHeldError'
  }
}

interface LocalDocDb {
  getLocal(id: string): Promise<{ toJSON(): { data: unknown } } | null>
  upsertLocal(id: string, data: Record<string, unknown>): Promise<unknown>
}

export async function readQueueOwner(db: RxDatabase): Promise<QueueOwner | null> {
  const doc = await (db as unknown as LocalDocDb).getLocal(DOC_ID)
  const data = doc?.toJSON().data as QueueOwner | undefined
  return data && typeof data.userId === 'string' && data.pending > 0 ? data : null
}

/** Throws QueueHeldError when another user's writes are waiting on this database. */
export async function assertQueueFree(db: RxDatabase, userId: string): Promise<void> {
  const owner = await readQueueOwner(db)
  if (owner && owner.userId !== userId) throw new QueueHeldError(owner)
}

/**
 * Keeps the owner document in step with the counted pending total of this session
 * (only counted figures: `pendingKnown`). flush() waits for the last write (before closing).
 */
export function trackQueueOwner(
  db: RxDatabase,
  status: SyncStatusStore,
  user: { id: string; email?: string | null },
): { stop(): void; flush(): Promise<unknown> } {
  let written: string | null = null
  let queue: Promise<unknown> = Promise.resolve()
  const write = (pending: number) => {
    const data: QueueOwner = { userId: user.id, email: user.email ?? null, pending }
    const key = JSON.stringify(data)
    if (key === written) return
    written = key
    queue = queue.then(() => (db as unknown as LocalDocDb).upsertLocal(DOC_ID, { ...data })).catch(() => {})
  }
  const onStatus = (s: ReturnType<SyncStatusStore['getState']>) => {
    // Only the tab that reads the queue itself writes; the others mirror its figures.
    if (s.pendingKnown && s.replicating && !db.closed) write(s.pendingTotal)
  }
  onStatus(status.getState())
  const stop = status.subscribe(onStatus)
  return { stop, flush: () => queue }
}
