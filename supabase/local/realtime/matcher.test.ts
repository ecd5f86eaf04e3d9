import { describe, expect, it } from 'vitest'
import { parseFilter } from './filters.ts'
import { compileFilter, passes, RowValues, type CompiledFilter } from './matcher.ts'
import type { Column } from './types.ts'
import type { Settings } from './values.ts'

const utc: Settings = { timeZone: 'UTC', collation: 'C' }
const columns = new Map<string, Column>(
  (
    [
      ['n', 'int4', 'integer'],
      ['big', 'int8', 'bigint'],
      ['small', 'int2', 'smallint'],
      ['amount', 'numeric', 'numeric'],
      ['ratio', 'float8', 'double precision'],
      ['title', 'text', 'text'],
      ['code', 'bpchar', 'character'],
      ['id', 'uuid', 'uuid'],
      ['ok', 'bool', 'boolean'],
      ['day', 'date', 'date'],
      ['hour', 'time', 'time without time zone'],
      ['at', 'timestamptz', 'timestamp with time zone'],
      ['local', 'timestamp', 'timestamp without time zone'],
      ['doc', 'jsonb', 'jsonb'],
      ['raw', 'json', 'json'],
      ['xid', 'xid8', 'xid8'],
    ] as const
  ).map(([name, type, cast]) => [name, { name, type, cast, base: type }]),
)

function compile(text: string, settings = utc): CompiledFilter {
  const parsed = parseFilter(text)
  if (!parsed.ok) throw new Error(parsed.message)
  const f = parsed.filters[0]!
  const c = compileFilter(f, columns.get(f.column)!, settings)
  if (typeof c === 'string') throw new Error(c)
  return c
}

const refusal = (text: string, settings = utc) => {
  const parsed = parseFilter(text)
  if (!parsed.ok) return parsed.message
  const f = parsed.filters[0]!
  const c = compileFilter(f, columns.get(f.column)!, settings)
  if (typeof c !== 'string') throw new Error(`aceptado: ${text}`)
  return c
}

/** Which of the rows (to_jsonb texts) pass the filter. */
const matching = (filter: string, rows: Record<string, string>) =>
  Object.entries(rows)
    .filter(([, json]) => passes(compile(filter), new RowValues(json), columns))
    .map(([name]) => name)

describe('filters matched in Node, with the column type’s semantics', () => {
  const ints = { one: '{"n":1}', three: '{"n":3}', ten: '{"n":10}', none: '{"n":null}', absent: '{}' }

  it('integers: every operator, numerically (as text 10 < 3), null never compares', () => {
    expect(matching('n=eq.3', ints)).toEqual(['three'])
    expect(matching('n=eq. +3 ', ints)).toEqual(['three'])
    expect(matching('n=neq.3', ints)).toEqual(['one', 'ten'])
    expect(matching('n=lt.3', ints)).toEqual(['one'])
    expect(matching('n=lte.3', ints)).toEqual(['one', 'three'])
    expect(matching('n=gt.3', ints)).toEqual(['ten'])
    expect(matching('n=gte.3', ints)).toEqual(['three', 'ten'])
    expect(matching('n=in.(1,10,NULL)', ints)).toEqual(['one', 'ten'])
    expect(matching('n=is.null', ints)).toEqual(['none', 'absent'])
    expect(matching('n=not.is.null', ints)).toEqual(['one', 'three', 'ten'])
  })

  it('int8 and numeric compare exactly, beyond a double’s precision', () => {
    const rows = { a: '{"big":9007199254740993,"amount":12345678901234567890.01}', b: '{"big":9007199254740992,"amount":12345678901234567890.02}' }
    expect(matching('big=eq.9007199254740993', rows)).toEqual(['a'])
    expect(matching('amount=lt.12345678901234567890.015', rows)).toEqual(['a'])
    expect(matching('amount=eq.12345678901234567890.0100', rows)).toEqual(['a'])
  })

  it('numeric: trailing zeros, exponents, signs and infinities as Postgres orders them', () => {
    const rows = { neg: '{"amount":-2.5}', zero: '{"amount":0.00}', ten: '{"amount":10.50}', inf: '{"amount":"Infinity"}', nan: '{"amount":"NaN"}' }
    expect(matching('amount=eq.10.5', rows)).toEqual(['ten'])
    expect(matching('amount=eq.1.05e1', rows)).toEqual(['ten'])
    expect(matching('amount=eq.-0', rows)).toEqual(['zero'])
    expect(matching('amount=lt.0', rows)).toEqual(['neg'])
    expect(matching('amount=gt.10.5', rows)).toEqual(['inf', 'nan'])
    expect(matching('amount=gte.-Infinity', rows)).toEqual(['neg', 'zero', 'ten', 'inf', 'nan'])
    expect(matching('amount=in.(-2.50,NaN)', rows)).toEqual(['neg', 'nan'])
  })

  it('floats compare as binary floats', () => {
    expect(matching('ratio=eq.0.10000000000000001', { a: '{"ratio":0.1}', b: '{"ratio":0.2}' })).toEqual(['a'])
  })

  it('text by code point (the C collation), bpchar ignoring trailing spaces', () => {
    const rows = { a: '{"title":"abc","code":"x  "}', b: '{"title":"Zeta","code":"y"}', c: '{"title":"ñandú","code":"x"}' }
    expect(matching('title=eq.abc', rows)).toEqual(['a'])
    expect(matching('title=lt.abc', rows)).toEqual(['b'])
    expect(matching('title=gt.b', rows)).toEqual(['c'])
    expect(matching('title=in.("ñandú",Zeta)', rows)).toEqual(['b', 'c'])
    expect(matching('code=eq.x', rows)).toEqual(['a', 'c'])
  })

  it('uuid in any accepted spelling, ordered by bytes', () => {
    const rows = { a: '{"id":"0a000000-0000-4000-8000-00000000000a"}', b: '{"id":"0b000000-0000-4000-8000-00000000000b"}' }
    expect(matching('id=eq.0A000000-0000-4000-8000-00000000000A', rows)).toEqual(['a'])
    expect(matching('id=eq.{0a00000000004000800000000000000a}', rows)).toEqual(['a'])
    expect(matching('id=gt.0a000000-0000-4000-8000-00000000000a', rows)).toEqual(['b'])
    expect(matching('id=neq.0a000000-0000-4000-8000-00000000000a', rows)).toEqual(['b'])
  })

  it('booleans as boolin reads them', () => {
    const rows = { yes: '{"ok":true}', no: '{"ok":false}' }
    for (const t of ['true', 't', 'TRUE', 'yes', 'on', '1']) expect(matching(`ok=eq.${t}`, rows)).toEqual(['yes'])
    for (const t of ['false', 'f', 'no', 'off', '0']) expect(matching(`ok=eq.${t}`, rows)).toEqual(['no'])
    expect(matching('ok=lt.true', rows)).toEqual(['no'])
  })

  it('dates, times and timestamps, with offsets and infinities', () => {
    const days = { before: '{"day":"2026-11-26"}', on: '{"day":"2026-11-27"}', after: '{"day":"2027-01-01"}', inf: '{"day":"infinity"}' }
    expect(matching('day=eq.2026-11-27', days)).toEqual(['on'])
    expect(matching('day=lt.2026-11-27', days)).toEqual(['before'])
    expect(matching('day=gte.2026-11-27', days)).toEqual(['on', 'after', 'inf'])
    expect(matching('day=in.(2026-11-26,2027-01-01)', days)).toEqual(['before', 'after'])
    const hours = { morning: '{"hour":"09:30:00"}', evening: '{"hour":"18:00:00"}' }
    expect(matching('hour=eq.6:00 pm', hours)).toEqual(['evening'])
    expect(matching('hour=lt.10:00', hours)).toEqual(['morning'])
    const stamps = { a: '{"at":"2026-11-27T10:00:00+00:00","local":"2026-11-27T10:00:00"}', b: '{"at":"2026-11-27T05:00:00.5-05:00","local":"2026-11-27T05:00:00.5"}' }
    expect(matching('at=eq.2026-11-27 05:00:00-05', stamps)).toEqual(['a'])
    expect(matching('at=gt.2026-11-27T10:00:00Z', stamps)).toEqual(['b'])
    expect(matching('local=eq.2026-11-27 10:00', stamps)).toEqual(['a'])
  })

  it('a timestamptz without an offset is in the database’s TimeZone', () => {
    const lima: Settings = { timeZone: 'America/Lima', collation: 'C' }
    const f = compile('at=eq.2026-11-27 05:00', lima)
    expect(passes(f, new RowValues('{"at":"2026-11-27T10:00:00+00:00"}'), columns)).toBe(true)
  })

  it('jsonb by value: key order and number spelling do not matter, order follows jsonb’s', () => {
    const rows = { obj: '{"doc":{"b":[1,2],"a":1.0}}', arr: '{"doc":[1,2]}', num: '{"doc":5}', str: '{"doc":"x"}' }
    // Commas inside a value are escaped (or the value quoted), as hosted's filters require.
    expect(matching('doc=eq.{"a":1\\,"b":[1\\,2.00]}', rows)).toEqual(['obj'])
    expect(matching('doc=eq.[1\\,2]', rows)).toEqual(['arr'])
    expect(matching('doc=gt.[1\\,2]', rows)).toEqual(['obj'])
    expect(matching('doc=lt.true', rows)).toEqual(['num', 'str'])
  })

  it('a column whose type changed since the join matches nothing', () => {
    const f = compile('n=eq.3')
    const altered = new Map(columns)
    altered.set('n', { name: 'n', type: 'text', cast: 'text', base: 'text' })
    expect(passes(f, new RowValues('{"n":"3"}'), altered)).toBe(false)
  })

  it('a stored jsonb value nested beyond the cap matches nothing, and is not walked', () => {
    const deep = `{"doc":${'['.repeat(100_000)}${']'.repeat(100_000)},"n":3}`
    const row = new RowValues(deep)
    expect(passes(compile('doc=neq.[]'), row, columns)).toBe(false)
    expect(passes(compile('n=eq.3'), row, columns)).toBe(true)
  })
})

describe('filter values refused at join, in Spanish', () => {
  it('refuses a value that is not of the column type', () => {
    expect(refusal('n=eq.abc')).toBe('valor no válido para la columna n (integer): «abc» no es un número entero')
    expect(refusal('n=eq.3.5')).toContain('no es un número entero')
    expect(refusal('small=eq.40000')).toContain('fuera del rango del tipo int2')
    expect(refusal('amount=gt.diez')).toContain('no es un número válido')
    expect(refusal('id=eq.123')).toContain('no es un uuid válido')
    expect(refusal('ok=eq.maybe')).toContain('no es un valor booleano')
    expect(refusal('day=eq.27/11/2026')).toContain('no es una fecha')
    expect(refusal('day=eq.2026-02-30')).toContain('no es una fecha')
    expect(refusal('at=eq.ayer')).toContain('no es una fecha y hora')
    expect(refusal('n=in.(1,dos)')).toContain('«dos» no es un número entero')
    expect(refusal('doc=eq.{nope')).toContain('no es JSON válido')
  })

  it('refuses jsonb nested deeper than REST allows, without walking it', () => {
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`
    expect(refusal(`doc=eq.${deep}`)).toBe('valor no válido para la columna doc (jsonb): el valor anida paréntesis, corchetes o llaves más de 64 niveles')
    expect(refusal(`doc=eq.${'['.repeat(65)}${']'.repeat(65)}`)).toContain('más de 64 niveles')
    expect(compile(`doc=eq.${'['.repeat(64)}${']'.repeat(64)}`).values).toHaveLength(1)
  })

  it('refuses types it cannot compare (json has no equality), and nested or long in lists', () => {
    expect(refusal('raw=eq.{}')).toContain('los filtros sobre la columna raw (tipo json) no están disponibles')
    expect(refusal('xid=eq.5')).toContain('(tipo xid8) no están disponibles')
    expect(refusal('n=in.({1,2})')).toContain('listas anidadas')
    expect(refusal(`n=in.(${Array.from({ length: 101 }, (_, i) => i).join(',')})`)).toContain('como máximo 100 valores')
  })
})
