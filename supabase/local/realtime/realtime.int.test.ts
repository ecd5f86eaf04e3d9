/**
 * Realtime through the unmodified realtime-js (as supabase-js ships it), against a real
 * embedded stack. Writes are made with SQL, so nothing here depends on the REST API.
 *
 * "Never receives" is asserted with a marker: changes reach a subscriber in commit order,
 * so once a later, visible marker has arrived, an earlier change that did not will not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { adminUser, clientWith, listen, notesSql, titles, userA, userB, userToken, waitFor, type Listener } from '../../../tests/support/realtime-fixtures.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
  await stack.db.exec(notesSql)
})

afterAll(async () => {
  await stack?.close()
})

async function note(fields: Record<string, unknown>): Promise<string> {
  const columns = Object.keys(fields)
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.rt_notes (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    Object.values(fields),
  )
  return rows[0]!.id
}

/** A public row: every subscriber of rt_notes gets it, after everything committed before. */
const marker = (title: string) => note({ title, is_public: true })
const received = (l: Listener, title: string, binding = 0) => () => titles(l.byBinding[binding]!).includes(title)

describe('subscribing and payloads', () => {
  it('reports SUBSCRIBED, confirms with a system message and delivers INSERT, UPDATE and DELETE shaped as hosted', async () => {
    const client = await clientWith(stack, await userToken(stack, userA))
    const l = await listen(client, 'crud', [{ event: '*', table: 'rt_notes' }])
    expect(l.statuses.map((s) => s.status)).toEqual(['SUBSCRIBED'])
    await waitFor('el mensaje system', () => l.system.length > 0)
    expect(l.system).toEqual([{ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'crud' }])

    const id = await note({ owner: userA, title: 'crud-1', amount: '12.50', n: 7 })
    await waitFor('el INSERT', () => l.all.length === 1)
    const inserted = l.all[0]!
    expect(inserted).toMatchObject({ schema: 'public', table: 'rt_notes', eventType: 'INSERT', old: {}, errors: null })
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(Math.abs(Date.parse(inserted.commit_timestamp) - Date.now())).toBeLessThan(10_000)
    // Formatted by Postgres as PostgREST formats it: numeric as a number, timestamptz in UTC.
    expect(inserted.new).toEqual({
      id,
      owner: userA,
      is_public: false,
      admin_only: false,
      title: 'crud-1',
      amount: 12.5,
      n: 7,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/),
    })

    await stack.db.query(`update public.rt_notes set title = 'crud-2', amount = 3 where id = $1`, [id])
    await waitFor('el UPDATE', () => l.all.length === 2)
    expect(l.all[1]).toMatchObject({ eventType: 'UPDATE', new: { id, title: 'crud-2', amount: 3 }, old: { id } })
    // Without REPLICA IDENTITY FULL the old row is only its key, as in hosted's WAL.
    expect(Object.keys(l.all[1]!.old)).toEqual(['id'])

    await stack.db.query(`delete from public.rt_notes where id = $1`, [id])
    await waitFor('el DELETE', () => l.all.length === 3)
    expect(l.all[2]).toMatchObject({ eventType: 'DELETE', new: {}, old: { id }, errors: null })
    expect(Object.keys(l.all[2]!.old)).toEqual(['id'])
  })

  it('delivers only the events a binding listens to', async () => {
    const service = stack.service()
    const l = await listen(service, 'events', [
      { event: 'INSERT', table: 'rt_notes' },
      { event: 'UPDATE', table: 'rt_notes' },
      { event: 'DELETE', table: 'rt_notes' },
    ])
    // Under RLS a change is delivered only if the row is still visible when it is read
    // (hosted checks the same way), so each step waits for the previous one.
    const id = await note({ title: 'ev-1' })
    await waitFor('el INSERT', () => l.byBinding[0]!.length === 1)
    await stack.db.query(`update public.rt_notes set title = 'ev-2' where id = $1`, [id])
    await waitFor('el UPDATE', () => l.byBinding[1]!.length === 1)
    await stack.db.query(`delete from public.rt_notes where id = $1`, [id])
    await marker('ev-marker')
    await waitFor('el marcador', received(l, 'ev-marker'))
    expect(l.byBinding.map((changes) => changes.map((c) => c.eventType))).toEqual([['INSERT', 'INSERT'], ['UPDATE'], ['DELETE']])
  })

  it('delivers a committed change exactly once, and never one that rolled back', async () => {
    const service = stack.service()
    const l = await listen(service, 'once', [
      { event: '*', table: 'rt_notes' },
      { event: 'INSERT', table: 'rt_notes' },
    ])
    await stack.db
      .transaction(async (tx) => {
        await tx.query(`insert into public.rt_notes (title, is_public) values ('rolled-back', true)`)
        throw new Error('rollback')
      })
      .catch(() => {})
    await stack.db.transaction(async (tx) => {
      await tx.query(`insert into public.rt_notes (title) values ('once-1'), ('once-2')`)
      await tx.query(`insert into public.rt_notes (title) values ('once-3')`)
    })
    await marker('once-marker')
    await waitFor('el marcador', received(l, 'once-marker'))
    // Both bindings match each insert: each gets it once (one push carries both ids).
    expect(titles(l.byBinding[0]!)).toEqual(['once-1', 'once-2', 'once-3', 'once-marker'])
    expect(titles(l.byBinding[1]!)).toEqual(['once-1', 'once-2', 'once-3', 'once-marker'])
  })

  it('captures writes whoever makes them: another role in SQL, and a trigger on another table', async () => {
    const service = stack.service()
    const l = await listen(service, 'writers', [{ event: 'INSERT', table: 'rt_notes' }])
    await stack.db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: userA, role: 'authenticated' }),
      ])
      await tx.query(`insert into public.rt_notes (owner, title) values ($1, 'as-authenticated')`, [userA])
    })
    await stack.db.exec(`
      create table public.rt_inbox (id serial primary key, title text not null);
      create function public.rt_inbox_to_notes() returns trigger language plpgsql as $$
      begin insert into public.rt_notes (title) values ('via-' || new.title); return new; end $$;
      create trigger rt_inbox_to_notes after insert on public.rt_inbox for each row execute function public.rt_inbox_to_notes();
    `)
    await stack.db.query(`insert into public.rt_inbox (title) values ('trigger')`)
    await marker('writers-marker')
    await waitFor('el marcador', received(l, 'writers-marker'))
    expect(titles(l.all)).toEqual(['as-authenticated', 'via-trigger', 'writers-marker'])
  })

  it('keeps the columns and the key of composite primary keys, including a key change', async () => {
    await stack.db.exec(`
      create table public.rt_pairs (a int, b text, v text, primary key (a, b));
      alter publication supabase_realtime add table public.rt_pairs;
    `)
    const l = await listen(stack.service(), 'pairs', [{ event: '*', table: 'rt_pairs' }])
    await stack.db.query(`insert into public.rt_pairs values (1, 'x', 'uno')`)
    await stack.db.query(`update public.rt_pairs set b = 'y', v = 'dos' where a = 1`)
    await stack.db.query(`delete from public.rt_pairs where a = 1`)
    await waitFor('tres cambios', () => l.all.length === 3)
    expect(l.all.map((c) => [c.eventType, c.new, c.old])).toEqual([
      ['INSERT', { a: 1, b: 'x', v: 'uno' }, {}],
      ['UPDATE', { a: 1, b: 'y', v: 'dos' }, { a: 1, b: 'x' }],
      ['DELETE', {}, { a: 1, b: 'y' }],
    ])
  })

  it('sees a column added at run time (DDL refreshes the catalog before the next change)', async () => {
    await stack.db.exec(`
      create table public.rt_grow (id int primary key, v text);
      alter publication supabase_realtime add table public.rt_grow;
    `)
    const l = await listen(stack.service(), 'grow', [{ event: 'INSERT', table: 'rt_grow' }])
    await stack.db.query(`insert into public.rt_grow values (1, 'antes')`)
    await waitFor('la primera fila', () => l.all.length === 1)
    await stack.db.exec(`alter table public.rt_grow add column extra text`)
    await stack.db.query(`insert into public.rt_grow values (2, 'después', 'nuevo')`)
    await waitFor('la segunda fila', () => l.all.length === 2)
    expect(l.all.map((c) => c.new)).toEqual([
      { id: 1, v: 'antes' },
      { id: 2, v: 'después', extra: 'nuevo' },
    ])
  })
})

describe('filters', () => {
  it('applies eq, neq, lt, lte, gt, gte, in, is.null and combined filters with the column type', async () => {
    const filters = [
      undefined,
      'n=eq.3',
      'n=neq.3',
      'n=lt.3',
      'n=lte.3',
      'n=gt.3',
      'n=gte.3',
      'n=in.(1,10)',
      'amount=gt.10.5',
      'title=eq."filtro, con coma"',
      'title=in.("filtro, con coma",otro)',
      'owner=is.null',
      'n=gte.3,title=eq.f10',
    ]
    const l = await listen(
      stack.service(),
      'filters',
      filters.map((filter) => ({ event: 'INSERT' as const, table: 'rt_notes', ...(filter ? { filter } : {}) })),
    )
    await note({ owner: userA, title: 'f1', n: 1, amount: '10.50' })
    await note({ owner: userA, title: 'f3', n: 3, amount: '10.51' })
    // As text, '10' < '3' and '9' > '10.5': only typed comparisons get these right.
    await note({ owner: userA, title: 'f10', n: 10, amount: '9' })
    await note({ title: 'filtro, con coma', amount: '20' })
    await note({ owner: userA, title: 'filters-marker', is_public: true })
    await waitFor('el marcador', received(l, 'filters-marker'))
    expect(l.byBinding.slice(1).map(titles)).toEqual([
      ['f3'],
      ['f1', 'f10'],
      ['f1'],
      ['f1', 'f3'],
      ['f10'],
      ['f3', 'f10'],
      ['f1', 'f10'],
      ['f3', 'filtro, con coma'],
      ['filtro, con coma'],
      ['filtro, con coma'],
      ['filtro, con coma'],
      ['f10'],
    ])
  })

  it('filters deletes on the old row the server knows (its key)', async () => {
    const keep = await note({ title: 'del-keep' })
    const drop = await note({ title: 'del-drop' })
    const l = await listen(stack.service(), 'delete-filter', [
      { event: 'DELETE', table: 'rt_notes', filter: `id=eq.${drop}` },
      { event: 'DELETE', table: 'rt_notes' },
    ])
    await stack.db.query(`delete from public.rt_notes where id = any($1::uuid[])`, [[keep, drop]])
    await waitFor('dos borrados', () => l.byBinding[1]!.length === 2)
    expect(l.byBinding[0]!.map((c) => (c.old as { id?: string }).id)).toEqual([drop])
  })
})

describe('row level security', () => {
  it('delivers to each subscriber only the rows its role and claims may select', async () => {
    const anon = await listen(await clientWith(stack), 'rls', [{ event: '*', table: 'rt_notes' }])
    const a = await listen(await clientWith(stack, await userToken(stack, userA)), 'rls', [{ event: '*', table: 'rt_notes' }])
    const b = await listen(await clientWith(stack, await userToken(stack, userB)), 'rls', [{ event: '*', table: 'rt_notes' }])
    const admin = await listen(await clientWith(stack, await userToken(stack, adminUser)), 'rls', [{ event: '*', table: 'rt_notes' }])
    const service = await listen(stack.service(), 'rls', [{ event: '*', table: 'rt_notes' }])

    const pub = await note({ title: 'rls-public', is_public: true })
    await waitFor('la fila pública (anon)', received(anon, 'rls-public'))
    await note({ title: 'rls-private-a', owner: userA })
    await note({ title: 'rls-private-b', owner: userB })
    // Public and owned by A, yet admin-only: a staff member (A, B) must never get it.
    await note({ title: 'rls-admin-only', owner: userA, is_public: true, admin_only: true })
    // Made private: anon must not even learn that it changed.
    await stack.db.query(`update public.rt_notes set is_public = false, title = 'rls-now-private' where id = $1`, [pub])
    await marker('rls-marker')
    for (const l of [anon, a, b, admin, service]) await waitFor('el marcador', received(l, 'rls-marker'))

    expect(titles(anon.all)).toEqual(['rls-public', 'rls-marker'])
    expect(titles(a.all)).toEqual(['rls-public', 'rls-private-a', 'rls-marker'])
    expect(titles(b.all)).toEqual(['rls-public', 'rls-private-b', 'rls-marker'])
    expect(titles(admin.all)).toEqual(['rls-public', 'rls-private-a', 'rls-private-b', 'rls-admin-only', 'rls-now-private', 'rls-marker'])
    expect(titles(service.all)).toEqual(titles(admin.all))
  })

  it('follows an access_token update: the new user’s rows, no longer the old one’s', async () => {
    const client = await clientWith(stack, await userToken(stack, userA))
    const l = await listen(client, 'switch', [{ event: 'INSERT', table: 'rt_notes' }])
    await note({ title: 'sw-a-1', owner: userA })
    await note({ title: 'sw-b-1', owner: userB })
    await marker('sw-marker-1')
    await waitFor('el primer marcador', received(l, 'sw-marker-1'))

    await client.realtime.setAuth(await userToken(stack, userB))
    // The server confirms the subscription again once it runs with the new claims.
    await waitFor('la confirmación con el token nuevo', () => l.system.filter((s) => s.status === 'ok').length === 2)
    await note({ title: 'sw-a-2', owner: userA })
    await note({ title: 'sw-b-2', owner: userB })
    await marker('sw-marker-2')
    await waitFor('el segundo marcador', received(l, 'sw-marker-2'))
    expect(titles(l.all)).toEqual(['sw-a-1', 'sw-marker-1', 'sw-b-2', 'sw-marker-2'])
  })

  it('honours table and column privileges, for deletes too', async () => {
    await stack.db.exec(`
      create table public.rt_cols (id int primary key, visible text, secret text);
      revoke all on public.rt_cols from anon, authenticated;
      grant select (id, visible) on public.rt_cols to anon;
      alter publication supabase_realtime add table public.rt_cols;
    `)
    const anonClient = await clientWith(stack)
    const anon = await listen(anonClient, 'cols', [{ event: '*', table: 'rt_cols' }])
    const anonSync = await listen(anonClient, 'cols-sync', [{ event: 'INSERT', table: 'rt_notes' }])
    const userClient = await clientWith(stack, await userToken(stack, userA))
    const user = await listen(userClient, 'cols', [{ event: '*', table: 'rt_cols' }])
    const userSync = await listen(userClient, 'cols-sync', [{ event: 'INSERT', table: 'rt_notes' }])

    await stack.db.query(`insert into public.rt_cols values (1, 'hola', 'clave')`)
    await stack.db.query(`delete from public.rt_cols where id = 1`)
    await marker('cols-marker')
    await waitFor('el marcador (anon)', received(anonSync, 'cols-marker'))
    await waitFor('el marcador (usuario)', received(userSync, 'cols-marker'))

    expect(anon.all.map((c) => [c.eventType, c.new, c.old])).toEqual([
      ['INSERT', { id: 1, visible: 'hola' }, {}],
      ['DELETE', {}, { id: 1 }],
    ])
    // No SELECT privilege at all: not even the delete of a key.
    expect(user.all).toEqual([])
  })
})

describe('tokens', () => {
  it('closes the channel when its token expires, with hosted’s system error, and stops delivering', async () => {
    const token = await userToken(stack, userA, 2)
    const l = await listen(await clientWith(stack, token), 'expiry', [{ event: 'INSERT', table: 'rt_notes' }])
    const watcher = await listen(stack.service(), 'expiry-watch', [{ event: 'INSERT', table: 'rt_notes' }])
    await waitFor('el cierre del canal', () => l.statuses.some((s) => s.status === 'CLOSED'), 6000)
    expect(l.system.at(-1)).toMatchObject({ extension: 'system', status: 'error', channel: 'expiry', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/) })
    await marker('expiry-after')
    await waitFor('el marcador', received(watcher, 'expiry-after'))
    expect(l.all).toEqual([])
  })

  it('refuses a join with an expired token', async () => {
    const expired = await stack.keys.sign({ sub: userA, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 5 })
    const client = await clientWith(stack, expired)
    const l = await listen(client, 'expired-join', [{ event: '*', table: 'rt_notes' }], 'CHANNEL_ERROR')
    expect(l.statuses[0]!.error?.message).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/)
    await client.removeChannel(l.channel)
  })

  it('closes the channel when a refreshed token is forged or malformed', async () => {
    const forged = await new SignJWT({ sub: userB, role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'))
    for (const [topic, token, message] of [
      ['forged', forged, 'Failed to validate JWT signature'],
      ['malformed', 'not even a JWT', 'The token provided is not a valid JWT'],
    ] as const) {
      const client = await clientWith(stack, await userToken(stack, userA))
      const l = await listen(client, topic, [{ event: '*', table: 'rt_notes' }])
      await client.realtime.setAuth(token)
      await waitFor('el cierre del canal', () => l.statuses.some((s) => s.status === 'CLOSED'))
      expect(l.system.at(-1)).toMatchObject({ extension: 'system', status: 'error', message })
    }
  })
})

describe('errors', () => {
  const systemError = async (topic: string, bindings: Parameters<typeof listen>[2]) => {
    const l = await listen(stack.service(), topic, bindings)
    await waitFor('el mensaje system', () => l.system.length > 0)
    expect(l.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error', channel: topic })
    return l
  }

  it('reports unknown tables, tables outside the publication and keyless tables', async () => {
    await stack.db.exec(`
      create table public.rt_unpublished (id int primary key);
      create table public.rt_keyless (v text);
      alter publication supabase_realtime add table public.rt_keyless;
    `)
    const unknown = await systemError('unknown', [{ event: '*', table: 'rt_nope' }])
    expect(unknown.system[0]!.message).toBe(
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: rt_nope, filters: [], select: nil]',
    )
    const unpublished = await systemError('unpublished', [{ event: 'INSERT', table: 'rt_unpublished' }])
    expect(unpublished.system[0]!.message).toContain('Please check Realtime is enabled for the given connect parameters: [event: INSERT, schema: public, table: rt_unpublished')
    const keyless = await systemError('keyless', [{ event: '*', table: 'rt_keyless' }])
    expect(keyless.system[0]!.message).toContain('no tiene clave primaria')
  })

  it('reports bad filters: unknown column, value of the wrong type, unsupported operator', async () => {
    expect((await systemError('bad-column', [{ event: '*', table: 'rt_notes', filter: 'nope=eq.1' }])).system[0]!.message).toContain(
      'invalid column for filter nope',
    )
    expect((await systemError('bad-value', [{ event: '*', table: 'rt_notes', filter: 'n=eq.abc' }])).system[0]!.message).toContain(
      'valor no válido para la columna n (integer): «abc» no es un número entero',
    )
    expect((await systemError('bad-op', [{ event: '*', table: 'rt_notes', filter: 'title=like.x' }])).system[0]!.message).toContain(
      'Error parsing `filter` params',
    )
  })

  it('delivers nothing on a channel with one bad binding, like hosted', async () => {
    const l = await systemError('mixed', [
      { event: '*', table: 'rt_notes' },
      { event: '*', table: 'rt_nope' },
    ])
    const watcher = await listen(stack.service(), 'mixed-watch', [{ event: 'INSERT', table: 'rt_notes' }])
    await marker('mixed-marker')
    await waitFor('el marcador', received(watcher, 'mixed-marker'))
    expect(l.all).toEqual([])
  })
})

describe('channels and the socket', () => {
  it('answers heartbeats', async () => {
    const client = stack.anon()
    await listen(client, 'heartbeat', [{ event: '*', table: 'rt_notes' }])
    const statuses: string[] = []
    client.realtime.onHeartbeat((status) => statuses.push(status))
    await client.realtime.sendHeartbeat()
    await waitFor('la respuesta al latido', () => statuses.includes('ok'))
  })

  it('stops delivering to a channel that left, and keeps the others', async () => {
    const client = stack.service()
    const leaving = await listen(client, 'leaving', [{ event: 'INSERT', table: 'rt_notes' }])
    const staying = await listen(client, 'staying', [{ event: 'INSERT', table: 'rt_notes' }])
    await marker('leave-1')
    await waitFor('el primer marcador', received(leaving, 'leave-1'))
    expect(await client.removeChannel(leaving.channel)).toBe('ok')
    await marker('leave-2')
    await waitFor('el segundo marcador', received(staying, 'leave-2'))
    expect(titles(leaving.all)).toEqual(['leave-1'])
    expect(titles(staying.all)).toEqual(['leave-1', 'leave-2'])
  })

  it('serves many channels on one socket, each with its own bindings', async () => {
    const client = stack.service()
    const listeners: Listener[] = []
    for (let i = 1; i <= 12; i++) listeners.push(await listen(client, `many-${i}`, [{ event: 'INSERT', table: 'rt_notes', filter: `n=eq.${100 + i}` }]))
    const twin = await listen(client, 'many-twin', [{ event: 'INSERT', table: 'rt_notes', filter: 'n=eq.101' }])
    const wide = await listen(client, 'many-schema', [{ event: 'INSERT', schema: 'public' }])
    for (let i = 1; i <= 12; i++) await note({ title: `many-${i}`, n: 100 + i })
    await marker('many-marker')
    await waitFor('el marcador', () => titles(wide.all.filter((c) => c.table === 'rt_notes')).includes('many-marker'))
    listeners.forEach((l, i) => expect(titles(l.all)).toEqual([`many-${i + 1}`]))
    expect(titles(twin.all)).toEqual(['many-1'])
  })
})

describe('capture', () => {
  it('installs capture on tables published later when the schema is reloaded', async () => {
    await stack.db.exec(`
      create table public.rt_later (id int primary key);
      alter publication supabase_realtime add table public.rt_later;
    `)
    const installed = async () =>
      (await stack.db.query(`select 1 from pg_trigger where tgrelid = 'public.rt_later'::regclass and tgname = '_realtime_capture'`)).rows.length
    expect(await installed()).toBe(0)
    await stack.db.exec(`notify pgrst, 'reload schema'`)
    const deadline = Date.now() + 5000
    while ((await installed()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(await installed()).toBe(1)
  })

  it('sends the whole old row with REPLICA IDENTITY FULL, only the key for deletes under RLS', async () => {
    await stack.db.exec(`
      create table public.rt_full (id int primary key, body text, note text);
      alter table public.rt_full replica identity full;
      create table public.rt_full_rls (id int primary key, body text);
      alter table public.rt_full_rls replica identity full;
      alter table public.rt_full_rls enable row level security;
      create policy rt_full_rls_read on public.rt_full_rls for select using (true);
      alter publication supabase_realtime add table public.rt_full, public.rt_full_rls;
    `)
    const l = await listen(stack.service(), 'full', [
      { event: '*', table: 'rt_full' },
      { event: '*', table: 'rt_full_rls' },
    ])
    const steps = [
      `insert into public.rt_full values (1, 'a', 'n')`,
      `update public.rt_full set body = 'b' where id = 1`,
      `delete from public.rt_full where id = 1`,
      `insert into public.rt_full_rls values (1, 'a')`,
      `update public.rt_full_rls set body = 'b' where id = 1`,
      `delete from public.rt_full_rls where id = 1`,
    ]
    for (const [i, sql] of steps.entries()) {
      await stack.db.query(sql)
      await waitFor(`el cambio ${i + 1}`, () => l.all.length === i + 1)
    }
    expect(l.byBinding[0]!.map((c) => c.old)).toEqual([{}, { id: 1, body: 'a', note: 'n' }, { id: 1, body: 'b', note: 'n' }])
    expect(l.byBinding[1]!.map((c) => c.old)).toEqual([{}, { id: 1, body: 'a' }, { id: 1 }])
  })

  it('never fails a write whose old row does not fit a NOTIFY: the image is cut down and flagged 413', async () => {
    const big = 'x'.repeat(20_000)
    await stack.db.query(`insert into public.rt_full values (2, $1, 'small')`, [big])
    const l = await listen(stack.service(), 'full-big', [{ event: 'UPDATE', table: 'rt_full' }])
    await stack.db.query(`update public.rt_full set note = 'changed' where id = 2`)
    await waitFor('el UPDATE', () => l.all.length === 1)
    expect(l.all[0]).toMatchObject({ errors: ['Error 413: Payload Too Large'], old: { id: 2, note: 'small' }, new: { id: 2, body: big, note: 'changed' } })
    expect(l.all[0]!.old).not.toHaveProperty('body')
  })
})
