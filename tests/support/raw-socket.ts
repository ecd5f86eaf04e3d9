/**
 * A bare websocket client that speaks Phoenix frames by hand, for asserting the exact
 * frames the server sends (what realtime-js hides behind callbacks).
 */
import WebSocket from 'ws'

export type Frame = [string | null, string | null, string, string, Record<string, unknown>]

export class RawSocket {
  private frames: unknown[] = []
  private wake: (() => void) | null = null
  closed: { code: number; reason: string } | null = null

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)))
      this.wake?.()
    })
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) }
      this.wake?.()
    })
  }

  static open(url: string): Promise<RawSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      ws.once('open', () => resolve(new RawSocket(ws)))
      ws.once('error', reject)
    })
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame))
  }

  /** Takes the first received frame matching `match` (waiting for it). */
  async next<T = Frame>(match: (frame: T) => boolean, what: string, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const i = this.frames.findIndex((f) => match(f as T))
      if (i >= 0) return this.frames.splice(i, 1)[0] as T
      if (this.closed) throw new Error(`socket cerrado esperando ${what}`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`Tiempo agotado esperando ${what}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wake = null
    }
  }

  /** Frames received and not taken yet. */
  pending(): unknown[] {
    return [...this.frames]
  }

  async waitClosed(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
    if (!this.closed) throw new Error('el socket no se cerró')
    return this.closed
  }

  close(): void {
    this.ws.close()
  }
}

/** The HTTP answer to an upgrade the server refuses. */
export function refusedUpgrade(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once('open', () => {
      ws.close()
      reject(new Error('la conexión fue aceptada'))
    })
    ws.once('unexpected-response', (_req, res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += String(chunk)))
      res.on('end', () => {
        ws.terminate()
        resolve({ status: res.statusCode ?? 0, body: body ? (JSON.parse(body) as unknown) : null })
      })
    })
    ws.once('error', () => {})
  })
}
