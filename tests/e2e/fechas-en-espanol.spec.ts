/**
 * Date fields read in Spanish on a tablet set to English (docs/decisions/0044-fechas-en-espanol.md):
 * the Crear Reserva dialog's 'Fecha', typed and picked, with the calendar open on a tablet
 * and on a phone.
 */
import { expect, test } from './support/fixtures.ts'
import { screenshot, signIn, demo } from './support/app.ts'
import { nextPeruWeekday, typeDate } from './support/dates.ts'
import { fechaTexto } from '../../src/lib/dates/fecha-texto.ts'

test.use({ locale: 'en-US' })

for (const [nombre, viewport] of [
  ['tableta', { width: 1280, height: 800 }],
  ['telefono', { width: 390, height: 844 }],
] as const) {
  test(`la fecha de Crear Reserva está en español en una tableta en inglés (${nombre})`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await signIn(page, demo.staff)
    expect(await page.evaluate(() => navigator.language)).toBe('en-US')
    await page.goto('/control-citas/reservas')
    await page.getByRole('button', { name: 'Crear Reserva' }).click()
    const dialog = page.getByRole('dialog', { name: 'Crear Reserva' })
    const fecha = dialog.getByRole('textbox', { name: /^Fecha/ })

    // Typed day first, shown in Spanish.
    const miercoles = nextPeruWeekday(3)
    await typeDate(fecha, miercoles)
    await expect(fecha).toHaveValue(fechaTexto(miercoles))
    await expect(fecha).toHaveValue(/^miércoles, \d{1,2} de [a-z]+ de \d{4}$/)

    // Picked in the calendar: Spanish month, Monday first, Sundays marked closed.
    await fecha.click()
    const calendario = page.locator('[data-dates-dropdown]')
    await expect(calendario).toBeVisible()
    await expect(calendario.getByRole('columnheader').first()).toHaveText('lu')
    await expect(calendario.getByRole('columnheader').last()).toHaveText('do')
    const jueves = nextPeruWeekday(4)
    const domingo = calendario.getByRole('button', { name: /^domingo .*, cerrado$/ }).first()
    await expect(domingo).toHaveAttribute('data-cerrado', 'true')
    await screenshot(page, `fecha-en-espanol-calendario-${nombre}`)
    // Thursday right after that Wednesday: in the same month's grid (outside days included).
    await calendario.getByRole('button', { name: fechaTexto(jueves).replace(',', ''), exact: true }).click()
    await expect(calendario).toBeHidden()
    await expect(fecha).toHaveValue(fechaTexto(jueves))
    await expect(dialog).toBeVisible()
  })
}
