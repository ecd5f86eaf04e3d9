/**
 * The embedded Supabase-compatible stack: one HTTP server that speaks the subset of
 * Supabase's APIs supabase-js uses (REST, Auth, Realtime, Functions) over one database,
 * and optionally serves the built app on the same origin.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { openDb, type Db } from './db.ts'
import { createKeys, loadOrCreateSecret, type Keys } from './keys.ts'
import { migrate, type SeedSettings } from './migrate.ts'
import { corsHeaders, HttpError, json, type ApiHandler, type ApiRequest, type ApiResponse, type StackContext } from './http.ts'
import { createRest } from './rest/index.ts'
import { createAuth } from './auth/index.ts'
import { createFunctions } from './functions.ts'
import { createRealtime } from './realtime/index.ts'
import { createStaticHandler } from './static.ts'
import { defaultDataDir } from './paths.ts'
import { lockDataDir } from './data-lock.ts'

export interface StackOptions {
  /** TCP port; 0 picks a free one (tests). Default 54321. */
  port?: number
  /** Interface to listen on. Default 0.0.0.0 so tablets on the spa's network can reach it. */
  host?: string
  /** Keep the database in memory (nothing written to disk). */
  memory?: boolean
  /** Data directory for PGlite and the JWT secret. Default `.data/`. */
  dataDir?: string
  /** Use this Postgres instead of PGlite. */
  databaseUrl?: string
  /** Start PGlite from this data-dir dump instead of an empty cluster (test templates). */
  loadDataDir?: Blob
  /** Access-token lifetime in seconds. Default 3600. */
  jwtExpiry?: number
  /** JWT secret to use instead of the stored or generated one. */
  jwtSecret?: string
  /** Serve the built app from `dist/` (npm start). */
  serveApp?: boolean
  /** Demo users for seed.sql; null skips the seed. */
  seed?: SeedSettings | null
  /** Request bodies above this size get 413. Default 4 MiB. */
  maxBodyBytes?: number
  /** Extra environment for Edge Functions (e.g. FIXER_API_KEY, FIXER_BASE_URL). */
  functionsEnv?: Record<string, string>
  /**
   * Statement time limit per role in ms, as hosted Supabase sets them (anon 3 s,
   * authenticated 8 s; service_role none). Fires on PostgreSQL; see rest/guards.ts for PGlite.
   */
  statementTimeouts?: Record<string, number>
  /**
   * The server sits behind a reverse proxy that sets X-Forwarded-For/-Host/-Proto
   * (npm start -- --trust-proxy). Only then is the client address taken from
   * X-Forwarded-For (sign-in limits) and the public origin from X-Forwarded-Host/-Proto
   * (/app-config.json); otherwise anyone could pick their address or the app's backend.
   */
  trustProxy?: boolean
  /** On close, how long running requests may take to finish before they are cut. Default 10 s. */
  stopGraceMs?: number
  log?: (message: string) => void
}

export interface LocalStack {
  /** Base URL for supabase-js, e.g. http://localhost:54321 */
  url: string
  port: number
  anonKey: string
  serviceRoleKey: string
  keys: Keys
  db: Db
  migrations: { applied: string[]; seeded: boolean }
  /** Realtime catalogue rescans so far (tests: unknown topics must not each cost one). */
  realtimeCatalogScans(): number
  close(): Promise<void>
}

export const defaultSeed: SeedSettings = {
  adminEmail: process.env.SPA_ADMIN_EMAIL ?? 'admin@spa.local',
  adminPassword: process.env.SPA_ADMIN_PASSWORD ?? 'admin1234',
  staffEmail: process.env.SPA_STAFF_EMAIL ?? 'recepcion@spa.local',
  staffPassword: process.env.SPA_STAFF_PASSWORD ?? 'recepcion1234',
}

export const defaultStatementTimeouts: Record<string, number> = {
  anon: Number(process.env.SPA_ANON_STATEMENT_TIMEOUT_MS ?? 3_000),
  authenticated: Number(process.env.SPA_AUTHENTICATED_STATEMENT_TIMEOUT_MS ?? 8_000),
}

export async function startStack(options: StackOptions = {}): Promise<LocalStack> {
  const log = options.log ?? ((m: string) => console.log(m))
  const dataDir = options.memory ? null : (options.dataDir ?? defaultDataDir)
  // Before anything touches the folder or the database: refuse a second process on the
  // same PGlite data (lock file), then take the port, so a start that cannot serve
  // fails at once without opening or migrating anything (docs/decisions/0020-backend-hardening.md).
  const lock = dataDir && !options.databaseUrl ? lockDataDir(dataDir) : null
  // Requests being handled, so a stop can let them finish (graceful stop, item 4 of issue 12).
  const inFlight = new Set<ServerResponse>()
  let stopping = false
  const server = createServer((req, res) => {
    inFlight.add(res)
    res.once('close', () => {
      inFlight.delete(res)
      if (stopping && inFlight.size === 0) drained()
    })
    // While stopping, the answer tells keep-alive clients not to send more on this socket.
    if (stopping) res.setHeader('connection', 'close')
    ready.then(
      () => handleRequest(req, res),
      () => send(res, json(503, { message: 'Service unavailable' })),
    ).catch((error: unknown) => {
      if (res.destroyed && !res.writableFinished) return // the client went away first: nobody to answer
      log(`error no controlado: ${(error as Error).stack ?? String(error)}`)
      if (!res.headersSent) send(res, json(500, { message: 'Internal server error' }))
      else res.destroy()
    })
  })
  server.keepAliveTimeout = 65_000
  let markReady!: (ok: boolean) => void
  const ready = new Promise<void>((resolve, reject) => {
    markReady = (ok) => (ok ? resolve() : reject(new Error('not started')))
  })
  ready.catch(() => {})
  try {
    await listen(server, options.port ?? 54321, options.host ?? '0.0.0.0')
  } catch (error) {
    lock?.release()
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') {
      throw new Error(
        `El puerto ${options.port} ya está en uso; elige otro con --port. / Port ${options.port} is already in use.`,
        { cause: error },
      )
    }
    throw error
  }
  let db: Db
  let migrations: LocalStack['migrations']
  let keys: Keys
  try {
    db = await openDb({
      databaseUrl: options.databaseUrl,
      dataDir: dataDir ? `${dataDir}/pg` : 'memory',
      loadDataDir: options.loadDataDir,
    })
    migrations = await migrate(db, options.seed === undefined ? defaultSeed : options.seed)
    keys = await createKeys(options.jwtSecret ?? loadOrCreateSecret(dataDir))
  } catch (error) {
    markReady(false)
    await new Promise<void>((resolve) => server.close(() => resolve()))
    lock?.release()
    throw error
  }

  let publicUrl = ''
  const ctx: StackContext = {
    db,
    keys,
    jwtExpiry: options.jwtExpiry ?? 3600,
    publicUrl: () => publicUrl,
    statementTimeouts: { ...defaultStatementTimeouts, ...options.statementTimeouts },
    functionsEnv: {
      ...pickEnv(['FIXER_API_KEY', 'FIXER_BASE_URL']),
      ...options.functionsEnv,
    },
    log,
  }

  const rest = await createRest(ctx)
  const auth = createAuth(ctx)
  const functions = await createFunctions(ctx)
  const staticFiles = options.serveApp ? createStaticHandler() : null
  const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024

  const apis: Array<[prefix: string, handler: ApiHandler]> = [
    ['/rest/v1', rest.handle],
    ['/auth/v1', auth.handle],
    ['/functions/v1', functions.handle],
  ]

  async function handleRequest(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`)
    const path = url.pathname

    if (path === '/app-config.json') {
      // The app learns where its backend is at run time, so one build serves any host.
      const origin = publicOrigin(req, options.trustProxy ?? false) ?? publicUrl
      return send(res, json(200, { supabaseUrl: origin, supabaseAnonKey: keys.anonKey }, { 'cache-control': 'no-store' }))
    }

    const api = apis.find(([prefix]) => path === prefix || path.startsWith(prefix + '/'))
    if (!api) {
      if (staticFiles && (req.method === 'GET' || req.method === 'HEAD')) return staticFiles(req, res, url)
      return send(res, json(404, { message: 'no Route matched with those values' }))
    }

    if (req.method === 'OPTIONS') {
      return send(res, {
        status: 200,
        headers: {
          'access-control-allow-headers':
            (req.headers['access-control-request-headers'] as string | undefined) ??
            'authorization, x-client-info, apikey, content-type',
        },
      })
    }

    // The gateway in front of hosted Supabase refuses requests without a project key.
    const apikey = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey') ?? undefined
    if (!apikey) return send(res, json(401, { message: 'No API key found in request' }))
    if (apikey !== keys.anonKey && apikey !== keys.serviceRoleKey) {
      return send(res, json(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }))
    }

    const body = await readBody(req, maxBody)
    if (body === null) {
      return send(res, json(413, { code: 'PGRST413', message: 'Payload Too Large', details: `El cuerpo supera ${maxBody} bytes`, hint: null }), {
        close: true,
      })
    }

    const [prefix, handler] = api
    const apiReq: ApiRequest = {
      method: req.method ?? 'GET',
      url,
      path: path.slice(prefix.length) || '/',
      headers: req.headers,
      body,
      ip: clientAddress(req, options.trustProxy ?? false),
      signal: clientGone(res),
    }
    let response: ApiResponse
    try {
      response = await handler(apiReq)
    } catch (error) {
      if (error instanceof HttpError) response = json(error.status, error.payload, error.headers)
      else throw error
    }
    send(res, response, { head: req.method === 'HEAD' })
  }

  const realtime = await createRealtime(ctx, server)
  markReady(true)
  const port = (server.address() as AddressInfo).port
  publicUrl = `http://localhost:${port}`

  let drained: () => void = () => {}
  const stopGraceMs = options.stopGraceMs ?? 10_000
  let closed = false
  return {
    url: publicUrl,
    port,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    keys,
    db,
    migrations,
    realtimeCatalogScans: () => realtime.catalogScans(),
    async close() {
      if (closed) return
      closed = true
      // Stop accepting, close idle keep-alive sockets, let running requests finish
      // (bounded), and only then close the database they use.
      stopping = true
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      await realtime.close()
      if (inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, stopGraceMs))),
        ])
        clearTimeout(timer)
      }
      server.closeAllConnections()
      await serverClosed
      await db.close()
      lock?.release()
    },
  }
}

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

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/

/** Origin for /app-config.json: a checked host name and http/https, or null to use our own. */
export function publicOrigin(req: IncomingMessage, trustProxy: boolean): string | null {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim()
  const forwardedHost = trustProxy ? first(req.headers['x-forwarded-host']) : undefined
  const forwardedProto = trustProxy ? first(req.headers['x-forwarded-proto']) : undefined
  const host = forwardedHost && HOST.test(forwardedHost) ? forwardedHost : req.headers.host
  if (!host || !HOST.test(host)) return null
  const proto = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : 'http'
  return `${proto}://${host}`
}

/** Aborts when the connection closes before the response was sent. */
function clientGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  return controller.signal
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

function send(res: ServerResponse, r: ApiResponse, opts: { head?: boolean; close?: boolean } = {}) {
  const headers: Record<string, string> = { ...corsHeaders, ...r.headers }
  if (opts.close) headers.connection = 'close'
  const body = r.body ?? null
  if (body !== null) headers['content-length'] = String(Buffer.byteLength(body))
  res.writeHead(r.status, headers)
  res.end(opts.head ? undefined : (body ?? undefined))
}

/** Reads the whole body, or resolves null once it exceeds `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
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

function pickEnv(names: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const n of names) if (process.env[n]) out[n] = process.env[n]!
  return out
}
