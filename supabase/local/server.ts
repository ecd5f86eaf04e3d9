/**
 * The embedded Supabase-compatible stack: one HTTP server that speaks the subset of
 * Supabase's APIs supabase-js uses (REST, Auth, Realtime, Functions) over one database,
 * and optionally serves the built app on the same origin.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { abandonPreopenedPglite, internalStatementDeadlineMs, openDb, type Db } from './db.ts'
import { createKeys, loadOrCreateSecret, type Keys } from './keys.ts'
import { migrate, type SeedSettings } from './migrate.ts'
import { appConfigUrl, clientAddress, clientGone, HOST, listen, readBody, send } from './http-edge.ts'
import { bearer, HttpError, json, type ApiHandler, type ApiRequest, type ApiResponse, type StackContext } from './http.ts'
import { createRest } from './rest/index.ts'
import { createAuth } from './auth/index.ts'
import { refuseRemovedUser } from './auth/access-check.ts'
import { createFunctions } from './functions.ts'
import { createRealtime } from './realtime/index.ts'
import { createStaticHandler } from './static.ts'
import { defaultDataDir } from './paths.ts'
import { lockDataDir, type DataDirLock } from './data-lock.ts'
import type { AnonSurface } from './rest/anon-surface.ts'

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
  /**
   * The lock on `dataDir` the caller already took (cli.ts takes it before building the
   * app, so a refused start builds nothing). Released when the stack closes or fails.
   */
  dataLock?: DataDirLock
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
   * authenticated 8 s; service_role none). Fires on PostgreSQL; on PGlite a watchdog
   * restarts the engine's worker (docs/decisions/0029-pglite-worker.md).
   */
  statementTimeouts?: Record<string, number>
  /**
   * The server sits behind a reverse proxy that sets X-Forwarded-For/-Host/-Proto
   * (npm start -- --trust-proxy). Only then is the client address taken from
   * X-Forwarded-For (sign-in limits) and the public origin from X-Forwarded-Host/-Proto
   * (/app-config.json); otherwise anyone could pick their address or the app's backend.
   */
  trustProxy?: boolean
  /**
   * The URL the app should use for the APIs (npm start -- --public-url https://spa.example),
   * for /app-config.json. Without it the answer is this server's own address when the
   * request named one, else the relative `/` (the app resolves it against its origin).
   */
  publicUrl?: string
  /**
   * What the anonymous role may ask of /rest/v1 (rest/anon-surface.ts). Default: the
   * public site's requests. null leaves anon to grants and RLS alone (the REST
   * conformance suites, which exercise PostgREST's grammar as anon on their own tables).
   */
  anonSurface?: AnonSurface | null
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
  /** Realtime joins refused for being over a cap (docs/decisions/0031-realtime-filtros-en-node.md). */
  realtimeRefusedJoins(): number
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
  const lock = options.dataLock ?? (dataDir && !options.databaseUrl ? await lockDataDir(dataDir, { command: 'backend', log }) : null)
  // Requests being handled, so a stop can let them finish (graceful stop, docs/decisions/0020-backend-hardening.md).
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
    // A folder the CLI began opening ahead is closed before its lock is let go.
    await abandonPreopenedPglite()
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
    // Creating and migrating a cluster leaves PGlite's memory at its high-water mark:
    // serve from a fresh open (docs/decisions/0029-pglite-worker.md).
    if (migrations.applied.length > 0) await db.recycle?.()
    // Migrations and the seed run without a limit; from here on every statement has one.
    db.setStatementDeadline?.(internalStatementDeadlineMs)
    keys = await createKeys(options.jwtSecret ?? loadOrCreateSecret(dataDir))
  } catch (error) {
    markReady(false)
    await new Promise<void>((resolve) => server.close(() => resolve()))
    lock?.release()
    throw error
  }

  let publicUrl = ''
  let serverPort = 0
  const ctx: StackContext = {
    db,
    keys,
    jwtExpiry: options.jwtExpiry ?? 3600,
    publicUrl: () => publicUrl,
    statementTimeouts: { ...defaultStatementTimeouts, ...options.statementTimeouts },
    ...(options.anonSurface !== undefined ? { anonSurface: options.anonSurface } : {}),
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
    // A Host that is not host[:port] is refused on every path (it used to reach new URL()
    // and end in a 500, and to be copied into /app-config.json).
    const host = req.headers.host
    if (host !== undefined && !HOST.test(host)) return send(res, json(400, { message: 'La cabecera Host no es válida.' }))
    let url: URL
    try {
      url = new URL(req.url ?? '/', `http://${host ?? 'localhost'}`)
    } catch {
      return send(res, json(400, { message: 'La dirección pedida no es válida.' }))
    }
    const path = url.pathname

    if (path === '/app-config.json') {
      // The app learns where its backend is at run time, so one build serves any host.
      const supabaseUrl = appConfigUrl(req, { trustProxy: options.trustProxy ?? false, publicUrl: options.publicUrl, port: serverPort })
      return send(res, json(200, { supabaseUrl, supabaseAnonKey: keys.anonKey }, { 'cache-control': 'no-store' }))
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

    // The token of a deleted or deactivated user, or of an ended session, gets no work
    // done at all (docs/decisions/0032-bloqueo-carpeta-y-acceso.md).
    if (api[0] !== '/auth/v1') {
      const refused = await refuseRemovedUser(auth.access, keys, bearer(req), api[0] === '/rest/v1' ? 'rest' : 'functions')
      if (refused) return send(res, refused)
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

  const realtime = await createRealtime(ctx, server, (req) => clientAddress(req, options.trustProxy ?? false))
  markReady(true)
  const port = (server.address() as AddressInfo).port
  serverPort = port
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
    realtimeRefusedJoins: () => realtime.refusedJoins(),
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

function pickEnv(names: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const n of names) if (process.env[n]) out[n] = process.env[n]!
  return out
}
