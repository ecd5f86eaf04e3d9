/**
 * One push batch to the server and its answers, row by row (the push half of
 * table-sync.ts; docs/decisions/0033 for the batch limits).
 *
 * A batch larger than the server takes goes in several calls, in order; a request the
 * server refuses as a whole is judged row by row; rows missing a parent row another table
 * has not uploaded yet are retried while other writes wait; every answer lands in
 * `outcome`: conflicts (the server's rows, merged by the conflict handler), refusals (for
 * 'Problemas de sincronización', the server's state forced back on the device) and the ids
 * answered.
 */
import { SyncRequestError } from '../errors/classify.ts'
import { refusalReason } from '../errors/refusal-reason.ts'
import { fromServerRow, toServerRow, type LocalDoc } from '../tables/rows.ts'
import type { TableDef } from '../tables/table-def.ts'
import type { RefusedWrite, WriteOperation } from '../status/types.ts'
import { nowTimestamp } from '../values/canonical.ts'
import type { PushRow, PushRowResult, SyncBackend } from './backend.ts'
import { backoffDelay, retrying, type RetryContext } from './retry.ts'
import { isPushTooLarge, jsonBytes, splitForPush } from './push-batches.ts'
import { duplicateOf, serverRowOf } from './push-lookups.ts'

export interface SendOutcome {
  conflicts: LocalDoc[]
  refused: RefusedWrite[]
  /** Ids the server gave an answer for (applied, conflict or refused). */
  answered: Set<string>
}

export interface PendingWork {
  local: LocalDoc
  assumed: LocalDoc | undefined
  operation: WriteOperation
}

/** What a table's push needs to send: its table, the server, and its replication's state. */
export interface PushSender {
  def: TableDef
  env: {
    backend: SyncBackend
    retryContext(stopped: () => boolean, source: string): RetryContext
    pause(ms: number): Promise<void>
    /** Local writes of other tables are still waiting to upload. */
    othersPending(table: string): Promise<boolean>
    newId(): string
    log(message: string): void
  }
  /** The columns a push writes (pushColumns). */
  columns: string[]
  /** Server states forced after a refusal, taken verbatim by the conflict handler. */
  forced: Map<string, LocalDoc>
  /** The push must stop retrying (replication stopped, or the session parks what waits). */
  stopped: () => boolean
}

/** How many times a batch whose rows miss a parent row is retried while parents upload. */
const FOREIGN_KEY_RETRIES = 6

export async function sendPush(sender: PushSender, work: PendingWork[], outcome: SendOutcome, foreignKeyAttempt = 0): Promise<void> {
  if (work.length === 0) return
  const payload: PushRow[] = work.map((w) => ({
    n: toServerRow(sender.def, w.local),
    // An insert over a tombstone the server may never have had (a parked or refused
    // new record written back) goes as an insert; see operationOf.
    a: w.assumed && w.operation !== 'insert' ? toServerRow(sender.def, w.assumed) : null,
  }))
  // The server takes at most PUSH_MAX_ROWS rows and about a megabyte per call
  // (docs/decisions/0033): a larger batch goes in several calls, in order.
  if (payload.length > 1) {
    const sizes = payload.map(jsonBytes)
    const groups = splitForPush(
      work.map((_, i) => i),
      (i) => sizes[i]!,
    )
    if (groups.length > 1) {
      sender.env.log(`${sender.def.name}: ${work.length} fila(s) en ${groups.length} llamadas`)
      for (const g of groups) await sendPush(sender, g.map((i) => work[i]!), outcome, foreignKeyAttempt)
      return
    }
  }
  let results: PushRowResult[]
  try {
    const ctx = sender.env.retryContext(sender.stopped, `push:${sender.def.name}`)
    results = (await retrying(ctx, () => sender.env.backend.push(sender.def.name, sender.columns, payload))).results
  } catch (error) {
    if (!(error instanceof SyncRequestError) || error.failure.disposition !== 'refused') throw error
    // Still too much for one call (a server with a lower cap): halve and send again.
    if (isPushTooLarge(error.failure) && work.length > 1) {
      const half = Math.ceil(work.length / 2)
      sender.env.log(`${sender.def.name}: el servidor pidió lotes más pequeños; ${work.length} fila(s) en 2 llamadas`)
      await sendPush(sender, work.slice(0, half), outcome, foreignKeyAttempt)
      await sendPush(sender, work.slice(half), outcome, foreignKeyAttempt)
      return
    }
    // The server refused the request as a whole: judge each row alone.
    if (work.length > 1) {
      for (const w of work) await sendPush(sender, [w], outcome, foreignKeyAttempt)
      return
    }
    const f = error.failure
    results = [{ i: 0, s: 'refused', code: f.code || `HTTP${f.status}`, message: f.message, row: await serverRowOf(sender.def, sender.env.backend, sender.env.retryContext(sender.stopped, `push:${sender.def.name}`), work[0]!.local) }]
  }

  // A row may reference a parent row that another table has not uploaded yet (tables
  // replicate independently). Retrying the whole batch is safe: rows that were
  // applied are recognised as such (idempotent), so only the orphans are re-judged.
  // Always once (the parent may have landed between our attempt and now), then while
  // other local writes are still waiting.
  const missingParent = results.some((r) => r.s === 'refused' && r.code === '23503')
  if (
    missingParent &&
    foreignKeyAttempt < FOREIGN_KEY_RETRIES &&
    (foreignKeyAttempt === 0 || (await sender.env.othersPending(sender.def.name)))
  ) {
    await sender.env.pause(backoffDelay(foreignKeyAttempt, 'retry'))
    return sendPush(sender, work, outcome, foreignKeyAttempt + 1)
  }

  const at = nowTimestamp()
  const undeletes: PendingWork[] = []
  for (const r of results) {
    const w = work[r.i]
    if (!w) continue
    if (r.s === 'conflict' && r.row && w.operation === 'insert' && w.assumed?._deleted && r.row._deleted) {
      // The server does have the deleted row: bring it back as the update it is.
      undeletes.push({ local: w.local, assumed: fromServerRow(sender.def, r.row), operation: 'update' })
      continue
    }
    if (r.s === 'conflict' && r.row) {
      outcome.conflicts.push(fromServerRow(sender.def, r.row))
      continue
    }
    const serverVersion = r.row ? fromServerRow(sender.def, r.row) : null
    // Take the server's state back; a row the server does not have (or hides) is
    // removed locally.
    const state: LocalDoc = serverVersion ?? { ...w.local, _deleted: true }
    const id = String(w.local[sender.def.primaryKey])
    sender.forced.set(id, state)
    outcome.conflicts.push(state)
    outcome.refused.push({
      id: sender.env.newId(),
      collection: sender.def.name,
      label: sender.def.label,
      docId: id,
      operation: w.operation,
      code: r.code ?? '',
      constraint: r.constraint ?? null,
      reason: refusalReason(sender.def, {
        code: r.code ?? '',
        message: r.message ?? null,
        details: r.details ?? null,
        constraint: r.constraint ?? null,
      }),
      serverMessage: r.message ?? null,
      localVersion: { ...w.local },
      serverVersion,
      duplicate: r.code === '23505' && r.constraint ? await duplicateOf(sender.def, sender.env.backend, (m) => sender.env.log(m), r.constraint, w.local) : null,
      at,
    })
  }
  // Answered: all but the rows sent again (they count once their second answer came).
  const again = new Set(undeletes.map((w) => w.local))
  for (const w of work) if (!again.has(w.local)) outcome.answered.add(String(w.local[sender.def.primaryKey]))
  if (undeletes.length > 0) await sendPush(sender, undeletes, outcome, foreignKeyAttempt)
}
