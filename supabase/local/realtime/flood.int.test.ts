// Floods (docs/decisions/0020-backend-hardening.md, 0031-realtime-filtros-en-node.md):
// joins for tables that do not exist do not each rescan the catalogue, and a socket over
// the message rate is closed; filtered bindings from many sockets are capped per socket
// and per address (refused joins counted, never queued), cost the database nothing, and
// leave a staff write delivered to a legitimate subscriber. REST answers throughout.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { demo, startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { listen, waitFor } from '../../../tests/support/realtime-fixtures.ts'
import { MAX_BINDINGS_PER_ADDRESS, MAX_BINDINGS_PER_SOCKET } from './quota.ts'
import { RawSocket, type Frame } from '../../../tests/support/raw-socket.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.close()
})

it('2,000 joins for unknown tables: a few catalogue scans, the socket closed, REST answering', async () => {
  const socket = await RawSocket.open(`${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`)
  const scansBefore = stack.realtimeCatalogScans()
  for (let i = 0; i < 2000; i++) {
    const ref = String(i + 1)
    socket.send([ref, ref, `realtime:t${i}`, 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: `no_existe_${i}` }] } }])
  }
  // REST answers while the flood is being handled.
  const rest = await fetch(`${stack.url}/rest/v1/tb_tratamientos?select=nombre&limit=1`, { headers: { apikey: stack.anonKey } })
  expect(rest.status).toBe(200)

  const closed = await socket.waitClosed(30_000)
  expect(closed.code).toBe(1008)
  // Far fewer scans than joins: at most one per second of flood (the old code scanned for every join).
  expect(stack.realtimeCatalogScans() - scansBefore).toBeLessThan(25)
})

it('refuses a join that would take a socket over its binding cap, and counts it', async () => {
  const socket = await RawSocket.open(`${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`)
  const refusedBefore = stack.realtimeRefusedJoins()
  const binding = { event: '*', schema: 'public', table: 'tb_tratamientos' }
  socket.send(['1', '1', 'realtime:a', 'phx_join', { config: { postgres_changes: Array.from({ length: MAX_BINDINGS_PER_SOCKET }, () => binding) } }])
  expect((await socket.next<Frame>((f) => f[1] === '1', 'la primera respuesta'))[4]).toMatchObject({ status: 'ok' })
  socket.send(['2', '2', 'realtime:b', 'phx_join', { config: { postgres_changes: [binding] } }])
  expect((await socket.next<Frame>((f) => f[1] === '2', 'la segunda respuesta'))[4]).toEqual({
    status: 'error',
    response: { reason: `TooManyBindings: una conexión admite como máximo ${MAX_BINDINGS_PER_SOCKET} suscripciones postgres_changes; esta tiene ${MAX_BINDINGS_PER_SOCKET} y pide 1 más` },
  })
  expect(stack.realtimeRefusedJoins() - refusedBefore).toBe(1)
  // Leaving gives the bindings back.
  socket.send(['1', '3', 'realtime:a', 'phx_leave', {}])
  await socket.next<Frame>((f) => f[1] === '3', 'la salida')
  socket.send(['4', '4', 'realtime:b', 'phx_join', { config: { postgres_changes: [binding] } }])
  expect((await socket.next<Frame>((f) => f[1] === '4', 'la tercera respuesta'))[4]).toMatchObject({ status: 'ok' })
  socket.close()
  await socket.waitClosed()
})

it('20 sockets × 100 joins × 20 filtered bindings: capped per socket and address, refusals counted, a staff PATCH still delivered', async () => {
  const staff = await stack.signIn(demo.staff.email, demo.staff.password)
  // The legitimate device was connected before the flood (its socket holds 1 binding).
  const device = await listen(staff, 'dispositivo', [{ event: 'UPDATE', table: 'tb_tratamientos' }])
  const { data: treatment } = await staff.from('tb_tratamientos').select('id_tratamiento').limit(1).single()
  expect(treatment).not.toBeNull()

  const refusedBefore = stack.realtimeRefusedJoins()
  const url = `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`
  const sockets = await Promise.all(Array.from({ length: 20 }, () => RawSocket.open(url)))
  const bindings = (j: number) => Array.from({ length: 20 }, (_, k) => ({ event: '*', schema: 'public', table: 'tb_tratamientos', filter: `costo=eq.${j * 20 + k}` }))
  sockets.forEach((socket, s) => {
    for (let j = 0; j < 100; j++) socket.send([`${j}`, `${j}`, `realtime:flood-${s}-${j}`, 'phx_join', { config: { postgres_changes: bindings(j) } }])
  })
  const rest = await fetch(`${stack.url}/rest/v1/tb_tratamientos?select=nombre&limit=1`, { headers: { apikey: stack.anonKey } })
  expect(rest.status).toBe(200)

  const replies = await Promise.all(
    sockets.map(async (socket) => {
      const statuses: string[] = []
      for (let j = 0; j < 100; j++) {
        const reply = await socket.next<Frame>((f) => f[1] === `${j}` && f[3] === 'phx_reply', `la respuesta ${j}`, 30_000)
        statuses.push((reply[4] as { status: string }).status)
      }
      return statuses
    }),
  )
  const accepted = replies.flat().filter((s) => s === 'ok').length
  const refused = replies.flat().filter((s) => s === 'error').length
  // One binding of the address is the device's: the flood gets the rest, 5 joins per socket at most.
  expect(accepted).toBe(Math.floor((MAX_BINDINGS_PER_ADDRESS - 1) / 20))
  for (const statuses of replies) expect(statuses.filter((s) => s === 'ok').length).toBeLessThanOrEqual(MAX_BINDINGS_PER_SOCKET / 20)
  expect(refused).toBe(2000 - accepted)
  expect(stack.realtimeRefusedJoins() - refusedBefore).toBe(refused)

  // A refused join says why, in Spanish.
  sockets[19]!.send(['x', 'x', 'realtime:otra', 'phx_join', { config: { postgres_changes: bindings(0) } }])
  const why = await sockets[19]!.next<Frame>((f) => f[1] === 'x', 'la negativa')
  expect(why[4]).toEqual({ status: 'error', response: { reason: expect.stringMatching(/^TooManyBindings: .*máximo de 500 suscripciones postgres_changes por dirección de cliente/) } })

  // With the flood still subscribed, a staff write reaches the device.
  const { error } = await staff.from('tb_tratamientos').update({ notas_internas: 'tras la avalancha' }).eq('id_tratamiento', treatment!.id_tratamiento)
  expect(error).toBeNull()
  await waitFor('el cambio en el dispositivo', () => device.all.some((c) => (c.new as { notas_internas?: string }).notas_internas === 'tras la avalancha'), 30_000)
  for (const socket of sockets) socket.close()
})
