/**
 * The names of the rows refused records point to (client, specialist, treatment, cita,
 * payment) of refused records and conflicts, read from the local database so a card never shows a UUID
 * (docs/decisions/0036). Re-read when the list changes.
 */
import { useEffect, useMemo, useState } from 'react'
import type { ConflictEntry, RefusedWrite } from '@sync/status/types.ts'
import { productTables, type CollectionName } from '@sync/tables/product-tables.ts'
import { referencesOf, rowName, type NameLookup } from '@/domain/column-labels.ts'
import { findDocs } from '@/lib/db/reads.ts'

export function useRefusalNames(refused: readonly RefusedWrite[], conflicts: readonly ConflictEntry[]): NameLookup {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map())
  useEffect(() => {
    let live = true
    const rows = [
      ...refused.flatMap((r) => [r.localVersion, r.serverVersion ?? {}, r.duplicate?.version ?? {}]),
      ...conflicts.flatMap((c) => [{ [c.field]: c.localValue }, { [c.field]: c.serverValue }]),
    ]
    const wanted = referencesOf(rows)
    void (async () => {
      const found = new Map<string, string>()
      for (const [table, ids] of wanted) {
        const def = productTables.find((t) => t.name === table)
        if (!def) continue
        try {
          const docs = await findDocs(table as CollectionName, { selector: { [def.primaryKey]: { $in: [...ids] } } } as never)
          for (const doc of docs as unknown as Record<string, unknown>[]) {
            const name = rowName(table, doc)
            if (name) found.set(`${table}|${String(doc[def.primaryKey]).toLowerCase()}`, name)
          }
        } catch {
          // No local database (signed out) or a table this user cannot see: the card says
          // the record is not available on this device instead of showing its id.
        }
      }
      if (live) setNames(found)
    })()
    return () => {
      live = false
    }
  }, [refused, conflicts])
  return useMemo(() => (table: string, id: string) => names.get(`${table}|${id}`) ?? null, [names])
}
