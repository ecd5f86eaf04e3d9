import { expect, test } from './support/fixtures.ts'
import type { Page } from '@playwright/test'
import { backend, demo, expectAccessible, screenshot, signIn, toastRegion, viewports } from './support/app.ts'
import { expectToast } from './support/toasts.ts'

/**
 * The hub's greeting: the panel is on screen and its session rules run. Any level-1
 * heading would not do: the address turns to /control-citas as soon as the router starts
 * loading the panel, while /login's «Acceso Admin» is still shown, and a clock moved then
 * ran ahead of a panel that did not yet exist (docs/decisions/0058-arranque-rapido.md).
 */
const panelHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /^(Buenos días|Buenas tardes|Buenas noches), Recepción$/ })

test.describe('inicio de sesión y reglas de sesión', () => {
  test('/login: campos vacíos y credenciales incorrectas', async ({ page }) => {
    await page.setViewportSize(viewports.tabletPortrait)
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Acceso Admin' })).toBeVisible()
    await screenshot(page, 'panel-tableta-login')
    await expectAccessible(page, '/login')

    await page.getByRole('button', { name: 'Ingresar' }).click()
    await expectToast(page, 'Campos incompletos', 'Por favor, ingresa tu correo y contraseña.')

    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(demo.staff.email)
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('no-es-la-clave')
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await expectToast(page, 'Error de inicio de sesión', 'Email o contraseña incorrectos.')
    await expect(page).toHaveURL(/\/login/)
  })

  test('demasiados intentos fallidos muestran el aviso de límite', async ({ page }) => {
    const email = `limite-${Date.now()}@spa.local`
    await page.goto('/login')
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email)
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('incorrecta')
    // The embedded Auth blocks an email after 5 failures in 5 minutes (GoTrue-like 429).
    for (let i = 0; i < 5; i++) {
      await page.getByRole('button', { name: 'Ingresar' }).click()
      await expectToast(page, 'Email o contraseña incorrectos.')
      // Cleared before the next try, so each try's toast is its own. It may close by
      // itself first (auto-close) while the click waits: either way it must be gone.
      await page
        .getByRole('button', { name: 'Cerrar notificación' })
        .click({ timeout: 5_000 })
        .catch(() => {})
      await expect(toastRegion(page)).not.toContainText('Email o contraseña incorrectos.')
    }
    await page.getByRole('button', { name: 'Ingresar' }).click()
    await expectToast(page, 'Error de inicio de sesión', 'Demasiados intentos. Espera un momento antes de intentar nuevamente.')
  })

  test('una ruta protegida pide iniciar sesión y luego vuelve al origen', async ({ page }) => {
    // A first sync must never show the spa's specialists as missing, not even for a frame:
    // every empty-state heading drawn while the page lives is recorded.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __vacios: string[] }).__vacios = [])
      new MutationObserver(() => {
        for (const h of document.querySelectorAll('h2')) if (h.textContent?.startsWith('Aún no hay') && !seen.includes(h.textContent)) seen.push(h.textContent)
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    await page.goto('/control-citas/especialistas')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcontrol-citas%2Fespecialistas/)
    await signIn(page, demo.staff, { expectUrl: /\/control-citas\/especialistas$/ })
    await expectToast(page, 'Bienvenido de nuevo, Recepción!')
    await expect(page.getByRole('heading', { level: 1, name: 'Especialistas' })).toBeVisible()
    await expect(page.getByRole('searchbox', { name: 'Buscar especialistas' })).toBeVisible()
    await expect(page.getByRole('row', { name: /Lucía Quispe/ })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __vacios: string[] }).__vacios)).toEqual([])
    // Signed in, /login goes straight to the panel.
    await page.goto('/login')
    await expect(page).toHaveURL(/\/control-citas$/)
  })

  test('personal: sin mosaicos de administrador, acceso denegado a sus pantallas', async ({ page }) => {
    await page.setViewportSize(viewports.tabletPortrait)
    await signIn(page, demo.staff)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Buenos días|Buenas tardes|Buenas noches), Recepción$/)
    await expect(page.getByText('Administrador', { exact: true })).toHaveCount(0)
    const tiles = page.getByRole('navigation', { name: 'Secciones del panel' })
    for (const name of ['Reservas', 'Citas Programadas', 'Pagos', 'Venta de Productos', 'Pacientes', 'Tratamientos', 'Horarios', 'Especialistas']) {
      await expect(tiles.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible()
    }
    await expect(tiles.getByRole('link', { name: /^Egresos/ })).toHaveCount(0)
    await screenshot(page, 'panel-tableta-vertical-hub-personal')
    await expectAccessible(page, 'hub (personal)')

    await page.getByRole('button', { name: 'Configuración' }).click()
    await expectToast(page, 'Acceso Denegado', 'Solo los administradores pueden acceder a la configuración de usuarios.')
    await expect(page).toHaveURL(/\/control-citas$/)

    for (const admin of ['usuarios', 'egresos', 'conciliacion-bancaria']) {
      await page.goto(`/control-citas/${admin}`)
      await expect(page).toHaveURL(/\/control-citas$/)
      await expectToast(page, 'Acceso Denegado', 'Solo los administradores pueden acceder a esta sección.')
    }
  })

  test('administrador: saludo, etiqueta, mosaicos con corona y configuración', async ({ page }) => {
    await page.setViewportSize(viewports.tabletLandscape)
    await signIn(page, demo.admin)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Buenos días|Buenas tardes|Buenas noches), Administración$/)
    await expect(page.getByText('Administrador', { exact: true })).toBeVisible()
    const tiles = page.getByRole('navigation', { name: 'Secciones del panel' })
    for (const name of ['Egresos', 'Conciliación Bancaria', 'Usuarios']) {
      const tile = tiles.getByRole('link', { name: new RegExp(`${name}`) })
      await expect(tile).toBeVisible()
      await expect(tile.getByLabel('Solo administradores')).toBeVisible()
    }
    await screenshot(page, 'panel-tableta-horizontal-hub-admin')
    await expectAccessible(page, 'hub (admin)')
    await page.getByRole('button', { name: 'Configuración' }).click()
    await expect(page).toHaveURL(/\/control-citas\/usuarios$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Mantenimiento de Usuarios' })).toBeVisible()
    await expect(page.getByRole('searchbox', { name: 'Buscar usuarios' })).toBeVisible()
  })

  test('cada sección del panel abre su pantalla; una dirección desconocida dice que no existe', async ({ page }) => {
    await page.setViewportSize(viewports.tabletPortrait)
    await signIn(page, demo.admin)
    for (const [slug, title] of [
      ['reservas', 'Reservas'],
      ['citas-confirmadas', 'Citas Programadas'],
      ['pagos', 'Pagos'],
      ['compra-productos', 'Venta de Productos'],
      ['pacientes', 'Pacientes'],
      ['tratamientos', 'Tratamientos y productos'],
      ['horarios', 'Horarios'],
      ['especialistas', 'Especialistas'],
      ['egresos', 'Gestión de Egresos'],
      ['conciliacion-bancaria', 'Conciliación Bancaria'],
      ['usuarios', 'Mantenimiento de Usuarios'],
    ]) {
      await page.goto(`/control-citas/${slug}`)
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible()
      await expect(page.getByText('Esta sección no existe')).toHaveCount(0)
    }
    await page.goto('/control-citas/no-existe')
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible()
    await expect(page.getByText('Esta sección no existe')).toBeVisible()
    await expect(page.getByRole('group', { name: 'Estado de sincronización' })).toBeVisible()
    await screenshot(page, 'panel-tableta-seccion-inexistente')
    await expectAccessible(page, 'sección inexistente')
    await page.getByRole('link', { name: 'Volver al panel' }).click()
    await expect(page).toHaveURL(/\/control-citas$/)
  })

  test('cerrar sesión vuelve a /login', async ({ page }) => {
    await signIn(page, demo.staff)
    await page.getByRole('button', { name: 'Cerrar sesión' }).click()
    await expect(page).toHaveURL(/\/login/)
    await expectToast(page, 'Sesión cerrada')
    await page.goto('/control-citas')
    await expect(page).toHaveURL(/\/login/)
  })

  test('una hora sin actividad cierra la sesión', async ({ page }) => {
    await page.clock.install()
    await signIn(page, demo.staff)
    await expect(panelHeading(page)).toBeVisible()
    // 59 minutes idle: still signed in.
    await page.clock.fastForward('59:00')
    await expect(page).toHaveURL(/\/control-citas$/)
    // Activity resets the hour.
    await page.mouse.move(200, 200)
    await page.mouse.move(260, 240)
    await page.clock.fastForward('30:00')
    await expect(page).toHaveURL(/\/control-citas$/)
    await page.clock.fastForward('30:01')
    await expect(page).toHaveURL(/\/login/)
    await expectToast(page, 'Sesión cerrada por inactividad')
    await page.goto('/control-citas')
    await expect(page).toHaveURL(/\/login/)
  })

  test('una sesión que el servidor ya no reconoce termina con «Sesión expirada»', async ({ page }) => {
    await page.clock.install()
    await signIn(page, demo.staff)
    await expect(panelHeading(page)).toBeVisible()
    // Signed out everywhere from another device: the refresh token is revoked.
    const accessToken = await page.evaluate(() => (JSON.parse(localStorage.getItem('spa-lima-auth') ?? '{}') as { access_token?: string }).access_token)
    const api = await backend(page)
    const logout = await page.request.post(`${api.url}/auth/v1/logout?scope=global`, { headers: { apikey: api.anon, authorization: `Bearer ${accessToken}` } })
    expect(logout.status()).toBe(204)
    await page.clock.fastForward('30:00')
    await page.mouse.move(120, 300)
    // supabase-js refreshes near the token's expiry and the server refuses; while the
    // access token is still valid it keeps the session (2.109 behaviour).
    await page.clock.fastForward('29:30')
    await expect(page).toHaveURL(/\/control-citas$/)
    // Past the expiry, the 5-minute check finds no usable session.
    await page.clock.fastForward('05:00')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcontrol-citas$/)
    await expectToast(page, 'Sesión expirada')
  })

  test('«Limpiar sesión» borra la sesión guardada', async ({ page }) => {
    await page.goto('/login')
    await page.evaluate(() => localStorage.setItem('spa-lima-auth', '{"roto":true}'))
    await page.getByRole('button', { name: 'Limpiar sesión (si tienes problemas)' }).click()
    await expectToast(page, 'Sesión limpiada')
    expect(await page.evaluate(() => localStorage.getItem('spa-lima-auth'))).toBeNull()
    await expect(toastRegion(page)).toBeVisible()
  })

  test('un administrador degradado mientras está en una pantalla de administración sale con «Acceso Denegado»', async ({ page }) => {
    await page.goto('/login')
    const api = await backend(page)
    const adminToken = await api.token(demo.admin)
    const call = async (body: Record<string, unknown>) => {
      const r = await page.request.post(`${api.url}/functions/v1/admin-users`, {
        headers: { apikey: api.anon, authorization: `Bearer ${adminToken}` },
        data: body,
      })
      expect(r.ok(), await r.text()).toBe(true)
      return ((await r.json()) as { usuario: { id_usuario: string } }).usuario
    }
    const temporal = { email: `admin-temporal-${Date.now()}@spa.local`, password: 'temporal1234' }
    const usuario = await call({ action: 'create', nombre: 'Admin Temporal', email: temporal.email, password: temporal.password, is_admin: true })

    await signIn(page, temporal)
    await page.goto('/control-citas/egresos')
    await expect(page.getByRole('heading', { level: 1, name: 'Egresos' })).toBeVisible()

    // Another administrator removes the role; the tablet learns it from the server.
    await call({ action: 'update', id_usuario: usuario.id_usuario, is_admin: false })
    // Realtime usually tells within a second; the periodic pull (60 s) is the fallback a
    // missed hint on a busy machine still reaches.
    await expect(page).toHaveURL(/\/control-citas$/, { timeout: 75_000 })
    await expectToast(page, 'Acceso Denegado', 'Solo los administradores pueden acceder a esta sección.')
    await expect(page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: /^Egresos/ })).toHaveCount(0)
  })
})
