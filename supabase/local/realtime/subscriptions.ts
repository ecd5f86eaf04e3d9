/** Which subscribers listen to which published table. */
import type { Subscriber } from './types.ts'

export class Subscriptions {
  private byTable = new Map<number, Set<Subscriber>>()

  add(subscriber: Subscriber): void {
    for (const relid of tablesOf(subscriber)) {
      let set = this.byTable.get(relid)
      if (!set) this.byTable.set(relid, (set = new Set()))
      set.add(subscriber)
    }
  }

  remove(subscriber: Subscriber): void {
    for (const relid of tablesOf(subscriber)) {
      const set = this.byTable.get(relid)
      set?.delete(subscriber)
      if (set?.size === 0) this.byTable.delete(relid)
    }
  }

  forTable(relid: number): ReadonlySet<Subscriber> | undefined {
    return this.byTable.get(relid)
  }
}

function tablesOf(subscriber: Subscriber): Set<number> {
  const relids = new Set<number>()
  for (const b of subscriber.bindings) for (const relid of b.relids) relids.add(relid)
  return relids
}
