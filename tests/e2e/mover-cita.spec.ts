/**
 * Moving a cita in 'Vista del día' (docs/decisions/0057-mover-cita-arrastrando.md): a
 * real mouse drag to another time and specialist (the target says valid, or why not),
 * one confirmation, Reprogramada on the server, 'Deshacer'; the keyboard's 'Mover cita';
 * a finger on the block's grip on a phone; and a move another tablet beat to the time,
 * refused by the server and shown in 'Problemas de sincronización'.
 */
import { randomUUID } from 'node:crypto'
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, expectToast, screenshot, signIn, toastRegion, waitForSynced } from './support/app.ts'
import { nextPeruWeekday } from './support/dates.ts'

/** 1.4 px a minute (citas-dia.tsx). */
const PX_POR_MINUTO = 1.4
const fecha = nextPeruWeekday(4) // a Thursday: the spa opens 09:00–19:00, break 13:00–14:00

type CitaRow = { id_especialista: string; hora_inicio: string; hora_fin: string; estado_cita: string }

/** Two specialists of this test only, side by side in the day view (surnames sort together). */
async function escenario(page: Page, citas: Array<{ cliente: string; en: 'a' | 'b'; inicio: string; fin: string; estado?: string }>) {
  await page.goto('/login')
  const t = randomUUID().slice(0, 6)
  const api = await backend(page)
  const ids = { a: randomUUID(), b: randomUUID() }
  const nombres = { a: `Elena Prueba${t}a`, b: `Lucía Prueba${t}b` }
  for (const k of ['a', 'b'] as const) {
    await api.insert(
      'tb_especialistas',
      {
        id_especialista: ids[k],
        nombre: nombres[k].split(' ')[0],
        apellido: `Prueba${t}${k}`,
        especialidad: 'Masoterapia',
        dias_trabajo: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'],
        hora_inicio_trabajo: '09:00',
        hora_fin_trabajo: '19:00',
      },
      demo.staff,
    )
  }
  const { body } = await api.rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`, demo.staff)
  const citaIds: Record<string, string> = {}
  for (const c of citas) {
    citaIds[c.cliente] = randomUUID()
    await api.insert(
      'tb_citas',
      {
        id_cita: citaIds[c.cliente],
        id_especialista: ids[c.en],
        id_tratamiento: body[0]!.id_tratamiento,
        nombre_cliente: `${c.cliente} ${t}`,
        nombre_tratamiento: 'Masaje Relajante',
        fecha_cita: fecha,
        hora_inicio: c.inicio,
        hora_fin: c.fin,
        estado_cita: c.estado ?? 'Pendiente de Pago',
        monto_adelanto: 50,
        metodo_pago_adelanto: 'Yape',
      },
      demo.staff,
    )
  }
  const enServidor = async (cliente: string) =>
    (await api.rest<CitaRow[]>(`tb_citas?id_cita=eq.${citaIds[cliente]}&select=id_especialista,hora_inicio,hora_fin,estado_cita`, demo.admin)).body[0]
  return { t, api, ids, nombres, enServidor, cliente: (c: string) => `${c} ${t}` }
}

async function abrirVistaDia(page: Page, cliente: string) {
  await page.goto(`/control-citas/citas-confirmadas?fecha=${fecha}&vista=dia`)
  await expect(bloque(page, cliente)).toBeVisible({ timeout: 30_000 })
  await waitForSynced(page)
}

const bloque = (page: Page, cliente: string) => page.getByRole('button', { name: new RegExp(`^Acciones para ${cliente}`) })
const objetivo = (page: Page) => page.getByRole('region', { name: 'Vista del día por especialista' }).getByRole('status')

/**
 * Where a finger or the mouse grabs the block (its grip) and where it must go to land at
 * `minutos` later in `columna`: the same offset inside the target slot. Scrolls first so
 * both points are in the viewport.
 */
async function trayecto(page: Page, cita: Locator, columna: Locator, minutos: number) {
  await cita.scrollIntoViewIfNeeded()
  const grip = cita.locator('span[class*="grip"]')
  let g = (await grip.boundingBox())!
  // The day scrolls inside its region (the names stay in view): what is visible ends at
  // the region's bottom or the viewport's, whichever comes first.
  const region = (await page.getByRole('region', { name: 'Vista del día por especialista' }).boundingBox())!
  const alto = Math.min(page.viewportSize()!.height, region.y + region.height)
  const bajar = g.y + minutos * PX_POR_MINUTO + 60 - alto
  if (bajar > 0) {
    await page.mouse.move(g.x + 2, Math.max(g.y - 60, 5))
    await page.mouse.wheel(0, Math.min(bajar, g.y - region.y - 100))
    await expect.poll(async () => (await grip.boundingBox())!.y).toBeLessThan(g.y)
    g = (await grip.boundingBox())!
  }
  const col = (await columna.boundingBox())!
  const desde = { x: g.x + g.width / 2, y: g.y + g.height / 2 }
  const xRel = desde.x - (await cita.locator('xpath=ancestor::*[@data-especialista]').boundingBox())!.x
  return { desde, hasta: (m: number) => ({ x: col.x + Math.min(xRel, col.width - 10), y: desde.y + m * PX_POR_MINUTO }) }
}

async function tablet(browser: Browser, baseURL: string, viewport: { width: number; height: number }, touch = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, hasTouch: touch, locale: 'es-PE', timezoneId: 'America/Lima' })
  return { context, page: await context.newPage() }
}

test('con el ratón: arrastrar a otra hora y especialista, confirmar, deshacer; y con el teclado', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const s = await escenario(page, [
    { cliente: 'Ana Pérez', en: 'a', inicio: '10:00', fin: '11:00' },
    { cliente: 'Beto Ruiz', en: 'b', inicio: '12:00', fin: '13:00', estado: 'Confirmada' },
  ])
  const ana = s.cliente('Ana Pérez')
  await signIn(page, demo.staff)
  await abrirVistaDia(page, ana)
  const colB = page.locator(`[data-especialista="${s.ids.b}"]`)

  const { desde, hasta } = await trayecto(page, bloque(page, ana), colB, 6 * 60)
  await page.mouse.move(desde.x, desde.y)
  await page.mouse.down()
  // Over Beto's 12:00 with Lucía: taken, in red with the reason.
  await page.mouse.move(hasta(2 * 60).x, hasta(2 * 60).y, { steps: 8 })
  await expect(objetivo(page)).toHaveText(/12:00 PM\s*El especialista ya tiene otra cita a esa hora\./)
  await screenshot(page, 'mover-cita-1280x800-arrastrando-ocupado')
  // 16:00 with Lucía: free.
  await page.mouse.move(hasta(6 * 60).x, hasta(6 * 60).y, { steps: 8 })
  await expect(objetivo(page)).toHaveText(/04:00 PM\s*Suelta para mover aquí/)
  await expect(objetivo(page).locator('xpath=ancestor::*[@data-especialista]')).toHaveAttribute('data-especialista', s.ids.b)
  await screenshot(page, 'mover-cita-1280x800-arrastrando')
  await page.mouse.up()

  const dialog = page.getByRole('dialog', { name: '¿Mover la cita?' })
  await expect(dialog).toContainText(`Mover la cita de ${ana} a las 16:00 con ${s.nombres.b}`)
  await screenshot(page, 'mover-cita-1280x800-confirmacion')
  await expect(dialog).toHaveCSS('opacity', '1')
  await expectAccessible(page, 'mover cita: confirmación')
  await dialog.getByRole('button', { name: 'Mover' }).click()
  await expectToast(page, 'Cita movida', `${ana} — 04:00 PM – 05:00 PM con ${s.nombres.b}`)
  await expect(bloque(page, ana)).toHaveAccessibleName(`Acciones para ${ana}, 04:00 PM – 05:00 PM, Reprogramada`)
  await expect
    .poll(() => s.enServidor('Ana Pérez'), { timeout: 30_000 })
    .toEqual({ id_especialista: s.ids.b, hora_inicio: '16:00:00', hora_fin: '17:00:00', estado_cita: 'Reprogramada' })

  await toastRegion(page).getByRole('button', { name: 'Deshacer' }).click()
  await expectToast(page, 'Movimiento deshecho')
  await expect
    .poll(() => s.enServidor('Ana Pérez'), { timeout: 30_000 })
    .toEqual({ id_especialista: s.ids.a, hora_inicio: '10:00:00', hora_fin: '11:00:00', estado_cita: 'Pendiente de Pago' })

  // A portrait tablet: a drag shown and put back with 'Volver'; then the keyboard's way.
  await page.setViewportSize({ width: 800, height: 1280 })
  const otra = await trayecto(page, bloque(page, ana), colB, 5 * 60)
  await page.mouse.move(otra.desde.x, otra.desde.y)
  await page.mouse.down()
  await page.mouse.move(otra.hasta(5 * 60).x, otra.hasta(5 * 60).y, { steps: 10 })
  await expect(objetivo(page)).toHaveText(/03:00 PM\s*Suelta para mover aquí/)
  await screenshot(page, 'mover-cita-800x1280-arrastrando')
  await page.mouse.up()
  await expect(dialog).toContainText(`Mover la cita de ${ana} a las 15:00 con ${s.nombres.b}`)
  await screenshot(page, 'mover-cita-800x1280-confirmacion')
  await dialog.getByRole('button', { name: 'Volver' }).click()
  await expect(dialog).toBeHidden()

  await bloque(page, ana).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('menuitem', { name: /^Mover cita/ }).press('Enter')
  const teclado = page.getByRole('dialog', { name: 'Mover cita' })
  await teclado.getByRole('combobox', { name: /^Especialista/ }).selectOption(s.ids.b)
  await teclado.getByRole('combobox', { name: /^Hora de inicio/ }).selectOption('15:00:00')
  await expect(teclado).toContainText(`Mover la cita de ${ana} a las 15:00 con ${s.nombres.b}`)
  await screenshot(page, 'mover-cita-800x1280-teclado')
  await expect(teclado).toHaveCSS('opacity', '1')
  await expectAccessible(page, 'mover cita: con el teclado')
  await teclado.getByRole('button', { name: 'Mover' }).press('Enter')
  await expectToast(page, 'Cita movida')
  await expect
    .poll(() => s.enServidor('Ana Pérez'), { timeout: 30_000 })
    .toEqual({ id_especialista: s.ids.b, hora_inicio: '15:00:00', hora_fin: '16:00:00', estado_cita: 'Reprogramada' })
})

test('con el dedo en un teléfono: el asa arrastra la cita a otra hora', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000)
  const s = await escenario(page, [{ cliente: 'Carla Soto', en: 'a', inicio: '10:00', fin: '11:00' }])
  const carla = s.cliente('Carla Soto')
  const phone = await tablet(browser, baseURL!, { width: 390, height: 844 }, true)
  try {
    const p = phone.page
    await signIn(p, demo.staff)
    await abrirVistaDia(p, carla)
    const colA = p.locator(`[data-especialista="${s.ids.a}"]`)
    const { desde, hasta } = await trayecto(p, bloque(p, carla), colA, 90)
    // Real touch input through the browser's pipeline (touch-action applies).
    const cdp = await phone.context.newCDPSession(p)
    const toque = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: Math.round(at.x), y: Math.round(at.y) }] : [] })
    await toque('touchStart', desde)
    for (let i = 1; i <= 10; i++) await toque('touchMove', { x: desde.x, y: desde.y + ((hasta(90).y - desde.y) * i) / 10 })
    await expect(objetivo(p)).toHaveText(/11:30 AM\s*Suelta para mover aquí/)
    await screenshot(p, 'mover-cita-390x844-arrastrando')
    await toque('touchEnd')
    const dialog = p.getByRole('dialog', { name: '¿Mover la cita?' })
    await expect(dialog).toContainText(`Mover la cita de ${carla} a las 11:30 con ${s.nombres.a}`)
    await screenshot(p, 'mover-cita-390x844-confirmacion')
    await dialog.getByRole('button', { name: 'Mover' }).click()
    await expectToast(p, 'Cita movida')
    await expect
      .poll(() => s.enServidor('Carla Soto'), { timeout: 30_000 })
      .toEqual({ id_especialista: s.ids.a, hora_inicio: '11:30:00', hora_fin: '12:30:00', estado_cita: 'Reprogramada' })
  } finally {
    await phone.context.close()
  }
})

test('un movimiento que otra tableta ganó sin conexión llega a «Problemas de sincronización»', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000)
  const s = await escenario(page, [{ cliente: 'Dora Vega', en: 'a', inicio: '10:00', fin: '11:00' }])
  const dora = s.cliente('Dora Vega')
  const tab = await tablet(browser, baseURL!, { width: 1280, height: 800 })
  try {
    const p = tab.page
    await signIn(p, demo.staff)
    await abrirVistaDia(p, dora)
    await tab.context.setOffline(true)
    // Offline, this tablet moves Dora to 17:00 with Lucía…
    await bloque(p, dora).click()
    await p.getByRole('menuitem', { name: /^Mover cita/ }).click()
    const teclado = p.getByRole('dialog', { name: 'Mover cita' })
    await teclado.getByRole('combobox', { name: /^Especialista/ }).selectOption(s.ids.b)
    await teclado.getByRole('combobox', { name: /^Hora de inicio/ }).selectOption('17:00:00')
    await teclado.getByRole('button', { name: 'Mover' }).click()
    await expectToast(p, 'Cita movida')
    // …while another tablet books Lucía at 17:00 and reaches the server first.
    const { body } = await s.api.rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`, demo.staff)
    await s.api.insert(
      'tb_citas',
      {
        id_cita: randomUUID(),
        id_especialista: s.ids.b,
        id_tratamiento: body[0]!.id_tratamiento,
        nombre_cliente: `Eva Otra ${s.t}`,
        fecha_cita: fecha,
        hora_inicio: '17:00',
        hora_fin: '18:00',
        estado_cita: 'Pendiente de Pago',
      },
      demo.staff,
    )
    await tab.context.setOffline(false)
    const problemas = p.getByRole('link', { name: /Problemas de sincronización \(1\)/ })
    await expect(problemas).toBeVisible({ timeout: 30_000 })
    // The server kept Dora where she was; the device took that back.
    await expect(bloque(p, dora)).toHaveAccessibleName(`Acciones para ${dora}, 10:00 AM – 11:00 AM, Sin Confirmar`, { timeout: 30_000 })
    expect(await s.enServidor('Dora Vega')).toEqual({ id_especialista: s.ids.a, hora_inicio: '10:00:00', hora_fin: '11:00:00', estado_cita: 'Pendiente de Pago' })
    await problemas.click()
    const card = p.getByText(dora).first().locator('xpath=ancestor::*[contains(@class,"mantine-Card-root")]')
    await expect(card).toContainText(`Horario ocupado: ${s.nombres.b} ya tiene una cita el`)
    await screenshot(p, 'mover-cita-1280x800-problema-sincronizacion')
  } finally {
    await tab.context.close()
  }
})
