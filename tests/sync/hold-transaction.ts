/**
 * Holds a server transaction open (superuser SQL) until `commit()`: on PostgreSQL any open
 * transaction with an xid holds every pull's cutoff back, and rows committed after it are
 * withheld (docs/decisions/0028-pull-retenido.md).
 */
import type { Db } from '../../supabase/local/db.ts'

export interface HeldTransaction {
  /** Resolves once the statement has run inside the transaction. */
  written: Promise<void>
  /** Ends the transaction (idempotent) and waits for its commit. */
  commit(): Promise<void>
}

export function holdTransaction(db: Db, sql = 'select pg_current_xact_id()', params: unknown[] = []): HeldTransaction {
  let commit!: () => void
  const released = new Promise<void>((resolve) => (commit = resolve))
  let wrote!: () => void
  const written = new Promise<void>((resolve) => (wrote = resolve))
  const done = db.transaction(async (tx) => {
    await tx.query(sql, params)
    wrote()
    await released
  })
  let finished = false
  return {
    written,
    commit: async () => {
      if (finished) return
      finished = true
      commit()
      await done
    },
  }
}
