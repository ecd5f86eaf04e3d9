import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../support/stack.ts'

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.close()
})

describe('embedded stack', () => {
  it('answers app-config with its URL and the anon key', async () => {
    const res = await fetch(`${stack.url}/app-config.json`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { supabaseUrl: string; supabaseAnonKey: string }
    expect(body.supabaseAnonKey).toBe(stack.anonKey)
    expect(body.supabaseUrl).toBe(stack.url)
  })

  it('refuses API calls without an API key like the Supabase gateway', async () => {
    const res = await fetch(`${stack.url}/rest/v1/tb_pacientes`)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'No API key found in request' })
  })

  it('refuses bodies over the size limit with 413', async () => {
    const res = await fetch(`${stack.url}/rest/v1/tb_pacientes`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: 'x'.repeat(5 * 1024 * 1024),
    })
    expect(res.status).toBe(413)
  })

  it('records every migration once', async () => {
    const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations')
    expect(rows[0]!.n).toBeGreaterThanOrEqual(0)
  })
})
