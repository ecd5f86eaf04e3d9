/**
 * Auth and Edge Functions figures on the embedded stack (PGlite in memory), with 8
 * concurrent clients: password sign-in (bcrypt-bound by design), token refresh,
 * GET /user, and an Edge Function round trip (exchange-rate served from its cache,
 * which still verifies the caller with Auth).
 *
 * What sign-ins cost everyone else is in the hardening bench (support/sign-in-mix.ts).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startStack } from '../../supabase/local/server.ts'
import type { Figure } from './run.ts'

const CONCURRENCY = 8

export default async function bench(): Promise<Figure[]> {
  const fixer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ success: true, date: '2026-11-22', rates: { USD: 1.08, PEN: 4.05 } }))
  })
  await new Promise<void>((r) => fixer.listen(0, '127.0.0.1', r))
  const stack = await startStack({
    memory: true,
    port: 0,
    host: '127.0.0.1',
    seed: null,
    log: () => {},
    functionsEnv: { FIXER_API_KEY: 'bench', FIXER_BASE_URL: `http://127.0.0.1:${(fixer.address() as AddressInfo).port}` },
  })
  const figures: Figure[] = []
  try {
    const headers = (token: string) => ({
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    })
    const post = async (path: string, token: string, body: unknown) => {
      const res = await fetch(`${stack.url}${path}`, { method: 'POST', headers: headers(token), body: JSON.stringify(body) })
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`)
      return (await res.json()) as Record<string, unknown>
    }

    const email = 'bench@spa.test'
    const password = 'clave-de-bench-1'
    await post('/auth/v1/admin/users', stack.serviceRoleKey, { email, password, email_confirm: true })
    const signIn = () => post('/auth/v1/token?grant_type=password', stack.anonKey, { email, password })

    const measure = async (name: string, total: number, op: (i: number) => Promise<unknown>) => {
      const latencies: number[] = []
      let next = 0
      const started = performance.now()
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < total) {
            const i = next++
            const t = performance.now()
            await op(i)
            latencies.push(performance.now() - t)
          }
        }),
      )
      const seconds = (performance.now() - started) / 1000
      latencies.sort((a, b) => a - b)
      figures.push({ name: `${name}: rendimiento`, value: total / seconds, unit: 'req/s' })
      figures.push({ name: `${name}: p95`, value: latencies[Math.floor(latencies.length * 0.95)]!, unit: 'ms' })
    }

    await measure('inicio de sesión (bcrypt coste 10)', 40, signIn)

    // Each refresh rotates the token, so every client follows its own chain.
    const chains = await Promise.all(Array.from({ length: CONCURRENCY }, async () => String((await signIn()).refresh_token)))
    await measure('refresh_token', 400, async (i) => {
      const slot = i % CONCURRENCY
      const r = await post('/auth/v1/token?grant_type=refresh_token', stack.anonKey, { refresh_token: chains[slot] })
      chains[slot] = String(r.refresh_token)
    })

    const token = String((await signIn()).access_token)
    await measure('GET /user', 1000, async () => {
      const res = await fetch(`${stack.url}/auth/v1/user`, { headers: headers(token) })
      if (!res.ok) throw new Error(`/user: HTTP ${res.status}`)
      await res.arrayBuffer()
    })

    // The function answers admins only, and this user is not one (the figure above
    // this change was never produced either): reported, not measured.
    const probe = await post('/functions/v1/exchange-rate', token, {}).then(
      () => null,
      (error: unknown) => (error as Error).message.slice(0, 120),
    )
    if (probe) console.log(`  función exchange-rate: no medida (${probe})`)
    else await measure('función exchange-rate (en caché)', 500, () => post('/functions/v1/exchange-rate', token, {}))
  } finally {
    await stack.close()
    await new Promise((r) => fixer.close(r))
  }
  return figures
}
