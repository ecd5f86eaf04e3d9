/**
 * The Edge Functions runner: the gateway's verify_jwt, routing to supabase/functions/<name>,
 * and the Request/Response conversion (checked with fixture functions written to a
 * temporary folder, so nothing test-only ships in supabase/functions).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../tests/support/stack.ts'
import { createFunctions } from './functions.ts'
import type { ApiHandler, ApiRequest, StackContext } from './http.ts'
import { createTestUser } from '../../tests/support/test-users.ts'

let stack: TestStack
let fixtures: string
let run: ApiHandler
const logs: string[] = []

const fixtureSources: Record<string, string> = {
  echo: `
    export function createHandler(env) {
      return async (req) => {
        const url = new URL(req.url)
        return new Response(JSON.stringify({
          method: req.method,
          path: url.pathname,
          search: url.search,
          authorization: req.headers.get('authorization'),
          custom: req.headers.get('x-custom'),
          contentType: req.headers.get('content-type'),
          body: await req.text(),
          env: { url: env.SUPABASE_URL, anon: env.SUPABASE_ANON_KEY, service: env.SUPABASE_SERVICE_ROLE_KEY, extra: env.EXTRA },
        }), { status: 201, headers: { 'content-type': 'application/json', 'x-function': 'echo' } })
      }
    }`,
  empty: `export function createHandler() { return async () => new Response(null, { status: 204 }) }`,
  boom: `export function createHandler() { return async () => { throw new Error('falla a propósito') } }`,
  slow: `export function createHandler() { return () => new Promise(() => {}) }`,
  broken: `export const nothing = 1`,
}

beforeAll(async () => {
  stack = await startTestStack()
  fixtures = mkdtempSync(join(tmpdir(), 'spa-functions-'))
  for (const [name, source] of Object.entries(fixtureSources)) {
    mkdirSync(join(fixtures, name))
    writeFileSync(join(fixtures, name, 'handler.ts'), source)
  }
  const ctx: StackContext = {
    db: stack.db,
    keys: stack.keys,
    jwtExpiry: 3600,
    publicUrl: () => stack.url,
    functionsEnv: { EXTRA: 'secreto-del-servidor' },
    log: (m) => logs.push(m),
  }
  run = (await createFunctions(ctx, { dir: fixtures, timeoutMs: 300 })).handle
})
afterAll(async () => {
  await stack?.close()
  if (fixtures) rmSync(fixtures, { recursive: true, force: true })
})

function request(path: string, init: { method?: string; token?: string | null; headers?: Record<string, string>; body?: string; search?: string } = {}): ApiRequest {
  const token = init.token === undefined ? stack.anonKey : init.token
  return {
    method: init.method ?? 'POST',
    url: new URL(`${stack.url}/functions/v1${path}${init.search ?? ''}`),
    path,
    headers: {
      apikey: stack.anonKey,
      host: 'localhost',
      connection: 'keep-alive',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
    body: Buffer.from(init.body ?? ''),
    ip: '127.0.0.1',
  }
}

const jsonOf = (body: string | Buffer | null | undefined) => JSON.parse(String(body)) as Record<string, unknown>

describe('request and response conversion', () => {
  it('hands the function a WHATWG Request at /<name>/… with headers, query, body and env', async () => {
    const res = await run(
      request('/echo/clientes/7', {
        search: '?q=ñ&x=1',
        headers: { 'x-custom': 'hola', 'content-type': 'application/json' },
        body: '{"a":1}',
      }),
    )
    expect(res.status).toBe(201)
    expect(res.headers).toMatchObject({ 'content-type': 'application/json', 'x-function': 'echo' })
    expect(jsonOf(res.body)).toEqual({
      method: 'POST',
      path: '/echo/clientes/7',
      search: '?q=%C3%B1&x=1',
      authorization: `Bearer ${stack.anonKey}`,
      custom: 'hola',
      contentType: 'application/json',
      body: '{"a":1}',
      env: { url: stack.url, anon: stack.anonKey, service: stack.serviceRoleKey, extra: 'secreto-del-servidor' },
    })
  })

  it('passes GET without a body and empty responses as empty', async () => {
    const res = await run(request('/echo', { method: 'GET' }))
    expect(jsonOf(res.body)).toMatchObject({ method: 'GET', path: '/echo', body: '' })
    const empty = await run(request('/empty'))
    expect(empty.status).toBe(204)
    expect(empty.body).toBeNull()
  })
})

describe('the gateway', () => {
  it('requires a valid, unexpired JWT of this project (verify_jwt)', async () => {
    const missing = await run(request('/echo', { token: null }))
    expect(missing.status).toBe(401)
    expect(jsonOf(missing.body)).toEqual({ msg: 'Missing authorization header' })
    const expired = await stack.keys.sign({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 5 })
    // Alter the signature's first character: it carries six whole bits. Its last one
    // carries two that decoders ignore, so replacing the tail could leave the bytes
    // the same and the token valid (it did once in CI, about one secret in a thousand).
    const [header, payload, signature] = stack.anonKey.split('.') as [string, string, string]
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    for (const token of ['no-es-un-jwt', expired, forged]) {
      const res = await run(request('/echo', { token }))
      expect(res.status).toBe(401)
      expect(jsonOf(res.body)).toEqual({ msg: 'Invalid JWT' })
    }
    const user = await createTestUser(stack)
    const { data } = await stack.anon().auth.signInWithPassword({ email: user.email, password: user.password })
    expect((await run(request('/echo', { token: data.session!.access_token }))).status).toBe(201)
  })

  it('answers unknown, hidden and malformed function names with 404', async () => {
    for (const path of ['/no-existe', '/_shared', '/..', '/.hidden', '/', '/echo%2F..', `/${'a'.repeat(100)}`]) {
      const res = await run(request(path))
      expect(res.status, path).toBe(404)
      expect(jsonOf(res.body)).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' })
    }
  })

  it('turns a throwing function into 500, a module without createHandler into 503, a hung one into 504', async () => {
    const boom = await run(request('/boom'))
    expect(boom.status).toBe(500)
    expect(jsonOf(boom.body)).toMatchObject({ code: 'WORKER_ERROR' })
    expect(logs.some((m) => m.includes('falla a propósito'))).toBe(true)
    expect((await run(request('/broken'))).status).toBe(503)
    const slow = await run(request('/slow'))
    expect(slow.status).toBe(504)
    expect(jsonOf(slow.body)).toMatchObject({ code: 'WORKER_TIMEOUT' })
  })
})

describe('over HTTP in the stack', () => {
  it('routes /functions/v1/<name> to supabase/functions and applies the gateway checks', async () => {
    const base = `${stack.url}/functions/v1`
    const noAuth = await fetch(`${base}/exchange-rate`, { method: 'POST', headers: { apikey: stack.anonKey } })
    expect(noAuth.status).toBe(401)
    expect(await noAuth.json()).toEqual({ msg: 'Missing authorization header' })
    const bad = await fetch(`${base}/exchange-rate`, { method: 'POST', headers: { apikey: stack.anonKey, authorization: 'Bearer x.y.z' } })
    expect(await bad.json()).toEqual({ msg: 'Invalid JWT' })
    const unknown = await fetch(`${base}/no-existe`, { method: 'POST', headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` } })
    expect(unknown.status).toBe(404)
    const shared = await fetch(`${base}/_shared/http.ts`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` } })
    expect(shared.status).toBe(404)
    const preflight = await fetch(`${base}/admin-users`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-headers': 'authorization, x-client-info, apikey, content-type' },
    })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/)
  })
})
