/**
 * Shared steps of the end-to-end suite: signing in through the real form, the axe
 * check (zero serious or critical violations), screenshots for people to look at, and
 * direct calls to the backend for assertions (as a signed-in user or anonymously).
 */
import { mkdirSync } from 'node:fs'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const demo = {
  admin: { email: 'admin@spa.local', password: 'admin1234' },
  staff: { email: 'recepcion@spa.local', password: 'recepcion1234' },
} as const

export const viewports = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
  tabletPortrait: { width: 820, height: 1180 },
  tabletLandscape: { width: 1180, height: 820 },
} as const

const screenshotDir = 'tests/artifacts/screenshots'

/** Saves a screenshot under tests/artifacts/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  mkdirSync(screenshotDir, { recursive: true })
  // Let reveal-on-scroll cards finish and web fonts settle before the picture.
  await page.evaluate(() => document.fonts.ready)
  // A full-page picture is the page a visitor sees by scrolling: the home page's sections
  // that skip their rendering off screen (content-visibility, docs/decisions/0047-inicio-hidratado.md)
  // would come out blank in a capture taken beyond the viewport.
  if (opts.fullPage) await page.addStyleTag({ content: '.deferred-section { content-visibility: visible !important }' })
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: opts.fullPage ?? false, animations: 'disabled' })
}

/** Scrolls through the page so every card that animates in on scroll is shown. */
export async function revealAll(page: Page) {
  await page.evaluate(async () => {
    // 'instant': the site scrolls smoothly by CSS, which would swallow these jumps.
    for (let y = 0; y <= document.documentElement.scrollHeight; y += Math.max(200, window.innerHeight / 2)) {
      window.scrollTo({ top: y, behavior: 'instant' })
      await new Promise((r) => setTimeout(r, 60))
    }
    await Promise.all([...document.images].map((img) => (img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true })))))
    window.scrollTo({ top: 0, behavior: 'instant' })
  })
  await page.waitForTimeout(800)
}

/** Zero serious or critical accessibility violations (WCAG 2.x A/AA rules). */
export async function expectAccessible(page: Page, label: string) {
  // Colours read mid-transition (a dialog fading in, a pressed button) are not the
  // page's: wait until the finite CSS animations and transitions have ended.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 15_000 },
  )
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`)
  expect(report, `axe en ${label}`).toEqual([])
}

/**
 * Cuts the page's browser context off the network, and returns once the page is cut off
 * for real: `navigator.onLine` false and a request of its own failing. Right after
 * `setOffline` the page may already say 'Sin conexión' while a request still gets out:
 * once (CI, 2026-12-01) an offline mark reached the server 8 ms after it was made.
 */
export async function goOffline(page: Page) {
  await page.context().setOffline(true)
  await expect
    .poll(() =>
      page.evaluate(() =>
        fetch(`/rest/v1/?sonda=${Math.random()}`, { cache: 'no-store' }).then(
          () => `${navigator.onLine} con red`,
          () => `${navigator.onLine} sin red`,
        ),
      ),
    )
    .toBe('false sin red')
}

/** The one visible notification. */
export function toastRegion(page: Page) {
  return page.getByRole('region', { name: 'Notificaciones (F8)' })
}

/** Signs in through /login and waits for the panel. */
export async function signIn(page: Page, who: { email: string; password: string }, opts: { expectUrl?: RegExp } = {}) {
  if (!page.url().includes('/login')) await page.goto('/login')
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(who.email)
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  // The panel's chunks load after the sign-in: generous on a busy machine.
  await expect(page).toHaveURL(opts.expectUrl ?? /\/control-citas/, { timeout: 30_000 })
}

/**
 * Each helper request on its own connection. Playwright's request context reuses idle
 * keep-alive sockets and, unlike a browser, does not resend a request the server's
 * 65 s keep-alive timeout closed at the same instant: a poll after a minute of quiet
 * failed once with 'read ECONNRESET'.
 */
const FRESH = { connection: 'close' }

/** The backend as the app sees it: its URL and anon key come from /app-config.json. */
export async function backend(page: Page) {
  const res = await page.request.get('/app-config.json', { headers: FRESH })
  const config = (await res.json()) as { supabaseUrl: string; supabaseAnonKey: string }
  const base = new URL(page.url() || 'http://127.0.0.1').origin
  const url = config.supabaseUrl.includes('localhost') || config.supabaseUrl.includes('127.0.0.1') ? base : config.supabaseUrl
  const anon = config.supabaseAnonKey

  async function token(who: { email: string; password: string }): Promise<string> {
    const r = await page.request.post(`${url}/auth/v1/token?grant_type=password`, { headers: { ...FRESH, apikey: anon }, data: who })
    expect(r.ok(), `inicio de sesión de ${who.email} por la API`).toBe(true)
    return ((await r.json()) as { access_token: string }).access_token
  }

  /** GET /rest/v1/<path> as anon (no user) or as the given user. */
  async function rest<T = unknown>(path: string, as?: { email: string; password: string }): Promise<{ status: number; body: T }> {
    const auth = as ? await token(as) : anon
    const r = await page.request.get(`${url}/rest/v1/${path}`, { headers: { ...FRESH, apikey: anon, authorization: `Bearer ${auth}` } })
    return { status: r.status(), body: (await r.json().catch(() => null)) as T }
  }

  /** POST /rest/v1/<table> as the given user (what another tablet or the server would write). */
  async function insert(table: string, rows: unknown, as: { email: string; password: string }): Promise<void> {
    const r = await page.request.post(`${url}/rest/v1/${table}`, {
      headers: { ...FRESH, apikey: anon, authorization: `Bearer ${await token(as)}`, prefer: 'return=minimal' },
      data: rows,
    })
    expect(r.status(), `${table}: ${await r.text()}`).toBe(201)
  }

  return { url, anon, token, rest, insert }
}

/** The service worker controls the page: the app shell is cached for offline use. */
export async function waitForServiceWorker(page: Page) {
  // A synchronous predicate: waitForFunction takes a returned Promise as truthy.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 })
}

/** The panel header says everything local reached the server. */
export async function waitForSynced(page: Page) {
  await expect(page.getByTestId('cambios-pendientes')).toHaveText('Todo sincronizado', { timeout: 30_000 })
  await expect(page.getByTestId('ultima-sincronizacion')).toContainText('Sincronizado', { timeout: 30_000 })
}

/** Fills the open patient dialog's fields, by the start of each field's label. */
export async function fillPaciente(
  page: Page,
  values: Partial<Record<'Nombre' | 'Apellido' | 'DNI' | 'Teléfono' | 'Correo electrónico' | 'Nº de historia clínica', string>>,
) {
  const dialog = page.getByRole('dialog')
  for (const [label, value] of Object.entries(values)) {
    await dialog.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value)
  }
}
