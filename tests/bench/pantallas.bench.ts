/**
 * Every back-office screen reloaded cold on its own URL, on a device that has synced the
 * demo volume (5,000 patients, 20,000 citas, 20,000 payments; `SPA_BENCH_PANTALLAS_VOLUMEN=small`
 * for a tenth of it), signed in as the administrator (every screen): online and offline,
 * unthrottled and with the CPU four times slower (DevTools protocol). Each figure runs
 * from the navigation's start to the moment the screen shows its rows or its final empty
 * state: the page's heading is there and nothing in the panel's content is loading (no
 * loader, no 'Cargando…'), and it stays so for 500 ms (a screen that loads in two steps
 * is timed at its last one). Targets: ≤ 1 s unthrottled, ≤ 3 s at 4×. The screens side by
 * side in one table; the slowest of each column is the figure.
 *
 * Every wait has a limit: a screen that does not settle says so and counts as NaN.
 */
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import type { Page } from 'playwright-core'
import { PANEL_SECTIONS } from '../../src/domain/panel-sections.ts'
import { startStack, defaultSeed } from '../../supabase/local/server.ts'
import { seedDemoOnStack } from './support/demo-volume.ts'
import type { Figure } from './run.ts'
import { ADMINISTRADOR, launchChromium } from './support/panel-browser.ts'
import { TODO_SINCRONIZADO } from './support/primera-sincronizacion-browser.ts'

const VOLUMES = {
  demo: { patients: 5000, appointments: 20_000, payments: 20_000, seed: 7 },
  small: { patients: 500, appointments: 2000, payments: 2000, seed: 7 },
} as const
const SCREENS = [{ title: 'Inicio', path: '/control-citas' }, ...PANEL_SECTIONS.map((s) => ({ title: s.title, path: `/control-citas/${s.slug}` }))]
const COLUMNS = [
  { rate: 1, offline: false, label: '1× en línea', target: 1000 },
  { rate: 1, offline: true, label: '1× sin conexión', target: 1000 },
  { rate: 4, offline: false, label: '4× en línea', target: 3000 },
  { rate: 4, offline: true, label: '4× sin conexión', target: 3000 },
] as const
const SYNC_LIMIT_MS = 8 * 60_000
const SCREEN_LIMIT_MS = 30_000
const STEADY_MS = 500

/**
 * In every document of the page: when the panel's content last became settled (its
 * heading there, nothing loading), from navigation start; null while it is not. A string,
 * not a function: tsx would wrap named helpers in a `__name` the page lacks.
 */
const SETTLED_SCRIPT = `
(() => {
  window.__settledAt = null
  const check = () => {
    const main = document.getElementById('contenido-panel')
    const loading = !main || !main.querySelector('h1') || main.querySelector('.mantine-Loader-root') ||
      [...main.querySelectorAll('[role="status"]')].some((e) => (e.textContent || '').trim().startsWith('Cargando'))
    if (loading) window.__settledAt = null
    else if (window.__settledAt === null) window.__settledAt = performance.now()
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true })
})()
`

export default async function pantallasBench(): Promise<Figure[]> {
  const volumeName = process.env.SPA_BENCH_PANTALLAS_VOLUMEN === 'small' ? 'small' : 'demo'
  console.log(`  carga de la máquina: ${load()}`)
  if (spawnSync('npx', ['vite', 'build'], { stdio: 'ignore' }).status !== 0) throw new Error('vite build falló')
  const stack = await startStack({ memory: true, port: 0, host: '127.0.0.1', seed: defaultSeed, serveApp: true, log: () => {} })
  const browser = await launchChromium()
  try {
    const seeded = await seedDemoOnStack(stack.db, VOLUMES[volumeName])
    console.log(`  datos (${volumeName}): ${seeded.patients} pacientes, ${seeded.appointments} citas, ${seeded.payments} pagos`)
    const context = await browser.newContext({ viewport: { width: 1180, height: 820 }, locale: 'es-PE', timezoneId: 'America/Lima' })
    const page = await context.newPage()
    await signInAndSync(page, stack.url)
    await context.addInitScript({ content: SETTLED_SCRIPT })
    const cdp = await context.newCDPSession(page)

    const times = new Map<string, number[]>(SCREENS.map((s) => [s.path, []]))
    for (const column of COLUMNS) {
      console.log(`  [${column.label}] carga ${load()}`)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: column.rate })
      await context.setOffline(column.offline)
      for (const screen of SCREENS) times.get(screen.path)!.push(await coldOpen(page, `${stack.url}${screen.path}`, screen.title))
      await context.setOffline(false)
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })

    console.table(
      SCREENS.map((s) => ({
        pantalla: s.title,
        ...Object.fromEntries(COLUMNS.map((c, i) => [c.label, fmt(times.get(s.path)![i]!)])),
      })),
    )
    return COLUMNS.map((column, i) => {
      const values = SCREENS.map((s) => times.get(s.path)![i]!)
      const worst = values.some((v) => !Number.isFinite(v)) ? Number.NaN : Math.max(...values)
      const slowest = SCREENS[values.indexOf(Math.max(...values.filter(Number.isFinite)))]?.title ?? '—'
      return {
        name: `pantalla más lenta recargada en frío hasta sus filas, ${column.label} (${slowest}; ${SCREENS.length} pantallas)`,
        value: worst,
        unit: 'ms',
        target: `≤ ${column.target}`,
        ok: worst <= column.target,
      }
    })
  } finally {
    await browser.close()
    await stack.close()
  }
}

/** The administrator signs in through the form and waits for the first sync to end. */
async function signInAndSync(page: Page, base: string) {
  const started = Date.now()
  await page.goto(`${base}/login?redirect=%2Fcontrol-citas`)
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(ADMINISTRADOR.email)
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(ADMINISTRADOR.password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.locator('[data-testid="cambios-pendientes"]').getByText(TODO_SINCRONIZADO, { exact: true }).waitFor({ timeout: SYNC_LIMIT_MS })
  // The installed panel: the service worker answers the reloads, offline too.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  console.log(`  primera sincronización del administrador: ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

/** Opens `url` as a new document and returns when its content settled (ms from navigation start), or NaN. */
async function coldOpen(page: Page, url: string, title: string): Promise<number> {
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: SCREEN_LIMIT_MS })
    const deadline = Date.now() + SCREEN_LIMIT_MS
    for (;;) {
      const state = await page.evaluate(() => {
        const at = (window as unknown as { __settledAt?: number | null }).__settledAt
        return { at: at ?? null, now: performance.now() }
      })
      if (state.at !== null && state.now - state.at >= STEADY_MS) return state.at
      if (Date.now() > deadline) throw new Error(`no se asentó en ${SCREEN_LIMIT_MS / 1000} s`)
      await new Promise((r) => setTimeout(r, 50))
    }
  } catch (error) {
    console.log(`  ✗ ${title}: ${(error as Error).message.split('\n')[0]}`)
    return Number.NaN
  }
}

function fmt(ms: number): string {
  return Number.isFinite(ms) ? `${Math.round(ms)} ms` : '—'
}

function load(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')
}
