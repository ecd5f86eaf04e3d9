/**
 * The edge of the HTTP server (server.ts): what it does with a raw Node request before an
 * API sees it and with an API's answer after — the Host check, the client's address, the
 * app's configuration URL (docs/decisions/0030-superficie-anonima.md), a bounded body
 * read, the client-gone signal, listening and sending.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { networkInterfaces } from 'node:os'
import { corsHeaders, type ApiResponse } from './http.ts'

/** The last proxy's view of the client when one is trusted, else the socket's peer. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? ''
  if (!trustProxy) return peer
  const header = req.headers['x-forwarded-for']
  const list = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim()).filter(Boolean)
  // The rightmost entry is the one our proxy appended; earlier ones are the client's say.
  const last = list[list.length - 1]
  return last && /^[0-9a-fA-F:.]{2,45}$/.test(last) ? last : peer
}

/** `host[:port]`: a name, IPv4 or bracketed IPv6, and an optional port. */
export const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/

/**
 * `supabaseUrl` of /app-config.json, never copied from a request header unless a proxy
 * is trusted (docs/decisions/0030-superficie-anonima.md): the proxy's X-Forwarded-Host/-Proto
 * (checked) with --trust-proxy, else the configured --public-url, else this server's own
 * address when the Host names one of them (loopback or an interface address, with our
 * port: tablets on the spa's network), else the relative `/` the app resolves itself.
 */
export function appConfigUrl(req: IncomingMessage, o: { trustProxy: boolean; publicUrl?: string | undefined; port: number }): string {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim()
  if (o.trustProxy) {
    const forwardedHost = first(req.headers['x-forwarded-host'])
    const forwardedProto = first(req.headers['x-forwarded-proto'])
    if (forwardedHost && HOST.test(forwardedHost)) {
      return `${forwardedProto === 'https' ? 'https' : 'http'}://${forwardedHost}`
    }
  }
  if (o.publicUrl) return o.publicUrl.replace(/\/$/, '')
  const host = req.headers.host
  return host && isOwnAddress(host, o.port) ? `http://${host}` : '/'
}

function isOwnAddress(host: string, port: number): boolean {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase())
  if (!m || Number(m[2] ?? 80) !== port) return false
  const own = new Set(['localhost', '127.0.0.1', '[::1]'])
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) own.add(a.family === 'IPv6' ? `[${a.address}]` : a.address)
  }
  return own.has(m[1]!)
}

/** Aborts when the connection closes before the response was sent. */
export function clientGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  return controller.signal
}

export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

export function send(res: ServerResponse, r: ApiResponse, opts: { head?: boolean; close?: boolean } = {}) {
  const headers: Record<string, string> = { ...corsHeaders, ...r.headers }
  if (opts.close) headers.connection = 'close'
  const body = r.body ?? null
  if (body !== null) headers['content-length'] = String(Buffer.byteLength(body))
  res.writeHead(r.status, headers)
  res.end(opts.head ? undefined : (body ?? undefined))
}

/** Reads the whole body, or resolves null once it exceeds `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) {
    req.resume()
    return Promise.resolve(null)
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let over = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) over = true
      else if (!over) chunks.push(chunk)
    })
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks)))
    req.on('error', reject)
  })
}
