/**
 * React access to the sync status: the session itself, the status store (with a
 * selector) and the 'Problemas de sincronización' lists.
 */
import { useCallback, useSyncExternalStore } from 'react'
import type { SyncSession } from '@sync/session.ts'
import { initialStatus, type ConflictEntry, type ParkedGroup, type RefusalResolution, type RefusedWrite, type SyncStatus } from '@sync/status/types.ts'
import type { ProblemKind } from '@sync/status/problem-log.ts'
import { getSyncSession, subscribeSyncSession } from './session-holder.ts'

/** What the hooks report while no session is open (signed out or still opening). */
const NO_SESSION: SyncStatus = {
  ...initialStatus([], typeof navigator === 'undefined' ? true : navigator.onLine, false),
  phase: 'closed',
}

export function useSyncSession(): SyncSession | null {
  return useSyncExternalStore(subscribeSyncSession, getSyncSession, getSyncSession)
}

/**
 * The status, or the part `select` picks. `select` must return stable values (a field,
 * a primitive): it runs on every store change.
 */
export function useSyncStatus(): SyncStatus
export function useSyncStatus<T>(select: (status: SyncStatus) => T): T
export function useSyncStatus<T>(select?: (status: SyncStatus) => T): T | SyncStatus {
  const session = useSyncSession()
  const subscribe = useCallback((onChange: () => void) => (session ? session.status.subscribe(onChange) : () => {}), [session])
  const snapshot = () => {
    const status = session ? session.status.getState() : NO_SESSION
    return select ? select(status) : status
  }
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

export interface SyncProblems {
  refused: RefusedWrite[]
  conflicts: ConflictEntry[]
  /** Other staff's writes parked on this tablet until they sign in here again. */
  parked: ParkedGroup[]
  /** Administrators: turns a user's parked writes into refused writes (docs/decisions/0035 §4). */
  setAside(userId: string): Promise<void>
  dismiss(kind: ProblemKind, id: string): Promise<void>
  dismissAll(kind: ProblemKind): Promise<void>
  resolve(id: string, resolution: RefusalResolution): Promise<void>
}

/** Refused writes and conflict-log entries, readable and dismissable by staff. */
export function useSyncProblems(): SyncProblems {
  const session = useSyncSession()
  const refused = useSyncStatus((s) => s.refused)
  const conflicts = useSyncStatus((s) => s.conflicts)
  const parked = useSyncStatus((s) => s.parked)
  const dismiss = useCallback(async (kind: ProblemKind, id: string) => session?.problems.dismiss(kind, id), [session])
  const dismissAll = useCallback(async (kind: ProblemKind) => session?.problems.dismissAll(kind), [session])
  const resolve = useCallback(async (id: string, resolution: RefusalResolution) => session?.problems.resolve(id, resolution), [session])
  const setAside = useCallback(async (userId: string) => void (await session?.setAsideParked(userId)), [session])
  return { refused, conflicts, parked, setAside, dismiss, dismissAll, resolve }
}
