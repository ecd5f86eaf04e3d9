// Reading through supabase-js: select shapes, every filter operator, logic trees,
// ordering, ranges and counts, single/maybeSingle, JSON formatting, HEAD and errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { TestStack } from '../../../tests/support/stack.ts'
import { raw, startRestFixture } from '../../../tests/support/conformance-fixture.ts'

let stack: TestStack
let db: SupabaseClient

beforeAll(async () => {
  stack = await startRestFixture()
  db = stack.service()
})
afterAll(async () => {
  await stack?.close()
})

const ids = (data: unknown) => (data as Array<{ id: number }>).map((r) => r.id)

describe('select', () => {
  it('returns all columns with PostgREST JSON formatting', async () => {
    const { data, error, status } = await db.from('conf_books').select('*').eq('id', 10)
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([
      {
        id: 10, author_id: 1, title: 'Uno', price: 12.5, published_at: '2026-01-01T10:00:00+00:00', starts: '09:30:00',
        pages: 120, period: '[1,5)', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/),
      },
    ])
  })

  it('keeps numeric as JSON numbers, dates as YYYY-MM-DD and jsonb/arrays as JSON', async () => {
    const res = await raw(stack, '/conf_authors?select=id,born,rating,meta,tags&id=eq.1')
    // Exact text: numeric(4,1) keeps its scale, as PostgREST sends it.
    expect(res.text).toContain('"rating":4.5')
    expect(res.body).toEqual([{ id: 1, born: '1980-05-01', rating: 4.5, meta: { city: 'Lima', langs: ['es', 'en'], stats: { books: 2 } }, tags: ['poesía', 'novela'] }])
    const money = await raw(stack, '/conf_books?select=price&id=eq.11')
    expect(money.text).toBe('[{"price":7.00}]')
  })

  it('selects columns, aliases, casts and JSON paths', async () => {
    const { data, error } = await db
      .from('conf_authors')
      .select('id, nombre:name, rating::text, city:meta->>city, first_lang:meta->langs->0, meta->stats->books, born::text')
      .eq('id', 1)
    expect(error).toBeNull()
    expect(data).toEqual([{ id: 1, nombre: 'Ana Torres', rating: '4.5', city: 'Lima', first_lang: 'es', books: 2, born: '1980-05-01' }])
  })

  it('quoted column names and spaces around items', async () => {
    const res = await raw(stack, `/conf_books?select=${encodeURIComponent('"id", title')}&id=eq.10`)
    expect(res.body).toEqual([{ id: 10, title: 'Uno' }])
  })

  it('unknown column → 400 42703', async () => {
    const { error, status } = await db.from('conf_books').select('id, nope')
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '42703', message: 'column conf_books.nope does not exist', details: null, hint: null })
  })

  it('unknown table → 404 PGRST205 with a hint', async () => {
    const { error, status } = await db.from('conf_book').select('*')
    expect(status).toBe(404)
    expect(error).toMatchObject({
      code: 'PGRST205', message: "Could not find the table 'public.conf_book' in the schema cache",
      hint: "Perhaps you meant the table 'public.conf_books'",
    })
  })

  it('malformed select → 400 PGRST100', async () => {
    const res = await raw(stack, '/conf_books?select=id,(')
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'PGRST100', message: expect.stringContaining('failed to parse select parameter') })
  })

  it('aggregates are disabled as on hosted Supabase → PGRST123', async () => {
    const { error, status } = await db.from('conf_books').select('count()')
    expect(status).toBe(400)
    expect(error?.code).toBe('PGRST123')
  })

  it('reads views', async () => {
    const { data } = await db.from('conf_book_view').select('id,title').order('id').limit(2)
    expect(data).toEqual([{ id: 10, title: 'Uno' }, { id: 11, title: 'Dos' }])
  })
})

describe('filters', () => {
  it('comparison operators', async () => {
    expect(ids((await db.from('conf_books').select('id').eq('title', 'Dos')).data)).toEqual([11])
    expect(ids((await db.from('conf_books').select('id').neq('id', 10).order('id')).data)).toEqual([11, 12, 13])
    expect(ids((await db.from('conf_books').select('id').gt('price', 12.5)).data)).toEqual([12])
    expect(ids((await db.from('conf_books').select('id').gte('price', 12.5).order('id')).data)).toEqual([10, 12])
    expect(ids((await db.from('conf_books').select('id').lt('price', 12.5)).data)).toEqual([11])
    expect(ids((await db.from('conf_books').select('id').lte('published_at', '2025-12-31T00:00:00Z')).data)).toEqual([11])
  })

  it('like, ilike (with * as %), match, imatch', async () => {
    expect(ids((await db.from('conf_books').select('id').like('title', '*os*')).data)).toEqual([11])
    expect(ids((await db.from('conf_books').select('id').ilike('title', 'u%')).data)).toEqual([10])
    expect(ids((await db.from('conf_books').select('id').match({ title: 'Uno' })).data)).toEqual([10])
    expect(ids((await db.from('conf_books').select('id').regexMatch('title', '^T.*coma$')).data)).toEqual([12])
    expect(ids((await db.from('conf_books').select('id').regexIMatch('title', '^h')).data)).toEqual([13])
    expect(ids((await db.from('conf_books').select('id').likeAnyOf('title', ['Un*', 'Do*']).order('id')).data)).toEqual([10, 11])
    expect(ids((await db.from('conf_books').select('id').ilikeAllOf('title', ['%o%', 'd%'])).data)).toEqual([11])
  })

  it('is, isDistinct and not', async () => {
    expect(ids((await db.from('conf_books').select('id').is('price', null)).data)).toEqual([13])
    expect(ids((await db.from('conf_books').select('id').not('price', 'is', null).order('id')).data)).toEqual([10, 11, 12])
    expect(ids((await db.from('conf_authors').select('id').is('active', true).order('id')).data)).toEqual([1, 2, 3])
    expect(ids((await db.from('conf_books').select('id').isDistinct('author_id', 1).order('id')).data)).toEqual([12, 13])
    expect(ids((await db.from('conf_books').select('id').not('title', 'eq', 'Uno').order('id')).data)).toEqual([11, 12, 13])
  })

  it('in / notIn, with values that need quoting', async () => {
    expect(ids((await db.from('conf_books').select('id').in('id', [10, 12]).order('id')).data)).toEqual([10, 12])
    expect(ids((await db.from('conf_books').select('id').in('title', ['Tres, con coma', 'Uno']).order('id')).data)).toEqual([10, 12])
    expect(ids((await db.from('conf_books').select('id').notIn('id', [10, 11]).order('id')).data)).toEqual([12, 13])
    expect((await db.from('conf_books').select('id').in('id', [])).data).toEqual([])
  })

  it('array, jsonb and range operators', async () => {
    expect(ids((await db.from('conf_authors').select('id').contains('tags', ['novela'])).data)).toEqual([1])
    expect(ids((await db.from('conf_authors').select('id').containedBy('tags', ['ensayo', 'otro']).order('id')).data)).toEqual([2, 3])
    expect(ids((await db.from('conf_authors').select('id').overlaps('tags', ['ensayo', 'poesía']).order('id')).data)).toEqual([1, 2])
    expect(ids((await db.from('conf_authors').select('id').contains('meta', { city: 'Cusco' })).data)).toEqual([2])
    expect(ids((await db.from('conf_books').select('id').rangeLt('period', '[6,8)')).data)).toEqual([10])
    expect(ids((await db.from('conf_books').select('id').rangeGt('period', '[1,3)')).data)).toEqual([11])
    expect(ids((await db.from('conf_books').select('id').rangeGte('period', '[3,4)')).data)).toEqual([11])
    expect(ids((await db.from('conf_books').select('id').rangeLte('period', '[1,6)')).data)).toEqual([10])
    expect(ids((await db.from('conf_books').select('id').rangeAdjacent('period', '[10,12)')).data)).toEqual([11])
  })

  it('filters on JSON paths', async () => {
    expect(ids((await db.from('conf_authors').select('id').eq('meta->>city', 'Cusco')).data)).toEqual([2])
    expect(ids((await db.from('conf_authors').select('id').eq('meta->stats->>books', '2')).data)).toEqual([1])
  })

  it('nested or / and / not trees', async () => {
    const { data, error } = await db
      .from('conf_books')
      .select('id')
      .or('title.eq.Uno,and(price.gt.50,not.or(pages.lt.10,pages.is.null)),title.eq."Tres, con coma"')
      .order('id')
    expect(error).toBeNull()
    expect(ids(data)).toEqual([10, 12])
    // NOT(null AND null) is null: the row without a price is not returned, as in SQL.
    const res = await raw(stack, '/conf_books?select=id&not.and=(price.gt.5,price.lt.50)&order=id')
    expect(ids(res.body)).toEqual([12])
    const inside = await raw(stack, `/conf_books?select=id&or=(id.in.(10,11),title.like.*coma)&order=id`)
    expect(ids(inside.body)).toEqual([10, 11, 12])
    const cs = await raw(stack, `/conf_authors?select=id&or=(tags.cs.{ensayo},rating.gt.4)&order=id`)
    expect(ids(cs.body)).toEqual([1, 2])
  })

  it('several filters on one column are ANDed', async () => {
    expect(ids((await db.from('conf_books').select('id').gt('id', 10).lt('id', 13).order('id')).data)).toEqual([11, 12])
  })

  it('full-text search', async () => {
    expect(ids((await db.from('conf_books').select('id').textSearch('title', 'coma', { config: 'simple' })).data)).toEqual([12])
  })

  it('unknown operator → 400 PGRST100; bad value for the type → 400 22P02', async () => {
    const bad = await raw(stack, '/conf_books?id=not.foo.1')
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'PGRST100', details: 'unknown single value operator foo' })
    const { error, status } = await db.from('conf_books').select('id').eq('id', 'abc')
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "abc"' })
  })

  it('parameters without an operator are ignored on tables (e.g. ?apikey=)', async () => {
    const res = await raw(stack, `/conf_books?select=id&apikey=${stack.serviceRoleKey}&order=id`)
    expect(ids(res.body)).toEqual([10, 11, 12, 13])
  })
})

describe('order, range, count', () => {
  it('orders by several columns with nulls first/last', async () => {
    const { data } = await db.from('conf_books').select('id').order('price', { ascending: false, nullsFirst: true }).order('id')
    expect(ids(data)).toEqual([13, 12, 10, 11])
    const last = await db.from('conf_books').select('id').order('author_id', { ascending: true, nullsFirst: false }).order('id', { ascending: false })
    expect(ids(last.data)).toEqual([11, 10, 12, 13])
    const byJson = await db.from('conf_authors').select('id').order('meta->>city', { ascending: true }).order('id')
    expect(ids(byJson.data)).toEqual([2, 1, 3])
  })

  it('limit, offset and range with Content-Range and counts', async () => {
    const page = await db.from('conf_books').select('id', { count: 'exact' }).order('id').range(1, 2)
    expect(page.status).toBe(206)
    expect(page.count).toBe(4)
    expect(ids(page.data)).toEqual([11, 12])
    const res = await raw(stack, '/conf_books?select=id&order=id&limit=2&offset=1', { headers: { prefer: 'count=exact' } })
    expect(res.headers.get('content-range')).toBe('1-2/4')
    const all = await raw(stack, '/conf_books?select=id', { headers: { prefer: 'count=exact' } })
    expect(all.status).toBe(200)
    expect(all.headers.get('content-range')).toBe('0-3/4')
    const noCount = await raw(stack, '/conf_books?select=id&limit=1')
    expect(noCount.headers.get('content-range')).toBe('0-0/*')
    const empty = await raw(stack, '/conf_books?select=id&id=eq.999', { headers: { prefer: 'count=exact' } })
    expect(empty.headers.get('content-range')).toBe('*/0')
    const planned = await db.from('conf_books').select('id', { count: 'planned' }).limit(1)
    expect(planned.count).toBe(4)
  })

  it('Range header, and 416 PGRST103 past the end', async () => {
    const res = await raw(stack, '/conf_books?select=id&order=id', { headers: { range: '2-3', 'range-unit': 'items' } })
    expect(ids(res.body)).toEqual([12, 13])
    expect(res.headers.get('content-range')).toBe('2-3/*')
    const past = await db.from('conf_books').select('id', { count: 'exact' }).range(10, 12)
    expect(past.status).toBe(416)
    expect(past.error).toMatchObject({ code: 'PGRST103', details: 'An offset of 10 was requested, but there are only 4 rows.' })
    const negative = await raw(stack, '/conf_books?limit=-1')
    expect(negative.status).toBe(416)
  })

  it('HEAD gives the count and no body', async () => {
    const { data, count, status, error } = await db.from('conf_books').select('*', { count: 'exact', head: true }).gt('id', 10)
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toBeNull()
    expect(count).toBe(3)
  })

  it('embedded limit and order', async () => {
    const { data } = await db.from('conf_authors').select('id, conf_books(id)').eq('id', 1).order('id', { referencedTable: 'conf_books', ascending: false }).limit(1, { referencedTable: 'conf_books' })
    expect(data).toEqual([{ id: 1, conf_books: [{ id: 11 }] }])
  })
})

describe('single and maybeSingle', () => {
  it('single returns an object', async () => {
    const { data, error } = await db.from('conf_books').select('id,title').eq('id', 11).single()
    expect(error).toBeNull()
    expect(data).toEqual({ id: 11, title: 'Dos' })
  })

  it('single with 0 or many rows → 406 PGRST116', async () => {
    const none = await db.from('conf_books').select('id').eq('id', 999).single()
    expect(none.status).toBe(406)
    expect(none.error).toEqual({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 0 rows', hint: null })
    const many = await db.from('conf_books').select('id').single()
    expect(many.error?.details).toBe('The result contains 4 rows')
  })

  it('maybeSingle returns null for no row and an error for several', async () => {
    expect((await db.from('conf_books').select('id').eq('id', 999).maybeSingle()).data).toBeNull()
    expect((await db.from('conf_books').select('id').eq('id', 10).maybeSingle()).data).toEqual({ id: 10 })
    expect((await db.from('conf_books').select('id').maybeSingle()).error?.code).toBe('PGRST116')
  })

  it('stripNulls drops null fields', async () => {
    const { data } = await db.from('conf_books').select('id, price, starts').eq('id', 13).stripNulls()
    expect(data).toEqual([{ id: 13 }])
  })
})

describe('protocol details', () => {
  it('other schemas are refused with PGRST106', async () => {
    const { error, status } = await db.schema('auth').from('users').select('*')
    expect(status).toBe(406)
    expect(error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth', hint: 'Only the following schemas are exposed: public' })
  })

  it('unsupported media types → 406 PGRST107', async () => {
    const res = await raw(stack, '/conf_books', { headers: { accept: 'application/xml' } })
    expect(res.status).toBe(406)
    expect(res.body).toMatchObject({ code: 'PGRST107' })
  })

  it('unknown paths → 404 PGRST125; unsupported methods → 405', async () => {
    expect((await raw(stack, '/conf_books/extra')).body).toMatchObject({ code: 'PGRST125' })
    const put = await raw(stack, '/conf_books', { method: 'PUT', body: '{}' })
    expect(put.status).toBe(405)
    expect(put.body).toMatchObject({ code: 'PGRST117' })
  })

  it('sees tables created later once the schema cache reloads', async () => {
    expect((await db.from('conf_late').select('*')).status).toBe(404)
    await stack.db.exec(`create table conf_late (id int primary key); insert into conf_late values (7); notify pgrst, 'reload schema';`)
    let data: unknown = null
    for (let i = 0; i < 200 && !data; i++) {
      data = (await db.from('conf_late').select('*')).data
      if (!data) await new Promise((r) => setTimeout(r, 25))
    }
    expect(data).toEqual([{ id: 7 }])
  })
})
