/**
 * `/functions/v1/<name>`: runs the Edge Functions of `supabase/functions/<name>/` in
 * this process, the way Supabase's gateway and edge runtime run them when deployed.
 *
 * Each function is a `handler.ts` exporting `createHandler(env)` → `(Request) =>
 * Promise<Response>`, written against web APIs only; its `index.ts` is the one-line
 * `Deno.serve` entry used on hosted Supabase. Here the gateway's `verify_jwt` check is
 * done first (401 `{"msg":"Invalid JWT"}`), then the request becomes a WHATWG Request
 * whose path is `/<name>/…` (as the deployed function sees it) and the Response comes
 * back as an ApiResponse. Handlers are created on first use, once, with SUPABASE_URL,
 * SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and the stack's functions environment.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { bearer, json, type ApiHandler, type ApiRequest, type ApiResponse, type StackContext } from './http.ts'
import { functionsDir as defaultFunctionsDir } from './paths.ts'
import { verifyAccessToken } from './auth/tokens.ts'

export type FunctionHandler = (req: Request) => Promise<Response>
export type FunctionFactory = (env: Record<string, string>) => FunctionHandler

export interface FunctionsOptions {
  /** Where function folders live (tests point this at fixtures). */
  dir?: string
  /** Wall-clock limit per invocation, like the hosted runtime's. Default 150 s. */
  timeoutMs?: number
}

// A folder name that can be a function: no `_shared`, no dot files, no path tricks.
const functionName = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/

// Connection-level headers describe the hop, not the request the function sees.
const hopHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'expect', 'content-length', 'host', 'proxy-connection'])

export async function createFunctions(ctx: StackContext, options: FunctionsOptions = {}): Promise<{ handle: ApiHandler }> {
  const dir = options.dir ?? defaultFunctionsDir
  const timeoutMs = options.timeoutMs ?? 150_000
  const loaded = new Map<string, Promise<FunctionHandler | null>>()

  function load(name: string): Promise<FunctionHandler | null> {
    let handler = loaded.get(name)
    if (!handler) {
      handler = instantiate(name)
      loaded.set(name, handler)
      // A module that failed to load is retried on the next call (it may be fixed).
      handler.catch(() => loaded.delete(name))
    }
    return handler
  }

  async function instantiate(name: string): Promise<FunctionHandler | null> {
    const file = join(dir, name, 'handler.ts')
    if (!existsSync(file)) return null
    const mod = (await import(pathToFileURL(file).href)) as { createHandler?: FunctionFactory }
    if (typeof mod.createHandler !== 'function') throw new Error(`${file} no exporta createHandler(env)`)
    return mod.createHandler({
      ...ctx.functionsEnv,
      SUPABASE_URL: ctx.publicUrl(),
      SUPABASE_ANON_KEY: ctx.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
    })
  }

  async function handle(req: ApiRequest): Promise<ApiResponse> {
    const [, name = '', rest = ''] = /^\/([^/]*)(\/.*)?$/.exec(req.path) ?? []
    if (!functionName.test(name)) return notFound()

    let handler: FunctionHandler | null
    try {
      handler = await load(name)
    } catch (error) {
      ctx.log(`Functions: ${name} no pudo cargarse: ${(error as Error).stack ?? String(error)}`)
      return json(503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' })
    }
    if (!handler) return notFound()

    // The gateway's verify_jwt: any valid, unexpired token of this project (the anon
    // key included); who may do what is the function's own business.
    const token = bearer(req)
    if (!token) return json(401, { msg: 'Missing authorization header' })
    try {
      await verifyAccessToken(ctx.keys, token)
    } catch {
      return json(401, { msg: 'Invalid JWT' })
    }

    let timer: NodeJS.Timeout | undefined
    try {
      const response = await Promise.race([
        handler(toRequest(req, name, rest, ctx.publicUrl())),
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), timeoutMs)
        }),
      ])
      if (response === 'timeout') {
        ctx.log(`Functions: ${name} superó ${timeoutMs} ms`)
        return json(504, { code: 'WORKER_TIMEOUT', message: 'Function timed out' })
      }
      return await fromResponse(response)
    } catch (error) {
      ctx.log(`Functions: ${name} falló: ${(error as Error).stack ?? String(error)}`)
      return json(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' })
    } finally {
      clearTimeout(timer)
    }
  }

  return { handle }
}

function notFound(): ApiResponse {
  return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' })
}

function toRequest(req: ApiRequest, name: string, rest: string, publicUrl: string): Request {
  const url = new URL(`/${name}${rest}${req.url.search}`, publicUrl)
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || hopHeaders.has(key)) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v)
  }
  // The address the server determined (trusted proxy or socket), never the client's claim.
  if (req.ip) headers.set('x-forwarded-for', req.ip)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body.length > 0
  return new Request(url, { method: req.method, headers, ...(hasBody ? { body: new Uint8Array(req.body) } : {}) })
}

async function fromResponse(res: Response): Promise<ApiResponse> {
  const headers: Record<string, string> = {}
  res.headers.forEach((value, key) => {
    if (!hopHeaders.has(key)) headers[key] = value
  })
  const body = Buffer.from(await res.arrayBuffer())
  return { status: res.status, headers, body: body.length > 0 ? body : null }
}
