/**
 * The conflict-log entries of one three-way merge (docs/architecture.md §5): every value
 * that lost and every concurrent value a later edit of this device replaced, with its
 * reason in Spanish. The value that loses is logged whichever edit uploaded first: when
 * ours lost, and when our later edit replaces a value another device already uploaded
 * (that device's upload was accepted and never sees a conflict, so only this device can tell).
 */
import { UPDATED_AT, type TableDef } from '../tables/table-def.ts'
import type { Row } from '../tables/rows.ts'
import type { ConflictEntry } from '../status/types.ts'
import type { MergeOutcome } from './three-way-merge.ts'

export function conflictEntries(
  def: TableDef,
  outcome: MergeOutcome,
  sides: { id: string; server: Row; local: Row; at: string },
  newId: () => string,
): ConflictEntry[] {
  const base = {
    collection: def.name,
    label: def.label,
    docId: sides.id,
    localUpdatedAt: (sides.local[UPDATED_AT] as string | undefined) ?? null,
    serverUpdatedAt: (sides.server[UPDATED_AT] as string | undefined) ?? null,
    at: sides.at,
  }
  return [
    ...outcome.lost.map((lost) => ({
      ...base,
      id: newId(),
      field: lost.field,
      localValue: lost.localValue ?? null,
      serverValue: lost.serverValue ?? null,
      kept: 'server' as const,
      reason: lost.reason === 'rule' ? lost.rule! : 'Otro dispositivo guardó un cambio más reciente en este campo.',
    })),
    ...outcome.overwrote.map((o) => ({
      ...base,
      id: newId(),
      field: o.field,
      localValue: o.localValue ?? null,
      serverValue: o.serverValue ?? null,
      kept: 'local' as const,
      reason: 'Este equipo guardó un cambio más reciente en este campo y reemplazó el valor de otro dispositivo.',
    })),
  ]
}
