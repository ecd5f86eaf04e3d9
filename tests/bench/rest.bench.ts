/**
 * REST throughput against the embedded backend on PGlite: simple reads and inserts by
 * 8 concurrent keep-alive clients, as tablets and the public site would make them
 * (signed-in JWT, RLS on). The load comes from a separate process so the clients do
 * not share the server's event loop or CPU accounting, as real devices would not.
 *
 * Prints req/s and latency, and the server's CPU time per request: on a shared machine
 * wall-clock throughput depends on what else runs, while CPU per request does not, so
 * 1 s / (CPU per request) is the throughput one free core sustains.
 */
import { spawn } from 'node:child_process'
import { startStack } from '../../supabase/local/server.ts'
import type { Figure } from './run.ts'

const CLIENTS = 8
const WARMUP_MS = 1000
const MEASURE_MS = 4000

interface LoadResult {
  requests: number
  errors: number
  seconds: number
  p50: number
  p95: number
  firstError: string | null
}

// Plain JS run in a child process: N keep-alive clients issuing requests back to back.
const loadGenerator = `
const http = require('node:http')
const workerData = JSON.parse(process.env.REST_BENCH_LOAD)
const { url, clients, warmupMs, measureMs, kind, headers } = workerData
const agent = new http.Agent({ keepAlive: true, maxSockets: clients })
const target = new URL(url)
const base = target.pathname === '/' ? '' : target.pathname
let seq = 0
function once() {
  return new Promise((resolve) => {
    const n = seq++
    const isInsert = kind === 'insert'
    const body = isInsert ? JSON.stringify({ name: 'item ' + n, price: (n % 500) + 0.5, stock: n % 7 }) : null
    const path = isInsert
      ? base + '/rest/v1/bench_items'
      : base + '/rest/v1/bench_items?select=id,name,price,stock&seq=eq.' + ((n % 1000) + 1)
    const req = http.request({ host: target.hostname, port: target.port, path, method: isInsert ? 'POST' : 'GET', agent,
      headers: { ...headers, ...(isInsert ? { 'content-type': 'application/json', prefer: 'return=minimal', 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (text += c))
      res.on('end', () => resolve({ ok: res.statusCode === (isInsert ? 201 : 200), text: res.statusCode + ' ' + text }))
    })
    req.on('error', (e) => resolve({ ok: false, text: String(e) }))
    if (body) req.write(body)
    req.end()
  })
}
async function run() {
  const started = Date.now()
  const measureFrom = started + warmupMs
  const until = measureFrom + measureMs
  const latencies = []
  let errors = 0
  let firstError = null
  async function client() {
    while (Date.now() < until) {
      const t0 = performance.now()
      const r = await once()
      const t1 = performance.now()
      if (Date.now() >= measureFrom && Date.now() <= until) {
        latencies.push(t1 - t0)
        if (!r.ok) { errors++; firstError = firstError || r.text.slice(0, 300) }
      }
    }
  }
  await Promise.all(Array.from({ length: clients }, client))
  latencies.sort((a, b) => a - b)
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] || 0
  process.stdout.write(JSON.stringify({ requests: latencies.length, errors, seconds: measureMs / 1000, p50: q(0.5), p95: q(0.95), firstError }))
  agent.destroy()
}
run()
`

/** Runs the load; returns its figures and the server process's CPU time meanwhile. */
async function load(url: string, kind: 'read' | 'insert', headers: Record<string, string>): Promise<LoadResult & { cpuMicros: number }> {
  const env = { ...process.env, REST_BENCH_LOAD: JSON.stringify({ url, clients: CLIENTS, warmupMs: WARMUP_MS, measureMs: MEASURE_MS, kind, headers }) }
  const child = spawn(process.execPath, ['-e', loadGenerator], { env, stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c))
  // CPU is sampled over the measuring window only (after the warm-up).
  const window = new Promise<number>((resolve) => {
    setTimeout(() => {
      const start = process.cpuUsage()
      setTimeout(() => {
        const used = process.cpuUsage(start)
        resolve(used.user + used.system)
      }, MEASURE_MS)
    }, WARMUP_MS)
  })
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  if (code !== 0) throw new Error(`el generador de carga terminó con código ${code}`)
  return { ...(JSON.parse(out) as LoadResult), cpuMicros: await window }
}

export default async function restBench(): Promise<Figure[]> {
  const stack = await startStack({ memory: true, port: 0, host: '127.0.0.1', seed: null, log: () => {} })
  try {
    // A table shaped like the product's: uuid key, money, RLS for signed-in staff.
    await stack.db.exec(`
      create table bench_items (
        id uuid primary key default gen_random_uuid(),
        seq serial unique,
        name text not null,
        price numeric(12,2) not null,
        stock int not null default 0,
        updated_at timestamptz not null default now()
      );
      alter table bench_items enable row level security;
      create policy bench_staff on bench_items for all to authenticated using (auth.uid() is not null) with check (auth.uid() is not null);
      insert into bench_items (name, price, stock) select 'item ' || g, g % 500 + 0.5, g % 7 from generate_series(1, 1000) g;
    `)
    await stack.db.exec(`notify pgrst, 'reload schema'`)
    const token = await stack.keys.sign({
      sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600,
    })
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'accept-profile': 'public', 'x-client-info': 'bench' }
    // Wait until the schema cache has the table.
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${stack.url}/rest/v1/bench_items?select=id&limit=1`, { headers })
      if (res.status === 200) break
      await new Promise((r) => setTimeout(r, 50))
    }

    const reads = await load(stack.url, 'read', headers)
    const inserts = await load(stack.url, 'insert', headers)
    const figures: Figure[] = []
    const add = (label: string, r: LoadResult & { cpuMicros: number }, target: number) => {
      const rps = r.requests / r.seconds
      const cpuPerRequest = r.cpuMicros / Math.max(1, r.requests)
      figures.push(
        { name: `${label}: peticiones/s (${CLIENTS} clientes)`, value: rps, unit: 'req/s', target: `≥ ${target}`, ok: rps >= target && r.errors === 0 },
        { name: `${label}: latencia p50`, value: r.p50, unit: 'ms' },
        { name: `${label}: latencia p95`, value: r.p95, unit: 'ms' },
        { name: `${label}: CPU del servidor por petición`, value: cpuPerRequest, unit: 'µs' },
        { name: `${label}: capacidad de un núcleo libre (1 s / CPU por petición)`, value: 1e6 / cpuPerRequest, unit: 'req/s', target: `≥ ${target}`, ok: 1e6 / cpuPerRequest >= target },
        { name: `${label}: respuestas con error`, value: r.errors, unit: '', target: '= 0', ok: r.errors === 0 },
      )
      if (r.firstError) console.log(`  primer error (${label}): ${r.firstError}`)
    }
    add('lecturas simples', reads, 1500)
    add('inserciones', inserts, 500)
    return figures
  } finally {
    await stack.close()
  }
}
