import { describe, expect, it, vi } from 'vitest'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'

// The real supabase-js client over a fake network, so the wrapper is tested against the
// library's actual success / FunctionsHttpError / FunctionsFetchError shapes.
let fetchImpl: (url: string, init: RequestInit) => Promise<Response> = async () => new Response(null)
const seen: Array<{ url: string; body: unknown; auth: string | null }> = []
const client: SupabaseClient = createClient('http://spa.test', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false },
  // Node 20 has no global WebSocket (realtime is never used here).
  realtime: { transport: ws as unknown as typeof WebSocket },
  global: {
    fetch: (input, init) => {
      const url = String(input)
      seen.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null, auth: new Headers(init?.headers).get('authorization') })
      return fetchImpl(url, init ?? {})
    },
  },
})
vi.mock('./client.ts', () => ({ getSupabase: async () => client }))
const { invokeFunction } = await import('./functions.ts')

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('invokeFunction', () => {
  it('POSTs the body to /functions/v1/<name> and returns the status and JSON of a success', async () => {
    fetchImpl = async () => json(201, { usuario: { id_usuario: 'u1' } })
    const answer = await invokeFunction('admin-users', { action: 'create', nombre: 'Ana' })
    expect(answer).toEqual({ status: 201, body: { usuario: { id_usuario: 'u1' } } })
    expect(seen.at(-1)).toMatchObject({ url: 'http://spa.test/functions/v1/admin-users', body: { action: 'create', nombre: 'Ana' } })
    expect(seen.at(-1)?.auth).toMatch(/^Bearer /)
  })

  it("returns a refusal's status and its {error, code} body", async () => {
    fetchImpl = async () => json(409, { error: 'Ya existe un usuario con este correo electrónico.', code: 'email_exists' })
    expect(await invokeFunction('admin-users', { action: 'create' })).toEqual({
      status: 409,
      body: { error: 'Ya existe un usuario con este correo electrónico.', code: 'email_exists' },
    })
  })

  it('a refusal without JSON keeps its status with no body', async () => {
    fetchImpl = async () => new Response('Bad gateway', { status: 502 })
    expect(await invokeFunction('admin-users', { action: 'delete' })).toEqual({ status: 502, body: null })
  })

  it('no answer at all (offline) is status null', async () => {
    fetchImpl = async () => {
      throw new TypeError('Failed to fetch')
    }
    expect(await invokeFunction('admin-users', { action: 'delete' })).toEqual({ status: null, body: null })
  })
})
