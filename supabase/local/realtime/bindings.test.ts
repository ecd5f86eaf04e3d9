import { describe, expect, it } from 'vitest'
import { bindingIds } from './bindings.ts'

describe('bindingIds', () => {
  const insert = { event: 'INSERT', schema: 'public', table: 'a' }
  const all = { event: '*', schema: 'public', table: 'a' }

  it('gives different bindings different, non-zero ids (realtime-js ignores a falsy id)', () => {
    const ids = bindingIds([insert, all, { ...insert, filter: 'id=eq.1' }, { ...insert, table: 'b' }])
    expect(new Set(ids).size).toBe(4)
    for (const id of ids) {
      expect(Number.isInteger(id)).toBe(true)
      expect(id).toBeGreaterThan(0)
      expect(id).toBeLessThan(2 ** 27)
    }
  })

  it('gives equal bindings equal ids, whatever the key order, and is stable across joins', () => {
    const [a, b] = bindingIds([insert, { table: 'a', schema: 'public', event: 'INSERT' }])
    expect(a).toBe(b)
    expect(bindingIds([all, insert])).toEqual(bindingIds([insert, all]).reverse())
  })
})
