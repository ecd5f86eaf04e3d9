/**
 * Which bindings listen to which published table, indexed so a change finds its
 * listeners without looking at every binding (docs/decisions/0031-realtime-filtros-en-node.md):
 * a binding with an `eq` filter is filed under that column and the value's key, so a
 * change of a row looks up only the bucket of its own value; the others are scanned.
 */
import type { CompiledFilter, RowValues } from './matcher.ts'
import type { Binding, Subscriber } from './types.ts'
import type { Codec } from './values.ts'

/** One binding on one table. */
export interface Entry {
  subscriber: Subscriber
  binding: Binding
  /** The binding's filters as compiled for this table. */
  filters: readonly CompiledFilter[]
}

interface EqColumn {
  column: string
  codec: Codec
  buckets: Map<string, Set<Entry>>
}

class TableIndex {
  readonly scan = new Set<Entry>()
  /** Keyed by column and the type the filters were compiled for. */
  readonly eq = new Map<string, EqColumn>()
  entries = 0
}

interface Placement {
  relid: number
  index: TableIndex
  entry: Entry
  eq?: { column: EqColumn; key: string }
}

export class Subscriptions {
  private byTable = new Map<number, TableIndex>()
  private placements = new Map<Subscriber, Placement[]>()

  add(subscriber: Subscriber): void {
    const placed: Placement[] = []
    for (const binding of subscriber.bindings) {
      for (const relid of binding.relids) {
        let index = this.byTable.get(relid)
        if (!index) this.byTable.set(relid, (index = new TableIndex()))
        const filters = binding.compiled.get(relid) ?? []
        const entry: Entry = { subscriber, binding, filters }
        index.entries++
        const eq = filters.find((f) => f.op === 'eq')
        if (eq?.codec && eq.key !== undefined) {
          const name = `${eq.column}\u0000${eq.type}`
          let column = index.eq.get(name)
          if (!column) index.eq.set(name, (column = { column: eq.column, codec: eq.codec, buckets: new Map() }))
          let bucket = column.buckets.get(eq.key)
          if (!bucket) column.buckets.set(eq.key, (bucket = new Set()))
          bucket.add(entry)
          placed.push({ relid, index, entry, eq: { column, key: eq.key } })
        } else {
          index.scan.add(entry)
          placed.push({ relid, index, entry })
        }
      }
    }
    this.placements.set(subscriber, placed)
  }

  remove(subscriber: Subscriber): void {
    for (const { relid, index, entry, eq } of this.placements.get(subscriber) ?? []) {
      if (--index.entries === 0 && this.byTable.get(relid) === index) this.byTable.delete(relid)
      if (eq) {
        const bucket = eq.column.buckets.get(eq.key)
        bucket?.delete(entry)
        if (bucket?.size === 0) eq.column.buckets.delete(eq.key)
      } else {
        index.scan.delete(entry)
      }
    }
    this.placements.delete(subscriber)
  }

  /** Somebody listens to the table. */
  has(relid: number): boolean {
    return this.byTable.has(relid)
  }

  /**
   * The entries that may match a change of `relid`: with the row known, the scanned ones
   * plus the `eq` buckets of the row's values; without it (a row too wide for the
   * notification, filtered after its re-read), all of them.
   */
  *candidates(relid: number, row: RowValues | null): Iterable<Entry> {
    const index = this.byTable.get(relid)
    if (!index) return
    yield* index.scan
    for (const column of index.eq.values()) {
      if (row) {
        const key = row.key(column.column, column.codec)
        const bucket = key === undefined ? undefined : column.buckets.get(key)
        if (bucket) yield* bucket
      } else {
        for (const bucket of column.buckets.values()) yield* bucket
      }
    }
  }
}
