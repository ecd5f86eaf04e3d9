import { BOOKING_MIN_FILL_MS } from '../../src/domain/booking-antispam.ts'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, viewports } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
import { nextPeruWeekday, typeDate } from './support/dates.ts'
import { fechaTexto } from '../../src/lib/dates/fecha-texto.ts'

test.describe('reserva en línea', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/#reservar')
    await expect(page.getByRole('combobox', { name: /Servicio/ })).toBeVisible()
    // Active treatments are loaded (the seed has 'Masaje Relajante').
    await expect(page.getByRole('combobox', { name: /Servicio/ }).locator('option', { hasText: 'Masaje Relajante' })).toHaveCount(1)
  })

  test('campos obligatorios y hora requerida con los textos de la especificación', async ({ page }) => {
    await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
    await expectToast(page, 'Error de Validación', 'Por favor completa todos los campos obligatorios (*). Nombre, email, servicio y fecha son requeridos.')
    await expect(page.getByRole('textbox', { name: /Nombre completo/ })).toBeFocused()

    await page.getByRole('textbox', { name: /Nombre completo/ }).fill('Lucía Ramos')
    await page.getByRole('textbox', { name: /Email/ }).fill('lucia@correo.pe')
    await page.getByRole('combobox', { name: /Servicio/ }).selectOption({ index: 1 })
    await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
    await expectToast(page, 'Error de Validación', 'Nombre, email, servicio y fecha son requeridos.')
    await expect(page.getByLabel(/Fecha preferida/)).toBeFocused()

    await typeDate(page.getByLabel(/Fecha preferida/), nextPeruWeekday(2))
    await expect(page.getByRole('combobox', { name: /Hora preferida/ })).toBeVisible()
    await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
    await expectToast(page, 'Error de Validación', 'Por favor, selecciona una hora preferida.')
    // Shown in Spanish (docs/decisions/0050-reserva-publica-en-espanol.md); the calendar's limits are in fechas-en-espanol.spec.ts.
    await expect(page.getByLabel(/Fecha preferida/)).toHaveValue(fechaTexto(nextPeruWeekday(2)))
    await expect(page.getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email')
  })

  test('horas de un día laborable cada 30 minutos sin el descanso; el domingo está cerrado', async ({ page }) => {
    await typeDate(page.getByLabel(/Fecha preferida/), nextPeruWeekday(1))
    const hora = page.getByRole('combobox', { name: /Hora preferida/ })
    await expect(hora).toBeVisible()
    const options = (await hora.locator('option').allTextContents()).filter((t) => t !== 'Selecciona una hora')
    expect(options[0]).toBe('09:00 am')
    expect(options.at(-1)).toBe('07:00 pm')
    expect(options).toContain('12:30 pm')
    expect(options).not.toContain('01:00 pm')
    expect(options).not.toContain('01:30 pm')
    expect(options).toContain('02:00 pm')
    expect(options).toHaveLength(19)

    await hora.selectOption('10:30 am')
    // Changing the date clears the chosen time.
    await typeDate(page.getByLabel(/Fecha preferida/), nextPeruWeekday(3))
    await expect(page.getByRole('combobox', { name: /Hora preferida/ })).toHaveValue('')

    await typeDate(page.getByLabel(/Fecha preferida/), nextPeruWeekday(0))
    await expectToast(page, 'Horarios no disponibles')
    await expect(page.getByText('No hay horarios configurados o disponibles para este día.')).toBeVisible()
    await expect(page.getByRole('combobox', { name: /Hora preferida/ })).toHaveCount(0)
  })

  test('una solicitud válida se guarda: la ve el administrador, no el público', async ({ page }) => {
    await page.setViewportSize(viewports.desktop)
    const email = `reserva-${Date.now()}@correo.pe`
    // The form sends only once a person could have filled it (docs/decisions/0041-reservas-antispam.md):
    // the page's clock is moved past that minimum before the tap, whatever this machine's speed.
    await page.clock.install()
    // Arriving from a card: ?service= preselects the treatment.
    await page.goto('/?service=Reflexolog%C3%ADa#reservar')
    const servicio = page.getByRole('combobox', { name: /Servicio/ })
    await expect(servicio.locator('option:checked')).toHaveText(/Reflexología/)
    await page.getByRole('textbox', { name: /Nombre completo/ }).fill('Rosa Mamani')
    await page.getByRole('textbox', { name: /Email/ }).fill(email)
    await page.getByRole('textbox', { name: /Teléfono/ }).fill('987 654 321')
    const fecha = nextPeruWeekday(4)
    await typeDate(page.getByLabel(/Fecha preferida/), fecha)
    await page.getByRole('combobox', { name: /Hora preferida/ }).selectOption('03:30 pm')
    await page.getByRole('textbox', { name: /Mensaje adicional/ }).fill('Primera visita.')
    await screenshot(page, 'publico-escritorio-reserva-llena')
    await expectAccessible(page, 'formulario de reserva')
    await page.clock.fastForward(BOOKING_MIN_FILL_MS)
    await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
    await expectToast(page, '¡Reserva Solicitada!', 'Hemos recibido tu solicitud. Te contactaremos pronto para confirmar tu cita.')
    // Form, hours and ?service= are reset.
    await expect(page.getByRole('textbox', { name: /Nombre completo/ })).toHaveValue('')
    await expect(page.getByRole('combobox', { name: /Hora preferida/ })).toHaveCount(0)
    await expect(page).not.toHaveURL(/service=/)

    const api = await backend(page)
    const asAdmin = await api.rest<Array<Record<string, unknown>>>(`tb_reservas?email_cliente=eq.${encodeURIComponent(email)}&select=*`, demo.admin)
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body).toHaveLength(1)
    expect(asAdmin.body[0]).toMatchObject({
      nombre_cliente: 'Rosa Mamani',
      telefono_cliente: '987 654 321',
      nombre_tratamiento: 'Reflexología',
      fecha_reserva: fecha,
      hora_reserva: '03:30 pm',
      mensaje_adicional: 'Primera visita.',
      estado_reserva: 'pendiente',
    })
    const asAnon = await api.rest<unknown[]>(`tb_reservas?email_cliente=eq.${encodeURIComponent(email)}&select=*`)
    expect(asAnon.status === 200 ? asAnon.body : []).toEqual([])
  })

  test('sin conexión lo dice claramente y conserva lo escrito', async ({ page, context }) => {
    await page.getByRole('textbox', { name: /Nombre completo/ }).fill('Carmen Flores')
    await page.getByRole('textbox', { name: /Email/ }).fill('carmen@correo.pe')
    await page.getByRole('combobox', { name: /Servicio/ }).selectOption({ index: 1 })
    await typeDate(page.getByLabel(/Fecha preferida/), nextPeruWeekday(5))
    await page.getByRole('combobox', { name: /Hora preferida/ }).selectOption('11:00 am')
    await goOffline(page)
    await expect(page.getByText('Estás sin conexión')).toBeVisible()
    await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
    await expectToast(page, 'Sin conexión a internet', 'Tus datos siguen en el formulario')
    await expect(page.getByRole('textbox', { name: /Nombre completo/ })).toHaveValue('Carmen Flores')
    await expect(page.getByRole('combobox', { name: /Hora preferida/ })).toHaveValue('11:00 am')
    await screenshot(page, 'publico-escritorio-reserva-sin-conexion')
    await expectAccessible(page, 'reserva sin conexión')
    await context.setOffline(false)
  })
})
