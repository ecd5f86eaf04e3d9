/**
 * docs/decisions/0023-device-database.md: the spa's data stays on the tablet
 * across sign-outs, a tablet without data says so, and the header, the sign-out dialog
 * and the problems page never disagree about what is waiting.
 */
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, fillPaciente, goOffline, screenshot, signIn, viewports, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'

const pill = (page: Page) => page.getByTestId('cambios-pendientes')

async function toPacientes(page: Page) {
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: /^Pacientes/ })
    .click()
}

async function verifierSaved(page: Page, email: string) {
  await expect.poll(() => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('spa-lima.offline-verifiers') ?? '{}')))).toContain(email)
}

/** Every text the header's upload pill shows, from the first paint of every page load. */
async function recordPill(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __pill?: string[] }
    const seen: string[] = (w.__pill = [])
    const record = () => {
      const text = document.querySelector('[data-testid="cambios-pendientes"]')?.textContent ?? null
      if (text !== null && seen[seen.length - 1] !== text) seen.push(text)
    }
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true })
  })
}
const pillHistory = (page: Page) => page.evaluate(() => (window as unknown as { __pill?: string[] }).__pill ?? [])

/** A patient registered on the server (by another tablet): 'Nombre Apellido'. */
async function seedPaciente(page: Page, nombre: string) {
  const apellido = `Continuidad${Math.floor(Math.random() * 1_000_000)}`
  await (await backend(page)).insert('tb_pacientes', { id_paciente: randomUUID(), nombre, apellido }, demo.admin)
  return `${nombre} ${apellido}`
}

test('cerrar sesión, perder internet e ingresar sin conexión al día siguiente: los pacientes siguen en el equipo', async ({ page }) => {
  await page.setViewportSize(viewports.tabletLandscape)
  await signIn(page, demo.staff)
  await waitForServiceWorker(page)
  await verifierSaved(page, demo.staff.email)
  const paciente = await seedPaciente(page, 'Carmen')
  await toPacientes(page)
  await waitForSynced(page)
  await expect(page.getByRole('row', { name: new RegExp(paciente) }).first()).toBeVisible()

  await page.getByRole('link', { name: 'Volver al panel' }).click()
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expectToast(page, 'Sesión cerrada', 'Hasta pronto.')

  await goOffline(page)
  await page.reload()
  await signIn(page, demo.staff)
  await expectToast(page, 'Bienvenido de nuevo, Recepción!', 'Ingresaste sin conexión')
  await toPacientes(page)
  await expect(page.getByRole('row', { name: new RegExp(paciente) }).first()).toBeVisible()
  await expect(page.getByText('Este equipo aún no tiene datos')).toHaveCount(0)
  await expect(pill(page)).toHaveText('Todo sincronizado')
  await screenshot(page, 'continuidad-pacientes-sin-conexion-tras-cerrar-sesion')
})

test('un equipo que nunca terminó su primera sincronización dice que aún no tiene datos, nunca «Todo sincronizado»', async ({ page, context }) => {
  await page.setViewportSize(viewports.tabletLandscape)
  await recordPill(page)
  // The server answers the sign-in but not the download: the first sync cannot finish.
  await page.route('**/rest/v1/rpc/sync_pull', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"mantenimiento"}' }))
  await signIn(page, demo.staff)
  await waitForServiceWorker(page)
  await toPacientes(page)
  await expect(page.getByRole('heading', { name: 'Este equipo aún no tiene datos' })).toBeVisible()
  await expect(page.getByText('Los datos del spa se descargarán automáticamente cuando haya conexión a internet.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Registrar Primer Paciente' })).toHaveCount(0)
  await expect(pill(page)).toHaveText('Descargando datos…')
  await screenshot(page, 'continuidad-equipo-sin-datos-descargando')

  // Offline and reloaded: still no data, and still not 'Todo sincronizado'.
  await goOffline(page)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Este equipo aún no tiene datos' })).toBeVisible()
  await expect(pill(page)).toHaveText('Sin datos en este equipo')
  await screenshot(page, 'continuidad-equipo-sin-datos-sin-conexion')
  await expectAccessible(page, 'equipo sin datos')
  expect(await pillHistory(page)).not.toContain('Todo sincronizado')

  // The connection comes back: the download finishes and only then is all in sync.
  await context.setOffline(false)
  const paciente = await seedPaciente(page, 'Julia')
  await page.unroute('**/rest/v1/rpc/sync_pull')
  await waitForSynced(page)
  await expect(page.getByRole('heading', { name: 'Este equipo aún no tiene datos' })).toHaveCount(0)
  await expect(page.getByRole('row', { name: new RegExp(paciente) }).first()).toBeVisible()
})

test('el encabezado, el aviso de cerrar sesión y la página de problemas dicen lo mismo en 5 recargas sin conexión', async ({ page }) => {
  await page.setViewportSize(viewports.tabletLandscape)
  await signIn(page, demo.staff)
  await waitForServiceWorker(page)
  await toPacientes(page)
  await waitForSynced(page)
  await goOffline(page)
  await page
    .getByRole('button', { name: /Registrar (Nuevo|Primer) Paciente/ })
    .first()
    .click()
  await fillPaciente(page, { Nombre: 'Rosa', Apellido: 'Recargas', DNI: String(40_000_000 + Math.floor(Math.random() * 9_999_999)) })
  await page.getByRole('dialog').getByRole('button', { name: 'Registrar Paciente' }).click()
  await expect(pill(page)).toHaveText('1 cambio por subir')
  await page.getByRole('link', { name: 'Volver al panel' }).click()

  await recordPill(page)
  for (let i = 1; i <= 5; i++) {
    await page.reload()
    await expect(pill(page)).toHaveText('1 cambio por subir')
    await page.getByRole('button', { name: 'Cerrar sesión' }).click()
    const warning = page.getByRole('dialog', { name: 'Estás sin conexión' })
    await expect(warning).toContainText('Hay 1 cambio que aún no llega al servidor.')
    await expect(pill(page)).toHaveText('1 cambio por subir')
    if (i === 1) await screenshot(page, 'continuidad-aviso-cerrar-sesion-cambio-guardado')
    await warning.getByRole('button', { name: 'Cancelar' }).click()
    await page.getByRole('link', { name: /^Problemas de sincronización/ }).click()
    await expect(page.getByTestId('problemas-cambios-pendientes')).toHaveText('Cambios de este equipo: 1 cambio por subir')
    await page.getByRole('link', { name: 'Volver al panel' }).click()
    // From the first paint on, the header never claimed that nothing was waiting.
    const seen = await pillHistory(page)
    expect(seen, `recarga ${i}: ${seen.join(' → ')}`).not.toContain('Todo sincronizado')
    expect(seen.every((t) => t === 'Revisando cambios…' || t === '1 cambio por subir'), `recarga ${i}: ${seen.join(' → ')}`).toBe(true)
  }
})

test('cambio de turno sin conexión: la recepcionista sale con un cambio sin subir, el administrador ingresa y trabaja; el cambio sube a nombre de ella cuando vuelve', async ({
  page,
  context,
}) => {
  await page.setViewportSize(viewports.tabletLandscape)
  // Both signed in online on this tablet before: that is what lets them in offline.
  await signIn(page, demo.admin)
  await waitForServiceWorker(page)
  await verifierSaved(page, demo.admin.email)
  await waitForSynced(page)
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, demo.staff)
  await verifierSaved(page, demo.staff.email)
  await toPacientes(page)
  await waitForSynced(page)

  await goOffline(page)
  const dni = String(50_000_000 + Math.floor(Math.random() * 9_999_999))
  await page
    .getByRole('button', { name: /Registrar (Nuevo|Primer) Paciente/ })
    .first()
    .click()
  await fillPaciente(page, { Nombre: 'Olga', Apellido: 'Dueña', DNI: dni })
  await page.getByRole('dialog').getByRole('button', { name: 'Registrar Paciente' }).click()
  await expect(pill(page)).toHaveText('1 cambio por subir')
  await page.getByRole('link', { name: 'Volver al panel' }).click()
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  const warning = page.getByRole('dialog', { name: 'Estás sin conexión' })
  await expect(warning).toContainText(
    'Queda guardado a tu nombre en este equipo y se subirá cuando vuelvas a iniciar sesión aquí con conexión; otra persona puede ingresar y trabajar mientras tanto.',
  )
  await screenshot(page, 'continuidad-aviso-cambio-de-turno')
  await warning.getByRole('button', { name: 'Cerrar sesión igualmente' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expectToast(page, 'Sesión cerrada')

  // Still offline, the administrator signs in and works on the tablet.
  await signIn(page, demo.admin)
  await toPacientes(page)
  await expect(page.getByRole('heading', { name: 'Pacientes' })).toBeVisible()
  await expect(page.getByRole('row', { name: /Olga Dueña/ })).toHaveCount(0)
  await page.getByRole('link', { name: /^Problemas de sincronización/ }).click()
  const grupo = page.getByRole('article', { name: `Cambios retenidos de ${demo.staff.email}` })
  await expect(grupo).toContainText(`1 cambio hecho sin conexión que aún no llega al servidor. Se subirá a su nombre cuando ${demo.staff.email} vuelva a iniciar sesión en este equipo.`)
  await expect(grupo).toContainText('Olga Dueña')
  await expect(grupo.getByRole('button', { name: 'Apartar' })).toBeVisible()
  await screenshot(page, 'continuidad-cambios-retenidos-de-otra-persona')
  await expectAccessible(page, 'cambios retenidos')

  // Back online under the administrator: the receptionist's patient does not go up as his.
  await context.setOffline(false)
  await page.getByRole('link', { name: 'Volver al panel' }).click()
  await waitForSynced(page)
  const api = await backend(page)
  const creado = async () => {
    const { body } = await api.rest<Array<{ nombre: string }>>(`tb_pacientes?dni=eq.${dni}&select=nombre`, demo.admin)
    return Array.isArray(body) ? body.length : -1
  }
  expect(await creado()).toBe(0)
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/login/)

  // The receptionist signs in: her write goes up as hers.
  await signIn(page, demo.staff)
  await expect.poll(creado, { timeout: 45_000 }).toBe(1)
  await waitForSynced(page)
  await toPacientes(page)
  await expect(page.getByRole('row', { name: /Olga Dueña/ }).filter({ hasText: dni })).toBeVisible()
})

test('«Cerrar sesión y borrar los datos de este equipo» pide confirmación y no deja ingresar sin conexión', async ({ page }) => {
  await page.setViewportSize(viewports.tabletLandscape)
  await signIn(page, demo.staff)
  await waitForServiceWorker(page)
  await verifierSaved(page, demo.staff.email)
  await waitForSynced(page)
  await page.getByRole('button', { name: 'Otras opciones de salida' }).click()
  await page.getByRole('menuitem', { name: 'Cerrar sesión y borrar los datos de este equipo' }).click()
  const dialog = page.getByRole('dialog', { name: '¿Borrar los datos de este equipo?' })
  await expect(dialog).toContainText('Se borrarán de este equipo los datos del spa')
  await screenshot(page, 'continuidad-borrar-datos-del-equipo')
  await expectAccessible(page, 'borrar los datos del equipo')
  await dialog.getByRole('button', { name: 'Borrar datos y cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expectToast(page, 'Sesión cerrada')

  await goOffline(page)
  await page.reload()
  await signIn(page, demo.staff, { expectUrl: /\/login/ })
  await expectToast(page, 'Error de inicio de sesión', 'primero inicia sesión con conexión en este equipo')
})

test('un cierre de sesión que el servidor no confirma dice «Error al cerrar sesión», sin avisos de sesión expirada', async ({ page }) => {
  await page.setViewportSize(viewports.tabletLandscape)
  await page.addInitScript(() => {
    const w = window as unknown as { __expiredShown?: boolean }
    w.__expiredShown = false
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('renovando el acceso')) w.__expiredShown = true
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  await signIn(page, demo.staff)
  await waitForSynced(page)
  await page.route('**/auth/v1/logout**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"msg":"fallo interno"}' }))
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expectToast(page, 'Error al cerrar sesión', 'No se pudo avisar al servidor. En este equipo la sesión sí se cerró.')
  await expect(page.getByText('Hasta pronto.')).toHaveCount(0)
  expect(await page.evaluate(() => (window as unknown as { __expiredShown?: boolean }).__expiredShown)).toBe(false)
  await page.goto('/control-citas')
  await expect(page).toHaveURL(/\/login/)
})
