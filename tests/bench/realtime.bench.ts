/**
 * Realtime latency on the embedded backend (PGlite): how long a committed write takes
 * to reach realtime-js callbacks, with five subscribers of different roles connected
 * (anon, two staff users, an admin, the service role), each receiving only what RLS
 * lets it see. Writes are SQL INSERTs paced at 100 per second; the clock starts before
 * the INSERT is sent, so the figure also includes the write itself.
 *
 * A second figure sends a burst: 100 rows in one transaction, to the last delivery.
 * The hostile subscribers (support/realtime-hostile.ts) run in the hardening bench.
 */
import ws from 'ws'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { startStack } from '../../supabase/local/server.ts'
import { adminUser, notesSql, userA, userB } from '../support/realtime-fixtures.ts'
import type { Figure } from './run.ts'

const writes = 200
const paceMs = 10
const burst = 100

interface Row {
  title: string
  owner: string | null
  is_public: boolean
  admin_only: boolean
}

export default async function realtimeBench(): Promise<Figure[]> {
  return latencyBench()
}

async function latencyBench(): Promise<Figure[]> {
  const stack = await startStack({ memory: true, port: 0, host: '127.0.0.1', seed: null, log: () => {} })
  const clients: SupabaseClient[] = []
  try {
    await stack.db.exec(notesSql)
    const token = (sub: string) => stack.keys.sign({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 })
    const subscribers: Array<{ name: string; key: string; token?: string; sees: (r: Row) => boolean }> = [
      { name: 'anon', key: stack.anonKey, sees: (r) => r.is_public && !r.admin_only },
      { name: 'staff A', key: stack.anonKey, token: await token(userA), sees: (r) => !r.admin_only && (r.is_public || r.owner === userA) },
      { name: 'staff B', key: stack.anonKey, token: await token(userB), sees: (r) => !r.admin_only && (r.is_public || r.owner === userB) },
      { name: 'admin', key: stack.anonKey, token: await token(adminUser), sees: () => true },
      { name: 'service', key: stack.serviceRoleKey, sees: () => true },
    ]

    const started = new Map<string, number>()
    const latencies: number[] = []
    const received = new Map<string, Set<string>>()
    for (const s of subscribers) {
      const client = createClient(stack.url, s.key, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as unknown as typeof WebSocket },
      })
      clients.push(client)
      if (s.token) await client.realtime.setAuth(s.token)
      const seen = new Set<string>()
      received.set(s.name, seen)
      await new Promise<void>((resolve, reject) => {
        client
          .channel('bench')
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (payload) => {
            const title = String(payload.new.title)
            const t0 = started.get(title)
            if (t0 !== undefined) latencies.push(performance.now() - t0)
            seen.add(title)
          })
          .subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(error ?? new Error(status))))
      })
    }

    const rows: Row[] = []
    const kinds = [
      { owner: null, is_public: true, admin_only: false },
      { owner: userA, is_public: false, admin_only: false },
      { owner: userB, is_public: false, admin_only: false },
      { owner: userA, is_public: true, admin_only: true },
    ]
    for (let i = 0; i < writes; i++) {
      const row = { title: `bench-${i}`, ...kinds[i % kinds.length]! }
      rows.push(row)
      const next = performance.now() + paceMs
      started.set(row.title, performance.now())
      await stack.db.query(`insert into public.rt_notes (title, owner, is_public, admin_only) values ($1, $2, $3, $4)`, [
        row.title,
        row.owner,
        row.is_public,
        row.admin_only,
      ])
      const wait = next - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    }
    const expected = rows.reduce((n, r) => n + subscribers.filter((s) => s.sees(r)).length, 0)
    await until(() => latencies.length >= expected, 10_000)
    const leaked = subscribers.reduce((n, s) => n + rows.filter((r) => !s.sees(r) && received.get(s.name)!.has(r.title)).length, 0)
    const delivered = latencies.length

    // Burst: one transaction of many rows, until every service-role row has arrived.
    const burstRows = Array.from({ length: burst }, (_, i) => `burst-${i}`)
    const burstStart = performance.now()
    await stack.db.query(`insert into public.rt_notes (title, is_public) select unnest($1::text[]), true`, [burstRows])
    await until(() => burstRows.every((t) => received.get('service')!.has(t) && received.get('anon')!.has(t)), 10_000)
    const burstMs = performance.now() - burstStart

    const sorted = [...latencies].sort((a, b) => a - b)
    const p95 = percentile(sorted, 95)
    return [
      { name: `escritura → callback p50 (${writes} escrituras, 5 suscriptores)`, value: percentile(sorted, 50), unit: 'ms' },
      { name: 'escritura → callback p95', value: p95, unit: 'ms', target: '≤ 50', ok: p95 <= 50 },
      { name: 'escritura → callback máx', value: sorted.at(-1) ?? NaN, unit: 'ms' },
      { name: 'entregas recibidas / esperadas', value: expected ? delivered / expected : 0, unit: `(${delivered}/${expected})`, target: '= 1', ok: delivered === expected },
      { name: 'filas entregadas a quien RLS no deja verlas', value: leaked, unit: 'filas', target: '= 0', ok: leaked === 0 },
      { name: `ráfaga de ${burst} filas en una transacción → última entregada`, value: burstMs, unit: 'ms' },
    ]
  } finally {
    for (const c of clients) await c.removeAllChannels().catch(() => {})
    await stack.close()
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5))
}
