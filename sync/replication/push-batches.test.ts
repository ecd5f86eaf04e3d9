import { describe, expect, it } from 'vitest'
import { isPushTooLarge, jsonBytes, PUSH_MAX_ROWS, splitForPush } from './push-batches.ts'

describe('splitForPush', () => {
  const one = () => 1

  it('keeps a batch under the row cap whole and cuts a larger one in order, none over the cap', () => {
    const items = Array.from({ length: 1201 }, (_, i) => i)
    expect(splitForPush(items.slice(0, PUSH_MAX_ROWS), one)).toEqual([items.slice(0, PUSH_MAX_ROWS)])
    const groups = splitForPush(items, one)
    expect(groups.map((g) => g.length)).toEqual([500, 500, 201])
    expect(groups.flat()).toEqual(items)
  })

  it('cuts by bytes too; an item larger than the budget goes alone', () => {
    expect(splitForPush([40, 40, 30, 10, 200, 5], (n) => n, 500, 100)).toEqual([[40, 40], [30, 10], [200], [5]])
    expect(splitForPush([], one)).toEqual([])
  })

  it('measures UTF-8 JSON', () => {
    expect(jsonBytes({ a: 'ñ' })).toBe('{"a":"ñ"}'.length + 1)
  })
})

describe('isPushTooLarge', () => {
  it("recognises the server's cap (PT413), the body-size limit and a bare 413 only", () => {
    expect(isPushTooLarge({ code: 'PT413', status: 413 })).toBe(true)
    expect(isPushTooLarge({ code: 'PGRST413', status: 413 })).toBe(true)
    expect(isPushTooLarge({ code: '', status: 413 })).toBe(true)
    expect(isPushTooLarge({ code: '23505', status: 409 })).toBe(false)
    expect(isPushTooLarge({ code: 'P0001', status: 400 })).toBe(false)
  })
})
