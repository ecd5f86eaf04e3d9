import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, fillPaciente, goOffline, screenshot, signIn, viewports, waitForServiceWorker } from './support/app.ts'
import { expectToast } from './support/toasts.ts'

test('ingreso sin conexión de quien ya ingresó con conexión en este equipo; sincroniza al volver', async ({ page, context }) => {
  await page.setViewportSize(viewports.tabletLandscape)
  await signIn(page, demo.staff)
  await waitForServiceWorker(page)
  // The verifier of the password is saved a moment after an online sign-in.
  await expect.poll(() => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('spa-lima.offline-verifiers') ?? '{}')))).toContain(demo.staff.email)
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/login/)

  await goOffline(page)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Acceso Admin' })).toBeVisible()
  await expect(page.getByText('Sin conexión', { exact: true })).toBeVisible()
  await screenshot(page, 'panel-tableta-login-sin-conexion')
  await expectAccessible(page, '/login sin conexión')

  // Someone who never signed in on this device cannot get in offline.
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(demo.admin.email)
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(demo.admin.password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expectToast(page, 'Error de inicio de sesión', 'primero inicia sesión con conexión en este equipo')

  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(demo.staff.email)
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('otra-clave')
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expectToast(page, 'Error de inicio de sesión', 'Email o contraseña incorrectos.')

  // Watched from the click on: a toast closes by itself, and on a busy machine the panel
  // can take longer to appear than the toast stays.
  await Promise.all([expectToast(page, 'Bienvenido de nuevo, Recepción!', 'Ingresaste sin conexión'), signIn(page, demo.staff)])
  await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')

  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: /^Pacientes/ })
    .click()
  const dni = String(60_000_000 + Math.floor(Math.random() * 9_999_999))
  await page
    .getByRole('button', { name: /Registrar (Nuevo|Primer) Paciente/ })
    .first()
    .click()
  await fillPaciente(page, { Nombre: 'Elena', Apellido: 'Offline', DNI: dni })
  await page.getByRole('dialog').getByRole('button', { name: 'Registrar Paciente' }).click()
  await expectToast(page, '¡Paciente Registrado!')

  // Back online, the device signs in to the server with the password kept in memory.
  await context.setOffline(false)
  const api = await backend(page)
  await expect
    .poll(
      async () => {
        const { body } = await api.rest<Array<{ nombre: string }>>(`tb_pacientes?dni=eq.${dni}&select=nombre`, demo.admin)
        return Array.isArray(body) ? body[0]?.nombre : undefined
      },
      { timeout: 45_000 },
    )
    .toBe('Elena')
  await expect(page.getByTestId('cambios-pendientes')).toHaveText('Todo sincronizado')
})

test('cerrar sesión por inactividad conserva los cambios pendientes; cerrar sesión a mano sin conexión avisa antes', async ({ page, context }) => {
  await page.setViewportSize(viewports.tabletLandscape)
  await page.clock.install()
  await signIn(page, demo.staff)
  await waitForServiceWorker(page)
  await expect.poll(() => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('spa-lima.offline-verifiers') ?? '{}')))).toContain(demo.staff.email)
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: /^Pacientes/ })
    .click()
  await expect(page.getByTestId('cambios-pendientes')).toHaveText('Todo sincronizado')

  await goOffline(page)
  const dni = String(70_000_000 + Math.floor(Math.random() * 9_999_999))
  await page
    .getByRole('button', { name: /Registrar (Nuevo|Primer) Paciente/ })
    .first()
    .click()
  await fillPaciente(page, { Nombre: 'Inés', Apellido: 'Pendiente', DNI: dni })
  await page.getByRole('dialog').getByRole('button', { name: 'Registrar Paciente' }).click()
  await expect(page.getByTestId('cambios-pendientes')).toHaveText('1 cambio por subir')

  // An explicit sign-out while offline warns first; cancelling keeps everything.
  await page.getByRole('link', { name: 'Volver al panel' }).click()
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  const warning = page.getByRole('dialog', { name: 'Estás sin conexión' })
  await expect(warning).toContainText('Hay 1 cambio que aún no llega al servidor.')
  await screenshot(page, 'panel-tableta-aviso-cerrar-sesion')
  await expectAccessible(page, 'aviso al cerrar sesión')
  await warning.getByRole('button', { name: 'Cancelar' }).click()
  await expect(page).toHaveURL(/\/control-citas$/)

  // An hour idle signs out, keeping the local database and its pending write.
  await page.clock.fastForward('01:00:01')
  await expect(page).toHaveURL(/\/login/)
  await expectToast(page, 'Sesión cerrada por inactividad')
  await signIn(page, demo.staff, { expectUrl: /\/control-citas$/ })
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: /^Pacientes/ })
    .click()
  await expect(page.getByRole('row', { name: /Inés Pendiente/ }).filter({ hasText: dni })).toBeVisible()
  await expect(page.getByTestId('cambios-pendientes')).toHaveText('1 cambio por subir')

  await context.setOffline(false)
  const api = await backend(page)
  await expect
    .poll(
      async () => {
        const { body } = await api.rest<Array<{ nombre: string }>>(`tb_pacientes?dni=eq.${dni}&select=nombre`, demo.admin)
        return Array.isArray(body) ? body[0]?.nombre : undefined
      },
      { timeout: 45_000 },
    )
    .toBe('Inés')
})
