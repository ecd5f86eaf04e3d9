/**
 * The Pacientes list on every screen size (docs/decisions/0022-endurecimiento-ux.md): a row's ⋮ actions are
 * reachable without scrolling sideways on a phone, a long unbroken name wraps inside its
 * cell instead of pushing the columns off-screen, and the status chips stay on one row
 * (on a phone: one status button, the rows stacked, docs/decisions/0042-panel-en-telefono.md).
 */
import type { Page } from '@playwright/test'
import { backend, demo, screenshot, signIn, viewports, waitForSynced } from './support/app.ts'
import { expect, test } from './support/fixtures.ts'

const largo = `Maximiliano${'x'.repeat(70)}`

test('pacientes: acciones al alcance y nombres largos contenidos en teléfono, tablet y escritorio', async ({ page }) => {
  await page.setViewportSize(viewports.phone)
  await signIn(page, demo.admin)
  const api = await backend(page)
  await api.insert('tb_pacientes', { id_paciente: crypto.randomUUID(), nombre: largo, apellido: 'Quispe', dni: '45678912', telefono: '987654321' }, demo.admin)
  await page.goto('/control-citas/pacientes')
  await waitForSynced(page)
  await page.getByRole('searchbox', { name: 'Buscar pacientes' }).or(page.getByRole('textbox', { name: 'Buscar pacientes' })).fill('Maximiliano')
  const fila = page.getByRole('row', { name: new RegExp(largo) })
  await expect(fila).toHaveCount(1)

  for (const [nombre, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport)
    await page.evaluate(() => window.scrollTo({ left: 0, top: 0, behavior: 'instant' }))
    const acciones = fila.getByRole('button').last()
    // Fully on screen without any sideways scroll of the table or the page.
    await expect(acciones, `⋮ en ${nombre}`).toBeInViewport({ ratio: 1 })
    const medidas = await page.evaluate(() => {
      const scroller = document.querySelector('table')!.parentElement!
      return { pagina: document.documentElement.scrollWidth - window.innerWidth, tabla: scroller.scrollLeft }
    })
    expect(medidas, nombre).toEqual({ pagina: 0, tabla: 0 })
    // The long name wraps inside its cell: on a phone the card's title, within the screen
    // (docs/decisions/0042-panel-en-telefono.md); on a tablet or a computer a column.
    const telefono = viewport.width <= 600
    const celda = await fila.getByRole('cell').first().boundingBox()
    expect(celda!.x + celda!.width, `celda del nombre en ${nombre}`).toBeLessThanOrEqual(viewport.width)
    if (!telefono) expect(celda!.width, `celda del nombre en ${nombre}`).toBeLessThan(viewport.width * 0.6)
    if (telefono) {
      // A phone shows one status button instead of the chips.
      await expect(page.getByRole('button', { name: /^Estado de sincronización: / })).toBeVisible()
      await expect(page.getByRole('group', { name: 'Estado de sincronización' })).toBeHidden()
    } else {
      // The header's status chips sit on one row (on a phone they took three).
      const filas = await page.getByRole('group', { name: 'Estado de sincronización' }).evaluate((el) =>
        new Set([...el.children].map((c) => Math.round(c.getBoundingClientRect().top))).size,
      )
      expect(filas, `filas de chips de estado en ${nombre}`).toBe(1)
    }
    await screenshot(page, `pacientes-nombre-largo-${nombre}`)
  }
  await acciones(page)
})

async function acciones(page: Page) {
  // The menu opens from the phone's ⋮ and offers the row's actions.
  await page.setViewportSize(viewports.phone)
  await page.getByRole('row', { name: new RegExp(largo) }).getByRole('button').last().click()
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeVisible()
}
