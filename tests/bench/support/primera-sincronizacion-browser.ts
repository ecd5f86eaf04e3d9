/**
 * One first sync in a never-synced Chromium context, for primera-sincronizacion.bench.ts:
 * CPU throttled through the DevTools protocol before anything loads, a long-task
 * observer in every document of the page (the sign-in navigates), the staff sign-in
 * through the real form, and the times from the click on 'Ingresar' to the screen's
 * first row and to the header's 'Todo sincronizado'. Every wait has a limit; a failure
 * is printed and leaves NaN.
 */
import type { Browser, Page } from 'playwright-core'
import { describeSync } from '../../../src/domain/sync-display.ts'
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'

/** The header's pill once the device holds every table and nothing waits (src/domain/sync-display.ts). */
export const TODO_SINCRONIZADO = describeSync({
  network: 'up',
  server: 'reachable',
  session: 'valid',
  downloads: {},
  received: 0,
  expected: 0,
  pending: 0,
  refused: 0,
  conflicts: 0,
  held: 0,
  lastSyncAt: null,
  error: null,
}).upload.text
const PILL = '[data-testid="cambios-pendientes"]'
const FIRST_ROW = 'table[aria-label="Lista de citas programadas"] tbody tr'
const PROGRESS_EVERY_MS = 10_000
/** What DevTools' Performance panel records (`SPA_BENCH_TRAZA`), without screenshots. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'IndexedDB',
  // The CPU profiler's samples: what each long task ran (support/trace-long-tasks.ts).
  'disabled-by-default-v8.cpu_profiler',
]

export interface FirstSyncRun {
  rate: number
  path: string
  /** Click on 'Ingresar' → 'Todo sincronizado' (NaN when it did not come). */
  syncMs: number
  /** Click on 'Ingresar' → the panel's URL (the sign-in is over; NaN when it did not come). */
  signedInMs: number
  /** Click on 'Ingresar' → first row of the list (NaN when it did not come). */
  firstRowMs: number
  /**
   * Click on 'Ingresar' → the list first showed as many rows as it shows once everything is
   * downloaded (the whole day, not just its first row; NaN when unknown).
   */
  allRowsMs: number
  /** Durations of the long tasks (> 50 ms) between the click and 'Todo sincronizado'. */
  longTasks: number[]
  /**
   * A tap on a screen link (Citas Programadas' 'Recordatorios de mañana') a second after the
   * first row, while the download runs: the tap → the next frame (what the receptionist
   * sees answer), and the tap → the other screen's heading. NaN when the download ended first.
   */
  tapMs: number
  tapScreenMs: number
}

/** The screen link tapped during the download, and the heading of the screen it opens. */
const TAP = { link: 'Recordatorios de mañana', heading: 'Recordatorios' }

interface Options {
  base: string
  /** Where the sign-in sends the user (the screen whose first row is timed). */
  path: string
  who: { email: string; password: string }
  rate: number
  limitMs: number
  /** The day has citas: wait for a row (else only the sync is timed). */
  expectRows: boolean
}

/**
 * Long tasks and the click go to Node through bindings, stamped with the wall clock
 * (page and Node share it), so they survive the navigations of the sign-in. A string,
 * not a function: tsx would wrap named helpers in a `__name` the page lacks.
 */
const INIT_SCRIPT = `
(() => {
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__benchLongTask(performance.timeOrigin + e.startTime, e.duration)
    }).observe({ type: 'longtask', buffered: true })
  } catch (error) { console.error('longtask observer', error) }
  // The frame that first draws a row of the list, timed in the page: a locator polled from
  // Node waits behind the slowed main thread's tasks and adds its own round trips.
  const rows = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(FIRST_ROW)})) return
    rows.disconnect()
    requestAnimationFrame(() => window.__benchFirstRow(Date.now()))
  })
  rows.observe(document, { childList: true, subtree: true })
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (button && button.textContent && button.textContent.trim() === 'Ingresar') window.__benchClick(Date.now())
  }, { capture: true })
  // The tap's input time (when the browser made the event, before it waited for the main
  // thread) to the frame after its handlers.
  document.addEventListener('pointerdown', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null
    if (!link || !link.textContent || link.textContent.trim() !== ${JSON.stringify(TAP.link)}) return
    const at = event.timeStamp
    requestAnimationFrame(() => setTimeout(() => window.__benchTap(performance.now() - at), 0))
  }, { capture: true })
})()
`

export async function firstSyncInBrowser(browser: Browser, o: Options): Promise<FirstSyncRun> {
  const run: FirstSyncRun = {
    rate: o.rate,
    path: o.path,
    syncMs: Number.NaN,
    signedInMs: Number.NaN,
    firstRowMs: Number.NaN,
    allRowsMs: Number.NaN,
    longTasks: [],
    tapMs: Number.NaN,
    tapScreenMs: Number.NaN,
  }
  const context = await browser.newContext({ viewport: { width: 1180, height: 820 }, locale: 'es-PE', timezoneId: 'America/Lima' })
  let progress: NodeJS.Timeout | undefined
  try {
    const tasks: Array<{ at: number; ms: number }> = []
    let clickedAt = 0
    await context.exposeBinding('__benchLongTask', (_source, at: number, ms: number) => void tasks.push({ at, ms }))
    await context.exposeBinding('__benchClick', (_source, at: number) => void (clickedAt ||= at))
    await context.exposeBinding('__benchTap', (_source, ms: number) => void (run.tapMs = ms))
    let firstRowAt = 0
    await context.exposeBinding('__benchFirstRow', (_source, at: number) => void (firstRowAt ||= at))
    await context.addInitScript({ content: INIT_SCRIPT })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: o.rate })
    const profileDir = process.env.SPA_BENCH_PERFIL
    // A Chromium trace says what the main thread's native time is (style, layout,
    // IndexedDB, parsing), which a CPU profile leaves as '(program)'.
    const traceDir = process.env.SPA_BENCH_TRAZA
    if (traceDir) await browser.startTracing(page, { categories: TRACE_CATEGORIES })
    if (profileDir) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
      await cdp.send('Profiler.start')
    }

    await page.goto(`${o.base}/login?redirect=${encodeURIComponent(o.path)}`, { timeout: 120_000 })
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(o.who.email, { timeout: 60_000 })
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(o.who.password, { timeout: 60_000 })
    const started = Date.now()
    progress = setInterval(() => void report(page, o.rate, started), PROGRESS_EVERY_MS)
    await page.getByRole('button', { name: 'Ingresar' }).click({ timeout: 60_000 })
    const since = () => Date.now() - (clickedAt || started)

    const signedIn = page
      .waitForURL((u) => u.pathname.startsWith('/control-citas'), { timeout: o.limitMs })
      .then(() => (run.signedInMs = since()))
      .catch((error: Error) => console.log(`  ✗ CPU ${o.rate}×: la sesión no se abrió: ${error.message.split('\n')[0]}`))
    const firstRow = o.expectRows
      ? page
          .locator(FIRST_ROW)
          .first()
          .waitFor({ timeout: o.limitMs })
          .then(() => (run.firstRowMs = firstRowAt && clickedAt ? firstRowAt - clickedAt : since()))
          .catch((error: Error) => console.log(`  ✗ CPU ${o.rate}×: la primera fila no apareció: ${error.message.split('\n')[0]}`))
      : Promise.resolve()
    const synced = page
      .locator(PILL)
      .getByText(TODO_SINCRONIZADO, { exact: true })
      .waitFor({ timeout: o.limitMs })
      .then(() => (run.syncMs = since()))
      .catch((error: Error) => console.log(`  ✗ CPU ${o.rate}×: no llegó '${TODO_SINCRONIZADO}': ${error.message.split('\n')[0]}`))
    const tap = firstRow.then(async () => {
      await page.waitForTimeout(1000)
      if (!Number.isFinite(run.syncMs)) await tapDuringDownload(page, run, o.rate)
    })
    // The list's row count through the download, every 250 ms, to find when it was whole.
    const counts: Array<{ at: number; n: number }> = []
    let counting = true
    const counter = (async () => {
      while (counting) {
        const n = await page.locator(FIRST_ROW).count().catch(() => -1)
        counts.push({ at: since(), n })
        await new Promise((r) => setTimeout(r, 250))
      }
    })()
    await Promise.all([signedIn, firstRow, synced, tap])
    counting = false
    await counter
    const whole = await page.locator(FIRST_ROW).count().catch(() => -1)
    if (whole > 0) run.allRowsMs = counts.find((c) => c.n === whole)?.at ?? since()
    clearInterval(progress)
    if (profileDir) {
      // A profile that cannot be written is said, and the run's figures still count.
      try {
        const { profile } = await cdp.send('Profiler.stop')
        mkdirSync(profileDir, { recursive: true })
        const file = join(profileDir, `primera-sincronizacion-cpu${o.rate}.cpuprofile`)
        writeFileSync(file, JSON.stringify(profile))
        console.log(`  perfil de CPU: ${file}`)
      } catch (error) {
        console.log(`  ✗ CPU ${o.rate}×: perfil de CPU no guardado: ${(error as Error).message.split('\n')[0]}`)
      }
    }
    if (traceDir) {
      try {
        const trace = await browser.stopTracing()
        mkdirSync(traceDir, { recursive: true })
        const file = join(traceDir, `primera-sincronizacion-cpu${o.rate}.trace.json`)
        writeFileSync(file, trace)
        console.log(`  traza: ${file}`)
      } catch (error) {
        console.log(`  ✗ CPU ${o.rate}×: traza no guardada: ${(error as Error).message.split('\n')[0]}`)
      }
    }
    // Long tasks are reported after they end: one frame's grace for the last ones.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))).catch(() => {})
    const from = clickedAt || started
    const to = Number.isFinite(run.syncMs) ? from + run.syncMs : Date.now()
    const inWindow = tasks.filter((t) => t.at + t.ms >= from && t.at <= to)
    run.longTasks = inWindow.map((t) => t.ms)
    // Where the longest fall (after 'Ingresar'): the panel's first render, or the download.
    const longest = [...inWindow].sort((a, b) => b.ms - a.ms).slice(0, 6)
    console.log(`  CPU ${o.rate}×: las tareas más largas: ${longest.map((t) => `${Math.round(t.ms)} ms a +${fmt(t.at - from)}`).join(' · ')}`)
    await printNetwork(page, from, o.rate)
    console.log(
      `  CPU ${o.rate}×: sesión abierta ${fmt(run.signedInMs)}, primera fila ${fmt(run.firstRowMs)}, el día entero ${fmt(run.allRowsMs)}, 'Todo sincronizado' ${fmt(run.syncMs)}; ${run.longTasks.length} tareas largas, la mayor ${Math.round(Math.max(0, ...run.longTasks))} ms; carga ${loadavg()[0]!.toFixed(2)}`,
    )
  } catch (error) {
    console.log(`  ✗ CPU ${o.rate}×: ${(error as Error).message.split('\n')[0]}`)
  } finally {
    clearInterval(progress)
    await context.close().catch(() => {})
  }
  return run
}

/**
 * Taps the screen link, waits for the other screen's heading, and goes back to the list
 * (its rows are counted again from there). A tap that fails is said; the run goes on.
 */
async function tapDuringDownload(page: Page, run: FirstSyncRun, rate: number) {
  try {
    const started = Date.now()
    await page.getByRole('link', { name: TAP.link }).click({ timeout: 30_000 })
    await page.getByRole('heading', { name: TAP.heading, exact: true }).waitFor({ timeout: 60_000 })
    run.tapScreenMs = Date.now() - started
    console.log(`  CPU ${rate}×: pulsación en '${TAP.link}' durante la descarga: respuesta ${Math.round(run.tapMs)} ms, pantalla ${fmt(run.tapScreenMs)}`)
    await page.goBack({ timeout: 60_000 })
  } catch (error) {
    console.log(`  ✗ CPU ${rate}×: la pulsación durante la descarga falló: ${(error as Error).message.split('\n')[0]}`)
  }
}

/** Every 10 s: the header's sync texts and the download's percentage. */
async function report(page: Page, rate: number, started: number) {
  const texts = await Promise.race([
    page.evaluate(() => {
      const pill = document.querySelector('[data-testid="cambios-pendientes"]')?.textContent ?? '—'
      const bar = /Descargando los datos del spa a este equipo… \d+ ?%|Preparando la primera sincronización/.exec(document.querySelector('header')?.innerText ?? '')?.[0] ?? ''
      return `${pill}${bar ? ` · ${bar}` : ''}`
    }),
    new Promise<string>((r) => setTimeout(() => r('(la página no respondió en 5 s)'), 5000)),
  ]).catch((error: Error) => `(sin respuesta de la página: ${error.message.split('\n')[0]})`)
  console.log(`    CPU ${rate}× +${Math.round((Date.now() - started) / 1000)} s: ${texts} (carga ${loadavg()[0]!.toFixed(2)})`)
}

/**
 * Where the wall time went: the sign-in and the pull requests as the page timed them
 * (request sent → last byte), from the click. Time between two pulls of a table is the
 * device's (storing a page before asking the next); time inside one is the server's and
 * the network's.
 */
async function printNetwork(page: Page, from: number, rate: number) {
  const entries = await page
    .evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ name: e.name, start: performance.timeOrigin + e.startTime, end: performance.timeOrigin + e.responseEnd })),
    )
    .catch(() => [])
  const after = entries.filter((e) => e.end >= from)
  const pulls = after.filter((e) => e.name.includes('/rpc/sync_pull'))
  const token = after.find((e) => e.name.includes('/auth/v1/token'))
  if (token) console.log(`  CPU ${rate}×: inicio de sesión en el servidor ${fmt(token.start - from)} → ${fmt(token.end - from)}`)
  for (const e of after.filter((x) => /\/rest\/v1\/tb_(citas|pagos_citas)\?.*fecha_(cita|pago)=gte/.test(x.name))) {
    console.log(`  CPU ${rate}×: ventana de los días cercanos (${/tb_\w+/.exec(e.name)![0]}) ${fmt(e.start - from)} → ${fmt(e.end - from)}`)
  }
  // Everything else the page asked the server meanwhile: what the pulls queued behind.
  const byPath = new Map<string, { n: number; ms: number }>()
  for (const e of after.filter((x) => /\/(rest|auth|realtime)\/v1\//.test(x.name))) {
    const path = new URL(e.name).pathname
    const sum = byPath.get(path) ?? { n: 0, ms: 0 }
    byPath.set(path, { n: sum.n + 1, ms: sum.ms + (e.end - e.start) })
  }
  const top = [...byPath].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)
  console.log(`  CPU ${rate}×: peticiones al servidor: ${top.map(([path, t]) => `${path} ${t.n}× ${fmt(t.ms)}`).join(' · ')}`)
  // `SPA_BENCH_DETALLE=1`: every request after the click, in order, to see what queued.
  if (process.env.SPA_BENCH_DETALLE) {
    for (const e of [...after].sort((a, b) => a.start - b.start)) {
      const url = new URL(e.name)
      console.log(`    ${fmt(e.start - from).padStart(8)} → ${fmt(e.end - from).padStart(8)}  ${url.pathname}${url.search.slice(0, 90)}`)
    }
  }
  if (pulls.length === 0) return
  const inServer = pulls.reduce((sum, e) => sum + (e.end - e.start), 0)
  const first = Math.min(...pulls.map((e) => e.start)) - from
  const last = Math.max(...pulls.map((e) => e.end)) - from
  const longest = Math.max(...pulls.map((e) => e.end - e.start))
  console.log(
    `  CPU ${rate}×: ${pulls.length} sync_pull del ${fmt(first)} al ${fmt(last)}; suma de esperas ${fmt(inServer)}, la mayor ${fmt(longest)}`,
  )
}

function fmt(ms: number) {
  return Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—'
}
