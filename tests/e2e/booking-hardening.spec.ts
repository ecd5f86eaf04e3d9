/**
 * The public booking form as a new visitor meets it (docs/decisions/0022-endurecimiento-ux.md): a
 * closed day is never sent, the network going off says plainly that booking needs a
 * connection and keeps what was typed, and on a phone neither the WhatsApp button nor a
 * toast hides what the visitor needs.
 */
import type { Locator, Page } from '@playwright/test'
import { expectToast, screenshot, toastRegion, viewports } from './support/app.ts'
import { nextPeruWeekday } from './support/dates.ts'
import { expect, test } from './support/fixtures.ts'

/** POSTs to tb_reservas the page sends from now on. */
function reservaPosts(page: Page): string[] {
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/rest/v1/tb_reservas')) posts.push(r.url())
  })
  return posts
}

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  expect(b).not.toBeNull()
  return b!
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

test('un domingo (cerrado) no se envía: pide otra fecha', async ({ page }) => {
  const posts = reservaPosts(page)
  await page.goto('/#reservar')
  const servicio = page.getByRole('combobox', { name: /Servicio/ })
  await expect(servicio.locator('option', { hasText: 'Masaje Relajante' })).toHaveCount(1)
  await page.getByRole('textbox', { name: /Nombre completo/ }).fill('Lucía Ramos')
  await page.getByRole('textbox', { name: /Email/ }).fill('lucia@correo.pe')
  await servicio.selectOption({ index: 1 })
  await page.getByLabel(/Fecha preferida/).fill(nextPeruWeekday(0))
  await expectToast(page, 'Horarios no disponibles', 'No atendemos ese día (domingo)')
  await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
  await expectToast(page, 'Error de Validación', 'Ese día no tenemos horas disponibles (no atendemos o no hay horarios configurados). Por favor elige otra fecha.')
  await expect(page.getByLabel(/Fecha preferida/)).toBeFocused()
  expect(posts).toEqual([])
})

test('sin conexión antes de llegar al formulario: lo dice y el sitio sigue en pie; al volver, el formulario aparece', async ({ page, context }) => {
  await page.goto('/')
  // The app has booted (the hero is prerendered HTML): the form's code is not loaded yet.
  await expect(page.locator('#reservar')).toBeAttached()
  await context.setOffline(true)
  await page.locator('#reservar').scrollIntoViewIfNeeded()
  await expect(page.locator('#reservar')).toContainText('Para solicitar una reserva necesitas conexión a internet.')
  // The rest of the page is still there (a failed chunk used to blank the whole site).
  await expect(page.getByRole('heading', { name: 'Visítanos' })).toBeAttached()
  await screenshot(page, 'publico-reserva-sin-conexion-antes-del-formulario')
  await context.setOffline(false)
  await expect(page.getByRole('combobox', { name: /Servicio/ }).locator('option', { hasText: 'Masaje Relajante' })).toHaveCount(1, { timeout: 30_000 })
})

test('sin conexión con el formulario abierto: lo dice claramente, conserva lo escrito y no culpa a la fecha', async ({ page, context }) => {
  const posts = reservaPosts(page)
  await page.goto('/#reservar')
  await expect(page.getByRole('combobox', { name: /Servicio/ }).locator('option', { hasText: 'Masaje Relajante' })).toHaveCount(1)
  await page.getByRole('textbox', { name: /Nombre completo/ }).fill('Carmen Flores')
  await page.getByRole('textbox', { name: /Email/ }).fill('carmen@correo.pe')
  await page.getByRole('combobox', { name: /Servicio/ }).selectOption({ index: 1 })
  await context.setOffline(true)
  await expect(page.getByRole('status').filter({ hasText: 'Estás sin conexión' })).toContainText(
    'Para solicitar una reserva necesitas conexión a internet. Lo que escribas se guarda en este formulario',
  )
  await page.getByLabel(/Fecha preferida/).fill(nextPeruWeekday(2))
  await expect(page.getByText('No pudimos cargar las horas de ese día. Revisa tu conexión e inténtalo de nuevo.')).toBeVisible()
  await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
  await expectToast(page, 'Sin conexión a internet', 'Tus datos siguen en el formulario')
  await expect(toastRegion(page)).not.toContainText('otra fecha')
  await expect(page.getByRole('textbox', { name: /Nombre completo/ })).toHaveValue('Carmen Flores')
  expect(posts).toEqual([])
  // Back online, the hours of the chosen date load without retyping anything.
  await context.setOffline(false)
  await expect(page.getByRole('combobox', { name: /Hora preferida/ })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('textbox', { name: /Email/ })).toHaveValue('carmen@correo.pe')
})

test.describe('en un teléfono', () => {
  test.use({ viewport: viewports.phone })

  test('el botón de WhatsApp no tapa «Solicitar Reserva» y el aviso de error no tapa el campo', async ({ page }) => {
    await page.goto('/')
    const whatsapp = page.getByRole('link', { name: 'Escríbenos por WhatsApp (se abre en una nueva pestaña)' })
    await expect(whatsapp).toBeVisible()
    await page.locator('#reservar').scrollIntoViewIfNeeded()
    const enviar = page.getByRole('button', { name: 'Solicitar Reserva' })
    await expect(enviar).toBeVisible()
    // Scrolled so the button lies at the bottom of the screen, where the chat button floats.
    await page.evaluate(() => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.includes('Solicitar Reserva'))!
      window.scrollBy({ top: b.getBoundingClientRect().bottom - window.innerHeight + 8, behavior: 'instant' })
    })
    // By its label attribute: stepped aside it is aria-hidden, out of the role tree.
    const fab = page.locator('a[aria-label="Escríbenos por WhatsApp (se abre en una nueva pestaña)"]')
    await expect
      .poll(async () => (await fab.isVisible()) && overlap((await box(enviar)), (await box(fab))), { message: 'WhatsApp sobre «Solicitar Reserva»' })
      .toBe(false)
    // The end of its text takes the tap (a trial click fails when something covers it).
    const b = await box(enviar)
    await enviar.click({ position: { x: b.width - 16, y: b.height / 2 }, trial: true, timeout: 5_000 })
    await screenshot(page, 'publico-telefono-reserva-boton')

    await enviar.click()
    await expectToast(page, 'Error de Validación')
    const nombre = page.getByRole('textbox', { name: /Nombre completo/ })
    await expect(nombre).toBeFocused()
    const aviso = toastRegion(page).getByRole('alert')
    await expect.poll(async () => overlap(await box(nombre), await box(aviso)), { message: 'el aviso tapa el campo Nombre completo' }).toBe(false)
    await expect(nombre).toBeInViewport({ ratio: 1 })
    await screenshot(page, 'publico-telefono-reserva-error')

    // Away from the form the chat button is back.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    await expect(whatsapp).toBeVisible()
  })
})
