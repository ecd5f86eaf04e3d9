/**
 * Writes parked under their author (docs/decisions/0035-estado-de-sincronizacion.md §3–4).
 * A user who signs out while writes of theirs cannot upload leaves them here, in a local
 * document of the device database, and the tablet's records go back to what the server
 * last said: the next colleague works on the server's state and uploads only their own
 * writes. The author's next sign-in on this tablet writes them back on top of the current
 * records (their changed fields only) and they upload under the author's session. An
 * administrator can set a group aside: it becomes refused writes in 'Problemas de
 * sincronización', with the typed values kept, and nothing uploads under another name.
 */
import type { Observable } from 'rxjs'
import type { RxDatabase } from 'rxdb'
import { localList } from './local-list.ts'
import type { ParkedGroup, ParkedWrite, RefusedWrite } from './types.ts'

const DOC_ID = 'cambios-retenidos'

export interface ParkedStore {
  readonly groups$: Observable<ParkedGroup[]>
  groups(): Promise<ParkedGroup[]>
  /**
   * Adds writes to their author's group. A record parked again keeps the base it was
   * first parked on (the server state the author worked from) and takes the newer values.
   */
  add(user: { id: string; email: string | null }, writes: ParkedWrite[]): Promise<void>
  /** Removes a user's group (after it was written back or set aside). */
  remove(userId: string): Promise<void>
}

export function createParkedStore(db: RxDatabase): ParkedStore {
  const list = localList<ParkedGroup>(db, DOC_ID, 'groups')
  const write = (change: (groups: ParkedGroup[]) => ParkedGroup[]) => list.update((groups) => change(groups).filter((g) => g.writes.length > 0))

  return {
    groups$: list.items$,
    groups: list.read,
    add: (user, writes) =>
      writes.length === 0
        ? Promise.resolve()
        : write((groups) => {
            const existing = groups.find((g) => g.userId === user.id)
            const merged = mergeWrites(existing?.writes ?? [], writes)
            const group: ParkedGroup = { userId: user.id, email: user.email ?? existing?.email ?? null, writes: merged }
            return [...groups.filter((g) => g.userId !== user.id), group]
          }),
    remove: (userId) => write((groups) => groups.filter((g) => g.userId !== userId)),
  }
}

function mergeWrites(old: ParkedWrite[], added: ParkedWrite[]): ParkedWrite[] {
  const key = (w: ParkedWrite) => `${w.table}|${w.docId}`
  const byKey = new Map(old.map((w) => [key(w), w]))
  for (const w of added) {
    const first = byKey.get(key(w))
    byKey.set(key(w), first ? { ...w, base: first.base, operation: first.base === null ? 'insert' : w.operation } : w)
  }
  return [...byKey.values()]
}

/** A parked write set aside by an administrator, as a refused write of the problems list. */
export function setAsideEntry(write: ParkedWrite, author: string, id: string, at: string): RefusedWrite {
  return {
    id,
    collection: write.table,
    label: write.label,
    docId: write.docId,
    operation: write.operation,
    code: 'retenido',
    constraint: null,
    reason: `Cambio de ${author} apartado por un administrador; no se subió.`,
    serverMessage: null,
    localVersion: { ...write.local },
    serverVersion: write.base ? { ...write.base } : null,
    at,
  }
}
