/**
 * The wire protocol frame by frame, with a bare websocket: what realtime-js relies on
 * (reply bindings and ids, system messages, heartbeat, phx_close) and the hosted payload
 * shape, plus the upgrade's own checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { notesSql, userA } from '../../../tests/support/realtime-fixtures.ts'
import { RawSocket, refusedUpgrade, type Frame } from '../../../tests/support/raw-socket.ts'

let stack: TestStack
let wsBase: string

beforeAll(async () => {
  stack = await startTestStack()
  await stack.db.exec(notesSql)
  wsBase = `${stack.url.replace('http', 'ws')}/realtime/v1/websocket`
})

afterAll(async () => {
  await stack?.close()
})

const url = (key = stack.anonKey, vsn: string | null = '2.0.0') => `${wsBase}?apikey=${encodeURIComponent(key)}${vsn ? `&vsn=${vsn}` : ''}`
const isEvent = (topic: string, event: string) => (f: Frame) => f[2] === topic && f[3] === event
const isReply = (ref: string) => (f: Frame) => f[1] === ref && f[3] === 'phx_reply'
const changeOf = (f: Frame) => f[4] as { ids: number[]; data: Record<string, unknown> }

async function join(socket: RawSocket, topic: string, joinRef: string, postgresChanges: unknown[], accessToken?: string) {
  socket.send([joinRef, joinRef, `realtime:${topic}`, 'phx_join', { config: { postgres_changes: postgresChanges }, ...(accessToken ? { access_token: accessToken } : {}) }])
  return socket.next(isReply(joinRef), `la respuesta a ${topic}`)
}

async function note(title: string, fields: Record<string, unknown> = {}): Promise<string> {
  const all = { title, is_public: true, ...fields }
  const columns = Object.keys(all)
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into public.rt_notes (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    Object.values(all),
  )
  return rows[0]!.id
}

describe('upgrade', () => {
  it('refuses other paths, missing or unknown API keys and unknown serializer versions', async () => {
    const base = stack.url.replace('http', 'ws')
    expect(await refusedUpgrade(`${base}/realtime/v1/other?apikey=${stack.anonKey}`)).toMatchObject({ status: 404 })
    expect(await refusedUpgrade(`${base}/rest/v1/?apikey=${stack.anonKey}`)).toMatchObject({ status: 404 })
    expect(await refusedUpgrade(`${wsBase}?vsn=2.0.0`)).toEqual({ status: 401, body: { message: 'No API key found in request' } })
    const forged = await stack.keys.sign({ role: 'anon', exp: Math.floor(Date.now() / 1000) + 60 })
    expect(await refusedUpgrade(url(forged))).toMatchObject({ status: 401, body: { message: 'Invalid API key' } })
    expect(await refusedUpgrade(url(stack.anonKey, '3.0.0'))).toMatchObject({ status: 400 })
  })
})

describe('frames', () => {
  it('answers a heartbeat with an ok reply carrying its ref', async () => {
    const socket = await RawSocket.open(url())
    socket.send([null, '7', 'phoenix', 'heartbeat', {}])
    expect(await socket.next(isReply('7'), 'el latido')).toEqual([null, '7', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])
    socket.close()
  })

  it('replies to a join with the bindings and ids, confirms, and pushes hosted-shaped changes', async () => {
    const socket = await RawSocket.open(url())
    const bindings = [
      { event: '*', schema: 'public', table: 'rt_notes' },
      { event: 'INSERT', schema: 'public', table: 'rt_notes', filter: 'n=eq.1' },
    ]
    const reply = await join(socket, 'raw', '1', bindings)
    const response = (reply[4] as { response: { postgres_changes: Array<{ id: number }> } }).response
    expect(reply.slice(0, 4)).toEqual(['1', '1', 'realtime:raw', 'phx_reply'])
    expect(reply[4]).toMatchObject({ status: 'ok' })
    expect(response.postgres_changes).toEqual(bindings.map((b) => ({ ...b, id: expect.any(Number) })))
    const [all, filtered] = response.postgres_changes.map((b) => b.id) as [number, number]
    expect(all).toBeGreaterThan(0)
    expect(filtered).toBeGreaterThan(0)
    expect(all).not.toBe(filtered)
    expect(await socket.next(isEvent('realtime:raw', 'system'), 'la confirmación')).toEqual([
      '1',
      null,
      'realtime:raw',
      'system',
      { channel: 'raw', extension: 'postgres_changes', message: 'Subscribed to PostgreSQL', status: 'ok' },
    ])

    const id = await note('raw-1', { n: 1, amount: '7.25' })
    const inserted = await socket.next(isEvent('realtime:raw', 'postgres_changes'), 'el INSERT')
    expect(inserted.slice(0, 4)).toEqual(['1', null, 'realtime:raw', 'postgres_changes'])
    // One push for both matching bindings.
    expect(changeOf(inserted).ids).toEqual([all, filtered])
    expect(changeOf(inserted).data).toEqual({
      schema: 'public',
      table: 'rt_notes',
      commit_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      type: 'INSERT',
      columns: [
        { name: 'id', type: 'uuid' },
        { name: 'owner', type: 'uuid' },
        { name: 'is_public', type: 'bool' },
        { name: 'admin_only', type: 'bool' },
        { name: 'title', type: 'text' },
        { name: 'amount', type: 'numeric' },
        { name: 'n', type: 'int4' },
        { name: 'created_at', type: 'timestamptz' },
      ],
      record: { id, owner: null, is_public: true, admin_only: false, title: 'raw-1', amount: 7.25, n: 1, created_at: expect.stringMatching(/\+00:00$/) },
      errors: null,
    })

    await stack.db.query(`update public.rt_notes set title = 'raw-2' where id = $1`, [id])
    const updated = changeOf(await socket.next(isEvent('realtime:raw', 'postgres_changes'), 'el UPDATE'))
    expect(updated.ids).toEqual([all])
    expect(updated.data).toMatchObject({ type: 'UPDATE', record: { id, title: 'raw-2' }, old_record: { id }, errors: null })

    await stack.db.query(`delete from public.rt_notes where id = $1`, [id])
    const deleted = changeOf(await socket.next(isEvent('realtime:raw', 'postgres_changes'), 'el DELETE'))
    expect(deleted.data).toMatchObject({ type: 'DELETE', old_record: { id }, errors: null })
    expect(deleted.data).not.toHaveProperty('record')
    socket.close()
  })

  it('uses the socket’s API key when the join brings no token', async () => {
    const anon = await RawSocket.open(url(stack.anonKey))
    const service = await RawSocket.open(url(stack.serviceRoleKey))
    for (const socket of [anon, service]) await join(socket, 'keys', '1', [{ event: 'INSERT', schema: 'public', table: 'rt_notes' }])
    await note('keys-private', { is_public: false, owner: userA })
    await note('keys-public')
    const titles = async (socket: RawSocket) => {
      const seen: unknown[] = []
      while (!seen.includes('keys-public')) {
        const f = await socket.next(isEvent('realtime:keys', 'postgres_changes'), 'un cambio')
        seen.push((changeOf(f).data.record as { title: string }).title)
      }
      return seen
    }
    expect(await titles(anon)).toEqual(['keys-public'])
    expect(await titles(service)).toEqual(['keys-private', 'keys-public'])
    anon.close()
    service.close()
  })

  it('answers pushes to unjoined topics, empty topics, and leaves', async () => {
    const socket = await RawSocket.open(url())
    socket.send(['9', '10', 'realtime:nope', 'broadcast', {}])
    expect(await socket.next(isReply('10'), 'la respuesta')).toEqual(['9', '10', 'realtime:nope', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }])
    expect(await join(socket, '', '11', [])).toEqual(['11', '11', 'realtime:', 'phx_reply', { status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } }])

    await join(socket, 'leaving', '12', [{ event: 'INSERT', schema: 'public', table: 'rt_notes' }])
    await join(socket, 'staying', '13', [{ event: 'INSERT', schema: 'public', table: 'rt_notes' }])
    // Broadcast and presence are not offered: said plainly rather than silently dropped.
    socket.send(['13', '15', 'realtime:staying', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }])
    expect((await socket.next(isReply('15'), 'la respuesta al broadcast'))[4]).toEqual({
      status: 'error',
      response: { reason: 'El servidor Realtime local solo ofrece postgres_changes; "broadcast" no está disponible' },
    })
    socket.send(['12', '14', 'realtime:leaving', 'phx_leave', {}])
    expect(await socket.next(isReply('14'), 'la respuesta al leave')).toEqual(['12', '14', 'realtime:leaving', 'phx_reply', { status: 'ok', response: {} }])
    await note('after-leave')
    await socket.next(isEvent('realtime:staying', 'postgres_changes'), 'el cambio en el canal que sigue')
    expect(socket.pending().filter((f) => (f as Frame)[2] === 'realtime:leaving' && (f as Frame)[3] === 'postgres_changes')).toEqual([])
    socket.close()
  })

  it('replaces a channel joined twice: changes go to the newer join only', async () => {
    const socket = await RawSocket.open(url())
    await join(socket, 'twice', '20', [{ event: 'INSERT', schema: 'public', table: 'rt_notes' }])
    await join(socket, 'twice', '21', [{ event: 'INSERT', schema: 'public', table: 'rt_notes' }])
    await note('twice')
    const frame = await socket.next(isEvent('realtime:twice', 'postgres_changes'), 'el cambio')
    expect(frame[0]).toBe('21')
    await note('twice-2')
    await socket.next(isEvent('realtime:twice', 'postgres_changes'), 'el segundo cambio')
    expect(socket.pending().filter((f) => (f as Frame)[3] === 'postgres_changes')).toEqual([])
    socket.close()
  })

  it('speaks vsn 1.0.0 (JSON objects) to clients that ask for it', async () => {
    const socket = await RawSocket.open(url(stack.anonKey, '1.0.0'))
    socket.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '5', join_ref: null })
    expect(await socket.next<Record<string, unknown>>((f) => f.ref === '5', 'el latido')).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '5',
      join_ref: null,
    })
    socket.close()
  })
})

describe('tokens', () => {
  const sign = (claims: Record<string, unknown>) => stack.keys.sign(claims)
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

  it('refuses joins with bad tokens, with hosted’s reasons', async () => {
    const socket = await RawSocket.open(url())
    const forged = await new SignJWT({ role: 'service_role', exp: inAnHour() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('someone-elses-secret-someone-elses-secret'))
    const cases: Array<[string, RegExp]> = [
      ['not a jwt', /^InvalidJWTToken: The token provided is not a valid JWT$/],
      [forged, /^JwtSignatureError: Failed to validate JWT signature$/],
      [await sign({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 3 }), /^InvalidJWTToken: Token has expired \d+ seconds ago$/],
      [await sign({ sub: userA, exp: inAnHour() }), /^InvalidJWTToken: Fields `role` and `exp` are required in JWT$/],
      // Even correctly signed, a token may only name roles the API may switch to: never the superuser.
      [await sign({ role: 'postgres', exp: inAnHour() }), /^InvalidJWTToken: el rol "postgres" no está permitido$/],
    ]
    for (const [i, [token, reason]] of cases.entries()) {
      const reply = await join(socket, `bad-${i}`, `${30 + i}`, [{ event: '*', schema: 'public', table: 'rt_notes' }], token)
      expect(reply[4]).toEqual({ status: 'error', response: { reason: expect.stringMatching(reason) } })
    }
    socket.close()
  })

  it('closes a channel whose refreshed token is expired: system error, then phx_close', async () => {
    const socket = await RawSocket.open(url())
    await join(socket, 'refresh', '40', [{ event: '*', schema: 'public', table: 'rt_notes' }], await sign({ sub: userA, role: 'authenticated', exp: inAnHour() }))
    expect((await socket.next(isEvent('realtime:refresh', 'system'), 'la confirmación'))[4]).toMatchObject({ status: 'ok' })
    const expired = await sign({ sub: userA, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 })
    socket.send(['40', '41', 'realtime:refresh', 'access_token', { access_token: expired }])
    const system = await socket.next(isEvent('realtime:refresh', 'system'), 'el error')
    expect(system).toEqual(['40', null, 'realtime:refresh', 'system', expect.objectContaining({ extension: 'system', status: 'error', channel: 'refresh' })])
    expect(system[4].message).toMatch(/^Token has expired \d+ seconds ago$/)
    expect(await socket.next(isEvent('realtime:refresh', 'phx_close'), 'phx_close')).toEqual(['40', '40', 'realtime:refresh', 'phx_close', {}])
    // The channel is gone: the server no longer knows the topic.
    socket.send(['40', '42', 'realtime:refresh', 'access_token', { access_token: expired }])
    expect((await socket.next(isReply('42'), 'la respuesta'))[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } })
    socket.close()
  })
})

describe('shutdown', () => {
  it('closes open sockets when the stack closes', async () => {
    const other = await startTestStack()
    const socket = await RawSocket.open(`${other.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${other.anonKey}&vsn=2.0.0`)
    await join(socket, 'bye', '1', [])
    await other.close()
    expect((await socket.waitClosed()).code).toBe(1001)
  })
})
