import { describe, expect, it } from 'vitest'
import { RestError } from './errors.ts'
import {
  MAX_EMBED_DEPTH,
  MAX_EMBEDS,
  MAX_LOGIC_DEPTH,
  looksLikeFilter,
  parseColumns,
  parseFilterValue,
  parseLogicTree,
  parseOrder,
  parseSelect,
  parseTreePath,
} from './grammar.ts'

const fails = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    expect(e).toBeInstanceOf(RestError)
    return (e as RestError).body
  }
  throw new Error('no falló')
}

describe('select', () => {
  it('fields, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,nombre:name,price::text,city:meta->>city,meta->a->0,"quoted, name",x-y')).toEqual([
      { kind: 'field', field: { name: 'id', jsonPath: [] } },
      { kind: 'field', field: { name: 'name', jsonPath: [] }, alias: 'nombre' },
      { kind: 'field', field: { name: 'price', jsonPath: [] }, cast: 'text' },
      { kind: 'field', field: { name: 'meta', jsonPath: [{ arrow: '->>', key: 'city', index: false }] }, alias: 'city' },
      { kind: 'field', field: { name: 'meta', jsonPath: [{ arrow: '->', key: 'a', index: false }, { arrow: '->', key: '0', index: true }] } },
      { kind: 'field', field: { name: 'quoted, name', jsonPath: [] } },
      { kind: 'field', field: { name: 'x-y', jsonPath: [] } },
    ])
  })

  it('star, embeds with alias, hint and join type, spreads and empty embeds', () => {
    expect(parseSelect('*,a:authors!fk_name!inner(id,books(*)),...profile(bio),tags!left(),count()')).toEqual([
      { kind: 'star' },
      {
        kind: 'relation', name: 'authors', alias: 'a', hint: 'fk_name', joinType: 'inner', spread: false,
        children: [
          { kind: 'field', field: { name: 'id', jsonPath: [] } },
          { kind: 'relation', name: 'books', spread: false, children: [{ kind: 'star' }] },
        ],
      },
      { kind: 'relation', name: 'profile', spread: true, children: [{ kind: 'field', field: { name: 'bio', jsonPath: [] } }] },
      { kind: 'relation', name: 'tags', joinType: 'left', spread: false, children: [] },
      { kind: 'count' },
    ])
  })

  it('aggregates are recognised (to be refused later)', () => {
    expect(parseSelect('price.sum()')).toEqual([{ kind: 'field', field: { name: 'price', jsonPath: [] }, aggregate: 'sum' }])
  })

  it('errors are PGRST100 with the position', () => {
    expect(fails(() => parseSelect('id,('))).toMatchObject({ code: 'PGRST100', message: '"failed to parse select parameter (id,()" (line 1, column 4)' })
    expect(fails(() => parseSelect('id::text);drop'))).toMatchObject({ code: 'PGRST100' })
    expect(fails(() => parseSelect('a(b(c))x'))).toMatchObject({ code: 'PGRST100' })
  })

  it('embedding depth is bounded', () => {
    const deep = (n: number) => 'r('.repeat(n) + 'id' + ')'.repeat(n)
    expect(() => parseSelect(deep(MAX_EMBED_DEPTH))).not.toThrow()
    expect(fails(() => parseSelect(deep(MAX_EMBED_DEPTH + 1))).code).toBe('PGRST100')
  })

  it('the number of embedded resources is bounded, counted at every level', () => {
    const flat = (n: number) => ['id', ...Array.from({ length: n }, (_, i) => `a${i}:r(id)`)].join(',')
    expect(() => parseSelect(flat(MAX_EMBEDS))).not.toThrow()
    expect(fails(() => parseSelect(flat(MAX_EMBEDS + 1)))).toMatchObject({ code: 'PGRST100', details: expect.stringContaining(`como máximo ${MAX_EMBEDS} recursos embebidos`) })
    const nested = `id,${Array.from({ length: 6 }, (_, i) => `a${i}:r(id,b:s(id))`).join(',')}` // 12 embeds, 6 at the top
    expect(fails(() => parseSelect(nested)).code).toBe('PGRST100')
    expect(fails(() => parseSelect(flat(200))).code).toBe('PGRST100')
  })
})

describe('filters', () => {
  it('operators, negation and the value as the rest of the string', () => {
    expect(parseFilterValue('eq.a.b,c')).toEqual({ not: false, operation: { kind: 'quant', operator: 'eq', value: 'a.b,c' } })
    expect(parseFilterValue('not.like.*x*')).toEqual({ not: true, operation: { kind: 'quant', operator: 'like', value: '*x*' } })
    expect(parseFilterValue('like(any).{a*,b*}')).toEqual({ not: false, operation: { kind: 'quant', operator: 'like', quantifier: 'any', value: '{a*,b*}' } })
    expect(parseFilterValue('cs.{1,2}')).toEqual({ not: false, operation: { kind: 'simple', operator: 'cs', value: '{1,2}' } })
    expect(parseFilterValue('isdistinct.5')).toEqual({ not: false, operation: { kind: 'isdistinct', value: '5' } })
    expect(parseFilterValue('is.NULL')).toEqual({ not: false, operation: { kind: 'is', value: 'null' } })
    expect(parseFilterValue('is.not_null').operation).toEqual({ kind: 'is', value: 'not_null' })
    expect(parseFilterValue('wfts(english).gato negro')).toEqual({ not: false, operation: { kind: 'fts', operator: 'wfts', language: 'english', value: 'gato negro' } })
    expect(parseFilterValue('eq.')).toEqual({ not: false, operation: { kind: 'quant', operator: 'eq', value: '' } })
  })

  it('in-lists with quoted elements', () => {
    expect(parseFilterValue('in.( 1,"a,b","c\\"d",)').operation).toEqual({ kind: 'in', values: ['1', 'a,b', 'c"d', ''] })
    // As in PostgREST, spaces inside the list are part of the values.
    expect(parseFilterValue('in.(a, b)').operation).toEqual({ kind: 'in', values: ['a', ' b'] })
    expect(parseFilterValue('in.()').operation).toEqual({ kind: 'in', values: [''] })
  })

  it('unknown operators and bad is-values', () => {
    expect(fails(() => parseFilterValue('foo.1'))).toMatchObject({ code: 'PGRST100', details: 'unknown single value operator foo' })
    expect(fails(() => parseFilterValue('is.maybe')).details).toContain('null or trilean value')
    expect(fails(() => parseFilterValue('eq'))).toMatchObject({ code: 'PGRST100' })
  })

  it('which values are filters (PostgREST hasOperator)', () => {
    for (const v of ['eq.1', 'not.x', 'in.(1)', 'is.null', 'like(all).{a}', 'fts(simple).x', 'plfts.x', 'cs.{a}', 'eq']) expect(looksLikeFilter(v), v).toBe(true)
    for (const v of ['1', 'hola', 'apikey-value', 'equal.1', '']) expect(looksLikeFilter(v), v).toBe(false)
  })

  it('tree paths for embedded filters and JSON keys', () => {
    expect(parseTreePath('rel.sub.col')).toEqual({ path: ['rel', 'sub'], field: { name: 'col', jsonPath: [] } })
    expect(parseTreePath('meta->a->>-1')).toEqual({ path: [], field: { name: 'meta', jsonPath: [{ arrow: '->', key: 'a', index: false }, { arrow: '->>', key: '-1', index: true }] } })
  })
})

describe('logic trees', () => {
  it('nests and/or/not with quoted values and array literals', () => {
    expect(parseLogicTree('or', false, '(a.eq.1,and(b.gt.2,not.or(c.is.null,d.in.(1,2))),e.eq."x,y)",f.cs.{1,2})')).toEqual({
      kind: 'expr', not: false, operator: 'or', children: [
        { kind: 'filter', filter: { field: { name: 'a', jsonPath: [] }, expr: { not: false, operation: { kind: 'quant', operator: 'eq', value: '1' } } } },
        {
          kind: 'expr', not: false, operator: 'and', children: [
            { kind: 'filter', filter: { field: { name: 'b', jsonPath: [] }, expr: { not: false, operation: { kind: 'quant', operator: 'gt', value: '2' } } } },
            {
              kind: 'expr', not: true, operator: 'or', children: [
                { kind: 'filter', filter: { field: { name: 'c', jsonPath: [] }, expr: { not: false, operation: { kind: 'is', value: 'null' } } } },
                { kind: 'filter', filter: { field: { name: 'd', jsonPath: [] }, expr: { not: false, operation: { kind: 'in', values: ['1', '2'] } } } },
              ],
            },
          ],
        },
        { kind: 'filter', filter: { field: { name: 'e', jsonPath: [] }, expr: { not: false, operation: { kind: 'quant', operator: 'eq', value: 'x,y)' } } } },
        { kind: 'filter', filter: { field: { name: 'f', jsonPath: [] }, expr: { not: false, operation: { kind: 'simple', operator: 'cs', value: '{1,2}' } } } },
      ],
    })
  })

  it('depth is bounded without recursion trouble', () => {
    const deep = (n: number) => '(' + 'or('.repeat(n - 1) + 'a.eq.1' + ')'.repeat(n)
    expect(() => parseLogicTree('or', false, deep(MAX_LOGIC_DEPTH))).not.toThrow()
    expect(fails(() => parseLogicTree('or', false, deep(MAX_LOGIC_DEPTH + 1))).code).toBe('PGRST100')
    expect(fails(() => parseLogicTree('or', false, deep(100_000))).code).toBe('PGRST100')
  })

  it('malformed trees', () => {
    expect(fails(() => parseLogicTree('or', false, '()')).code).toBe('PGRST100')
    expect(fails(() => parseLogicTree('or', false, '(a.eq.1')).code).toBe('PGRST100')
    expect(fails(() => parseLogicTree('and', false, '(xor(a.eq.1))')).code).toBe('PGRST100')
  })
})

describe('order and columns', () => {
  it('order terms', () => {
    expect(parseOrder('a.desc.nullslast,b,meta->>x.asc,rel(name).desc,c.nullsfirst')).toEqual([
      { field: { name: 'a', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', jsonPath: [] } },
      { field: { name: 'meta', jsonPath: [{ arrow: '->>', key: 'x', index: false }] }, direction: 'asc' },
      { relation: 'rel', field: { name: 'name', jsonPath: [] }, direction: 'desc' },
      { field: { name: 'c', jsonPath: [] }, nulls: 'first' },
    ])
    expect(fails(() => parseOrder('a.ascending')).code).toBe('PGRST100')
    expect(fails(() => parseOrder('a;drop table x')).code).toBe('PGRST100')
  })

  it('columns and on_conflict', () => {
    expect(parseColumns('columns parameter', '"a","b c", d')).toEqual(['a', 'b c', 'd'])
    expect(fails(() => parseColumns('on_conflict parameter', 'a,(b)')).message).toContain('on_conflict parameter')
  })
})
