/**
 * The server under hostile load (docs/decisions/0020-backend-hardening.md and 0029–0032):
 * - mixed load: 50 clients for 60 s (SPA_BENCH_MIXED_SECONDS) doing public catalogue
 *   reads and bookings, staff reads, `sync_pull` and staff writes; throughput, p50/p95/p99,
 *   errors, memory of the server's process before/after (the server runs in a child process,
 *   support/stack-process.ts, so the clients' own work and buffers are not counted);
 * - the worst stall anonymous hostile requests cause others: the slowest catalogue read
 *   of a steady reader while anon sends the issue's regex, 200 embeds, a 15,000-row
 *   booking and an unfiltered DELETE (target: ≤ 3 s on PGlite, ≤ 0.5 s on PostgreSQL);
 * - docs/decisions/0030-superficie-anonima.md: the same worst wait while (a) anon sends the
 *   basic-regex `(?b)` pattern, (d) staff send the nested tratamientos/citas fan-out on demo
 *   data, (f) anon sends a shape no guard names (LIKE wildcards in an or-tree), and the
 *   resident memory of the server after the fan-out (target ≤ 600 MB), and (e) staff send
 *   one `sync_push` of 22,000 rows (3 MB);
 * - (b) the deep realtime filter and (c) the filter flood (support/realtime-hostile.ts) and
 *   the mixed load with 5 % sign-ins (support/sign-in-mix.ts), in the same run;
 * - the same reader's worst wait while a signed-in caller runs `pg_sleep(60)`, which only
 *   the statement time limit ends (docs/decisions/0029-pglite-worker.md; anon cannot call a
 *   function at all since 0030, so the never-yielding statement comes from staff, whose
 *   limit is 8 s).
 * PGlite always; PostgreSQL too when SPA_BENCH_DATABASE_URL (an admin URL: a throwaway
 * database is created in it) is set.
 */
import { defaultSeed } from '../../supabase/local/server.ts'
import type { Figure } from './run.ts'
import { onEngines } from './support/engines.ts'
import { realtimeHostileBench } from './support/realtime-hostile.ts'
import { signInsInTheMix } from './support/sign-in-mix.ts'
import { spawnStack, type StackProcess } from './support/stack-process.ts'

const CLIENTS = 50
/** Staff's statement limit (docs/decisions/0029-pglite-worker.md) and the reopen budget after it. */
const STAFF_LIMIT_MS = 8000
const REOPEN_TARGET_MS = 3000
const SECONDS = Number(process.env.SPA_BENCH_MIXED_SECONDS ?? 60)

/**
 * Every hostile case side by side in one run (`npm run bench -- hardening`): the REST
 * shapes and the never-yielding statement here, (b) and (c) in support/realtime-hostile.ts,
 * the sign-in mix in support/sign-in-mix.ts.
 */
export default async function hardeningBench(): Promise<Figure[]> {
  return [...(await onEngines(engine)), ...(await realtimeHostileBench()), ...(await signInsInTheMix())]
}

async function engine(label: string, databaseUrl: string | undefined, stallTargetMs: number): Promise<Figure[]> {
  // The server runs in a process of its own: the 50 clients' work is not counted as its own.
  const stack = await spawnStack(databaseUrl ? { databaseUrl } : {})
  try {
    const api = new Api(stack)
    await api.signIn()
    const mixed = await mixedLoad(api)
    const stall = await hostileStall(api)
    // Demo data so the fan-out multiplies rows (~2,000 citas over the catalogue).
    await stack.seedDemo({ patients: 200, appointments: 2000, seed: 7 })
    const shapes = await shapeStalls(api)
    const sleeper = await neverYieldingStall(api, stack)
    return [
      { name: `${label} carga mixta: rendimiento`, value: mixed.throughput, unit: 'sol/s' },
      { name: `${label} carga mixta: p50`, value: mixed.p50, unit: 'ms' },
      { name: `${label} carga mixta: p95`, value: mixed.p95, unit: 'ms' },
      { name: `${label} carga mixta: p99`, value: mixed.p99, unit: 'ms' },
      { name: `${label} carga mixta: errores`, value: mixed.errors, unit: 'sol', target: '0', ok: mixed.errors === 0 },
      { name: `${label} memoria del servidor antes`, value: mixed.rssBefore, unit: 'MB' },
      { name: `${label} memoria del servidor después`, value: mixed.rssAfter, unit: 'MB' },
      { name: `${label} peor espera causada por anon hostil`, value: stall, unit: 'ms', target: `≤ ${stallTargetMs}`, ok: stall <= stallTargetMs },
      ...shapes.map(([name, ms]) => ({ name: `${label} peor espera con ${name}`, value: ms, unit: 'ms', target: `≤ ${stallTargetMs}`, ok: ms <= stallTargetMs })),
      { name: `${label} memoria del servidor tras el abanico`, value: shapes.rss, unit: 'MB', target: '≤ 600', ok: shapes.rss <= 600 },
      // On PGlite the bound is by construction staff's limit plus one reopen of the worker,
      // whose start is warmed while the statement runs (docs/decisions/0049-limites-del-servidor.md).
      {
        name: `${label} peor espera de una lectura mientras el personal duerme 60 s`,
        value: sleeper.stall,
        unit: 'ms',
        target: databaseUrl ? `≤ ${stallTargetMs}` : `≤ ${STAFF_LIMIT_MS} + ${REOPEN_TARGET_MS}`,
        ok: sleeper.stall <= (databaseUrl ? stallTargetMs : STAFF_LIMIT_MS + REOPEN_TARGET_MS),
      },
      { name: `${label} memoria del servidor tras el corte`, value: sleeper.rss, unit: 'MB', target: '≤ 600', ok: sleeper.rss <= 600 },
    ]
  } finally {
    await stack.close()
  }
}

class Api {
  token = ''
  treatments: string[] = []
  constructor(readonly stack: StackProcess) {}

  async signIn() {
    const res = await fetch(`${this.stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: this.stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: defaultSeed.adminEmail, password: defaultSeed.adminPassword }),
    })
    this.token = ((await res.json()) as { access_token: string }).access_token
    const rows = await this.stack.query<{ id: string }>(`select id_tratamiento::text id from tb_tratamientos where activo and tipo = 'tratamiento'`)
    this.treatments = rows.map((r) => r.id)
  }

  request(path: string, init: RequestInit & { staff?: boolean } = {}) {
    const bearer = init.staff ? this.token : this.stack.anonKey
    return fetch(`${this.stack.url}${path}`, {
      ...init,
      headers: { apikey: this.stack.anonKey, authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...init.headers },
    })
  }
}

let bookings = 0
const operations: Array<[weight: number, run: (api: Api) => Promise<Response>]> = [
  [40, (api) => api.request('/rest/v1/tb_tratamientos?select=id_tratamiento,nombre,costo,duracion_estimada_minutos&activo=eq.true')],
  [5, (api) => {
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    return api.request('/rest/v1/tb_reservas', {
      method: 'POST',
      body: JSON.stringify({
        nombre_cliente: 'Carga', email_cliente: `carga${++bookings}@bench.local`, telefono_cliente: '999888777',
        id_tratamiento: api.treatments[bookings % api.treatments.length], fecha_reserva: day, hora_reserva: '10:00 am',
      }),
    })
  }],
  [20, (api) => api.request('/rest/v1/tb_citas?select=*&order=fecha_cita.desc&limit=50', { staff: true })],
  [20, (api) => api.request('/rest/v1/rpc/sync_pull', { method: 'POST', staff: true, body: JSON.stringify({ p_table: 'tb_tratamientos', p_limit: 200 }) })],
  [15, (api) => api.request(`/rest/v1/tb_tratamientos?id_tratamiento=eq.${api.treatments[0]}`, {
    method: 'PATCH', staff: true, body: JSON.stringify({ notas_internas: `carga ${Date.now()}` }),
  })],
]
const totalWeight = operations.reduce((s, [w]) => s + w, 0)

function pick(): (api: Api) => Promise<Response> {
  let r = Math.random() * totalWeight
  for (const [w, run] of operations) if ((r -= w) < 0) return run
  return operations[0]![1]
}

async function mixedLoad(api: Api) {
  const rssBefore = await api.stack.rss()
  const latencies: number[] = []
  let errors = 0
  const end = Date.now() + SECONDS * 1000
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        const t = performance.now()
        try {
          const res = await pick()(api)
          await res.arrayBuffer()
          if (res.status >= 400) errors++
        } catch {
          errors++
        }
        latencies.push(performance.now() - t)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0
  return {
    throughput: latencies.length / SECONDS, p50: q(0.5), p95: q(0.95), p99: q(0.99), errors,
    rssBefore, rssAfter: await api.stack.rss(),
  }
}

/** The slowest read of a steady catalogue reader while anon sends hostile requests. */
async function hostileStall(api: Api): Promise<number> {
  const regex = encodeURIComponent('^(.*)*(.*)*(.*)*(.*)*(.*)*\\1\\2\\3\\4\\5$')
  const embeds = encodeURIComponent(['id_tratamiento', ...Array.from({ length: 200 }, (_, i) => `e${i}:tb_tratamientos(id_tratamiento)`)].join(','))
  const many = JSON.stringify(Array.from({ length: 15_000 }, (_, i) => ({
    nombre_cliente: 'Spam', email_cliente: `spam${i}@x.com`, telefono_cliente: '999888777', id_tratamiento: api.treatments[0],
    fecha_reserva: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), hora_reserva: '10:00 am',
  })))
  return stallWhile(api, () =>
    Promise.all([
      api.request(`/rest/v1/tb_tratamientos?select=nombre&descripcion=match.${regex}`).then((r) => r.arrayBuffer()),
      api.request(`/rest/v1/tb_tratamientos?select=${embeds}`).then((r) => r.arrayBuffer()),
      api.request('/rest/v1/tb_reservas', { method: 'POST', body: many }).then((r) => r.arrayBuffer()),
      api.request('/rest/v1/tb_tratamientos', { method: 'DELETE' }).then((r) => r.arrayBuffer()),
    ]),
  )
}

/** The slowest plain anon read while `send` runs `rounds` times (docs/decisions/0030-superficie-anonima.md). */
async function stallWhile(api: Api, send: () => Promise<unknown>, rounds = 3): Promise<number> {
  let worst = 0
  let running = true
  const reader = (async () => {
    while (running) {
      const t = performance.now()
      await (await api.request('/rest/v1/tb_tratamientos?select=nombre&limit=5')).arrayBuffer()
      worst = Math.max(worst, performance.now() - t)
    }
  })()
  for (let round = 0; round < rounds; round++) {
    const answer = await send()
    if (answer instanceof Response) await answer.arrayBuffer()
  }
  running = false
  await reader
  return worst
}

async function shapeStalls(api: Api): Promise<Array<[string, number]> & { rss: number }> {
  const basicRegex = encodeURIComponent('(?b)^\\(.*\\)*\\(.*\\)*\\(.*\\)*\\(.*\\)*\\(.*\\)*[\\]*\\1\\2\\3\\4\\5$')
  const fanOut = encodeURIComponent('id_tratamiento,tb_citas(id_cita,tb_tratamientos(id_tratamiento,tb_citas(id_cita)))')
  const like = encodeURIComponent(`*${'%_'.repeat(40)}*`)
  const out: Array<[string, number]> = [
    ['(a) regex (?b) de anon', await stallWhile(api, () => api.request(`/rest/v1/tb_tratamientos?select=nombre&descripcion=match.${basicRegex}`))],
    ['(d) abanico de embebidos del personal', await stallWhile(api, () => api.request(`/rest/v1/tb_tratamientos?select=${fanOut}`, { staff: true }))],
  ]
  const rss = await api.stack.rss()
  // (e) 22,000 updates of ids that do not exist, ~3 MB: refused whole by the per-call cap
  // (docs/decisions/0033-dinero-entre-tablets.md), before any row is looked at.
  const push = JSON.stringify({
    p_table: 'tb_pacientes',
    p_columns: ['id_paciente', 'nombre'],
    p_rows: Array.from({ length: 22_000 }, () => {
      const id = crypto.randomUUID()
      return { n: { id_paciente: id, nombre: 'Nadie' }, a: { id_paciente: id, nombre: 'Otro' } }
    }),
  })
  out.push(['(e) sync_push de 22.000 filas del personal', await stallWhile(api, () => api.request('/rest/v1/rpc/sync_push', { method: 'POST', staff: true, body: push }))])
  out.push(['(f) LIKE en un árbol or de anon', await stallWhile(api, () => api.request(`/rest/v1/tb_tratamientos?select=nombre&or=(descripcion.like.${like},nombre.ilike.${like})`))])
  return Object.assign(out, { rss })
}

/**
 * A statement no guard can foresee (`pg_sleep(60)` from a signed-in caller: anon may call
 * no function since 0030): the slowest plain anon read until the sleeper's answer. On
 * PGlite it is the caller's limit (8 s) plus the watchdog's reopen of the worker
 * (docs/decisions/0029-pglite-worker.md).
 */
async function neverYieldingStall(api: Api, stack: StackProcess): Promise<{ stall: number; rss: number }> {
  await stack.exec(`
    create function public.bench_espera(segundos float8) returns void language sql as $$ select pg_sleep(segundos) $$;
    grant execute on function public.bench_espera(float8) to authenticated;
    notify pgrst, 'reload schema';`)
  const call = (seconds: number) =>
    api.request('/rest/v1/rpc/bench_espera', { method: 'POST', staff: true, body: JSON.stringify({ segundos: seconds }) })
  while ((await call(0)).status === 404) await new Promise((r) => setTimeout(r, 50))
  const stall = await stallWhile(api, () => call(60), 1)
  return { stall, rss: await stack.rss() }
}
