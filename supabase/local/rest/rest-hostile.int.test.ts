// Hostile input: SQL in every place a request can carry text (filter values, column
// names, select, aliases, casts, JSON paths, order, hints, on_conflict, columns, table
// and function names), absurd nesting, huge lists, NUL bytes, oversized bodies. The
// rules: never a 5xx, never data the caller may not see, and the database unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../../../tests/support/stack.ts'
import { USER_A, raw, startRestFixture, userClient } from '../../../tests/support/conformance-fixture.ts'

let stack: TestStack
let fingerprint: string

/** Every fixture table's contents, to prove nothing changed. */
async function snapshot(): Promise<string> {
  const { rows } = await stack.db.query<{ t: string }>(`
    select string_agg(tbl || ':' || coalesce(content, ''), '|' order by tbl) as t from (
      select 'authors' tbl, (select string_agg(a::text, ',' order by id) from conf_authors a) content union all
      select 'books', (select string_agg(b::text, ',' order by id) from conf_books b) union all
      select 'tags', (select string_agg(t::text, ',' order by id) from conf_tags t) union all
      select 'notes', (select string_agg(n::text, ',' order by id) from conf_notes n) union all
      select 'guarded', (select string_agg(g::text, ',' order by id) from conf_guarded g) union all
      select 'tables', (select string_agg(tablename, ',' order by tablename) from pg_tables where schemaname = 'public')
    ) s`)
  return rows[0]!.t
}

beforeAll(async () => {
  stack = await startRestFixture()
  await stack.db.exec(`insert into conf_notes (owner, body) values ('${USER_A}', 'secreto de A')`)
  fingerprint = await snapshot()
})
afterAll(async () => {
  await stack?.close()
})

const injections = [
  `1; drop table conf_tags; --`,
  `1' or '1'='1`,
  `1) or (1=1`,
  `"; delete from conf_books; --`,
  `$1`,
  `1::text; select pg_sleep(5)`,
  `\\'; drop table conf_books; --`,
]

async function expectSafe(path: string, init: Parameters<typeof raw>[2] = {}) {
  const res = await raw(stack, path, init)
  expect(res.status, `${path} → ${res.text}`).toBeLessThan(500)
  expect(res.text).not.toContain('secreto de A')
  return res
}

describe('hostile input', () => {
  it('SQL in filter values is just a value', async () => {
    for (const v of injections) {
      for (const op of ['eq', 'neq', 'like', 'ilike', 'gt', 'match', 'cs', 'isdistinct']) {
        await expectSafe(`/conf_books?title=${op}.${encodeURIComponent(v)}`)
      }
      await expectSafe(`/conf_books?id=in.(${encodeURIComponent(v)},"${encodeURIComponent(v)}")`)
      await expectSafe(`/conf_books?or=(title.eq.${encodeURIComponent(v)},id.eq."${encodeURIComponent(v)}")`)
      await expectSafe(`/conf_authors?meta->>${encodeURIComponent(v)}=eq.x`)
    }
    // A value that is SQL for a matching column type finds nothing and changes nothing.
    const res = await expectSafe(`/conf_books?title=eq.${encodeURIComponent(`x' or 1=1 --`)}`)
    expect(res.body).toEqual([])
  })

  it('SQL in identifiers is refused as an unknown name', async () => {
    const names = [`id;drop table conf_tags`, `id" or 1=1 --`, `"id""; drop table conf_tags; --"`, `(select 1)`, `id) union select * from conf_notes --`]
    for (const n of names) {
      const e = encodeURIComponent(n)
      await expectSafe(`/conf_books?${e}=eq.1`)
      await expectSafe(`/conf_books?select=${e}`)
      await expectSafe(`/conf_books?select=id&order=${e}`)
      await expectSafe(`/conf_books?select=id,conf_authors!${e}(name)`)
      await expectSafe(`/conf_books?select=id,${e}(name)`)
      await expectSafe(`/conf_tags?on_conflict=${e}`, { method: 'POST', headers: { prefer: 'resolution=merge-duplicates' }, body: '{"id":1,"label":"x"}' })
      await expectSafe(`/conf_tags?columns=${e}`, { method: 'POST', body: '{"id":999,"label":"x"}' })
      await expectSafe(`/${e}`)
      await expectSafe(`/rpc/${e}`, { method: 'POST', body: '{}' })
    }
    const bodyKey = await expectSafe('/conf_tags', { method: 'POST', body: JSON.stringify({ id: 998, 'label") values (1, 2); drop table conf_tags; --': 'x' }) })
    expect(bodyKey.body).toMatchObject({ code: 'PGRST204' })
  })

  it('aliases and casts cannot escape their quoting', async () => {
    const alias = await expectSafe(`/conf_books?select=${encodeURIComponent('"x\\" from conf_notes --":id')}&id=eq.10`)
    expect(alias.body).toEqual([{ 'x" from conf_notes --': 10 }])
    for (const cast of ['text) from conf_notes --', 'int;drop table conf_tags', 'text)as"x', '"text"']) {
      await expectSafe(`/conf_books?select=id::${encodeURIComponent(cast)}`)
    }
    const nul = await expectSafe(`/conf_books?select=${encodeURIComponent('a\u0000b:id')}`)
    expect(nul.status).toBe(400)
    const nulValue = await expectSafe(`/conf_books?title=eq.${encodeURIComponent('a\u0000b')}`)
    expect(nulValue.status).toBe(400)
    const nulBody = await expectSafe('/conf_tags', { method: 'POST', body: JSON.stringify({ id: 996, label: 'a\u0000b' }) })
    expect(nulBody.status).toBe(400)
  })

  it('deep logic trees, deep embeds and deep values are refused with 400', async () => {
    const deep = (n: number) => 'or('.repeat(n) + 'id.eq.1' + ')'.repeat(n)
    const logic = await expectSafe(`/conf_books?or=(${deep(2000).slice(3, -1)})`)
    expect(logic.status).toBe(400)
    const fine = await expectSafe(`/conf_books?select=id&or=(${deep(10).slice(3, -1)})`)
    expect(fine.status).toBe(200)
    const embeds = await expectSafe(`/conf_nodes?select=${'conf_nodes('.repeat(50)}id${')'.repeat(50)}`)
    expect(embeds.status).toBe(400)
    const json = await expectSafe(`/conf_authors?meta=cs.${'['.repeat(5000)}${']'.repeat(5000)}`)
    expect(json.status).toBe(400)
    const regex = await expectSafe(`/conf_books?title=match.${'('.repeat(3000)}a${')'.repeat(3000)}`)
    expect(regex.status).toBe(400)
    const body = await expectSafe('/rpc/conf_echo', { method: 'POST', body: '['.repeat(20000) + ']'.repeat(20000) })
    expect(body.status).toBe(400)
    // And the database still answers normally afterwards.
    expect((await raw(stack, '/conf_books?select=id&id=eq.10')).body).toEqual([{ id: 10 }])
  })

  it('huge in-lists work up to the URL size Node accepts, and beyond it fail cleanly', async () => {
    const values = Array.from({ length: 1000 }, (_, i) => i + 1)
    const { data, error } = await stack.service().from('conf_books').select('id').in('id', values).order('id')
    expect(error).toBeNull()
    expect(data).toEqual([{ id: 10 }, { id: 11 }, { id: 12 }, { id: 13 }])
    const tooLong = await expectSafe(`/conf_books?id=in.(${Array.from({ length: 20000 }, (_, i) => i).join(',')})`)
    expect(tooLong.status).toBe(431)
  })

  it('oversized bodies → 413', async () => {
    const res = await expectSafe('/conf_tags', { method: 'POST', body: JSON.stringify({ id: 997, label: 'x'.repeat(5 * 1024 * 1024) }) })
    expect(res.status).toBe(413)
  })

  it('a signed-in user cannot reach another user’s rows through any shape', async () => {
    const b = await userClient(stack, '99999999-9999-4999-8999-999999999999')
    for (const q of [
      b.from('conf_notes').select('*'),
      b.from('conf_notes').select('*').or('owner.neq.x,id.gt.0'),
      b.from('conf_notes').select('*').eq('body', 'secreto de A'),
      b.from('conf_notes').select('*', { count: 'exact', head: true }),
    ]) {
      const r = await q
      expect(r.status).toBeLessThan(500)
      expect(JSON.stringify(r.data ?? '')).not.toContain('secreto')
      if (r.count !== null) expect(r.count).toBe(0)
    }
  })

  it('left the database exactly as it was', async () => {
    expect(await snapshot()).toBe(fingerprint)
  })
})
