// The pure layers between a request and its SQL: query-string classification,
// preferences, the schema cache's relationships, planning, SQL text (values only ever
// as parameters), function resolution, guards and the SQLSTATE → HTTP table.
import { describe, expect, it } from 'vitest'
import { statusForSqlState, type RestError } from './errors.ts'
import { bracketDepth, parseJsonBody } from './guards.ts'
import { insertSql } from './mutate-sql.ts'
import { findRelationship, planRead, tableSource } from './plan.ts'
import { parsePreferences } from './preferences.ts'
import { headerRange, intersectRanges, parseQueryParams } from './query-params.ts'
import { readQuery } from './read-sql.ts'
import { findRoutine } from './rpc.ts'
import { buildSchemaCache, type SchemaCache } from './schema-cache.ts'
import { Params, arrayLiteral, ident } from './sql.ts'

const col = (rel: number, name: string, type = 'integer', base = 'int4', def: string | null = null) => ({ rel, name, type, base, notnull: false, def })
const routine = (name: string, args: Array<[string, string, string]>, extra: Partial<{ ndefaults: number; rettype: string; rettyptype: string }> = {}) => ({
  name, volatility: 's' as const, retset: false, rettype: extra.rettype ?? 'integer', rettyptype: extra.rettyptype ?? 'b', retrel: null, retrelname: null,
  nargs: args.length, ndefaults: extra.ndefaults ?? 0, argnames: args.map((a) => a[0]), argmodes: null,
  argtypes: args.map(([, type, base]) => ({ type, base })), retcols: null,
})

const cache: SchemaCache = buildSchemaCache({
  tables: [
    { oid: 1, name: 'authors', kind: 'r' }, { oid: 2, name: 'books', kind: 'r' }, { oid: 3, name: 'tags', kind: 'r' },
    { oid: 4, name: 'book_tags', kind: 'r' }, { oid: 5, name: 'profiles', kind: 'r' }, { oid: 6, name: 'book_view', kind: 'v' },
  ],
  columns: [
    col(1, 'id'), col(1, 'name', 'text', 'text'), col(1, 'meta', 'jsonb', 'jsonb'),
    col(2, 'id'), col(2, 'author_id'), col(2, 'title', 'text', 'text'), col(2, 'qty', 'integer', 'int4', '1'),
    col(3, 'id'), col(3, 'label', 'text', 'text'),
    col(4, 'book_id'), col(4, 'tag_id'),
    col(5, 'author_id'), col(5, 'bio', 'text', 'text'),
    col(6, 'id'), col(6, 'writer', 'integer', 'int4'),
  ],
  keys: [
    { rel: 1, type: 'p', cols: ['id'] }, { rel: 2, type: 'p', cols: ['id'] }, { rel: 3, type: 'p', cols: ['id'] },
    { rel: 4, type: 'p', cols: ['book_id', 'tag_id'] }, { rel: 5, type: 'p', cols: ['author_id'] },
  ],
  fks: [
    { name: 'books_author_id_fkey', rel: 2, frel: 1, cols: ['author_id'], fcols: ['id'] },
    { name: 'book_tags_book_id_fkey', rel: 4, frel: 2, cols: ['book_id'], fcols: ['id'] },
    { name: 'book_tags_tag_id_fkey', rel: 4, frel: 3, cols: ['tag_id'], fcols: ['id'] },
    { name: 'profiles_author_id_fkey', rel: 5, frel: 1, cols: ['author_id'], fcols: ['id'] },
  ],
  routines: [
    routine('add', [['a', 'integer', 'int4'], ['b', 'integer', 'int4']], { ndefaults: 1 }),
    routine('echo', [['', 'jsonb', 'jsonb']], { rettype: 'jsonb' }),
    routine('over', [['a', 'integer', 'int4']]), routine('over', [['b', 'text', 'text']]),
  ],
  roles: [{ name: 'anon', switchable: true }, { name: 'postgres', switchable: false }],
  viewColumns: [{ view: 6, column: 'id', rel: 2, relColumn: 'id' }, { view: 6, column: 'writer', rel: 2, relColumn: 'author_id' }],
})

const thrown = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    return (e as RestError).body
  }
  throw new Error('no falló')
}

describe('schema cache', () => {
  it('derives every cardinality, junctions and view relationships', () => {
    const from = (t: string) => (cache.relationships.get(t) ?? []).map((r) => `${r.cardinality}:${r.foreignTable}${r.junction ? `@${r.junction.table}` : ''}`).sort()
    // The view shows books.id, so the junction also links books to the view.
    expect(from('books')).toEqual(['M2M:book_view@book_tags', 'M2M:tags@book_tags', 'M2O:authors', 'O2M:book_tags'])
    expect(from('authors')).toEqual(['O2M:book_view', 'O2M:books', 'O2O:profiles'])
    expect(from('book_view')).toEqual(expect.arrayContaining(['M2O:authors', 'O2M:book_tags', 'M2M:tags@book_tags']))
    expect(cache.tables.get('book_view')?.kind).toBe('view')
  })

  it('findRelationship follows PostgREST’s names and hints', () => {
    const books = tableSource(cache.tables.get('books')!)
    expect(findRelationship(cache, books, 'authors', undefined).cardinality).toBe('M2O')
    expect(findRelationship(cache, books, 'author_id', undefined).foreignTable).toBe('authors')
    expect(findRelationship(cache, books, 'books_author_id_fkey', undefined).foreignTable).toBe('authors')
    expect(findRelationship(cache, books, 'tags', 'book_tags').cardinality).toBe('M2M')
    expect(thrown(() => findRelationship(cache, books, 'profiles', undefined))).toMatchObject({ code: 'PGRST200' })
  })
})

describe('query string', () => {
  it('sorts parameters into select, filters, logic, order, ranges and plain params', () => {
    const q = parseQueryParams(new URLSearchParams('select=id,authors(name)&id=gt.1&authors.name=eq.x&or=(id.eq.1,id.eq.2)&authors.not.and=(id.eq.1)&order=id.desc&authors.order=name&limit=5&offset=10&authors.limit=1&apikey=xyz&plain=1'))
    expect(q.filters.map((f) => [f.path.join('.'), f.filter.field.name])).toEqual([['', 'id'], ['authors', 'name']])
    expect(q.logic.map((l) => [l.path.join('.'), l.tree.kind === 'expr' && l.tree.not])).toEqual([['', false], ['authors', true]])
    expect(q.order.map((o) => o.path.join('.'))).toEqual(['', 'authors'])
    expect(Object.fromEntries(q.ranges)).toEqual({ '': { offset: 10, limit: 5 }, authors: { offset: 0, limit: 1 } })
    expect(q.params).toEqual([['apikey', 'xyz'], ['plain', '1']])
    expect(q.defaultSelect).toBe(false)
  })

  it('limits that are not integers are ignored; ranges intersect with the Range header', () => {
    expect(parseQueryParams(new URLSearchParams('limit=abc')).ranges.get('')).toEqual({ offset: 0, limit: null })
    expect(intersectRanges({ offset: 0, limit: 10 }, headerRange('5-20'))).toEqual({ offset: 5, limit: 5 })
    expect(headerRange('items=3-')).toEqual({ offset: 3, limit: null })
    expect(thrown(() => headerRange('9-2'))).toMatchObject({ code: 'PGRST103' })
  })

  it('preferences: first wins, unknown ones are reported', () => {
    expect(parsePreferences('return=representation, count=exact,return=minimal, resolution=merge-duplicates, missing=default, handling=strict, max-affected=3, foo=bar')).toEqual({
      return: 'representation', count: 'exact', resolution: 'merge-duplicates', missing: 'default', handling: 'strict', maxAffected: 3, invalid: ['foo=bar'],
    })
  })
})

describe('SQL text', () => {
  const hostile = `x'); drop table books; --`

  it('every value is a parameter; identifiers are quoted', () => {
    const q = parseQueryParams(new URLSearchParams(`select=id,"we\\"ird":title,authors(name)&title=eq.${hostile}&id=in.(1,"${hostile}")&order=title.desc.nullslast&limit=3`))
    const root = planRead(cache, tableSource(cache.tables.get('books')!), q, { mutation: false })
    const p = new Params()
    const r = readQuery(p, root, { from: '"public"."books"', count: true, body: true, stripNulls: false, order: true, range: true })
    const sql = `${r.total} ${r.page} ${r.body} ${r.inner}`
    expect(sql).not.toContain('drop table')
    expect(p.values).toContain(hostile)
    expect(p.values).toContain(arrayLiteral(['1', hostile]))
    expect(r.inner).toContain('"books"."title" AS "we""ird"')
    expect(r.inner).toContain('"books"."title" = $')
    expect(r.inner).toContain('LEFT JOIN LATERAL (SELECT row_to_json(_e) AS j FROM (SELECT "pgrst_1"."name" AS "name" FROM "public"."authors" AS "pgrst_1" WHERE "pgrst_1"."id" = "books"."author_id") _e)')
    expect(r.inner).toMatch(/ORDER BY "books"\."title" DESC NULLS LAST LIMIT \$\d+ OFFSET \$\d+$/)
  })

  it('JSON path keys are parameters too; unknown columns never reach SQL', () => {
    const authors = tableSource(cache.tables.get('authors')!)
    const q = parseQueryParams(new URLSearchParams(`select=x:meta->"${hostile}"&meta->>"${hostile}"=eq.1`))
    const p = new Params()
    const r = readQuery(p, planRead(cache, authors, q, { mutation: false }), { from: '"public"."authors"', count: false, body: true, stripNulls: false, order: true, range: true })
    expect(r.inner).not.toContain('drop')
    expect(p.values.filter((v) => v === hostile)).toHaveLength(2)
    expect(thrown(() => planRead(cache, authors, parseQueryParams(new URLSearchParams('select=nope')), { mutation: false }))).toMatchObject({
      code: '42703', message: 'column authors.nope does not exist',
    })
    expect(thrown(() => parseQueryParams(new URLSearchParams(`meta->>${hostile}=eq.1`)))).toMatchObject({ code: 'PGRST100' })
  })

  it('the same request shape gives the same SQL text (prepared-statement cache key)', () => {
    const books = tableSource(cache.tables.get('books')!)
    const build = (v: string) => {
      const p = new Params()
      const root = planRead(cache, books, parseQueryParams(new URLSearchParams(`select=id&title=eq.${v}&id=in.(${v},${v},${v})`)), { mutation: false })
      return readQuery(p, root, { from: '"public"."books"', count: false, body: true, stripNulls: false, order: true, range: true }).inner
    }
    expect(build('a')).toBe(build('something else entirely'))
  })

  it('inserts read the body with typed json_to_recordset; missing=default merges the defaults', () => {
    const books = cache.tables.get('books')!
    const p = new Params()
    const sql = insertSql(p, books, { columns: [books.columns.get('title')!, books.columns.get('qty')!], body: '[]', onConflict: { columns: ['id'], action: 'merge' }, missingDefault: true },
      { representation: null, count: false, stripNulls: false, location: null })
    expect(sql).toContain(`jsonb_build_object('qty', 1) || pgrst_e`)
    expect(sql).toContain('AS _("title" text, "qty" integer)')
    expect(sql).toContain('ON CONFLICT ("id") DO UPDATE SET "title" = EXCLUDED."title", "qty" = EXCLUDED."qty"')
    expect(sql).toContain('("books".xmax = 0) AS pgrst_inserted')
  })

  it('identifiers and array literals escape their quotes', () => {
    expect(ident('a"b')).toBe('"a""b"')
    expect(arrayLiteral(['a,b', 'c"d', 'e\\f'])).toBe('{"a,b","c\\"d","e\\\\f"}')
    expect(thrown(() => ident('a\u0000b'))).toMatchObject({ code: 'PGRST100' })
  })
})

describe('functions', () => {
  it('resolves overloads by argument names, with defaults and the single json parameter', () => {
    expect(findRoutine(cache, 'add', new Set(['a']), true).name).toBe('add')
    expect(findRoutine(cache, 'add', new Set(['a', 'b']), false).name).toBe('add')
    expect(findRoutine(cache, 'echo', new Set(['anything']), true).params[0]!.type).toBe('jsonb')
    expect(thrown(() => findRoutine(cache, 'echo', new Set(['x']), false))).toMatchObject({ code: 'PGRST202' })
    expect(findRoutine(cache, 'over', new Set(['b']), true).params[0]!.type).toBe('text')
    expect(thrown(() => findRoutine(cache, 'add', new Set(['c']), true))).toMatchObject({ code: 'PGRST202', hint: 'Perhaps you meant to call the function public.add(a, b)' })
    expect(thrown(() => findRoutine(cache, 'ad', new Set(), true))).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.ad without parameters in the schema cache' })
  })
})

describe('guards and status codes', () => {
  it('bracket depth and JSON body nesting', () => {
    expect(bracketDepth('{a,(b),[c]}')).toBe(2)
    expect(bracketDepth(')))(((')).toBe(3)
    expect(parseJsonBody('{"a":[{"b":1}]}')).toEqual({ a: [{ b: 1 }] })
    expect(thrown(() => parseJsonBody('[' .repeat(100) + ']'.repeat(100)))).toMatchObject({ code: 'PGRST100' })
    expect(thrown(() => parseJsonBody('{"a":'))).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' })
  })

  it('SQLSTATE → HTTP as PostgREST', () => {
    const cases: Array<[string, number, boolean?]> = [
      ['23505', 409], ['23503', 409], ['25006', 405], ['42501', 401, false], ['42501', 403, true], ['P0001', 400], ['P0002', 500],
      ['42P01', 404], ['42883', 404], ['08006', 503], ['53300', 503], ['57P01', 503], ['28000', 403], ['23514', 400], ['23P01', 400],
      ['22P02', 400], ['PT402', 402], ['PT999', 500], ['40001', 500], ['XX000', 500],
    ]
    for (const [code, status, authed] of cases) expect(statusForSqlState(code, '', authed ?? false), code).toBe(status)
    expect(statusForSqlState('22023', 'role "x" does not exist', false)).toBe(401)
  })
})
