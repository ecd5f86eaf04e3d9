/**
 * What sign-ins cost everyone else (docs/decisions/0032-bloqueo-carpeta-y-acceso.md):
 * 50 clients in a loop of catalogue reads, staff reads and sync_pull for
 * SPA_BENCH_MIXED_SECONDS (default 20 s), once without and once with 5 % of requests
 * being password sign-ins; throughput and p95 of the other requests (targets: ≤ 25 %
 * of throughput lost, p95 ≤ 300 ms). Sign-ins beyond what the pool and the per-account
 * turn take are refused at once with 429 (counted apart, not as errors). Part of
 * `npm run bench -- hardening`. The server runs in a child process, as in production it
 * runs apart from its clients.
 */
import type { Figure } from '../run.ts'
import { spawnStack } from './stack-process.ts'

const MIX_CLIENTS = 50
const MIX_SECONDS = Number(process.env.SPA_BENCH_MIXED_SECONDS ?? 20)
const ACCOUNTS = 10
const WARM_UP_SECONDS = 5

/**
 * The 50 clients loop over the other requests; sign-ins arrive on their own at 5/95 of
 * the rate the clients reached without them (so they are 5 % of all requests), spread
 * over 10 accounts as staff signing in at different tablets. Arriving on their own, a
 * slow sign-in does not take a client out of the loop: what is measured is what the
 * sign-ins cost the others. The run without sign-ins goes before and after (the mean is
 * the baseline), since a shared machine drifts.
 */
export async function signInsInTheMix(): Promise<Figure[]> {
  // The server in its own process (stack-process.ts): the 50 clients do not share its thread.
  const stack = await spawnStack()
  try {
    const json = { apikey: stack.anonKey, 'content-type': 'application/json' }
    for (let i = 0; i < ACCOUNTS; i++) {
      const res = await fetch(`${stack.url}/auth/v1/admin/users`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${stack.serviceRoleKey}` },
        body: JSON.stringify({ email: `mezcla${i}@spa.test`, password: 'clave-de-bench-1', email_confirm: true }),
      })
      if (!res.ok) throw new Error(`crear usuario: HTTP ${res.status}`)
    }
    let account = 0
    const signIn = (email = `mezcla${account++ % ACCOUNTS}@spa.test`) =>
      fetch(`${stack.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'clave-de-bench-1' }) })
    const token = ((await (await signIn()).json()) as { access_token: string }).access_token
    const get = (path: string, staff = false) =>
      fetch(`${stack.url}${path}`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${staff ? token : stack.anonKey}` } })
    const others = [
      () => get('/rest/v1/tb_tratamientos?select=id_tratamiento,nombre,costo,duracion_estimada_minutos&activo=eq.true'),
      () => get('/rest/v1/tb_citas?select=*&order=fecha_cita.desc&limit=50', true),
      () =>
        fetch(`${stack.url}/rest/v1/rpc/sync_pull`, {
          method: 'POST',
          headers: { ...json, authorization: `Bearer ${token}` },
          body: JSON.stringify({ p_table: 'tb_tratamientos', p_limit: 200 }),
        }),
    ]
    const q95 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length * 0.95)] ?? 0

    const run = async (signInsPerSecond: number, seconds = MIX_SECONDS) => {
      const latencies: number[] = []
      const signInLatencies: number[] = []
      let errors = 0
      let refused = 0
      const end = Date.now() + seconds * 1000
      const pending: Array<Promise<void>> = []
      const timer =
        signInsPerSecond > 0
          ? setInterval(() => {
              const t = performance.now()
              pending.push(
                signIn().then(async (res) => {
                  await res.arrayBuffer()
                  // A burst beyond the waiting room is refused at once (429), by design.
                  if (res.status === 429) refused++
                  else if (res.status >= 400) errors++
                  signInLatencies.push(performance.now() - t)
                }),
              )
            }, 1000 / signInsPerSecond)
          : null
      await Promise.all(
        Array.from({ length: MIX_CLIENTS }, async () => {
          while (Date.now() < end) {
            const t = performance.now()
            const res = await others[Math.floor(Math.random() * others.length)]!()
            await res.arrayBuffer()
            if (res.status >= 400) errors++
            latencies.push(performance.now() - t)
          }
        }),
      )
      if (timer) clearInterval(timer)
      await Promise.all(pending)
      return { throughput: latencies.length / seconds, p95: q95(latencies), signIns: signInLatencies.length / seconds, signInP95: q95(signInLatencies), refused: refused / seconds, errors }
    }

    // A fresh server is still compiling its hot paths: the first seconds are not a baseline.
    await run(0, WARM_UP_SECONDS)
    const before = await run(0)
    const withSignIns = await run((before.throughput * 5) / 95)
    const after = await run(0)
    const baseline = (before.throughput + after.throughput) / 2
    const cost = 1 - withSignIns.throughput / baseline
    const errors = before.errors + withSignIns.errors + after.errors
    return [
      { name: 'mezcla de 50 clientes sin inicios de sesión: rendimiento (antes / después)', value: baseline, unit: `sol/s (${Math.round(before.throughput)} / ${Math.round(after.throughput)})` },
      { name: 'mezcla de 50 clientes sin inicios de sesión: p95', value: Math.max(before.p95, after.p95), unit: 'ms' },
      { name: 'con 5 % de inicios de sesión: rendimiento de las demás', value: withSignIns.throughput, unit: 'sol/s' },
      { name: 'con 5 % de inicios de sesión: inicios de sesión servidos', value: withSignIns.signIns, unit: '/s' },
      { name: 'con 5 % de inicios de sesión: rechazados al momento (429)', value: withSignIns.refused, unit: '/s' },
      { name: 'con 5 % de inicios de sesión: p95 del inicio de sesión (servido o rechazado)', value: withSignIns.signInP95, unit: 'ms' },
      { name: 'con 5 % de inicios de sesión: pérdida de rendimiento de las demás', value: cost * 100, unit: '%', target: '≤ 25', ok: cost <= 0.25 },
      { name: 'con 5 % de inicios de sesión: p95 de las demás', value: withSignIns.p95, unit: 'ms', target: '≤ 300', ok: withSignIns.p95 <= 300 },
      { name: 'mezcla: errores', value: errors, unit: 'sol', target: '0', ok: errors === 0 },
    ]
  } finally {
    await stack.close()
  }
}
