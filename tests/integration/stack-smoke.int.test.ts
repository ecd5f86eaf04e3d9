import { request } from 'node:http'
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

  it('refuses a malformed Host with 400 on any path (it used to be a 500)', async () => {
    for (const path of ['/', '/rest/v1/tb_tratamientos?select=nombre', '/app-config.json', '/auth/v1/settings']) {
      const res = await withHost(path, '<script>')
      expect(res.status, path).toBe(400)
      expect(JSON.parse(res.body), path).toEqual({ message: 'La cabecera Host no es válida.' })
    }
  })

  it('never copies a foreign Host into app-config: the app gets a same-origin relative URL', async () => {
    const res = await withHost('/app-config.json', 'evil.example')
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body)).toMatchObject({ supabaseUrl: '/', supabaseAnonKey: stack.anonKey })
    const ownName = await withHost('/app-config.json', `127.0.0.1:${stack.port}`)
    expect(JSON.parse(ownName.body)).toMatchObject({ supabaseUrl: `http://127.0.0.1:${stack.port}` })
    const otherPort = await withHost('/app-config.json', `localhost:${stack.port + 1}`)
    expect(JSON.parse(otherPort.body)).toMatchObject({ supabaseUrl: '/' })
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

/** A GET with a Host header of our choosing (fetch does not let one set it). */
function withHost(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: stack.port, path, headers: { host } }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}
