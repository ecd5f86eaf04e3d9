// A socket flooding the server with joins for tables that do not exist (issue 12,
// item 2): the catalogue is not rescanned for each, the socket is closed once it goes
// over the per-socket message rate, and REST keeps answering meanwhile.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { RawSocket } from './testing/raw-socket.ts'

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
