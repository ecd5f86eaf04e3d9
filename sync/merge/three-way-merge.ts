/**
 * Field-level three-way merge of a push conflict (docs/architecture.md §5).
 *
 *   base   = the server version the device last saw (RxDB's assumedMasterState)
 *   server = the server version now (realMasterState)
 *   local  = the device's version (newDocumentState)
 *
 * A field changed on one side only takes that side. A field changed on both sides
 * takes the side with the later `updated_at` (ties go to the server, so every device
 * decides the same way); when the device loses, its value is reported so it can be
 * kept in the conflict log. Business rules (merge/business-rules.ts) may then pin
 * fields to the server's value. No I/O; the clock is injectable.
 */
import { nextTimestamp, valuesEqual } from '../values/canonical.ts'
import { SYNC_MODIFIED, SYNC_XID, UPDATED_AT, type TableDef } from '../tables/table-def.ts'
import type { LocalDoc, Row } from '../tables/rows.ts'
import { businessRules, type BusinessRule } from './business-rules.ts'

export interface LostValue {
  field: string
  localValue: unknown
  serverValue: unknown
  /** 'later-edit': the server's edit is more recent; 'rule': a business rule keeps the server's value. */
  reason: 'later-edit' | 'rule'
  /** Spanish explanation of the rule, when reason is 'rule'. */
  rule?: string
}

/** A concurrent server value this device's later edit replaced. */
export interface OverwrittenValue {
  field: string
  serverValue: unknown
  localValue: unknown
}

export interface MergeInput {
  base?: Row | undefined
  server: LocalDoc
  local: LocalDoc
  /** Clock for the merged version: a timestamp later than `after` (default: the device clock). */
  stamp?: ((after: string) => string) | undefined
}

export interface MergeOutcome {
  doc: LocalDoc
  lost: LostValue[]
  overwrote: OverwrittenValue[]
}

/** Fields the merge decides; the key, the clock and server-owned columns are not among them. */
export function mergedFields(def: TableDef): string[] {
  return [
    ...Object.entries(def.columns)
      .filter(([name, c]) => name !== def.primaryKey && name !== UPDATED_AT && !c.serverOwned)
      .map(([name]) => name),
    '_deleted',
  ]
}

export function threeWayMerge(def: TableDef, input: MergeInput, rules: readonly BusinessRule[] = businessRules(def.name)): MergeOutcome {
  const { base, server, local } = input
  const serverClock = stringOrEmpty(server[UPDATED_AT])
  const localClock = stringOrEmpty(local[UPDATED_AT])
  const localIsLater = localClock > serverClock
  // Same clock on both sides: the server row holds this very write, perhaps reshaped
  // by a trigger (seen when a retry follows a lost acknowledgement). Its spelling is
  // the truth and nothing of ours was lost.
  const sameWrite = localClock !== '' && localClock === serverClock
  const doc: Row = { ...server }
  const lost: LostValue[] = []
  const overwrote: OverwrittenValue[] = []
  let keptLocal = false

  for (const field of mergedFields(def)) {
    const l = local[field]
    const s = server[field]
    if (valuesEqual(l, s)) continue
    if (base && valuesEqual(l, base[field])) continue // only the server changed it
    if (base && valuesEqual(s, base[field])) {
      doc[field] = l // only this device changed it
      keptLocal = true
    } else if (localIsLater) {
      doc[field] = l
      keptLocal = true
      overwrote.push({ field, serverValue: s, localValue: l })
    } else if (!sameWrite) {
      lost.push({ field, localValue: l, serverValue: s, reason: 'later-edit' })
    }
  }

  for (const rule of rules) {
    for (const pinned of rule.pin({ base, server, local, merged: doc })) {
      const { field } = pinned
      if (!valuesEqual(doc[field], pinned.value)) {
        if (valuesEqual(pinned.value, server[field]) && !valuesEqual(local[field], server[field])) {
          lost.push({ field, localValue: local[field], serverValue: server[field], reason: 'rule', rule: rule.description })
        }
        doc[field] = pinned.value
        const i = overwrote.findIndex((o) => o.field === field)
        if (i >= 0) overwrote.splice(i, 1)
      }
    }
  }

  // If something of ours survived, the merged version is a new edit made on top of
  // the server's: it gets a clock later than both sides (never equal to the server's,
  // or a later merge would mistake it for an echo of the same write).
  keptLocal = keptLocal && mergedFields(def).some((f) => !valuesEqual(doc[f], server[f]))
  doc[UPDATED_AT] = keptLocal ? (input.stamp ?? nextTimestamp)(laterOf(localClock, serverClock)) : server[UPDATED_AT]
  doc[def.primaryKey] = server[def.primaryKey]
  doc[SYNC_XID] = server[SYNC_XID]
  doc[SYNC_MODIFIED] = server[SYNC_MODIFIED]
  return { doc: doc as LocalDoc, lost, overwrote }
}

function stringOrEmpty(v: unknown): string {
  return typeof v === 'string' ? v : ''
}

function laterOf(a: string, b: string): string {
  return a > b ? a : b
}
