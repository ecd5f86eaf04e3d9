// Resource embedding over foreign keys: to-one, to-many, one-to-one, many-to-many,
// self references, hints, !inner/!left, spreads, embedded filters/order/limit,
// `rel=not.is.null`, related ordering, and the errors for missing or ambiguous links.
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

describe('embedding', () => {
  it('to-one (many-to-one) gives an object or null, with aliases', async () => {
    const { data, error } = await db.from('conf_books').select('id, autor:conf_authors(name, born)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 10, autor: { name: 'Ana Torres', born: '1980-05-01' } },
      { id: 11, autor: { name: 'Ana Torres', born: '1980-05-01' } },
      { id: 12, autor: { name: 'Beto Quispe', born: null } },
      { id: 13, autor: null },
    ])
  })

  it('to-many gives an array (empty when nothing matches)', async () => {
    const { data } = await db.from('conf_authors').select('id, conf_books(id, title)').order('id').order('id', { referencedTable: 'conf_books' })
    expect(data).toEqual([
      { id: 1, conf_books: [{ id: 10, title: 'Uno' }, { id: 11, title: 'Dos' }] },
      { id: 2, conf_books: [{ id: 12, title: 'Tres, con coma' }] },
      { id: 3, conf_books: [] },
    ])
  })

  it('one-to-one both ways gives objects', async () => {
    const { data } = await db.from('conf_authors').select('id, conf_profiles(bio)').order('id').limit(2)
    expect(data).toEqual([{ id: 1, conf_profiles: { bio: 'Poeta limeña' } }, { id: 2, conf_profiles: null }])
    const back = await db.from('conf_profiles').select('bio, conf_authors(name)')
    expect(back.data).toEqual([{ bio: 'Poeta limeña', conf_authors: { name: 'Ana Torres' } }])
  })

  it('many-to-many through a junction table', async () => {
    const { data } = await db.from('conf_books').select('id, conf_tags(label)').in('id', [10, 11, 12]).order('id').order('id', { referencedTable: 'conf_tags' })
    expect(data).toEqual([
      { id: 10, conf_tags: [{ label: 'clásico' }, { label: 'nuevo' }] },
      { id: 11, conf_tags: [{ label: 'nuevo' }] },
      { id: 12, conf_tags: [] },
    ])
  })

  it('nested embeds and `*` inside embeds', async () => {
    const { data } = await db.from('conf_tags').select('label, conf_books(title, conf_authors(*))').eq('id', 1)
    expect(data).toEqual([
      {
        label: 'clásico',
        conf_books: [{
          title: 'Uno',
          conf_authors: {
            id: 1, name: 'Ana Torres', born: '1980-05-01', meta: { city: 'Lima', langs: ['es', 'en'], stats: { books: 2 } },
            tags: ['poesía', 'novela'], rating: 4.5, active: true, nickname: 'anita',
          },
        }],
      },
    ])
  })

  it('embeds through the FK column name and through views', async () => {
    const { data } = await db.from('conf_books').select('id, author_id(name)').eq('id', 12)
    expect(data).toEqual([{ id: 12, author_id: { name: 'Beto Quispe' } }])
    const view = await db.from('conf_book_view').select('id, conf_authors(name)').eq('id', 10)
    expect(view.error).toBeNull()
    expect(view.data).toEqual([{ id: 10, conf_authors: { name: 'Ana Torres' } }])
    const toView = await db.from('conf_authors').select('id, conf_book_view(title)').eq('id', 2)
    expect(toView.data).toEqual([{ id: 2, conf_book_view: [{ title: 'Tres, con coma' }] }])
  })

  it('self references: parent by column, children by table name', async () => {
    const { data, error } = await db.from('conf_nodes').select('label, parent:parent_id(label), hijos:conf_nodes(label)').eq('id', 2)
    expect(error).toBeNull()
    expect(data).toEqual([{ label: 'hijo a', parent: { label: 'raíz' }, hijos: [{ label: 'nieto' }] }])
  })

  it('ambiguous relationships → 300 PGRST201; hints disambiguate', async () => {
    const amb = await db.from('conf_authors').select('id, conf_reviews(stars)')
    expect(amb.status).toBe(300)
    expect(amb.error?.code).toBe('PGRST201')
    expect(amb.error?.message).toBe("Could not embed because more than one relationship was found for 'conf_authors' and 'conf_reviews'")
    expect(amb.error?.details).toEqual(expect.arrayContaining([
      { cardinality: 'one-to-many', embedding: 'conf_authors with conf_reviews', relationship: 'conf_reviews_reviewer_id_fkey using conf_authors(id) and conf_reviews(reviewer_id)' },
    ]))
    expect(amb.error?.hint).toContain("'conf_reviews!conf_reviews_reviewer_id_fkey'")
    const byFk = await db.from('conf_authors').select('id, written:conf_reviews!conf_reviews_reviewer_id_fkey(stars)').eq('id', 1)
    expect(byFk.data).toEqual([{ id: 1, written: [{ stars: 5 }] }])
    const byCol = await db.from('conf_reviews').select('id, reviewer:conf_authors!reviewer_id(name), subject:conf_authors!subject_id(name)').eq('id', 1)
    expect(byCol.data).toEqual([{ id: 1, reviewer: { name: 'Ana Torres' }, subject: { name: 'Beto Quispe' } }])
  })

  it('no relationship → 400 PGRST200', async () => {
    const { error, status } = await db.from('conf_tags').select('id, conf_nodes(*)')
    expect(status).toBe(400)
    expect(error).toMatchObject({
      code: 'PGRST200', message: "Could not find a relationship between 'conf_tags' and 'conf_nodes' in the schema cache",
      details: "Searched for a foreign key relationship between 'conf_tags' and 'conf_nodes' in the schema 'public', but no matches were found.",
    })
  })
})

describe('filtering embeds', () => {
  it('embedded filters restrict the embed, !inner restricts the parents', async () => {
    const left = await db.from('conf_authors').select('id, conf_books(id)').eq('conf_books.price', 7).order('id')
    expect(left.data).toEqual([{ id: 1, conf_books: [{ id: 11 }] }, { id: 2, conf_books: [] }, { id: 3, conf_books: [] }])
    const inner = await db.from('conf_authors').select('id, conf_books!inner(id)').eq('conf_books.price', 7)
    expect(inner.data).toEqual([{ id: 1, conf_books: [{ id: 11 }] }])
    const innerOne = await db.from('conf_books').select('id, conf_authors!inner(name)').eq('conf_authors.name', 'Beto Quispe')
    expect(innerOne.data).toEqual([{ id: 12, conf_authors: { name: 'Beto Quispe' } }])
    const leftExplicit = await db.from('conf_books').select('id, conf_authors!left(name)').eq('id', 13)
    expect(leftExplicit.data).toEqual([{ id: 13, conf_authors: null }])
  })

  it('count follows !inner', async () => {
    const { count, data } = await db.from('conf_authors').select('id, conf_books!inner(id)', { count: 'exact' }).gt('conf_books.pages', 100)
    expect(data).toEqual([{ id: 1, conf_books: [{ id: 10 }, { id: 11 }] }])
    expect(count).toBe(1)
  })

  it('rel=not.is.null and rel=is.null filter the parents', async () => {
    const has = await db.from('conf_books').select('id, conf_authors(name)').not('conf_authors', 'is', null).order('id')
    expect(has.data?.map((r) => r.id)).toEqual([10, 11, 12])
    const none = await db.from('conf_books').select('id, conf_authors()').is('conf_authors', null)
    expect(none.data).toEqual([{ id: 13 }])
    const bad = await raw(stack, '/conf_books?select=id,conf_authors(name)&conf_authors=eq.1')
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'PGRST120' })
  })

  it('or inside an embed', async () => {
    const { data } = await db.from('conf_authors').select('id, conf_books(id)').eq('id', 1).or('id.eq.10,pages.gt.200', { referencedTable: 'conf_books' }).order('id', { referencedTable: 'conf_books' })
    expect(data).toEqual([{ id: 1, conf_books: [{ id: 10 }, { id: 11 }] }])
  })

  it('filters on resources that are not embedded → PGRST108', async () => {
    const { error, status } = await db.from('conf_authors').select('id').eq('conf_books.id', 10)
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: 'PGRST108', message: "'conf_books' is not an embedded resource in this request" })
  })

  it('orders by a to-one embed column; to-many is refused (PGRST118)', async () => {
    const res = await raw(stack, '/conf_books?select=id,conf_authors(name)&order=conf_authors(name).desc.nullslast,id')
    expect((res.body as Array<{ id: number }>).map((r) => r.id)).toEqual([12, 10, 11, 13])
    const bad = await raw(stack, '/conf_authors?select=id,conf_books(id)&order=conf_books(id)')
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'PGRST118' })
  })

  it('spreads a to-one embed into the parent', async () => {
    const { data, error } = await db.from('conf_books').select('id, ...conf_authors(autor:name, born)').in('id', [12, 13]).order('id')
    expect(error).toBeNull()
    expect(data).toEqual([{ id: 12, autor: 'Beto Quispe', born: null }, { id: 13, autor: null, born: null }])
  })
})
