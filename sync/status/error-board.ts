/**
 * The session's error board: errors are kept per source (a table's pull or push, the
 * session, a count, …) and each clears when its own source succeeds again, so a working
 * pull never hides a failing push. The status shows the most recent one still standing.
 */
import { dispatch, type SyncStatusStore } from './status-store.ts'
import type { SyncError } from './types.ts'

export class ErrorBoard {
  private readonly errors = new Map<string, SyncError>()

  constructor(private readonly status: SyncStatusStore) {}

  /** `source` is 'kind' or 'kind:table'; the table part is reported as `collection`. */
  set(source: string, error: Omit<SyncError, 'at'>): void {
    const table = source.includes(':') ? source.slice(source.indexOf(':') + 1) : undefined
    this.errors.set(source, { ...(table ? { collection: table } : {}), ...error, at: new Date().toISOString() })
    this.publish()
  }

  clear(...sources: string[]): void {
    let changed = false
    for (const source of sources) changed = this.errors.delete(source) || changed
    if (changed) this.publish()
  }

  /** Shows the board's error again (a tab that mirrored another's becomes the leader). */
  publish(): void {
    const latest = [...this.errors.values()].sort((a, b) => (a.at < b.at ? 1 : -1))[0] ?? null
    if (this.status.getState().error !== latest) this.status.setState({ error: latest })
    dispatch(this.status, { type: 'error', message: latest?.message ?? null })
  }
}
