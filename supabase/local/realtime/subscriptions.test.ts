import { describe, expect, it } from 'vitest'
import { parseFilter } from './filters.ts'
import { compileFilter, RowValues, type CompiledFilter } from './matcher.ts'
import { Subscriptions } from './subscriptions.ts'
import type { Binding, Column, Subscriber } from './types.ts'

const costo: Column = { name: 'costo', type: 'numeric', cast: 'numeric', base: 'numeric' }
const settings = { timeZone: 'UTC', collation: 'C' }

function binding(id: number, filter?: string): Binding {
  const filters = filter ? (parseFilter(filter) as { ok: true; filters: Binding['filters'] }).filters : []
  const compiled = filters.map((f) => compileFilter(f, costo, settings) as CompiledFilter)
  return { id, event: '*', relids: new Set([7]), filters, compiled: new Map([[7, compiled]]) }
}

const subscriber = (bindings: Binding[]): Subscriber => ({ auth: {} as Subscriber['auth'], bindings, deliver() {}, expire() {} })
const ids = (subs: Subscriptions, json: string | null) => [...subs.candidates(7, json === null ? null : new RowValues(json))].map((e) => e.binding.id).sort((a, b) => a - b)

describe('Subscriptions', () => {
  it('hands a change only the eq bindings of its own value, plus the unindexed ones', () => {
    const subs = new Subscriptions()
    const many = Array.from({ length: 1000 }, (_, i) => binding(i + 1, `costo=eq.${i}`))
    subs.add(subscriber(many))
    subs.add(subscriber([binding(5000), binding(5001, 'costo=gt.10')]))
    // 42.00 and 42 are the same numeric: the same bucket.
    expect(ids(subs, '{"costo":42.00}')).toEqual([43, 5000, 5001])
    expect(ids(subs, '{"costo":null}')).toEqual([5000, 5001])
    // Without the row (too wide to travel), every binding is a candidate.
    expect(ids(subs, null)).toHaveLength(1002)
  })

  it('forgets a subscriber’s bindings, and the table once nobody listens', () => {
    const subs = new Subscriptions()
    const a = subscriber([binding(1, 'costo=eq.5'), binding(2)])
    const b = subscriber([binding(3, 'costo=eq.5')])
    subs.add(a)
    subs.add(b)
    subs.remove(a)
    expect(ids(subs, '{"costo":5}')).toEqual([3])
    subs.remove(b)
    expect(subs.has(7)).toBe(false)
  })
})
