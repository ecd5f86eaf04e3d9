/**
 * The public booking form as a new visitor meets it (docs/decisions/0022-endurecimiento-ux.md): a
 * closed day is never sent, the network going off says plainly that booking needs a
 * connection and keeps what was typed, and on a phone neither the WhatsApp button nor a
 * toast hides what the visitor needs. Against spam (docs/decisions/0041-reservas-antispam.md):
 * a trap field no person sees, a minimum time from the form's render to sending, and a
 * per-device limit the server applies, each with its own Spanish text and nothing lost.
 */
import type { Locator, Page } from '@playwright/test'
import { BOOKING_MIN_FILL_MS } from '../../src/domain/booking-antispam.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, toastRegion, viewports } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
import { nextPeruWeekday, typeDate } from './support/dates.ts'
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
  await typeDate(page.getByLabel(/Fecha preferida/), nextPeruWeekday(0))
  await expectToast(page, 'Horarios no disponibles', 'No atendemos ese día (domingo)')
  await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
  await expectToast(page, 'Error de Validación', 'Ese día no tenemos horas disponibles (no atendemos o no hay horarios configurados). Por favor elige otra fecha.')
  await expect(page.getByLabel(/Fecha preferida/)).toBeFocused()
  expect(posts).toEqual([])
})

test('sin conexión antes de llegar al formulario: lo dice y el sitio sigue en pie; al volver, el formulario aparece', async ({ page, context }) => {
  await page.goto('/')
  // The app has taken the prerendered page over (the fixture's goto): the form's code is not loaded yet.
  await expect(page.locator('#reservar')).toBeAttached()
  await goOffline(page)
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
  await goOffline(page)
  await expect(page.getByRole('status').filter({ hasText: 'Estás sin conexión' })).toContainText(
    'Para solicitar una reserva necesitas conexión a internet. Lo que escribas se guarda en este formulario',
  )
  await typeDate(page.getByLabel(/Fecha preferida/), nextPeruWeekday(2))
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

test.describe('contra el spam, sin molestar a una persona', () => {
  const CHECK_AGAIN = 'Antes de enviarla, revisa que tus datos estén bien y vuelve a tocar «Solicitar Reserva».'
  const enviar = (page: Page) => page.getByRole('button', { name: 'Solicitar Reserva' })
  const nombre = (page: Page) => page.getByRole('textbox', { name: /Nombre completo/ })
  const hora = (page: Page) => page.getByRole('combobox', { name: /Hora preferida/ })

  /** A Tuesday some weeks ahead, away from the days other spec files fill with citas. */
  function martes(semanas: number): string {
    const d = new Date(`${nextPeruWeekday(2)}T12:00:00Z`)
    d.setUTCDate(d.getUTCDate() + 7 * semanas)
    return d.toISOString().slice(0, 10)
  }

  async function abrir(page: Page) {
    await page.goto('/#reservar')
    await expect(page.getByRole('combobox', { name: /Servicio/ }).locator('option', { hasText: 'Masaje Relajante' })).toHaveCount(1)
  }

  async function llenar(page: Page, email: string, fecha: string) {
    await nombre(page).fill('Rosa Mamani')
    await page.getByRole('textbox', { name: /Email/ }).fill(email)
    await page.getByRole('combobox', { name: /Servicio/ }).selectOption({ label: 'Masaje Relajante — 60 min · S/ 150.00' })
    await typeDate(page.getByLabel(/Fecha preferida/), fecha)
    await expect(hora(page).locator('option', { hasText: '10:00 am' })).toHaveCount(1)
    await hora(page).selectOption('10:00 am')
  }

  test('el campo trampa no se ve ni se alcanza con el teclado; si un robot lo llena no se envía nada, y el segundo toque envía', async ({ page }) => {
    const posts = reservaPosts(page)
    await page.clock.install()
    await abrir(page)
    const trampa = page.locator('input[name="sitio_web"]')
    await expect(trampa).toHaveAttribute('tabindex', '-1')
    await expect(trampa).toHaveAttribute('autocomplete', 'off')
    // Out of the accessibility tree and off the screen.
    await expect(page.getByRole('textbox', { name: /Sitio web/ })).toHaveCount(0)
    const b = await box(trampa)
    expect(b.x + b.width).toBeLessThanOrEqual(0)
    // The keyboard goes from the last field to the button.
    await page.getByRole('textbox', { name: /Mensaje adicional/ }).focus()
    await page.keyboard.press('Tab')
    await expect(enviar(page)).toBeFocused()

    await llenar(page, `trampa-${Date.now()}@correo.pe`, martes(10))
    // Past the minimum time, so only the trap can hold the request back.
    await page.clock.fastForward(BOOKING_MIN_FILL_MS)
    await trampa.fill('https://ofertas.example') // what a form-filling bot does
    await enviar(page).click()
    await expectToast(page, 'Revisa tu solicitud', CHECK_AGAIN)
    expect(posts).toEqual([])
    await expect(nombre(page)).toHaveValue('Rosa Mamani')
    await expect(hora(page)).toHaveValue('10:00 am')
    await expect(trampa).toHaveValue('')
    await expectAccessible(page, 'formulario con el campo trampa')

    await enviar(page).click()
    await expectToast(page, '¡Reserva Solicitada!')
    expect(posts).toHaveLength(1)
  })

  test('enviar antes de que una persona pueda llenar el formulario pide revisarlo, conserva todo, y el segundo toque envía', async ({ page }) => {
    const posts = reservaPosts(page)
    await page.clock.install()
    await abrir(page)
    // The page's clock stands still from here: however long the typing takes on this
    // machine, for the form no time passes between the first field and the tap.
    await page.clock.pauseAt(Date.now() + 1_000)
    await llenar(page, `rapido-${Date.now()}@correo.pe`, martes(11))
    await enviar(page).click()
    await expectToast(page, 'Revisa tu solicitud', CHECK_AGAIN)
    await screenshot(page, 'publico-escritorio-reserva-demasiado-rapida')
    expect(posts).toEqual([])
    await expect(nombre(page)).toHaveValue('Rosa Mamani')
    await expect(hora(page)).toHaveValue('10:00 am')

    // The time a person takes to read the notice and tap again.
    await page.clock.runFor(BOOKING_MIN_FILL_MS)
    await page.clock.resume()
    await enviar(page).click()
    await expectToast(page, '¡Reserva Solicitada!')
    expect(posts).toHaveLength(1)
  })

  test('un dispositivo que ya envió varias solicitudes hoy recibe un texto claro, sin cuántas, y lo escrito se queda', async ({ page }) => {
    const posts = reservaPosts(page)
    await page.clock.install()
    await abrir(page)
    const fecha = martes(12)
    await llenar(page, `disp-0-${Date.now()}@correo.pe`, fecha)
    await page.clock.fastForward(BOOKING_MIN_FILL_MS)
    await enviar(page).click()
    await expectToast(page, '¡Reserva Solicitada!')
    // The form made a random device id and sent it with the request.
    const device = await page.evaluate(() => localStorage.getItem('spa-lima.dispositivo'))
    expect(device).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)

    // Four more from the same device (each from its own email), straight to the server.
    const api = await backend(page)
    const { body: masaje } = await api.rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`, demo.admin)
    for (let i = 1; i <= 4; i++) {
      const r = await page.request.post(`${api.url}/rest/v1/tb_reservas`, {
        headers: { connection: 'close', apikey: api.anon, authorization: `Bearer ${api.anon}`, prefer: 'return=minimal', 'x-spa-dispositivo': device! },
        data: {
          nombre_cliente: 'Rosa Mamani',
          email_cliente: `disp-${i}-${Date.now()}@correo.pe`,
          id_tratamiento: masaje[0]!.id_tratamiento,
          nombre_tratamiento: 'Masaje Relajante',
          fecha_reserva: fecha,
          hora_reserva: '10:00 am',
          estado_reserva: 'pendiente',
        },
      })
      expect(r.status(), await r.text()).toBe(201)
    }

    await llenar(page, `disp-6-${Date.now()}@correo.pe`, fecha)
    await enviar(page).click()
    const aviso = 'Hoy ya recibimos varias solicitudes desde este dispositivo. Te contactaremos pronto; si necesitas otra cita, escríbenos por WhatsApp.'
    await expectToast(page, 'Solicitudes ya recibidas', aviso)
    await expect(toastRegion(page)).not.toContainText(/\d/)
    await expect(toastRegion(page)).not.toContainText('Intenta de nuevo')
    await expect(nombre(page)).toHaveValue('Rosa Mamani')
    await expect(hora(page)).toHaveValue('10:00 am')
    expect(posts).toHaveLength(2)
    await screenshot(page, 'publico-escritorio-reserva-limite-dispositivo')
  })
})
