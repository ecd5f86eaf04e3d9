/**
 * The first sync of a new tablet (docs/decisions/0003-sync.md, 0023, 0027, 0028, 0035),
 * the measuring stick for making it fast. The embedded stack on a file-backed PGlite data
 * dir (as `npm start` runs it) with the demo volume (5,000 patients, 20,000 citas, 20,000
 * payments; `SPA_BENCH_PRIMERA_VOLUMEN=small` for a tenth of it), a fresh production
 * build and Debian's Chromium, each browser figure twice: unthrottled and with the CPU
 * slowed 4× through the DevTools protocol (set before the sign-in), as a budget tablet.
 *
 * One never-synced browser context per column, signed in as reception through the real
 * form and sent straight to Citas Programadas of a day with citas (what a receptionist
 * opens first); the clock starts at the click on 'Ingresar' (a capture listener in the
 * page) and stops, in Node, when:
 *   1. the header says 'Todo sincronizado'                      ≤ 15 s / ≤ 60 s (4×)
 *   3. the day's list shows its first row                        ≤ 3 s (4×)
 *   4. long tasks (PerformanceObserver 'longtask') between the click and 'Todo
 *      sincronizado': the longest and how many over 50 ms      none over 200 ms
 *      and a tap on a screen link a second after the first row, while the download
 *      runs: the tap's input → the next frame                   ≤ 200 ms
 * 2. The same rows as the raw download the sync does (support/descarga-cruda.ts): `fetch`
 *    of `sync_pull` pages (1,000 rows, the largest a read returns) for every table
 *    reception replicates, as the same user, the tables side by side as the sync runs
 *    them; once in Node, and before each column in a page of the same Chromium at the
 *    same CPU rate; first sync / raw download in the same browser   ≤ 3×
 * 5. The server closed and started again on the same data dir until the first REST
 *    answer (`tb_tratamientos` with the anon key)                ≤ 2 s
 *
 * `SPA_BENCH_PERFIL=<dir>` also writes each column's Chromium CPU profile there (open it in
 * DevTools' Performance panel, or `node tests/bench/support/profile-summary.ts <file>`);
 * `SPA_BENCH_TRAZA=<dir>` a Chromium trace with the CPU profiler's samples, of an unminified build
 * (`tests/bench/support/trace-summary.ts <file>`; each long task's functions:
 * `tests/bench/support/trace-long-tasks.ts <file>`).
 *
 * Nothing here waits without a limit: a part that fails or times out says why, records
 * NaN with ok=false, and the others still run. Progress (the header's texts) every 10 s.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStack, defaultSeed, type LocalStack } from '../../supabase/local/server.ts'
import { seedDemoOnStack } from './support/demo-volume.ts'
import { peruToday } from '../../src/domain/peru-time.ts'
import type { Figure } from './run.ts'
import { PULL_PAGE, rawDownloadInBrowser, rawDownloadInNode, type RawDownload } from './support/descarga-cruda.ts'
import { launchChromium, RECEPCION } from './support/panel-browser.ts'
import { firstSyncInBrowser, type FirstSyncRun } from './support/primera-sincronizacion-browser.ts'

const VOLUMES = {
  demo: { patients: 5000, appointments: 20_000, payments: 20_000, seed: 7 },
  small: { patients: 500, appointments: 2000, payments: 2000, seed: 7 },
} as const
const SCREEN = '/control-citas/citas-confirmadas'
/** What Citas Programadas lists: live citas with a specialist, neither Cancelada nor Venta Directa (src/domain/citas-dia.ts). */
const LIVE = `not _deleted and id_especialista is not null and estado_cita not in ('Cancelada', 'Venta Directa')`
/** `SPA_BENCH_PRIMERA_CPU=1` (or 4) runs one column only, while working on one figure. */
const RATES = ([1, 4] as const).filter((r) => !process.env.SPA_BENCH_PRIMERA_CPU || Number(process.env.SPA_BENCH_PRIMERA_CPU) === r)
const SYNC_LIMIT_MS = { 1: 8 * 60_000, 4: 15 * 60_000 } as const
const RESTART_LIMIT_MS = 120_000

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')

export default async function primeraSincronizacionBench(): Promise<Figure[]> {
  const volumeName = process.env.SPA_BENCH_PRIMERA_VOLUMEN === 'small' ? 'small' : 'demo'
  const volume = VOLUMES[volumeName]
  const figures: Figure[] = []
  // Each figure is also printed as soon as it is measured (a later failure keeps them).
  figures.push = (...items: Figure[]) => {
    for (const f of items) console.log(`  · ${f.name}: ${Math.round(f.value * 100) / 100} ${f.unit}${f.ok === false ? '  ✗' : ''}`)
    return Array.prototype.push.apply(figures, items)
  }
  console.log(`  carga de la máquina (1/5/15 min): ${load()} en ${availableParallelism()} núcleos`)
  // A profile reads better with the functions' own names: the build is then not minified.
  const build = ['vite', 'build', ...(process.env.SPA_BENCH_PERFIL || process.env.SPA_BENCH_TRAZA ? ['--minify', 'false'] : [])]
  if (spawnSync('npx', build, { stdio: 'ignore' }).status !== 0) throw new Error('vite build falló')
  const dataDir = mkdtempSync(join(tmpdir(), 'spa-bench-primera-'))
  const port = Number(process.env.BENCH_PORT ?? 0)
  const runs: Partial<Record<(typeof RATES)[number], FirstSyncRun>> = {}
  let raw: RawDownload | null = null
  const rawInPage: Partial<Record<(typeof RATES)[number], RawDownload>> = {}
  try {
    let stack: LocalStack | null = await startStack({ dataDir, port, host: '127.0.0.1', seed: defaultSeed, serveApp: true, log: () => {} })
    try {
      const seeded = await seedDemoOnStack(stack.db, volume)
      console.log(
        `  datos (${volumeName}): ${seeded.patients} pacientes, ${seeded.appointments} citas + ${seeded.directSales} ventas directas, ${seeded.payments} pagos (${Math.round(seeded.ms / 1000)} s, PGlite en disco: ${dataDir})`,
      )
      const day = await chooseDay(stack).catch((error: Error) => {
        console.log(`  ✗ no se pudo elegir el día: ${error.message}`)
        return { fecha: peruToday(), n: 0 }
      })
      console.log(`  día de la lista: ${day.fecha} (${day.n} citas)${day.fecha === peruToday() ? ' = hoy' : ` — hoy (${peruToday()}) no tiene citas; se abre ese día por ?fecha=`}`)

      // 2 first: a warm-up pass (the server's first reads after the seed), then the measured one.
      try {
        console.log(`  [descarga cruda] carga ${load()}`)
        const cold = await rawDownloadInNode(stack.url, stack.anonKey, RECEPCION)
        raw = await rawDownloadInNode(stack.url, stack.anonKey, RECEPCION)
        console.log(`  descarga cruda: ${raw.rows} filas de ${raw.tables} tablas, ${raw.pages} páginas, ${(raw.bytes / 1e6).toFixed(1)} MB JSON; en frío ${(cold.ms / 1000).toFixed(2)} s`)
      } catch (error) {
        console.log(`  ✗ descarga cruda: ${(error as Error).message}`)
      }

      const browser = await launchChromium()
      try {
        for (const rate of RATES) {
          console.log(`  [descarga cruda en el navegador, CPU ${rate}×] carga ${load()}`)
          rawInPage[rate] = await rawDownloadInBrowser(browser, stack.url, stack.anonKey, RECEPCION, rate).catch((error: Error) => {
            console.log(`  ✗ descarga cruda en el navegador: ${error.message}`)
            return undefined
          })
          console.log(`  [navegador, CPU ${rate}×] carga ${load()}`)
          runs[rate] = await firstSyncInBrowser(browser, {
            base: stack.url,
            path: `${SCREEN}?fecha=${day.fecha}`,
            who: RECEPCION,
            rate,
            limitMs: SYNC_LIMIT_MS[rate],
            expectRows: day.n > 0,
          })
        }
      } finally {
        await browser.close()
      }
    } finally {
      const closing = stack
      stack = null
      await closing.close()
    }

    const label = (rate: number) => (rate === 1 ? 'sin límite de CPU' : `CPU ${rate}× más lenta`)
    const total = raw ? `${raw.rows} filas` : 'los datos'
    for (const rate of RATES) {
      const r = runs[rate]
      const s = (r?.syncMs ?? Number.NaN) / 1000
      const target = rate === 1 ? 15 : 60
      figures.push({ name: `1. primera sincronización (${total}): Ingresar → 'Todo sincronizado', ${label(rate)}`, value: s, unit: 's', target: `≤ ${target}`, ok: s <= target })
    }
    if (raw) figures.push({ name: `2. descarga cruda por REST (sync_pull de ${PULL_PAGE}, ${raw.tables} tablas a la vez, fetch + JSON en Node)`, value: raw.ms / 1000, unit: 's' })
    else figures.push({ name: '2. descarga cruda por REST: falló', value: Number.NaN, unit: 's', ok: false })
    for (const rate of RATES) {
      const inPage = rawInPage[rate]
      figures.push({ name: `2. descarga cruda en una página del mismo Chromium (fetch + JSON), ${label(rate)}`, value: (inPage?.ms ?? Number.NaN) / 1000, unit: 's' })
      // The target compares like with like: the sync and the raw download on the same
      // (slowed) device. Against Node at full speed it is printed for reference.
      const ratio = (runs[rate]?.syncMs ?? Number.NaN) / (inPage?.ms ?? Number.NaN)
      figures.push({ name: `2. primera sincronización / descarga cruda en el mismo navegador, ${label(rate)}`, value: ratio, unit: '×', target: '≤ 3', ok: ratio <= 3 })
      figures.push({ name: `2. primera sincronización / descarga cruda en Node, ${label(rate)}`, value: (runs[rate]?.syncMs ?? Number.NaN) / (raw?.ms ?? Number.NaN), unit: '×' })
    }
    for (const rate of RATES) {
      const s = (runs[rate]?.firstRowMs ?? Number.NaN) / 1000
      figures.push({ name: `3. Ingresar → primera fila de Citas Programadas del ${runs[rate]?.path.split('fecha=')[1] ?? '?'}, ${label(rate)}`, value: s, unit: 's', ...(rate === 4 ? { target: '≤ 3', ok: s <= 3 } : {}) })
      const all = (runs[rate]?.allRowsMs ?? Number.NaN) / 1000
      figures.push({ name: `3. Ingresar → todas las citas de ese día en la lista, ${label(rate)}`, value: all, unit: 's' })
    }
    for (const rate of RATES) {
      const r = runs[rate]
      const longest = r?.longTasks.reduce((m, t) => Math.max(m, t), 0) ?? Number.NaN
      const ok = r?.syncMs !== undefined && Number.isFinite(r.syncMs)
      figures.push(
        { name: `4. tarea larga más larga durante la sincronización, ${label(rate)}`, value: ok ? longest : Number.NaN, unit: 'ms', target: '≤ 200', ok: ok && longest <= 200 },
        { name: `4. tareas largas (> 50 ms) durante la sincronización, ${label(rate)}`, value: ok ? r!.longTasks.length : Number.NaN, unit: '', ...(ok ? {} : { ok: false }) },
        { name: `4. tiempo en tareas largas durante la sincronización, ${label(rate)}`, value: ok ? r!.longTasks.reduce((a, b) => a + b, 0) / 1000 : Number.NaN, unit: 's' },
      )
      const tap = r?.tapMs ?? Number.NaN
      figures.push(
        { name: `4. pulsación en un enlace durante la descarga → siguiente cuadro, ${label(rate)}`, value: tap, unit: 'ms', target: '≤ 200', ok: tap <= 200 },
        { name: `4. pulsación en un enlace durante la descarga → la otra pantalla, ${label(rate)}`, value: (r?.tapScreenMs ?? Number.NaN) / 1000, unit: 's' },
      )
    }

    // 5. The server again on the same folder, until the first REST answer.
    console.log(`  [reinicio del servidor] carga ${load()}`)
    let restart = Number.NaN
    let again: LocalStack | null = null
    try {
      const t0 = performance.now()
      const starting = startStack({ dataDir, port, host: '127.0.0.1', serveApp: true, log: () => {} })
      again = await withLimit(starting, RESTART_LIMIT_MS, 'startStack').catch((error: Error) => {
        // A start that comes after the limit is closed all the same.
        starting.then((late) => late.close()).catch(() => {})
        throw error
      })
      const deadline = Date.now() + RESTART_LIMIT_MS
      for (;;) {
        const res = await fetch(`${again.url}/rest/v1/tb_tratamientos?select=nombre&limit=1`, { headers: { apikey: again.anonKey }, signal: AbortSignal.timeout(10_000) }).catch(() => null)
        if (res?.ok && ((await res.json()) as unknown[]).length === 1) break
        if (Date.now() > deadline) throw new Error(`sin respuesta REST en ${RESTART_LIMIT_MS / 1000} s (último estado ${res?.status ?? 'sin conexión'})`)
        await new Promise((r) => setTimeout(r, 20))
      }
      restart = (performance.now() - t0) / 1000
    } catch (error) {
      console.log(`  ✗ reinicio: ${(error as Error).message}`)
    } finally {
      await again?.close()
    }
    figures.push({ name: '5. reinicio del servidor sobre la carpeta de datos demo → primera respuesta REST', value: restart, unit: 's', target: '≤ 2', ok: restart <= 2 })

    console.table(
      [
        ['1. Ingresar → Todo sincronizado (s)', (r?: FirstSyncRun) => (r?.syncMs ?? Number.NaN) / 1000],
        ['2. sincronización / descarga cruda en el navegador (×)', (r?: FirstSyncRun) => (r?.syncMs ?? Number.NaN) / (rawInPage[r?.rate as 1 | 4]?.ms ?? Number.NaN)],
        ['2. sincronización / descarga cruda en Node (×)', (r?: FirstSyncRun) => (r?.syncMs ?? Number.NaN) / (raw?.ms ?? Number.NaN)],
        ['   Ingresar → sesión abierta (s)', (r?: FirstSyncRun) => (r?.signedInMs ?? Number.NaN) / 1000],
        ['3. Ingresar → primera fila (s)', (r?: FirstSyncRun) => (r?.firstRowMs ?? Number.NaN) / 1000],
        ['3. Ingresar → el día entero (s)', (r?: FirstSyncRun) => (r?.allRowsMs ?? Number.NaN) / 1000],
        ['4. tarea larga máx. (ms)', (r?: FirstSyncRun) => (r && Number.isFinite(r.syncMs) ? Math.max(0, ...r.longTasks) : Number.NaN)],
        ['4. tareas > 50 ms', (r?: FirstSyncRun) => (r && Number.isFinite(r.syncMs) ? r.longTasks.length : Number.NaN)],
        ['4. pulsación durante la descarga (ms)', (r?: FirstSyncRun) => r?.tapMs ?? Number.NaN],
      ].map(([name, f]) => {
        const get = f as (r?: FirstSyncRun) => number
        return { medida: name as string, 'sin límite': round(get(runs[1])), 'CPU 4×': round(get(runs[4])) }
      }),
    )
    console.log(`  carga al final: ${load()}`)
    return figures
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Today when it has citas to list, else the nearest day that has (coming days first). */
async function chooseDay(stack: LocalStack): Promise<{ fecha: string; n: number }> {
  const hoy = peruToday()
  const { rows } = await stack.db.query<{ fecha: string; n: number }>(
    `select fecha_cita::text as fecha, count(*)::int as n from public.tb_citas where ${LIVE}
      group by fecha_cita order by abs(fecha_cita - $1::date), fecha_cita desc limit 1`,
    [hoy],
  )
  return rows[0] ?? { fecha: hoy, n: 0 }
}


async function withLimit<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: más de ${ms / 1000} s`)), ms)))])
  } finally {
    clearTimeout(timer)
  }
}

function round(v: number) {
  return Number.isFinite(v) ? (Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100) : 'NaN'
}
