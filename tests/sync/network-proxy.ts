/**
 * A TCP proxy between one simulated device and the backend: the device's "network".
 * Everything the device sends (REST, Auth, the Realtime websocket) goes through it, so
 * the test can take the device offline (connections reset, new ones refused), cut every
 * open connection at once, drop connections at random mid-stream (a request lost, or
 * its answer lost after the server did the work), or delay traffic.
 */
import { createServer, connect, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { mulberry32 } from '../../supabase/local/demo/context.ts'

export interface NetworkProxy {
  readonly port: number
  readonly url: string
  /** Offline: open connections are reset and new ones refused until back online. */
  setOffline(offline: boolean): void
  isOffline(): boolean
  /** Resets every open connection once. */
  cut(): void
  /** Probability (0–1) that a chunk of traffic kills its connection. */
  setDropRate(rate: number): void
  /** Delay added to every chunk, in ms. */
  setDelay(ms: number): void
  readonly stats: { connections: number; dropped: number; refused: number }
  close(): Promise<void>
}

export async function startNetworkProxy(targetPort: number, options: { host?: string; seed?: number } = {}): Promise<NetworkProxy> {
  const host = options.host ?? '127.0.0.1'
  const sockets = new Set<Socket>()
  const stats = { connections: 0, dropped: 0, refused: 0 }
  let offline = false
  let dropRate = 0
  let delay = 0
  let random = mulberry32(options.seed ?? 1)

  const kill = (a: Socket, b: Socket) => {
    a.destroy()
    b.destroy()
  }

  const server: Server = createServer((client) => {
    if (offline) {
      stats.refused++
      client.resetAndDestroy()
      return
    }
    stats.connections++
    const upstream = connect({ port: targetPort, host })
    sockets.add(client)
    sockets.add(upstream)
    const forget = () => {
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('close', () => {
      upstream.destroy()
      forget()
    })
    upstream.on('close', () => {
      client.destroy()
      forget()
    })
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    pipe(client, upstream)
    pipe(upstream, client)
  })

  // Forwards chunks in order, each possibly delayed or fatal.
  function pipe(from: Socket, to: Socket) {
    let chain = Promise.resolve()
    let queued = 0
    from.on('data', (chunk: Buffer) => {
      if (dropRate > 0 && random() < dropRate) {
        stats.dropped++
        kill(from, to)
        return
      }
      if (delay <= 0 && queued === 0) {
        if (!to.destroyed) to.write(chunk)
        return
      }
      const wait = delay
      queued++
      chain = chain.then(
        () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              queued--
              if (!to.destroyed) to.write(chunk)
              resolve()
            }, wait),
          ),
      )
    })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stats,
    setOffline(next) {
      offline = next
      if (next) for (const s of [...sockets]) s.resetAndDestroy()
    },
    isOffline: () => offline,
    cut() {
      for (const s of [...sockets]) s.resetAndDestroy()
    },
    setDropRate(rate) {
      dropRate = rate
      random = mulberry32(Math.floor(rate * 1e6) + stats.connections)
    },
    setDelay(ms) {
      delay = ms
    },
    async close() {
      offline = true
      for (const s of [...sockets]) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

