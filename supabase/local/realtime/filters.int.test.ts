/**
 * Binding filters are read and matched by the server itself, never cast by the database
 * (docs/decisions/0031-realtime-filtros-en-node.md): a hostile filter is refused at join
 * while REST keeps answering, and what each filter delivers is exactly what Postgres'
 * own comparison selects, for every operator and the column types the app uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { listen, waitFor, type Listener } from '../../../tests/support/realtime-fixtures.ts'
import { RawSocket, type Frame } from '../../../tests/support/raw-socket.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
  await stack.db.exec(`
    create table public.rt_typed (
      id int primary key, n int, amount numeric(12,2), title text, ref uuid, day date, ok boolean, doc jsonb
    );
    grant select on public.rt_typed to anon, authenticated, service_role;
    alter publication supabase_realtime add table public.rt_typed;
  `)
})
afterAll(async () => {
  await stack?.close()
})

const socketUrl = () => `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`
const restRead = () => fetch(`${stack.url}/rest/v1/tb_tratamientos?select=nombre&limit=1`, { headers: { apikey: stack.anonKey } })

async function joinSystem(socket: RawSocket, topic: string, filter: string, table = 'tb_pagos_citas') {
  socket.send([topic, topic, `realtime:${topic}`, 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table, filter }] } }])
  const reply = await socket.next<Frame>((f) => f[1] === topic && f[3] === 'phx_reply', `la respuesta a ${topic}`, 30_000)
  const system = await socket.next<Frame>((f) => f[2] === `realtime:${topic}` && f[3] === 'system', `el system de ${topic}`, 30_000)
  return { reply: reply[4], system: system[4] as { status: string; message: string } }
}

describe('hostile filters', () => {
  it('refuses a jsonb value nested 10,000 levels deep (and one just over the cap) while REST answers', async () => {
    const socket = await RawSocket.open(socketUrl())
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`
    const [joined, rest] = await Promise.all([joinSystem(socket, 'deep', `tratamientos_adicionales_info=eq.${deep}`), restRead()])
    expect(rest.status).toBe(200)
    expect(joined.system.status).toBe('error')
    expect(joined.system.message).toContain('el filtro supera 1000 caracteres')

    const over = `${'['.repeat(65)}1${']'.repeat(65)}`
    const capped = await joinSystem(socket, 'over', `tratamientos_adicionales_info=eq.${over}`)
    expect(capped.system).toMatchObject({ status: 'error' })
    expect(capped.system.message).toContain('valor no válido para la columna tratamientos_adicionales_info (jsonb): el valor anida paréntesis, corchetes o llaves más de 64 niveles')
    // A value within the cap is fine.
    const within = await joinSystem(socket, 'within', `tratamientos_adicionales_info=eq.${'['.repeat(60)}1${']'.repeat(60)}`)
    expect(within.system).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' })
    expect((await restRead()).status).toBe(200)
    socket.close()
  })

  it('refuses a value of the wrong type at join, saying why in Spanish', async () => {
    const socket = await RawSocket.open(socketUrl())
    const cases: Array<[string, string]> = [
      ['n=eq.abc', 'valor no válido para la columna n (integer): «abc» no es un número entero'],
      ['amount=gt.diez', '«diez» no es un número válido'],
      ['ref=eq.123', '«123» no es un uuid válido'],
      ['day=lt.27/11/2026', '«27/11/2026» no es una fecha (AAAA-MM-DD) válida'],
      ['ok=eq.quizá', '«quizá» no es un valor booleano'],
      ['n=in.(1,dos)', '«dos» no es un número entero'],
    ]
    for (const [i, [filter, message]] of cases.entries()) {
      const { system } = await joinSystem(socket, `bad-${i}`, filter, 'rt_typed')
      expect(system.status).toBe('error')
      expect(system.message).toContain(message)
    }
    socket.close()
  })
})

describe('filter semantics', () => {
  const rows = [
    [1, 1, '10.50', 'abc', '0a000000-0000-4000-8000-00000000000a', '2026-11-26', true, '{"a":1}'],
    [2, 3, '10.51', 'Zeta', '0b000000-0000-4000-8000-00000000000b', '2026-11-27', false, '[1,2]'],
    [3, 10, '9', 'ñandú', '0c000000-0000-4000-8000-00000000000c', '2027-01-01', true, '5'],
    [4, null, null, null, null, null, null, null],
  ]
  const values: Record<string, [string, string, string]> = {
    n: ['3', '(1,10)', 'integer'],
    amount: ['10.5', '(10.50,9.00)', 'numeric'],
    title: ['Zeta', '("ñandú",abc)', 'text'],
    ref: ['0b000000-0000-4000-8000-00000000000b', '(0a000000-0000-4000-8000-00000000000a,0c000000-0000-4000-8000-00000000000c)', 'uuid'],
    day: ['2026-11-27', '(2026-11-26,2027-01-01)', 'date'],
    ok: ['false', '(true)', 'boolean'],
  }
  const sqlOps: Record<string, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' }

  it('delivers to each eq/neq/lt/lte/gt/gte/in binding exactly the rows Postgres’ comparison selects', async () => {
    const bindings: Array<{ filter: string; where: string }> = []
    for (const [column, [scalar, list, type]] of Object.entries(values)) {
      for (const [op, sql] of Object.entries(sqlOps)) bindings.push({ filter: `${column}=${op}.${scalar}`, where: `${column} ${sql} '${scalar}'::${type}` })
      const items = list.slice(1, -1).split(',').map((v) => `'${v.replaceAll('"', '')}'::${type}`)
      bindings.push({ filter: `${column}=in.${list}`, where: `${column} in (${items.join(', ')})` })
    }
    bindings.push({ filter: 'n=gte.3,ok=eq.true', where: `n >= 3 and ok` })
    bindings.push({ filter: 'doc=eq.[1\\,2]', where: `doc = '[1,2]'::jsonb` })
    const l: Listener = await listen(stack.service(), 'semantics', [
      ...bindings.map(({ filter }) => ({ event: 'INSERT' as const, table: 'rt_typed', filter })),
      { event: 'INSERT', table: 'rt_typed' },
    ])
    for (const row of rows) {
      await stack.db.query(`insert into public.rt_typed values ($1, $2, $3, $4, $5, $6, $7, $8)`, row)
    }
    await waitFor('las cuatro filas', () => l.byBinding[bindings.length]!.length === rows.length, 15_000)
    // Everything delivered is delivered once the unfiltered binding saw the last row (one push per change).
    for (const [i, { filter, where }] of bindings.entries()) {
      const { rows: expected } = await stack.db.query<{ id: number }>(`select id from public.rt_typed where ${where} order by id`)
      const got = l.byBinding[i]!.map((c) => (c.new as { id: number }).id)
      expect({ filter, ids: got }).toEqual({ filter, ids: expected.map((r) => r.id) })
    }
  })
})
