/**
 * Realtime of the embedded stack: the `/realtime/v1/websocket` endpoint realtime-js
 * connects to, delivering `postgres_changes` of the tables in publication
 * `supabase_realtime` to each subscriber as far as its role and claims may SELECT them.
 *
 *   capture.ts     triggers + NOTIFY: every committed write, whoever made it
 *   catalog.ts     published tables, trigger installation, privileges
 *   dispatcher.ts  batches changes, re-reads rows as each subscriber, pushes them
 *   connection.ts  the Phoenix protocol of one socket and its channels
 *   matcher.ts     binding filters, read by column type and matched in Node
 *   quota.ts       caps on bindings per socket and per client address
 */
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { StackContext } from '../http.ts'
import { notifyChannel } from './capture.ts'
import { Catalog } from './catalog.ts'
import { Connection, type Hub } from './connection.ts'
import { BindingQuota } from './quota.ts'
import { Dispatcher } from './dispatcher.ts'
import { serializerFor } from './protocol.ts'
import { Subscriptions } from './subscriptions.ts'

const path = '/realtime/v1/websocket'
/** Largest frame a client may send (joins are small; this only bounds abuse). */
const maxFrameBytes = 1024 * 1024
/** How long a closing socket gets to finish its handshake before it is dropped. */
const closeGraceMs = 500

export interface RealtimeServer {
  close(): Promise<void>
  catalogScans(): number
  refusedJoins(): number
}

/** `addressOf` names the client of an upgrade (the trusted proxy's view, as REST's): caps are per address. */
export async function createRealtime(ctx: StackContext, server: Server, addressOf: (req: IncomingMessage) => string): Promise<RealtimeServer> {
  const catalog = new Catalog(ctx.db, ctx.log)
  const subscriptions = new Subscriptions()
  const dispatcher = new Dispatcher(ctx.db, catalog, subscriptions, ctx.log)
  const hub: Hub = { keys: ctx.keys, catalog, subscriptions, quota: new BindingQuota(), log: ctx.log }

  const unlisteners = [await ctx.db.listen(notifyChannel, (payload) => dispatcher.notify(payload))]
  await catalog.start()
  // PostgREST's schema-reload signal also makes newly published tables capture at once.
  unlisteners.push(
    await ctx.db.listen('pgrst', (payload) => {
      if (payload !== '' && payload !== 'reload schema') return
      catalog.markStale()
      catalog.refresh().catch((error: unknown) => ctx.log(`realtime: no se pudo recargar el esquema: ${(error as Error).message}`))
    }),
  )

  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes, perMessageDeflate: false })
  const connections = new Set<Connection>()
  let closing = false

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => {})
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname.replace(/\/+$/, '') !== path) return refuse(socket, 404, { message: 'no Route matched with those values' })
    if (closing) return refuse(socket, 503, { message: 'El servidor se está deteniendo' })
    // Browsers cannot set headers on a websocket, so realtime-js sends the key as a parameter.
    const apiKey = url.searchParams.get('apikey') ?? (req.headers.apikey as string | undefined)
    if (!apiKey) return refuse(socket, 401, { message: 'No API key found in request' })
    if (apiKey !== ctx.keys.anonKey && apiKey !== ctx.keys.serviceRoleKey) {
      return refuse(socket, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' })
    }
    const serializer = serializerFor(url.searchParams.get('vsn'))
    if (!serializer) return refuse(socket, 400, { message: `Versión de serializador no soportada: ${url.searchParams.get('vsn')}` })
    wss.handleUpgrade(req, socket, head, (ws) => {
      connections.add(new Connection(ws, serializer, apiKey, addressOf(req), hub, (c) => connections.delete(c)))
    })
  }
  server.on('upgrade', onUpgrade)

  return {
    catalogScans: () => catalog.scanCount,
    refusedJoins: () => hub.quota.refused,
    async close() {
      if (closing) return
      closing = true
      server.off('upgrade', onUpgrade)
      const open = [...connections]
      for (const c of open) c.end()
      // Joins in progress still talk to the database: let them finish before it closes.
      await Promise.all(open.map((c) => c.settled()))
      await dispatcher.stop()
      for (const unlisten of unlisteners) await unlisten().catch(() => {})
      const deadline = Date.now() + closeGraceMs
      while (connections.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
      for (const c of connections) c.end(true)
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}

function refuse(socket: Duplex, status: number, body: Record<string, string>) {
  const text = JSON.stringify(body)
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
  )
}
