/**
 * The panel's rough edges, at 1280×800, 820×1180 and 390×844
 * (docs/decisions/0040-bordes-del-panel.md): a toast raised over a dialog never covers
 * its actions or its close button (top of the screen; on a phone the dialog is a bottom
 * sheet below it), a long e-mail in Reservas wraps only where it may (after the '@'),
 * and Egresos without an exchange-rate key says so calmly, with no error toast.
 * Screenshots of each are kept under tests/artifacts/screenshots.
 */
import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, screenshot, signIn, toastRegion } from './support/app.ts'
import { nextPeruWeekday } from './support/dates.ts'

const sizes = [
  { name: 'escritorio', width: 1280, height: 800 },
  { name: 'tableta-vertical', width: 820, height: 1180 },
  { name: 'telefono', width: 390, height: 844 },
] as const

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox()
  expect(b, 'visible en pantalla').not.toBeNull()
  return b!
}

/** The address wraps only between its pieces (after the '@', a '.', '_' or '-' of the name), none of them cut. */
async function wrapsOnlyAtBreaks(email: Locator) {
  return email.evaluate((span) => {
    const pieces = [...span.children] as HTMLElement[]
    return {
      lines: new Set(pieces.map((p) => Math.round(p.getBoundingClientRect().top))).size,
      cut: pieces.filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.textContent),
      joined: pieces.map((p) => p.textContent).join(''),
    }
  })
}

async function go(page: Page, path: string, heading: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 })
}

test('bordes del panel: avisos sobre diálogos, correos largos y Egresos sin clave de tipo de cambio', async ({ page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  const suffix = randomUUID().slice(0, 6)
  const nombre = `Mariana Fernández ${suffix}`
  const email = `mariana.fernandez.gutierrez-${suffix}@correo-empresarial.com.pe`
  const api = await backend(page)
  const { body } = await api.rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`, demo.admin)
  await api.insert(
    'tb_reservas',
    {
      id_reserva: randomUUID(),
      nombre_cliente: nombre,
      email_cliente: email,
      telefono_cliente: '987 111 222',
      id_tratamiento: body[0]!.id_tratamiento,
      nombre_tratamiento: 'Masaje Relajante',
      fecha_reserva: nextPeruWeekday(2),
      hora_reserva: '10:00 am',
      estado_reserva: 'pendiente',
    },
    demo.admin,
  )
  await signIn(page, demo.admin)

  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height })

    // Reservas: the long address wraps after its '@' (or a '.'/'-' of its name), never mid-word.
    await go(page, '/control-citas/reservas', 'Reservas')
    const correo = page.getByRole('row', { name: new RegExp(nombre) }).getByTitle(email)
    await expect(correo).toHaveText(email)
    const wrap = await wrapsOnlyAtBreaks(correo)
    expect(wrap.joined).toBe(email)
    expect(wrap.cut, `${size.name}: piezas del correo recortadas`).toEqual([])
    await screenshot(page, `bordes-reservas-${size.name}`)

    // A toast over a dialog: the spec's validation error of 'Crear Reserva'.
    await page.getByRole('button', { name: 'Crear Reserva' }).click()
    const dialog = page.getByRole('dialog', { name: 'Crear Reserva' })
    await expect(dialog).toBeVisible()
    const enviar = dialog.getByRole('button', { name: 'Crear Reserva' })
    await enviar.click()
    const aviso = toastRegion(page).getByRole('alert')
    await expect(aviso).toContainText('Paciente, tratamiento, fecha y hora son obligatorios.')
    await page.waitForTimeout(400) // the toast's entrance and the sheet's transition
    const avisoBox = await box(aviso)
    for (const [label, target] of [
      ['Crear Reserva', enviar],
      ['Cancelar', dialog.getByRole('button', { name: 'Cancelar' })],
      ['Cerrar', dialog.getByRole('button', { name: 'Cerrar' })],
    ] as const) {
      expect(overlaps(avisoBox, await box(target)), `${size.name}: el aviso tapa «${label}»`).toBe(false)
    }
    expect(avisoBox.y, `${size.name}: el aviso está arriba`).toBeLessThan(size.height / 3)
    if (size.width <= 600) {
      // On a phone the dialog is a bottom sheet and the toast sits above it.
      const sheet = await box(dialog)
      expect(Math.round(sheet.y + sheet.height), 'la hoja llega al pie de la pantalla').toBeGreaterThanOrEqual(size.height - 1)
      expect(avisoBox.y + avisoBox.height, `${size.name}: el aviso queda sobre la hoja`).toBeLessThanOrEqual(sheet.y)
    }
    await screenshot(page, `bordes-aviso-sobre-dialogo-${size.name}`)
    await toastRegion(page).getByRole('button', { name: 'Cerrar notificación' }).click()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // Egresos without FIXER_API_KEY (the e2e backend has none): a calm notice, no error toast.
    await go(page, '/control-citas/egresos', 'Gestión de Egresos')
    await expect(page.getByRole('status').filter({ hasText: 'Tipo de cambio a mano' })).toBeVisible()
    await expect(toastRegion(page).getByRole('alert')).toHaveCount(0)
    await screenshot(page, `bordes-egresos-aviso-${size.name}`)
  }
})
