/**
 * The header's sync status from the one status machine (docs/decisions/0035): it never
 * contradicts itself across an offline reload with the Wi-Fi up and the server out of
 * reach, during a first download, or after the session ended; and a sign-out with the
 * server out of reach answers at once, without 'Error al cerrar sesión'.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import type { BrowserContext, Page, Route } from '@playwright/test'
import { productTables } from '../../sync/tables/product-tables.ts'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, fillPaciente, goOffline, screenshot, signIn, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'

const conexion = (page: Page) => page.getByTestId('estado-conexion')
const cambios = (page: Page) => page.getByTestId('cambios-pendientes')
const ultima = (page: Page) => page.getByTestId('ultima-sincronizacion')
const problemas = (page: Page) => page.getByTestId('problemas-sincronizacion')

/** The API the app syncs with (the page and its files are served apart and stay reachable). */
const API = /\/(rest|auth|functions)\/v1\//

/** The Wi-Fi is up (navigator.onLine stays true) but nothing reaches the server. */
async function cutServer(context: BrowserContext) {
  // On the context: requests that pass through the service worker are cut too.
  await context.route(API, (route) => route.abort('internetdisconnected'))
  await context.routeWebSocket(/\/realtime\/v1\//, (ws) => ws.close())
}

/** Every state of the status chips, from the first paint of every page load. */
async function recordHeader(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __header?: string[] }
    const seen: string[] = (w.__header = [])
    const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''
    const record = () => {
      if (!document.querySelector('[data-testid="estado-conexion"]')) return
      const state = [text('estado-conexion'), text('cambios-pendientes'), text('ultima-sincronizacion')].join(' | ')
      if (seen[seen.length - 1] !== state) seen.push(state)
    }
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true })
  })
}
const headerHistory = (page: Page) => page.evaluate(() => (window as unknown as { __header?: string[] }).__header ?? [])

/** The header alone, at 1280×800 and at 390×844. */
async function shootHeader(page: Page, name: string) {
  mkdirSync('tests/artifacts/screenshots', { recursive: true })
  const before = page.viewportSize()
  for (const [label, size] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size)
    await page.evaluate(() => document.fonts.ready)
    await page.locator('header').first().screenshot({ path: `tests/artifacts/screenshots/estado-${name}-${label}.png`, animations: 'disabled' })
  }
  if (before) await page.setViewportSize(before)
}

async function verifierSaved(page: Page, email: string) {
  await expect.poll(() => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('spa-lima.offline-verifiers') ?? '{}')))).toContain(email)
}

test('Wi-Fi sin internet: tras recargar no dice «En línea» ni olvida la última sincronización; cerrar sesión responde al momento', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, demo.staff)
  await waitForServiceWorker(page)
  await waitForSynced(page)
  await expect(conexion(page)).toHaveText('En línea')
  await expect(page.getByTestId('problemas-aviso')).toHaveCount(0)
  await shootHeader(page, 'sincronizado')

  await recordHeader(page)
  await cutServer(context)
  await page.reload()
  await expect(conexion(page)).toHaveText('Sin conexión con el servidor')
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión con el servidor. Se reintentará automáticamente.' })).toBeVisible()
  await expect(cambios(page)).toHaveText('Todo sincronizado')
  // Remembered by the device, not 'Sin sincronizar todavía' beside 'Todo sincronizado'.
  await expect(ultima(page)).toHaveText(/^Sincronizado hace/)
  await expect(problemas(page)).toHaveText('Problemas de sincronización')
  await expect(page.getByTestId('problemas-aviso')).toHaveCount(0)
  await shootHeader(page, 'servidor-inalcanzable')
  const seen = await headerHistory(page)
  expect(
    seen.filter((s) => s.startsWith('En línea')),
    seen.join('\n'),
  ).toEqual([])

  // A write while the server is out of reach, then the sign-out: it warns at once and
  // signs out without asking the server (no 'Error al cerrar sesión').
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: /^Pacientes/ })
    .click()
  await page
    .getByRole('button', { name: /Registrar (Nuevo|Primer) Paciente/ })
    .first()
    .click()
  await fillPaciente(page, { Nombre: 'Wifi', Apellido: 'Sininternet', DNI: String(50_000_000 + Math.floor(Math.random() * 9_999_999)) })
  await page.getByRole('dialog').getByRole('button', { name: 'Registrar Paciente' }).click()
  await expect(cambios(page)).toHaveText('1 cambio por subir')
  await expect(ultima(page)).toHaveText(/^Última descarga hace/)
  await shootHeader(page, 'cambio-por-subir-sin-servidor')
  await page.getByRole('link', { name: 'Volver al panel' }).click()

  const logouts: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/auth/v1/logout')) logouts.push(r.url())
  })
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  const warning = page.getByRole('dialog', { name: 'Estás sin conexión' })
  await expect(warning).toContainText('Hay 1 cambio que aún no llega al servidor.')
  await warning.getByRole('button', { name: 'Cerrar sesión igualmente' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expectToast(page, 'Sesión cerrada', 'Hasta pronto.')
  await expect(page.getByText('Error al cerrar sesión')).toHaveCount(0)
  expect(logouts).toEqual([])
})

test('durante la primera descarga: barra y «Descargando datos…», nunca «Sincronizado hace …»', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  // More patients than one pull batch (1000): their table downloads in two batches.
  const rows = Array.from({ length: 1100 }, (_, i) => ({ id_paciente: randomUUID(), nombre: 'Lote', apellido: `Descarga${i}` }))
  await recordHeader(page)
  await page.goto('/login')
  await (await backend(page)).insert('tb_pacientes', rows, demo.admin)

  const staffTables = productTables.filter((t) => !('adminOnly' in t && t.adminOnly)).length
  const firstAnswered = new Set<string>()
  const held: Route[] = []
  let holding = true
  await page.context().route('**/rest/v1/rpc/sync_pull', async (route) => {
    const table = (route.request().postDataJSON() as { p_table: string }).p_table
    if (holding && table === 'tb_pacientes' && firstAnswered.has(table)) {
      held.push(route)
      return
    }
    const response = await route.fetch()
    await route.fulfill({ response })
    firstAnswered.add(table)
  })
  await signIn(page, demo.staff)
  // Every table answered its first batch; the patients' second batch is held.
  await expect.poll(() => firstAnswered.size, { timeout: 60_000 }).toBe(staffTables)
  await expect.poll(() => held.length, { timeout: 60_000 }).toBeGreaterThan(0)
  await expect(page.getByText(/^Descargando los datos del spa a este equipo… \d+%$/)).toBeVisible()
  await expect(cambios(page)).toHaveText('Descargando datos…')
  await expect(ultima(page)).toHaveText('Sin sincronizar todavía')
  await expect(conexion(page)).toHaveText('En línea')
  await shootHeader(page, 'primera-descarga')

  holding = false
  for (const route of held.splice(0)) await route.continue()
  await waitForSynced(page)
  // From the first paint on: never 'Sincronizado …' nor 'Todo sincronizado' before the
  // download finished.
  const seen = await headerHistory(page)
  const done = seen.findIndex((s) => s.includes('Todo sincronizado'))
  expect(done, seen.join('\n')).toBeGreaterThan(0)
  expect(
    seen.slice(0, done).filter((s) => s.includes('Sincronizado')),
    seen.join('\n'),
  ).toEqual([])
})

test('una sesión terminada: «Sesión terminada» y «Sincronización en pausa», nunca «En línea» con «Todo sincronizado»', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, demo.staff)
  await waitForServiceWorker(page)
  await verifierSaved(page, demo.staff.email)
  await waitForSynced(page)

  // Signed in offline, then reloaded: the password is no longer in memory, so when the
  // network returns the device has no server session to sync with.
  await goOffline(page)
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, demo.staff)
  await recordHeader(page)
  await page.reload()
  await expect(conexion(page)).toHaveText('Sin conexión')
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))

  const ended = 'Tu sesión terminó. Inicia sesión de nuevo para sincronizar; tus cambios pendientes se conservan.'
  await expect(page.getByRole('status').filter({ hasText: ended })).toBeVisible({ timeout: 30_000 })
  await expect(conexion(page)).toHaveText('Sesión terminada')
  await expect(cambios(page)).toHaveText('Sincronización en pausa')
  await expect(ultima(page)).toHaveText(/^Última descarga hace/)
  await shootHeader(page, 'sesion-terminada')

  // The password confirmed: the session is back and so is the sync.
  await page.getByRole('button', { name: 'Confirmar contraseña' }).click()
  await page.getByRole('dialog', { name: 'Confirma tu contraseña' }).getByLabel('Contraseña').fill(demo.staff.password)
  await screenshot(page, 'panel-confirmar-contrasena')
  await page.getByRole('dialog', { name: 'Confirma tu contraseña' }).getByRole('button', { name: 'Conectar' }).click()
  await expect(conexion(page)).toHaveText('En línea', { timeout: 30_000 })
  await waitForSynced(page)
})
