/**
 * Hostile Realtime subscribers (docs/decisions/0031-realtime-filtros-en-node.md): the
 * worst wait of a steady anonymous REST read while (b) sockets send joins whose jsonb
 * filter nests 10,000 levels, and (c) 20 sockets × 100 joins × 20 `costo=eq.N` bindings
 * flood tb_tratamientos — each socket from its own forwarded address, so only the
 * per-socket cap applies (the worst an attacker with many addresses gets), sent from
 * another process as a real attacker's would be; then the time
 * of a staff PATCH of tb_tratamientos, and of its delivery to a legitimate subscriber,
 * with the flood still subscribed. Targets: worst wait ≤ 3 s on PGlite, ≤ 0.5 s on PostgreSQL.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { defaultSeed, startStack, type LocalStack } from '../../../supabase/local/server.ts'
import type { Figure } from '../run.ts'
import { onEngines } from './engines.ts'

export function realtimeHostileBench(): Promise<Figure[]> {
  return onEngines(engine)
}

type Frame = [string | null, string | null, string, string, Record<string, unknown>]

async function engine(label: string, databaseUrl: string | undefined, targetMs: number): Promise<Figure[]> {
  const stack = await startStack({
    memory: true, port: 0, host: '127.0.0.1', seed: defaultSeed, log: () => {}, trustProxy: true, ...(databaseUrl ? { databaseUrl } : {}),
  })
  const sockets: Socket[] = []
  const children: Array<ChildProcessByStdio<Writable, Readable, null>> = []
  try {
    const token = await staffToken(stack)
    const { rows } = await stack.db.query<{ id: string }>(`select id_tratamiento::text as id from tb_tratamientos limit 1`)
    const treatment = rows[0]!.id

    const reader = new Reader(stack)
    // The same reader with no attack: what this machine's load alone costs a read.
    await new Promise((r) => setTimeout(r, 3000))
    const worstQuiet = await reader.worstSince()
    // (b) 10 sockets × 10 joins, each with a jsonb filter nested 10,000 levels deep.
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`
    const deepSockets = await Promise.all(Array.from({ length: 10 }, (_, i) => Socket.open(stack, `10.1.0.${i + 1}`)))
    sockets.push(...deepSockets)
    await Promise.all(
      deepSockets.map((s) =>
        s.joinAll(Array.from({ length: 10 }, () => [{ event: '*', schema: 'public', table: 'tb_pagos_citas', filter: `tratamientos_adicionales_info=eq.${deep}` }])),
      ),
    )
    const worstDeep = await reader.worstSince()

    // A legitimate subscriber, connected before the flood.
    const device = await Socket.open(stack, '10.3.0.1')
    sockets.push(device)
    await device.joinAll([[{ event: 'UPDATE', schema: 'public', table: 'tb_tratamientos' }]], token)

    // (c) the filter flood, from another process (realtime-flood-client.ts).
    const flood = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./realtime-flood-client.ts', import.meta.url)), stack.url, stack.anonKey], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    children.push(flood)
    const result = await new Promise<string>((resolve, reject) => {
      let out = ''
      flood.stdout.on('data', (chunk: Buffer) => {
        out += String(chunk)
        if (out.includes('\n')) resolve(out)
      })
      flood.once('exit', () => reject(new Error('el cliente de la avalancha terminó sin responder')))
    })
    const worstFlood = await reader.worstSince()
    await reader.stop()
    const accepted = (JSON.parse(result) as { accepted: number }).accepted

    // Staff PATCHes with the flood subscribed: response time, and delivery to the device.
    const patch: number[] = []
    const delivery: number[] = []
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now()
      const res = await fetch(`${stack.url}/rest/v1/tb_tratamientos?id_tratamiento=eq.${treatment}`, {
        method: 'PATCH',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ notas_internas: `avalancha ${i}` }),
      })
      await res.arrayBuffer()
      patch.push(performance.now() - t0)
      await device.next((f) => f[3] === 'postgres_changes', 30_000)
      delivery.push(performance.now() - t0)
    }
    const max = (xs: number[]) => Math.max(...xs)
    return [
      { name: `${label} peor espera de una lectura REST anon sin ataque (referencia, 3 s)`, value: worstQuiet, unit: 'ms' },
      { name: `${label} peor espera de una lectura REST anon con filtros jsonb de 10.000 niveles`, value: worstDeep, unit: 'ms', target: `≤ ${targetMs}`, ok: worstDeep <= targetMs },
      { name: `${label} peor espera de una lectura REST anon durante la avalancha de filtros`, value: worstFlood, unit: 'ms', target: `≤ ${targetMs}`, ok: worstFlood <= targetMs },
      { name: `${label} uniones aceptadas de la avalancha (20 sockets × 100 × 20 filtros)`, value: accepted, unit: `de 2000 (${accepted * 20} filtros)` },
      { name: `${label} PATCH de tb_tratamientos con la avalancha suscrita (máx. de 5)`, value: max(patch), unit: 'ms' },
      { name: `${label} PATCH → entrega al suscriptor legítimo (máx. de 5)`, value: max(delivery), unit: 'ms' },
    ]
  } finally {
    for (const s of sockets) s.close()
    for (const child of children) {
      child.stdin.end()
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
    }
    await stack.close()
  }
}

/** A steady anonymous catalogue reader; reports the slowest read since the last call. */
class Reader {
  private worst = 0
  private running = true
  private readonly loop: Promise<void>
  constructor(stack: LocalStack) {
    this.loop = (async () => {
      while (this.running) {
        const t = performance.now()
        await (await fetch(`${stack.url}/rest/v1/tb_tratamientos?select=nombre&limit=5`, { headers: { apikey: stack.anonKey } })).arrayBuffer()
        this.worst = Math.max(this.worst, performance.now() - t)
      }
    })()
  }
  async worstSince(): Promise<number> {
    // One more read, so a stall still in progress is counted.
    await new Promise((r) => setTimeout(r, 200))
    const w = this.worst
    this.worst = 0
    return w
  }
  stop(): Promise<void> {
    this.running = false
    return this.loop
  }
}

class Socket {
  private frames: Frame[] = []
  private waiters: Array<() => void> = []
  private ref = 0
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame)
      for (const w of this.waiters.splice(0)) w()
    })
  }

  static open(stack: LocalStack, address: string): Promise<Socket> {
    const ws = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`, { headers: { 'x-forwarded-for': address } })
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Socket(ws)))
      ws.once('error', reject)
    })
  }

  /**
   * Sends every join without waiting for replies, then waits for each reply: their
   * statuses. The client shares this process with the server: it yields every 10 frames
   * so that its own serializing is not counted as the server's stall.
   */
  async joinAll(joins: unknown[][], accessToken?: string): Promise<string[]> {
    const refs: string[] = []
    for (const postgresChanges of joins) {
      const ref = String(++this.ref)
      this.ws.send(JSON.stringify([ref, ref, `realtime:c${ref}`, 'phx_join', { config: { postgres_changes: postgresChanges }, ...(accessToken ? { access_token: accessToken } : {}) }]))
      refs.push(ref)
      if (refs.length % 10 === 0) await new Promise((r) => setImmediate(r))
    }
    const out: string[] = []
    for (const ref of refs) out.push(String((await this.next((f) => f[1] === ref && f[3] === 'phx_reply', 60_000))[4].status))
    return out
  }

  async next(match: (f: Frame) => boolean, timeoutMs: number): Promise<Frame> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const i = this.frames.findIndex(match)
      if (i >= 0) return this.frames.splice(i, 1)[0]!
      if (Date.now() > deadline) throw new Error('sin respuesta del servidor Realtime')
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve)
        setTimeout(resolve, 100)
      })
    }
  }

  close(): void {
    this.ws.terminate()
  }
}

async function staffToken(stack: LocalStack): Promise<string> {
  const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: defaultSeed.staffEmail, password: defaultSeed.staffPassword }),
  })
  return ((await res.json()) as { access_token: string }).access_token
}
