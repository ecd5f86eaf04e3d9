import { expect, test } from './support/fixtures.ts'
import { demo, goOffline, signIn, waitForServiceWorker } from './support/app.ts'

test.describe('PWA', () => {
  test('entrar al panel no inserta un enlace de precarga por cada módulo de la pantalla', async ({ page }) => {
    // A panel screen has 40–90 modules; one <link rel=modulepreload> each, inserted in the
    // task after 'Ingresar', took a slow tablet ~0.4 s (vite.config.ts, build.modulePreload).
    const preloads = () => page.locator('link[rel="modulepreload"]').count()
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible()
    const before = await preloads()
    await signIn(page, demo.staff)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect((await preloads()) - before).toBeLessThanOrEqual(32)
  })

  test('manifiesto en español, íconos y arranque en el panel', async ({ page }) => {
    const res = await page.request.get('/manifest.webmanifest')
    expect(res.ok()).toBe(true)
    const manifest = (await res.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; purpose?: string }> }
    expect(manifest).toMatchObject({
      name: 'Spa Lima — Control de Citas',
      short_name: 'Spa Lima',
      lang: 'es-PE',
      start_url: '/control-citas',
      display: 'standalone',
      theme_color: '#2c4d3e',
    })
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    for (const icon of manifest.icons) {
      const png = await page.request.get(icon.src)
      expect(png.headers()['content-type']).toBe('image/png')
    }
  })

  test('el sitio público no instala el service worker; /login sí, y Chromium lo considera instalable', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Spa Lima')
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0)

    await page.goto('/login')
    await waitForServiceWorker(page)
    const cdp = await page.context().newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }
    // Playwright's contexts are incognito, which Chromium reports on its own; every
    // criterion the app controls (manifest, icons, service worker, start_url) must pass.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([])
  })

  test('sin red, /login y cualquier página del panel abren desde el service worker', async ({ page, context }) => {
    await page.goto('/login')
    await waitForServiceWorker(page)
    await goOffline(page)
    await page.goto('/control-citas/pacientes')
    await expect(page).toHaveURL(/\/login\?redirect=/)
    await expect(page.getByRole('heading', { name: 'Acceso Admin' })).toBeVisible()
    // The home page's prerendered HTML (every route's shell) is not shown on panel routes.
    await expect(page.locator('#inicio')).toHaveCount(0)
    await context.setOffline(false)
  })
})
