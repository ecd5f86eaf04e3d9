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

// The public booking form (docs/decisions/0050-reserva-publica-en-espanol.md): the page's
// clock stands still on Wednesday 10 April 2030, 10:00 in Lima (its timers run: Mantine's transitions need them), so the calendar's limits are
// known days (1 April 2030 is a Monday: the month fills the grid from its first cell).
for (const [nombre, viewport, touch] of [
  ['tableta', { width: 1280, height: 800 }, false],
  ['telefono', { width: 390, height: 844 }, true],
] as const) {
  test.describe(`reserva pública (${nombre})`, () => {
    test.use({ viewport, hasTouch: touch })

    test(`la fecha preferida está en español, desde hoy en Lima y sin domingos (${nombre})`, async ({ page }) => {
      await page.clock.setFixedTime(new Date('2030-04-10T15:00:00Z'))
      await page.goto('/#reservar')
      const servicio = page.getByRole('combobox', { name: /Servicio/ })
      await expect(servicio.locator('option', { hasText: 'Masaje Relajante' })).toHaveCount(1)
      const fecha = page.getByRole('textbox', { name: /Fecha preferida/ })
      await expect(fecha).toHaveAttribute('placeholder', 'dd/mm/aaaa')

      if (touch) await fecha.tap()
      else await fecha.click()
      const calendario = page.locator('[data-dates-dropdown]')
      await expect(calendario).toBeVisible()
      await expect(calendario.getByRole('button', { name: 'abril 2030' })).toBeVisible()
      await expect(calendario.getByRole('columnheader').first()).toHaveText('lu')
      await expect(calendario.getByRole('columnheader').last()).toHaveText('do')
      await expect(calendario.getByRole('button', { name: 'martes 9 de abril de 2030', exact: true })).toBeDisabled()
      await expect(calendario.getByRole('button', { name: 'miércoles 10 de abril de 2030', exact: true })).toBeEnabled()
      const domingo = calendario.getByRole('button', { name: 'domingo 14 de abril de 2030, cerrado', exact: true })
      await expect(domingo).toHaveAttribute('data-cerrado', 'true')
      await expect(domingo).toBeDisabled()
      await expect(calendario.getByRole('button', { name: /^domingo .*[^o]$/ })).toHaveCount(0)
      await screenshot(page, `reserva-publica-calendario-${nombre}`)

      const jueves = calendario.getByRole('button', { name: 'jueves 11 de abril de 2030', exact: true })
      if (touch) await jueves.tap()
      else await jueves.click()
      await expect(calendario).toBeHidden()
      await expect(fecha).toHaveValue('jueves, 11 de abril de 2030')
      // The form got '2030-04-11': that Thursday's opening hours are offered (no service chosen yet).
      await expect(page.getByRole('combobox', { name: /Hora preferida/ }).locator('option', { hasText: '09:00 am' })).toHaveCount(1)

      // From the keyboard alone: Tab into the field opens the calendar, Escape closes it, the date is typed day first.
      await page.keyboard.press('Shift+Tab')
      await expect(fecha).not.toBeFocused()
      await page.keyboard.press('Tab')
      await expect(fecha).toBeFocused()
      await expect(calendario).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(calendario).toBeHidden()
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type('12/04/2030')
      await page.keyboard.press('Tab')
      await expect(fecha).toHaveValue('viernes, 12 de abril de 2030')
      await expect(page.getByRole('combobox', { name: /Hora preferida/ }).locator('option', { hasText: '09:00 am' })).toHaveCount(1)
    })
  })
}

test.describe('mes de Egresos', () => {
  test.use({ viewport: { width: 800, height: 1280 } })

  test('el mes de Egresos está en español en una tableta en inglés y se elige tocando', async ({ page }) => {
    await signIn(page, demo.admin)
    await page.goto('/control-citas/egresos?anio=2031&mes=3')
    const mes = page.getByRole('button', { name: 'Mes', exact: true })
    await expect(mes).toHaveText('marzo de 2031')
    await mes.click()
    await expect(page.getByRole('button', { name: '2031', exact: true })).toBeVisible()
    for (const nombre of ['enero', 'junio', 'septiembre', 'diciembre']) await expect(page.getByRole('button', { name: nombre, exact: true })).toBeVisible()
    await screenshot(page, 'egresos-mes-abierto-tableta-vertical')
    await page.getByRole('button', { name: 'Año siguiente' }).click()
    await page.getByRole('button', { name: 'abril', exact: true }).click()
    await expect(page).toHaveURL(/anio=2032/)
    await expect(page).toHaveURL(/mes=4/)
    await expect(mes).toHaveText('abril de 2032')
  })
})
