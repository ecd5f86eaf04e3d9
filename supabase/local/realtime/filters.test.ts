import { describe, expect, it } from 'vitest'
import { describeFilters, parseFilter } from './filters.ts'

const ok = (text: string) => {
  const parsed = parseFilter(text)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.filters
}
const error = (text: string) => {
  const parsed = parseFilter(text)
  if (parsed.ok) throw new Error(`aceptado: ${text}`)
  return parsed.message
}

describe('parseFilter', () => {
  it('reads no filter as no conditions', () => {
    for (const text of [undefined, null, '', '  ']) expect(parseFilter(text)).toEqual({ ok: true, filters: [] })
  })

  it('reads every comparison operator, keeping the value verbatim after the first dot', () => {
    for (const op of ['eq', 'neq', 'lt', 'lte', 'gt', 'gte'] as const) {
      expect(ok(`amount=${op}.10.5`)).toEqual([{ column: 'amount', op, value: '10.5' }])
    }
    expect(ok('title=eq.a=b.c')).toEqual([{ column: 'title', op: 'eq', value: 'a=b.c' }])
    expect(ok('title=eq.')).toEqual([{ column: 'title', op: 'eq', value: '' }])
  })

  it('turns in lists into Postgres array literals, quotes and all', () => {
    expect(ok('id=in.(1,2,3)')).toEqual([{ column: 'id', op: 'in', value: '{1,2,3}' }])
    expect(ok('title=in.("a,b",c)')).toEqual([{ column: 'title', op: 'in', value: '{"a,b",c}' }])
  })

  it('reads is.null and not.is.null', () => {
    expect(ok('owner=is.null')).toEqual([{ column: 'owner', op: 'isnull', value: null }])
    expect(ok('owner=not.is.null')).toEqual([{ column: 'owner', op: 'notnull', value: null }])
  })

  it('unquotes values written by realtime-js’ filter builder', () => {
    expect(ok('title=eq."Lima, Perú"')).toEqual([{ column: 'title', op: 'eq', value: 'Lima, Perú' }])
    expect(ok('title=eq."say \\"hi\\" \\\\ bye"')).toEqual([{ column: 'title', op: 'eq', value: 'say "hi" \\ bye' }])
  })

  it('splits conditions on commas outside quotes and parentheses, and honours hosted’s \\, escape', () => {
    expect(ok('n=gte.3,title=eq.x')).toEqual([
      { column: 'n', op: 'gte', value: '3' },
      { column: 'title', op: 'eq', value: 'x' },
    ])
    expect(ok('id=in.(1,2), title=eq."a,b"')).toEqual([
      { column: 'id', op: 'in', value: '{1,2}' },
      { column: 'title', op: 'eq', value: 'a,b' },
    ])
    expect(ok('area=eq.Oslo\\, Norway')).toEqual([{ column: 'area', op: 'eq', value: 'Oslo, Norway' }])
  })

  it('refuses what hosted refuses, saying why', () => {
    expect(error('wrong')).toBe("Error parsing `filter` params: missing '=' in filter part: 'wrong'")
    expect(error('title=like.x')).toMatch(/^Error parsing `filter` params: unsupported filter type 'like'/)
    expect(error('id=in.1,2')).toBe('Error parsing `filter` params: `in` filter value must be wrapped by parentheses')
    expect(error('n=3')).toMatch(/^Error parsing `filter` params: invalid filter format/)
    expect(error('=eq.3')).toBe("Error parsing `filter` params: missing column in filter part: '=eq.3'")
  })
})

describe('describeFilters', () => {
  it('prints filters as hosted’s error messages do', () => {
    expect(describeFilters([])).toBe('[]')
    expect(describeFilters(ok('notacolumn=eq.123,owner=is.null'))).toBe('[{"notacolumn", "eq", "123"}, {"owner", "is", "null"}]')
  })
})
