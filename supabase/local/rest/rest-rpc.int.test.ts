// `/rpc` through supabase-js: named arguments and defaults, the single unnamed json
// parameter, scalar / setof / table / composite / void returns, filters and order on
// set-returning results, GET calls (read-only: writes → 405), and function errors.
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

describe('rpc', () => {
  it('scalar result with named arguments and defaults', async () => {
    expect(await db.rpc('conf_add', { a: 2, b: 3 })).toMatchObject({ data: 5, error: null, status: 200 })
    expect((await db.rpc('conf_add', { a: 2 })).data).toBe(12)
    expect((await db.rpc('conf_sum_array', { xs: [1, 2, 3] })).data).toBe(6)
  })

  it('single unnamed json parameter receives the whole body', async () => {
    const body = { hola: ['mundo', 1.5, null], n: { x: true } }
    expect((await db.rpc('conf_echo', body)).data).toEqual(body)
  })

  it('setof table rows: filters, order, limit, select and embedding apply', async () => {
    const all = await db.rpc('conf_books_by', { author: 1 })
    expect((all.data as Array<{ id: number }>).map((r) => r.id)).toEqual([10, 11])
    const shaped = await db.rpc('conf_books_by', { author: 1 }).select('title, conf_authors(name)').gt('price', 10).order('id', { ascending: false }).limit(1)
    expect(shaped.error).toBeNull()
    expect(shaped.data).toEqual([{ title: 'Uno', conf_authors: { name: 'Ana Torres' } }])
    const counted = await db.rpc('conf_books_by', { author: 1 }, { count: 'exact' }).range(0, 0)
    expect(counted.count).toBe(2)
    const one = await db.rpc('conf_books_by', { author: 2 }).select('id').single()
    expect(one.data).toEqual({ id: 12 })
    const notOne = await db.rpc('conf_books_by', { author: 1 }).select('id').single()
    expect(notOne.status).toBe(406)
  })

  it('RETURNS TABLE, composite and setof scalar returns', async () => {
    expect((await db.rpc('conf_stats', { author: 1 })).data).toEqual([{ n: 2, total: 19.5 }])
    expect((await db.rpc('conf_author', { author: 2 }).select('name')).data).toEqual({ name: 'Beto Quispe' })
    expect((await db.rpc('conf_numbers', { n: 3 })).data).toEqual([1, 2, 3])
  })

  it('GET calls take arguments from the query string', async () => {
    expect((await db.rpc('conf_add', { a: 1, b: 1 }, { get: true })).data).toBe(2)
    expect((await db.rpc('conf_sum_array', { xs: [4, 5] }, { get: true })).data).toBe(9)
    const head = await db.rpc('conf_books_by', { author: 1 }, { head: true, count: 'exact' })
    expect(head.count).toBe(2)
    expect(head.data).toBeNull()
  })

  it('void functions answer 204, and GET cannot write (405 25006)', async () => {
    const post = await db.rpc('conf_touch', { label: 'desde rpc' })
    expect(post.status).toBe(204)
    expect(post.error).toBeNull()
    expect((await stack.db.query(`select count(*)::int as n from conf_tags where label = 'desde rpc'`)).rows).toEqual([{ n: 1 }])
    const get = await db.rpc('conf_touch', { label: 'por get' }, { get: true })
    expect(get.status).toBe(405)
    expect(get.error?.code).toBe('25006')
    expect((await stack.db.query(`select count(*)::int as n from conf_tags where label = 'por get'`)).rows).toEqual([{ n: 0 }])
  })

  it('runs with the caller’s claims', async () => {
    expect((await stack.anon().rpc('conf_whoami')).data).toBe('anon')
  })

  it('unknown function or arguments → 404 PGRST202', async () => {
    const missing = await db.rpc('conf_nope', { a: 1 })
    expect(missing.status).toBe(404)
    expect(missing.error).toMatchObject({
      code: 'PGRST202', message: 'Could not find the function public.conf_nope(a) in the schema cache',
      details: 'Searched for the function public.conf_nope with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    })
    const wrongArgs = await db.rpc('conf_add', { x: 1 })
    expect(wrongArgs.error?.code).toBe('PGRST202')
    expect(wrongArgs.error?.hint).toBe('Perhaps you meant to call the function public.conf_add(a, b)')
  })

  it('custom statuses from PTxxx, bad argument values → 400', async () => {
    const pay = await db.rpc('conf_payment_required')
    expect(pay.status).toBe(402)
    expect(pay.error).toMatchObject({ code: 'PT402', message: 'Pago requerido' })
    const bad = await db.rpc('conf_add', { a: 'uno' })
    expect(bad.status).toBe(400)
    expect(bad.error?.code).toBe('22P02')
  })

  it('other methods → 405 PGRST101', async () => {
    const res = await raw(stack, '/rpc/conf_add', { method: 'PATCH', body: '{}' })
    expect(res.status).toBe(405)
    expect(res.body).toMatchObject({ code: 'PGRST101', message: 'Cannot use the PATCH method on RPC' })
  })
})
