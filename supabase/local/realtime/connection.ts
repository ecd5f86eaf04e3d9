/**
 * One websocket: the Phoenix channel protocol as realtime-js uses it for
 * `postgres_changes` — join (reply with the bindings and their ids, then a `system`
 * message), heartbeat, `access_token` refresh, leave — and the channels it has joined.
 *
 * A socket's messages are handled one at a time, in order (a join may wait on the
 * database; the leave or token refresh behind it must not overtake it). Heartbeats are
 * answered at once. Wire messages are hosted Realtime's (English) so clients written
 * against hosted Supabase recognise them; our own messages and the server log are in Spanish.
 */
import { WebSocket, type RawData } from 'ws'
import type { Keys } from '../keys.ts'
import { bindingIds, resolveBindings } from './bindings.ts'
import type { Catalog } from './catalog.ts'
import type { Message, Serializer } from './protocol.ts'
import type { BindingQuota } from './quota.ts'
import type { Subscriptions } from './subscriptions.ts'
import { authorize, expiredMessage } from './tokens.ts'
import type { Auth, Binding, Subscriber } from './types.ts'

export interface Hub {
  keys: Keys
  catalog: Catalog
  subscriptions: Subscriptions
  quota: BindingQuota
  log(message: string): void
}

/** Hosted's default `max_channels_per_client`. */
const maxChannels = 100
/**
 * Messages a socket may send: a burst of 100, then 20 per second. The app joins a few
 * channels and sends a heartbeat every 25 s; a socket beyond this is closed (1008), as
 * hosted Realtime disconnects clients over its per-second limits.
 */
const messageBurst = 100
const messagesPerSecond = 20
/** Phoenix drops a socket that sent nothing (not even a heartbeat, every 25 s) for this long. */
const idleTimeoutMs = 60_000
/** A client this far behind is not reading: drop it rather than buffer without bound. */
const maxBufferedBytes = 16 * 1024 * 1024
/** setTimeout's ceiling; longer token lifetimes are re-checked when it fires. */
const maxTimerMs = 2 ** 31 - 1

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

export class Connection {
  private readonly channels = new Map<string, Channel>()
  private queue: Promise<void> = Promise.resolve()
  private readonly idle: NodeJS.Timeout
  private closed = false
  private throttled = false
  private tokens = messageBurst
  private tokensAt = Date.now()
  /** Bindings reserved by this socket's channels (quota.ts). */
  private held = 0
  private refusalLogged = false

  constructor(
    private readonly ws: WebSocket,
    readonly serializer: Serializer,
    /** The socket's `apikey`: the token of joins that bring none (hosted's tenant token). */
    private readonly apiKey: string,
    /** The client's address: bindings are capped per address across sockets. */
    private readonly address: string,
    private readonly hub: Hub,
    private readonly onGone: (connection: Connection) => void,
  ) {
    this.idle = setTimeout(() => ws.terminate(), idleTimeoutMs)
    ws.on('message', (data, isBinary) => this.onFrame(data, isBinary))
    ws.on('close', () => this.dispose())
    // 'close' always follows an error; nothing else to do.
    ws.on('error', () => {})
  }

  /** Resolves once every message received so far has been handled. */
  settled(): Promise<void> {
    return this.queue
  }

  /** Closes the socket (server shutdown); `terminate` drops it without the closing handshake. */
  end(terminate = false): void {
    if (terminate) this.ws.terminate()
    else this.ws.close(1001, 'server shutting down')
  }

  send(frame: string): void {
    if (this.ws.readyState !== WebSocket.OPEN) return
    if (this.ws.bufferedAmount > maxBufferedBytes) {
      this.hub.log('realtime: un cliente no lee sus mensajes; se cierra su conexión')
      this.ws.terminate()
      return
    }
    this.ws.send(frame)
  }

  /** Ends a channel from the server side: a `system` error, then `phx_close` (no rejoin). */
  shutdown(channel: Channel, message: string): void {
    if (this.channels.get(channel.topic) !== channel) return
    channel.system('system', 'error', message)
    this.send(this.serializer.encodeRaw(channel.joinRef, channel.joinRef, channel.topic, 'phx_close', '{}'))
    this.remove(channel)
  }

  /** Token bucket: false once the socket sends faster than the limit allows. */
  private withinRate(): boolean {
    const now = Date.now()
    this.tokens = Math.min(messageBurst, this.tokens + ((now - this.tokensAt) / 1000) * messagesPerSecond)
    this.tokensAt = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }

  private onFrame(data: RawData, isBinary: boolean): void {
    if (this.closed || this.throttled) return
    if (!this.withinRate()) {
      this.hub.log('realtime: un cliente supera el límite de mensajes por segundo; se cierra su conexión')
      this.throttled = true
      this.ws.close(1008, 'too many messages')
      return
    }
    this.idle.refresh()
    // Binary frames carry broadcast only, which this server does not offer.
    if (isBinary) return
    const message = this.serializer.decode(toText(data))
    if (!message) return
    if (message.topic === 'phoenix' && message.event === 'heartbeat') {
      this.reply(message, 'ok', {})
      return
    }
    this.queue = this.queue
      // One message per event-loop turn: a burst of joins that arrived in one TCP read
      // would otherwise run back to back as microtasks, and REST would wait for all of them.
      .then(nextTurn)
      .then(() => this.handle(message))
      .catch((error: unknown) => {
        this.hub.log(`realtime: error al atender ${message.event} en ${message.topic}: ${(error as Error).stack ?? String(error)}`)
        const channel = this.member(message)
        if (channel) {
          // Like a crashed Phoenix channel: the client rejoins by itself.
          this.send(this.serializer.encodeRaw(channel.joinRef, channel.joinRef, channel.topic, 'phx_error', '{}'))
          this.remove(channel)
        } else if (message.event === 'phx_join') {
          this.reply(message, 'error', { reason: 'UnknownErrorOnChannel: Unknown Error on Channel' })
        }
      })
  }

  private async handle(message: Message): Promise<void> {
    if (this.closed) return
    switch (message.event) {
      case 'phx_join':
        return this.join(message)
      case 'phx_leave':
        return this.leave(message)
      case 'access_token':
        return this.refreshToken(message)
      default:
        if (!this.member(message)) return this.reply(message, 'error', { reason: 'unmatched topic' })
        return this.reply(message, 'error', { reason: `El servidor Realtime local solo ofrece postgres_changes; "${message.event}" no está disponible` })
    }
  }

  private async join(message: Message): Promise<void> {
    const { topic } = message
    if (!topic.startsWith('realtime:')) return this.reply(message, 'error', { reason: 'unmatched topic' })
    const subTopic = topic.slice('realtime:'.length)
    if (!subTopic) return this.reply(message, 'error', { reason: 'TopicNameRequired: You must provide a topic name' })

    // A second join of a topic replaces the first (Phoenix closes the older one).
    const previous = this.channels.get(topic)
    if (previous) this.remove(previous)
    if (this.channels.size >= maxChannels) {
      return this.refuse(message, `ChannelRateLimitReached: una conexión admite como máximo ${maxChannels} canales`, true)
    }

    const payload = isObject(message.payload) ? message.payload : {}
    const config = isObject(payload.config) ? payload.config : {}
    const params = config.postgres_changes ?? []
    if (!Array.isArray(params) || !params.every(isObject)) {
      return this.reply(message, 'error', { reason: 'Error parsing `postgres_changes` params: se esperaba una lista de objetos' })
    }
    // Reserved before anything is awaited, so concurrent joins of one address cannot all pass.
    const over = this.hub.quota.take(this.address, this.held, params.length)
    if (over) return this.refuse(message, over, false)
    this.held += params.length
    let channel: Channel | null = null
    try {
      const token = typeof payload.access_token === 'string' ? payload.access_token : this.apiKey
      const authorization = await authorize(this.hub.keys, token, (role) => this.hub.catalog.roleAllowed(role))
      if (!authorization.ok) return this.reply(message, 'error', { reason: `${authorization.code}: ${authorization.message}` })

      const ids = bindingIds(params)
      // No database work per binding: one shared catalogue read; filters are read in Node.
      const resolution = params.length > 0 ? await resolveBindings(this.hub.catalog, params, ids) : null
      if (this.closed) return

      channel = new Channel(this, topic, subTopic, message.joinRef, authorization.auth, params.length)
      this.channels.set(topic, channel)
      // Subscribed before the reply: a write committed after SUBSCRIBED is never missed.
      if (resolution?.ok) channel.activate(resolution.bindings, this.hub.subscriptions)
      channel.watchExpiry()
      this.reply(message, 'ok', { postgres_changes: params.map((p, i) => ({ ...p, id: ids[i] })) })
      if (resolution) {
        if (resolution.ok) channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL')
        else channel.system('postgres_changes', 'error', resolution.message)
      }
    } finally {
      // A join that did not become a channel gives its reservation back.
      if (!channel) this.release(params.length)
    }
  }

  /** A join over a cap: refused at once, counted, logged once per socket. */
  private refuse(message: Message, reason: string, count: boolean): void {
    if (count) this.hub.quota.refused++
    if (!this.refusalLogged) {
      this.refusalLogged = true
      this.hub.log(`realtime: se rechazan uniones de ${this.address || 'un cliente'} por superar un límite: ${reason}`)
    }
    this.reply(message, 'error', { reason })
  }

  private release(n: number): void {
    this.held -= n
    this.hub.quota.release(this.address, n)
  }

  private leave(message: Message): void {
    const channel = this.member(message)
    if (channel) this.remove(channel)
    this.reply(message, 'ok', {})
  }

  /** A refreshed (or different) user token: what the channel receives follows it. */
  private async refreshToken(message: Message): Promise<void> {
    const channel = this.member(message)
    if (!channel) return this.reply(message, 'error', { reason: 'unmatched topic' })
    const token = isObject(message.payload) ? message.payload.access_token : undefined
    // Hosted ignores a missing token and the one already in use; it never replies.
    if (typeof token !== 'string' || token === channel.auth.token) return
    const authorization = await authorize(this.hub.keys, token, (role) => this.hub.catalog.roleAllowed(role))
    if (this.channels.get(channel.topic) !== channel) return
    if (!authorization.ok) return this.shutdown(channel, authorization.message)
    channel.auth = authorization.auth
    channel.watchExpiry()
    if (channel.active) channel.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL')
  }

  /** The joined channel a message addresses; a stale join_ref addresses nothing. */
  private member(message: Message): Channel | undefined {
    const channel = this.channels.get(message.topic)
    if (!channel || (message.joinRef !== null && message.joinRef !== channel.joinRef)) return undefined
    return channel
  }

  private remove(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic)
    if (channel.dispose(this.hub.subscriptions)) this.release(channel.reserved)
  }

  private reply(message: Message, status: 'ok' | 'error', response: Json): void {
    this.send(this.serializer.encodeRaw(message.joinRef, message.ref, message.topic, 'phx_reply', JSON.stringify({ status, response })))
  }

  private dispose(): void {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.idle)
    for (const channel of [...this.channels.values()]) this.remove(channel)
    this.onGone(this)
  }
}

/** A joined channel. It is a subscriber only while its bindings are valid (`active`). */
class Channel implements Subscriber {
  bindings: readonly Binding[] = []
  active = false
  private expiry: NodeJS.Timeout | null = null

  constructor(
    private readonly connection: Connection,
    readonly topic: string,
    readonly subTopic: string,
    readonly joinRef: string | null,
    public auth: Auth,
    /** Bindings reserved for it (quota.ts), given back when it goes. */
    readonly reserved: number,
  ) {}
  private disposed = false

  activate(bindings: readonly Binding[], subscriptions: Subscriptions): void {
    if (bindings.length === 0) return
    this.bindings = bindings
    this.active = true
    subscriptions.add(this)
  }

  deliver(ids: readonly number[], data: string): void {
    const payload = `{"ids":${JSON.stringify(ids)},"data":${data}}`
    this.connection.send(this.connection.serializer.encodeRaw(this.joinRef, null, this.topic, 'postgres_changes', payload))
  }

  expire(): void {
    this.connection.shutdown(this, expiredMessage(this.auth.exp))
  }

  system(extension: 'postgres_changes' | 'system', status: 'ok' | 'error', message: string): void {
    const payload = JSON.stringify({ channel: this.subTopic, extension, message, status })
    this.connection.send(this.connection.serializer.encodeRaw(this.joinRef, null, this.topic, 'system', payload))
  }

  /** Closes the channel the moment its token expires, as hosted does (no clock skew). */
  watchExpiry(): void {
    if (this.expiry) clearTimeout(this.expiry)
    const delay = this.auth.exp * 1000 - Date.now()
    this.expiry = setTimeout(() => (this.auth.exp * 1000 <= Date.now() ? this.expire() : this.watchExpiry()), Math.min(Math.max(delay, 0), maxTimerMs))
    this.expiry.unref()
  }

  /** False when it was already disposed (its reservation was given back then). */
  dispose(subscriptions: Subscriptions): boolean {
    if (this.disposed) return false
    this.disposed = true
    if (this.expiry) clearTimeout(this.expiry)
    this.expiry = null
    if (this.active) subscriptions.remove(this)
    this.active = false
    return true
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

function toText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8')
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.from(data).toString('utf8')
}
