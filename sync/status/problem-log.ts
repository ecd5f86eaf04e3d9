/**
 * The persistent 'Problemas de sincronización' list: refused writes and conflict-log
 * entries. Kept in RxDB local documents of the device database, not in collections
 * (the open-source RxDB allows 13 collections per realm and the 12 tables use them),
 * so the list survives reloads and sign-outs, is shared by every tab and every staff
 * member, and goes away only with the device's data ('borrar los datos de este equipo').
 */
import type { Observable, Subscription } from 'rxjs'
import type { RxDatabase } from 'rxdb'
import { localList, serialQueue, type LocalList } from './local-list.ts'
import { dispatch, type SyncStatusStore } from './status-store.ts'
import type { ConflictEntry, RefusalResolution, RefusedWrite } from './types.ts'

const DOC_ID = { refused: 'sync-problems-refused', conflict: 'sync-problems-conflicts' } as const
export type ProblemKind = keyof typeof DOC_ID

type Entry<K extends ProblemKind> = K extends 'refused' ? RefusedWrite : ConflictEntry

export interface ProblemLog {
  readonly refused$: Observable<RefusedWrite[]>
  readonly conflicts$: Observable<ConflictEntry[]>
  list<K extends ProblemKind>(kind: K): Promise<Entry<K>[]>
  add<K extends ProblemKind>(kind: K, entries: Entry<K>[]): Promise<void>
  dismiss(kind: ProblemKind, id: string): Promise<void>
  /** Marks a refused write resolved; it stays in the log (docs/decisions/0036). */
  resolve(id: string, resolution: RefusalResolution): Promise<void>
  dismissAll(kind: ProblemKind): Promise<void>
}

function identity(e: RefusedWrite | ConflictEntry): string {
  if ('field' in e) return `c|${e.collection}|${e.docId}|${e.field}|${e.localUpdatedAt}|${e.serverUpdatedAt}`
  return `r|${e.collection}|${e.docId}|${e.code}|${String(e.localVersion.updated_at ?? '')}`
}

/**
 * `limit` bounds each list; the oldest entries go first. It is large on purpose:
 * entries are the only record of data the server refused.
 */
export function createProblemLog(db: RxDatabase, limit = 1000): ProblemLog {
  const serial = serialQueue()
  const lists = {
    refused: localList<RefusedWrite>(db, DOC_ID.refused, 'items', serial),
    conflict: localList<ConflictEntry>(db, DOC_ID.conflict, 'items', serial),
  }
  const listOf = <K extends ProblemKind>(kind: K) => lists[kind] as unknown as LocalList<Entry<K>>
  const list = <K extends ProblemKind>(kind: K): Promise<Entry<K>[]> => listOf(kind).read()
  const write = <K extends ProblemKind>(kind: K, change: (items: Entry<K>[]) => Entry<K>[]) =>
    listOf(kind).update((items) => change(items).slice(-limit))

  return {
    refused$: lists.refused.items$,
    conflicts$: lists.conflict.items$,
    list,
    add: (kind, entries) =>
      entries.length === 0
        ? Promise.resolve()
        : write(kind, (items) => {
            // The same refusal or loss reported again (a push re-sent after a crash or a
            // pause) is one problem, not two.
            const seen = new Set(items.map(identity))
            return [...items, ...entries.filter((e) => !seen.has(identity(e)))]
          }),
    dismiss: (kind, id) => write(kind, (items) => items.filter((e) => e.id !== id)),
    resolve: (id, resolution) => write('refused', (items) => items.map((e) => (e.id === id && !e.resolution ? { ...e, resolution } : e))),
    dismissAll: (kind) => write(kind, () => []),
  }
}

/** Keeps the status store's lists and the status machine's counts in step with the log. */
export function followProblems(log: ProblemLog, status: SyncStatusStore): Subscription[] {
  const count = () => {
    const { refused, conflicts } = status.getState()
    // A resolved entry stays listed but no longer counts as a problem (docs/decisions/0036).
    dispatch(status, { type: 'problems', refused: refused.filter((r) => !r.resolution).length, conflicts: conflicts.length })
  }
  return [
    log.refused$.subscribe((refused) => {
      status.setState({ refused })
      count()
    }),
    log.conflicts$.subscribe((conflicts) => {
      status.setState({ conflicts })
      count()
    }),
  ]
}
