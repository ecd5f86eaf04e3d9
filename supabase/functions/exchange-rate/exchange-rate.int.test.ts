/**
 * `exchange-rate` through supabase-js `functions.invoke`, against a fake Fixer.io (a
 * local HTTP server) whose answer each test chooses.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { createTestUser } from '../../../tests/support/test-users.ts'
import { MENSAJES_ACCESO, createHandler } from './handler.ts'
import { MENSAJES_FIXER } from './fixer-errors.ts'

interface FakeAnswer {
  status?: number
  body: unknown
}

let fixer: Server
let fixerUrl: string
let answer: FakeAnswer
const seen: URL[] = []

let stack: TestStack
let admin: SupabaseClient
let adminToken: string
let staff: SupabaseClient
let sinPerfil: SupabaseClient

/** A signed-in client whose tbusuarios profile is admin or staff (or none). */
async function signedIn(profile: 'admin' | 'staff' | 'none'): Promise<SupabaseClient> {
  const user = await createTestUser(stack)
  if (profile !== 'none') {
    await stack.db.query(`insert into public.tbusuarios (auth_user_id, id_nombre, id_correo, is_admin) values ($1::uuid, $2, $3, $4)`, [
      user.id,
      profile === 'admin' ? 'Admin de prueba' : 'Personal de prueba',
      user.email,
      profile === 'admin',
    ])
  }
  return stack.signIn(user.email, user.password)
}

beforeAll(async () => {
  fixer = createServer((req, res) => {
    seen.push(new URL(req.url ?? '/', 'http://fixer'))
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))
  })
  await new Promise<void>((r) => fixer.listen(0, '127.0.0.1', r))
  fixerUrl = `http://127.0.0.1:${(fixer.address() as AddressInfo).port}/api`

  stack = await startTestStack({
    functionsEnv: { FIXER_API_KEY: 'clave-fixer-de-prueba', FIXER_BASE_URL: fixerUrl, FIXER_CACHE_SECONDS: '0' },
  })
  admin = await signedIn('admin')
  adminToken = (await admin.auth.getSession()).data.session!.access_token
  staff = await signedIn('staff')
  sinPerfil = await signedIn('none')
})
afterAll(async () => {
  await stack?.close()
  await new Promise((r) => fixer?.close(r))
})
beforeEach(() => {
  seen.length = 0
})

const latest = (rates: Record<string, number>) => ({ success: true, timestamp: 1_700_000_000, base: 'EUR', date: '2026-11-22', rates })
const fixerError = (code: number, info?: string) => ({ success: false, error: { code, type: 'some_error', ...(info ? { info } : {}) } })

async function invoke(client: SupabaseClient = admin) {
  const { data, error, response } = await client.functions.invoke('exchange-rate')
  const body = data ?? (error && 'context' in error ? await (error.context as Response).json() : null)
  return { status: response?.status, body }
}

describe('exchange-rate', () => {
  it('returns PEN per USD from Fixer\'s EUR rates, 2 decimals, asking only for USD and PEN', async () => {
    answer = { body: latest({ USD: 1.0832, PEN: 4.0526 }) }
    const { status, body } = await invoke()
    expect(status).toBe(200)
    expect(body).toEqual({ rate: 3.74, date: '2026-11-22' })
    expect(seen).toHaveLength(1)
    expect(seen[0]!.pathname).toBe('/api/latest')
    expect(seen[0]!.searchParams.get('access_key')).toBe('clave-fixer-de-prueba')
    expect(seen[0]!.searchParams.get('symbols')).toBe('USD,PEN')
  })

  it('rounds half up at the second decimal', async () => {
    answer = { body: latest({ USD: 2, PEN: 7.49 }) } // 3.745
    expect((await invoke()).body).toMatchObject({ rate: 3.75 })
  })

  it.each([
    [101, MENSAJES_FIXER.invalidKey],
    [103, MENSAJES_FIXER.planRestricted],
    [105, MENSAJES_FIXER.planRestricted],
    [104, MENSAJES_FIXER.monthlyLimit],
    [201, MENSAJES_FIXER.invalidBase],
    [601, MENSAJES_FIXER.invalidBase],
    [202, MENSAJES_FIXER.invalidSymbols],
    [602, MENSAJES_FIXER.invalidSymbols],
  ])('maps Fixer error %i to its Spanish message', async (code, message) => {
    answer = { body: fixerError(code, 'english info text') }
    expect(await invoke()).toEqual({ status: 502, body: { error: { code, message } } })
  })

  it('uses Fixer\'s info text for other errors, else the generic message', async () => {
    answer = { body: fixerError(106, 'No rates available for this date.') }
    expect((await invoke()).body).toEqual({ error: { code: 106, message: 'No rates available for this date.' } })
    answer = { body: fixerError(999) }
    expect((await invoke()).body).toEqual({ error: { code: 999, message: 'Error al obtener el tipo de cambio.' } })
  })

  it.each([
    [401, MENSAJES_FIXER.invalidKey],
    [403, MENSAJES_FIXER.planRestricted],
    [429, MENSAJES_FIXER.monthlyLimit],
    [500, MENSAJES_FIXER.generic],
  ])('maps an HTTP %i from Fixer without an error body', async (status, message) => {
    answer = { status, body: { message: 'something upstream' } }
    expect(await invoke()).toEqual({ status: 502, body: { error: { code: status, message } } })
  })

  it('refuses answers without usable rates', async () => {
    for (const body of [latest({ USD: 1.08 }), latest({ USD: 0, PEN: 4 }), 'not json', { success: true }]) {
      answer = { body }
      expect((await invoke()).body).toMatchObject({ error: { message: 'Error al obtener el tipo de cambio.' } })
    }
  })

  it('is for admins only: staff and users without a profile get 403, without calling Fixer', async () => {
    answer = { body: latest({ USD: 1, PEN: 3.8 }) }
    for (const client of [staff, sinPerfil]) {
      expect(await invoke(client)).toEqual({ status: 403, body: { error: { code: 'not_admin', message: 'Solo los administradores pueden consultar el tipo de cambio.' } } })
    }
    expect(MENSAJES_ACCESO.notAdmin).toBe('Solo los administradores pueden consultar el tipo de cambio.')
    expect(seen).toHaveLength(0)
    expect((await invoke(admin)).body).toEqual({ rate: 3.8, date: '2026-11-22' })
  })

  it('refuses callers without a user session (the anon key) with 401', async () => {
    answer = { body: latest({ USD: 1, PEN: 3.8 }) }
    expect(await invoke(stack.anon())).toEqual({ status: 401, body: { error: { code: 'unauthenticated', message: MENSAJES_ACCESO.unauthenticated } } })
    expect(seen).toHaveLength(0)
  })

  it('stops answering an admin who was demoted or deactivated', async () => {
    const user = await createTestUser(stack)
    await stack.db.query(`insert into public.tbusuarios (auth_user_id, id_nombre, id_correo, is_admin) values ($1::uuid, 'Admin temporal', $2, true)`, [user.id, user.email])
    const client = await stack.signIn(user.email, user.password)
    answer = { body: latest({ USD: 1, PEN: 3.8 }) }
    expect((await invoke(client)).status).toBe(200)
    await stack.db.query(`update public.tbusuarios set is_admin = false where auth_user_id = $1::uuid`, [user.id])
    expect((await invoke(client)).status).toBe(403)
    await stack.db.query(`update public.tbusuarios set is_admin = true, is_active = false where auth_user_id = $1::uuid`, [user.id])
    expect((await invoke(client)).status).toBe(403)
  })
})

describe('exchange-rate configuration', () => {
  const env = (extra: Record<string, string>) => ({
    SUPABASE_URL: stack.url,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    ...extra,
  })
  const call = async (handler: (req: Request) => Promise<Response>, method = 'GET') => {
    const res = await handler(new Request('http://localhost/exchange-rate', { method, headers: { Authorization: `Bearer ${adminToken}` } }))
    return { status: res.status, body: (await res.json()) as unknown }
  }

  it("without a key answers 'not_configured' (not Fixer's invalid-key 101) without calling Fixer", async () => {
    for (const key of [undefined, '', '   ']) {
      const res = await call(createHandler(env({ FIXER_BASE_URL: fixerUrl, ...(key === undefined ? {} : { FIXER_API_KEY: key }) })))
      expect(res).toEqual({ status: 503, body: { error: { code: 'not_configured', message: MENSAJES_FIXER.notConfigured } } })
    }
    expect(MENSAJES_FIXER.notConfigured).toBe('El tipo de cambio automático no está configurado en el servidor (FIXER_API_KEY).')
    expect(seen).toHaveLength(0)
  })

  it('with a key that Fixer refuses still answers 101 and the invalid-key message', async () => {
    answer = { body: fixerError(101, 'You have not supplied a valid API Access Key.') }
    const res = await call(createHandler(env({ FIXER_API_KEY: 'clave-equivocada', FIXER_BASE_URL: fixerUrl })))
    expect(res).toEqual({ status: 502, body: { error: { code: 101, message: MENSAJES_FIXER.invalidKey } } })
    expect(seen).toHaveLength(1)
  })

  it('reports a network failure in Spanish', async () => {
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    const res = await call(createHandler(env({ FIXER_API_KEY: 'k', FIXER_BASE_URL: `http://127.0.0.1:${port}` })))
    expect(res).toEqual({ status: 502, body: { error: { code: 'network_error', message: 'Error de red al consultar Fixer.io' } } })
  })

  it('caches a good rate (Fixer\'s free plan allows 100 calls a month) but never an error', async () => {
    const handler = createHandler(env({ FIXER_API_KEY: 'k', FIXER_BASE_URL: fixerUrl }))
    answer = { body: fixerError(104) }
    expect((await call(handler)).status).toBe(502)
    answer = { body: latest({ USD: 1, PEN: 3.8 }) }
    expect((await call(handler, 'POST')).body).toMatchObject({ rate: 3.8 })
    answer = { body: latest({ USD: 1, PEN: 9.99 }) }
    expect((await call(handler)).body).toMatchObject({ rate: 3.8 })
    expect(seen).toHaveLength(2)
  })

  it('answers the CORS preflight itself and refuses other methods', async () => {
    const handler = createHandler(env({ FIXER_API_KEY: 'k' }))
    const pre = await handler(new Request('http://localhost/exchange-rate', { method: 'OPTIONS' }))
    expect(pre.status).toBe(200)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization, x-client-info, apikey, content-type/)
    expect((await call(handler, 'DELETE')).status).toBe(405)
  })
})
