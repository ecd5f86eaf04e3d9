/**
 * The public form offers only times the spa can honour and books a package as itself
 * (docs/decisions/0039-reserva-publica-honesta.md): free times come from
 * public.horas_disponibles once a service is chosen. Dates are weeks ahead, so the citas
 * other spec files of this worker book do not meet these.
 */
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { BOOKING_MIN_FILL_MS } from '../../src/domain/booking-antispam.ts'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, screenshot } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
import { nextPeruWeekday, typeDate } from './support/dates.ts'

/** The weekday `day` (0 = Sunday) `weeks` weeks after the next one. */
function weeksAhead(day: number, weeks: number): string {
  const d = new Date(`${nextPeruWeekday(day)}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 7 * weeks)
  return d.toISOString().slice(0, 10)
}

const desktop = { width: 1280, height: 800 }
const phone = { width: 390, height: 844 }

const servicio = (page: Page) => page.getByRole('combobox', { name: /Servicio/ })
const hora = (page: Page) => page.getByRole('combobox', { name: /Hora preferida/ })
const horas = async (page: Page) => (await hora(page).locator('option').allTextContents()).filter((t) => t !== 'Selecciona una hora')

test.describe('reserva pública honesta', () => {
  test('un paquete se reserva como paquete, nunca como otro servicio', async ({ page }) => {
    await page.setViewportSize(phone)
    // The form sends only once a person could have filled it (docs/decisions/0041-reservas-antispam.md).
    await page.clock.install()
    await page.goto('/')
    // First a service card, then the package: the package must replace it.
    await page.getByRole('article', { name: 'Aromaterapia' }).getByRole('button', { name: /Reservar Ahora/ }).click()
    await expect(servicio(page).locator('option:checked')).toHaveText(/Aromaterapia/)
    await page.getByRole('article', { name: 'Día de Relajación' }).getByRole('button', { name: /Reservar Ahora/ }).click()
    await expect(servicio(page).locator('option:checked')).toHaveText(/Día de Relajación — 240 min/)
    await expect(page.getByRole('textbox', { name: /Mensaje adicional/ })).toHaveValue('')

    const email = `paquete-${Date.now()}@correo.pe`
    await page.getByRole('textbox', { name: /Nombre completo/ }).fill('Milagros Condori')
    await page.getByRole('textbox', { name: /Email/ }).fill(email)
    await page.getByRole('textbox', { name: /Teléfono/ }).fill('+51 912 345 678')
    const fecha = weeksAhead(5, 6)
    await typeDate(page.getByLabel(/Fecha preferida/), fecha)
    // Four hours: the last start that ends by 19:00 is 03:00 pm.
    await expect(hora(page)).toBeVisible()
    const ofrecidas = await horas(page)
    expect(ofrecidas.at(-1)).toBe('03:00 pm')
    expect(ofrecidas).not.toContain('03:30 pm')
    await hora(page).selectOption('10:00 am')
    await screenshot(page, 'publico-telefono-reserva-paquete')
    await expectAccessible(page, 'reserva de un paquete')
    await page.clock.fastForward(BOOKING_MIN_FILL_MS)
    await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
    await expectToast(page, '¡Reserva Solicitada!')

    const api = await backend(page)
    const { body } = await api.rest<Array<Record<string, unknown>>>(`tb_reservas?email_cliente=eq.${encodeURIComponent(email)}&select=*`, demo.admin)
    const { body: paquete } = await api.rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent('Día de Relajación')}&select=id_tratamiento`, demo.admin)
    expect(body).toHaveLength(1)
    expect(body[0]).toMatchObject({
      id_tratamiento: paquete[0]!.id_tratamiento,
      nombre_tratamiento: 'Día de Relajación',
      fecha_reserva: fecha,
      hora_reserva: '10:00 am',
      mensaje_adicional: null,
    })

    // A package the catalogue lacks leaves no service chosen and says the interest.
    await page.goto('/')
    await page.getByRole('article', { name: 'Escape de Fin de Semana' }).getByRole('button', { name: /Reservar Ahora/ }).click()
    await expect(servicio(page)).toHaveValue('')
    await expect(page.getByRole('textbox', { name: /Mensaje adicional/ })).toHaveValue('Me interesa: Escape de Fin de Semana.')
  })

  test('un día con todos los especialistas ocupados para el servicio no ofrece ninguna hora', async ({ page }) => {
    await page.setViewportSize(desktop)
    await page.goto('/#reservar')
    const api = await backend(page)
    const fecha = weeksAhead(3, 8) // a Wednesday
    const { body: especialistas } = await api.rest<Array<{ id_especialista: string; hora_inicio_trabajo: string; hora_fin_trabajo: string }>>(
      `tb_especialistas?activo=eq.true&_deleted=eq.false&dias_trabajo=cs.${encodeURIComponent('{Miércoles}')}&select=id_especialista,hora_inicio_trabajo,hora_fin_trabajo`,
      demo.admin,
    )
    expect(especialistas.length).toBeGreaterThan(0)
    const { body: masaje } = await api.rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`, demo.admin)
    // Each specialist busy from the start of their day to the break and from its end to
    // the end of their day (the break itself is not bookable).
    for (const e of especialistas) {
      for (const [inicio, fin] of [
        [e.hora_inicio_trabajo, '13:00:00'],
        ['14:00:00', e.hora_fin_trabajo],
      ] as const) {
        if (inicio >= fin) continue
        await api.insert(
          'tb_citas',
          {
            id_cita: randomUUID(),
            id_especialista: e.id_especialista,
            id_tratamiento: masaje[0]!.id_tratamiento,
            nombre_cliente: 'Cliente reservado',
            nombre_tratamiento: 'Masaje Relajante',
            fecha_cita: fecha,
            hora_inicio: inicio,
            hora_fin: fin,
            estado_cita: 'Confirmada',
          },
          demo.staff,
        )
      }
    }

    await servicio(page).selectOption({ label: 'Masaje Relajante — 60 min · S/ 150.00' })
    await typeDate(page.getByLabel(/Fecha preferida/), fecha)
    const form = page.getByRole('form', { name: 'Solicitud de reserva' })
    await expect(form.getByText('No quedan horarios libres para este servicio ese día. Elige otro día.', { exact: true })).toBeVisible()
    await expectToast(page, 'No hay horarios', 'No quedan horarios libres para este servicio ese día. Elige otro día.')
    await expect(hora(page)).toHaveCount(0)
    await page.getByRole('textbox', { name: /Nombre completo/ }).fill('Rosa Mamani')
    await page.getByRole('textbox', { name: /Email/ }).fill('rosa@correo.pe')
    await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
    await expectToast(page, 'Error de Validación', 'No quedan horarios libres para este servicio ese día. Elige otro día.')
    await screenshot(page, 'publico-escritorio-reserva-sin-horas-libres')
    await expectAccessible(page, 'día sin horas libres')

    // The next day has free times again.
    const jueves = new Date(`${fecha}T12:00:00Z`)
    jueves.setUTCDate(jueves.getUTCDate() + 1)
    await typeDate(page.getByLabel(/Fecha preferida/), jueves.toISOString().slice(0, 10))
    await expect.poll(async () => await horas(page)).toContain('10:00 am')
  })

  test('una hora que terminaría después del cierre no se ofrece', async ({ page }) => {
    await page.setViewportSize(phone)
    await page.goto('/#reservar')
    const fecha = weeksAhead(6, 9) // a Saturday, 09:00–19:00
    await typeDate(page.getByLabel(/Fecha preferida/), fecha)
    // Before a service is chosen, the day's hours (spec 1 §9), up to closing.
    await expect(hora(page)).toBeVisible()
    expect((await horas(page)).at(-1)).toBe('07:00 pm')

    // The times are fetched from the server after each choice ('Buscando horarios…'):
    // wait for the new list rather than read the one being replaced.
    await servicio(page).selectOption({ label: 'Masaje Relajante — 60 min · S/ 150.00' })
    await expect.poll(async () => (await horas(page)).at(-1)).toBe('06:00 pm')
    expect(await horas(page)).not.toContain('06:30 pm')
    expect(await horas(page)).not.toContain('07:00 pm')

    await servicio(page).selectOption({ label: 'Aromaterapia — 90 min · S/ 190.00' })
    await expect.poll(async () => (await horas(page)).at(-1)).toBe('05:30 pm')
    expect(await horas(page)).not.toContain('06:00 pm')
    await screenshot(page, 'publico-telefono-reserva-horas-libres')
  })

  test('nombre y teléfono con los mensajes del formulario', async ({ page }) => {
    await page.setViewportSize(desktop)
    await page.goto('/#reservar')
    await expect(servicio(page).locator('option', { hasText: 'Masaje Relajante' })).toHaveCount(1)
    await page.getByRole('textbox', { name: /Nombre completo/ }).fill('1234567890')
    await page.getByRole('textbox', { name: /Email/ }).fill('ana@correo.pe')
    await servicio(page).selectOption({ label: 'Masaje Relajante — 60 min · S/ 150.00' })
    await typeDate(page.getByLabel(/Fecha preferida/), weeksAhead(2, 7))
    await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
    await expectToast(page, 'Error de Validación', 'Por favor ingresa tu nombre: al menos dos letras, sin números ni símbolos.')
    await expect(page.getByRole('textbox', { name: /Nombre completo/ })).toBeFocused()
    await page.getByRole('textbox', { name: /Nombre completo/ }).fill('Ana Torres')
    await page.getByRole('textbox', { name: /Teléfono/ }).fill('01 234 5678')
    await page.getByRole('button', { name: 'Solicitar Reserva' }).click()
    await expectToast(page, 'Error de Validación', 'Por favor ingresa un celular peruano válido')
    await expect(page.getByRole('textbox', { name: /Teléfono/ })).toBeFocused()
    await screenshot(page, 'publico-escritorio-reserva-telefono-invalido')
  })
})
