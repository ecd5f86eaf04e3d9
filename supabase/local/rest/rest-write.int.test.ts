// Writing through supabase-js: insert (single, bulk, columns, missing=default), upsert
// (merge/ignore, on_conflict), update and delete with filters, limits and
// representation, single() rollbacks, max-affected, Prefer headers and status codes,
// and the error mapping of constraint and trigger failures. Every effect is checked in
// the database itself (stack.db), not only in the response.
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

const rows = async <T = Record<string, unknown>>(sql: string) => (await stack.db.query<T>(sql)).rows

describe('insert', () => {
  it('inserts one row: 201 without body by default', async () => {
    const res = await db.from('conf_tags').insert({ id: 20, label: 'veinte' })
    expect(res.status).toBe(201)
    expect(res.data).toBeNull()
    expect(res.error).toBeNull()
    expect(await rows('select label from conf_tags where id = 20')).toEqual([{ label: 'veinte' }])
  })

  it('returns the representation with select(), single() an object', async () => {
    const { data, status } = await db.from('conf_authors').insert({ id: 20, name: 'Diego', tags: ['a', 'b'], meta: { x: [1, { y: null }] }, rating: 2.25 }).select().single()
    expect(status).toBe(201)
    expect(data).toEqual({ id: 20, name: 'Diego', born: null, meta: { x: [1, { y: null }] }, tags: ['a', 'b'], rating: 2.3, active: true, nickname: null })
  })

  it('omitted columns take their defaults', async () => {
    const { data } = await db.from('conf_items').insert({ code: 'A1' }).select('code, qty, note').single()
    expect(data).toEqual({ code: 'A1', qty: 1, note: 'sin nota' })
    expect((await rows<{ id: string }>(`select id from conf_items where code = 'A1'`))[0]!.id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('bulk insert: missing keys become NULL, or the default with defaultToNull: false', async () => {
    const res = await db.from('conf_items').insert([{ code: 'B1', qty: 5 }, { code: 'B2', note: 'x' }]).select('code, qty, note').order('code')
    expect(res.error?.code).toBe('23502') // qty null violates not-null: missing means NULL
    expect(await rows(`select * from conf_items where code like 'B%'`)).toEqual([])
    const ok = await db.from('conf_items').insert([{ code: 'B1', qty: 5 }, { code: 'B2', note: 'x' }], { defaultToNull: false }).select('code, qty, note')
    expect(ok.error).toBeNull()
    expect(ok.data).toEqual([{ code: 'B1', qty: 5, note: 'sin nota' }, { code: 'B2', qty: 1, note: 'x' }])
  })

  it('array bodies with differing keys and no columns → 400 PGRST102', async () => {
    const res = await raw(stack, '/conf_tags', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ id: 30, label: 'a' }, { id: 31 }]) })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' })
    const invalid = await raw(stack, '/conf_tags', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":' })
    expect(invalid.body).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' })
    expect(await rows('select id from conf_tags where id in (30, 31)')).toEqual([])
  })

  it('`columns` limits the inserted keys', async () => {
    const res = await raw(stack, '/conf_tags?columns=id,label&select=id,label', {
      method: 'POST', headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify([{ id: 32, label: 'x', ignored: 1 }, { id: 33, label: 'y' }]),
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual([{ id: 32, label: 'x' }, { id: 33, label: 'y' }])
  })

  it('unknown body column → 400 PGRST204', async () => {
    const { error, status } = await db.from('conf_tags').insert({ id: 34, label: 'x', nope: 1 })
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'conf_tags' in the schema cache" })
  })

  it('count and headers-only (Location)', async () => {
    const counted = await db.from('conf_tags').insert([{ id: 35, label: 'c1' }, { id: 36, label: 'c2' }], { count: 'exact' })
    expect(counted.count).toBe(2)
    const loc = await raw(stack, '/conf_tags', { method: 'POST', headers: { 'content-type': 'application/json', prefer: 'return=headers-only' }, body: '{"id":37,"label":"loc"}' })
    expect(loc.status).toBe(201)
    expect(loc.headers.get('location')).toBe('/conf_tags?id=eq.37')
    expect(loc.headers.get('preference-applied')).toBe('return=headers-only')
  })

  it('constraint errors keep Postgres fields and map to PostgREST statuses', async () => {
    const dup = await db.from('conf_tags').insert({ id: 1, label: 'otro' })
    expect(dup.status).toBe(409)
    expect(dup.error).toMatchObject({ code: '23505', message: 'duplicate key value violates unique constraint "conf_tags_pkey"', details: 'Key (id)=(1) already exists.' })
    const fk = await db.from('conf_books').insert({ id: 50, title: 'x', author_id: 999 })
    expect(fk.status).toBe(409)
    expect(fk.error?.code).toBe('23503')
    const notNull = await db.from('conf_books').insert({ id: 51 })
    expect(notNull.status).toBe(400)
    expect(notNull.error?.code).toBe('23502')
    const tooLong = await db.from('conf_authors').insert({ id: 52, name: 'x', nickname: 'x'.repeat(30) })
    expect(tooLong.status).toBe(400)
    expect(tooLong.error?.code).toBe('22001')
  })

  it("trigger errors pass through verbatim (Spanish), P0001 → 400", async () => {
    const { error, status } = await db.from('conf_guarded').insert({ id: 2, qty: -3 })
    expect(status).toBe(400)
    expect(error).toEqual({ code: 'P0001', message: 'La cantidad no puede ser negativa (-3).', details: null, hint: 'Revise el stock.' })
    expect(await rows('select id from conf_guarded where id = 2')).toEqual([])
  })

  it('a database error inside a checked transaction rolls back and the next request is unaffected', async () => {
    const dup = await db.from('conf_tags').insert([{ id: 42, label: 'antes' }, { id: 1, label: 'choca' }]).select().single()
    expect(dup.status).toBe(409)
    expect(await rows('select id from conf_tags where id = 42')).toEqual([])
    const next = await db.from('conf_tags').insert({ id: 43, label: 'después' }).select('id').single()
    expect(next.data).toEqual({ id: 43 })
    expect(await rows('select id from conf_tags where id = 43')).toEqual([{ id: 43 }])
  })

  it('single() on a bulk insert rolls back (406)', async () => {
    const res = await db.from('conf_tags').insert([{ id: 40, label: 'r1' }, { id: 41, label: 'r2' }]).select().single()
    expect(res.status).toBe(406)
    expect(res.error?.details).toBe('The result contains 2 rows')
    expect(await rows('select id from conf_tags where id in (40, 41)')).toEqual([])
  })
})

describe('upsert', () => {
  it('merge-duplicates updates the existing row: 200; a new row: 201', async () => {
    const updated = await db.from('conf_tags').upsert({ id: 2, label: 'renovado' }).select()
    expect(updated.status).toBe(200)
    expect(updated.data).toEqual([{ id: 2, label: 'renovado' }])
    const created = await db.from('conf_tags').upsert([{ id: 2, label: 'nuevo' }, { id: 60, label: 'sesenta' }]).select().order('id')
    expect(created.status).toBe(201)
    expect(await rows('select id, label from conf_tags where id in (2, 60) order by id')).toEqual([{ id: 2, label: 'nuevo' }, { id: 60, label: 'sesenta' }])
  })

  it('on_conflict on a unique column, and ignore-duplicates', async () => {
    const res = await db.from('conf_tags').upsert({ id: 61, label: 'raro' }, { onConflict: 'label' }).select()
    expect(res.error).toBeNull()
    expect(res.data).toEqual([{ id: 61, label: 'raro' }])
    expect(await rows(`select id from conf_tags where label = 'raro'`)).toEqual([{ id: 61 }])
    const ignored = await db.from('conf_tags').upsert([{ id: 61, label: 'ignorado' }, { id: 62, label: 'nuevo2' }], { ignoreDuplicates: true }).select()
    expect(ignored.data).toEqual([{ id: 62, label: 'nuevo2' }])
    expect(await rows('select label from conf_tags where id = 61')).toEqual([{ label: 'raro' }])
  })
})

describe('update', () => {
  it('updates the filtered rows: 204, or 200 with select()', async () => {
    const res = await db.from('conf_books').update({ pages: 121 }).eq('id', 10)
    expect(res.status).toBe(204)
    expect(await rows('select pages from conf_books where id = 10')).toEqual([{ pages: 121 }])
    const rep = await db.from('conf_books').update({ price: 8.5, period: '[2,3)' }).in('id', [10, 11]).select('id, price, period').order('id')
    expect(rep.status).toBe(200)
    expect(rep.data).toEqual([{ id: 10, price: 8.5, period: '[2,3)' }, { id: 11, price: 8.5, period: '[2,3)' }])
  })

  it('count on update, and updating json/array columns', async () => {
    const res = await db.from('conf_authors').update({ tags: ['x'], meta: { z: 1 } }, { count: 'exact' }).eq('id', 3)
    expect(res.count).toBe(1)
    expect(await rows('select tags, meta from conf_authors where id = 3')).toEqual([{ tags: ['x'], meta: { z: 1 } }])
  })

  it('single() on an update touching several rows rolls back', async () => {
    const res = await db.from('conf_books').update({ pages: 1 }).in('id', [10, 11]).select().single()
    expect(res.status).toBe(406)
    expect(await rows('select pages from conf_books where id in (10, 11) and pages = 1')).toEqual([])
  })

  it('max-affected with handling=strict refuses and rolls back', async () => {
    // maxAffected() is typed for PostgREST 13+ schemas; the untyped client still sends it.
    type Strict = { maxAffected(n: number): PromiseLike<{ status: number; error: unknown }> }
    const res = await (db.from('conf_books').update({ pages: 2 }).gte('id', 10) as unknown as Strict).maxAffected(1)
    expect(res.status).toBe(400)
    expect(res.error).toMatchObject({ code: 'PGRST124', details: 'The query affects 4 rows' })
    expect(await rows('select id from conf_books where pages = 2')).toEqual([])
  })

  it('limited update by order and limit', async () => {
    const res = await raw(stack, '/conf_nodes?order=id.desc&limit=2', {
      method: 'PATCH', headers: { 'content-type': 'application/json', prefer: 'return=representation' }, body: '{"label":"tocado"}',
    })
    expect(res.status).toBe(200)
    expect(await rows(`select id from conf_nodes where label = 'tocado' order by id`)).toEqual([{ id: 3 }, { id: 4 }])
  })

  it('an empty body changes nothing', async () => {
    const res = await db.from('conf_books').update({}).eq('id', 12).select()
    expect(res.data).toEqual([])
  })

  it('trigger refusals on update', async () => {
    const { error } = await db.from('conf_guarded').update({ qty: -1 }).eq('id', 1)
    expect(error?.message).toBe('La cantidad no puede ser negativa (-1).')
    expect(await rows('select qty from conf_guarded where id = 1')).toEqual([{ qty: 5 }])
  })
})

describe('delete', () => {
  it('deletes filtered rows: 204, or 200 with the deleted rows', async () => {
    await stack.db.exec(`insert into conf_tags values (70, 'd1'), (71, 'd2'), (72, 'd3')`)
    const res = await db.from('conf_tags').delete().eq('id', 70)
    expect(res.status).toBe(204)
    const rep = await db.from('conf_tags').delete({ count: 'exact' }).in('id', [71, 72]).select('label').order('label')
    expect(rep.status).toBe(200)
    expect(rep.count).toBe(2)
    expect(rep.data).toEqual([{ label: 'd2' }, { label: 'd3' }])
    expect(await rows('select id from conf_tags where id between 70 and 72')).toEqual([])
  })

  it('foreign key violations → 409', async () => {
    const { status, error } = await db.from('conf_authors').delete().eq('id', 2)
    expect(status).toBe(409)
    expect(error?.code).toBe('23503')
  })

  it('representation can embed related rows', async () => {
    await stack.db.exec(`insert into conf_books (id, author_id, title) values (80, 3, 'para borrar')`)
    const { data } = await db.from('conf_books').delete().eq('id', 80).select('id, conf_authors(name)').single()
    expect(data).toEqual({ id: 80, conf_authors: { name: 'Carla Ruiz' } })
  })
})
