/**
 * Moving a cita in 'Vista del día' (docs/decisions/0057-mover-cita-arrastrando.md): a
 * real mouse drag to another time and specialist (the target says valid, or why not),
 * one confirmation, Reprogramada on the server, 'Deshacer'; the keyboard's 'Mover cita';
 * holding a block at the box's edge scrolls the day to a time out of sight; a finger on
 * the block's grip on a phone; and a move another tablet beat to the time,
 * refused by the server and shown in 'Problemas de sincronización'.
 */
import { randomUUID } from 'node:crypto'
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, toastRegion, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
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

type Punto = { x: number; y: number }
/** Where the block was grabbed: the grip's centre, its offset in the column, and the scroll then. */
type Agarre = { desde: Punto; xRel: number; scroll: { box: number; page: number } }

const dia = (page: Page) => page.getByRole('region', { name: 'Vista del día por especialista' })
const scrolls = (page: Page) => dia(page).evaluate((el) => ({ box: el.scrollTop, page: window.scrollY }))

/** The block's grip, brought to the middle of the screen (clear of the edge zones). */
async function agarre(page: Page, cita: Locator): Promise<Agarre> {
  const grip = cita.locator('span[class*="grip"]')
  await grip.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }))
  const g = (await grip.boundingBox())!
  const desde = { x: g.x + g.width / 2, y: g.y + g.height / 2 }
  const xRel = desde.x - (await cita.locator('xpath=ancestor::*[@data-especialista]').boundingBox())!.x
  return { desde, xRel, scroll: await scrolls(page) }
}

/**
 * The part of the day a held block can rest over without scrolling it: below the panel's
 * header and the names row, above the box's or the screen's foot, each less the 56 px
 * edge zone (use-arrastre-cita.ts) and a margin.
 */
async function reposo(page: Page) {
  const box = (await dia(page).boundingBox())!
  const cabecera = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0)
  const esquina = (await dia(page).locator('[class*="corner"]').boundingBox())!
  const arriba = Math.max(box.y + esquina.height, cabecera)
  const abajo = Math.min(box.y + box.height, page.viewportSize()!.height)
  const izquierda = Math.max(box.x + esquina.width, 0)
  const derecha = Math.min(box.x + box.width, page.viewportSize()!.width)
  return {
    arriba,
    abajo,
    izquierdaBorde: izquierda,
    derechaBorde: derecha,
    desde: arriba + 56 + 12,
    hasta: abajo - 56 - 12,
    izquierda: izquierda + 56 + 12,
    derecha: derecha - 56 - 12,
  }
}

/**
 * Holds the grabbed block over the slot `m` minutes after its start in `columna` until
 * the target reads `texto`. A slot out of sight is reached as a person would: the block
 * rests in the edge zone on that side, the day scrolls, and then goes where the slot
 * has come to.
 */
async function llevar(page: Page, mover: (p: Punto) => Promise<void>, a: Agarre, columna: Locator, m: number, texto: RegExp) {
  await expect(async () => {
    const v = await reposo(page)
    const now = await scrolls(page)
    const col = (await columna.boundingBox())!
    // Where it was grabbed in the column; a column out of sight sideways is brought in
    // by resting in the side zone, as for a slot above or below (a pointer left in a
    // side zone keeps the day sliding: once the drop landed on another column).
    const enColumna = Math.max(col.x + 5, Math.min(col.x + Math.min(a.xRel, col.width - 10), col.x + col.width - 5))
    const y = a.desde.y + m * PX_POR_MINUTO - (now.box - a.scroll.box) - (now.page - a.scroll.page)
    if (enColumna > v.derecha || enColumna < v.izquierda) {
      const enMedio = Math.max(v.desde, Math.min(y, v.hasta))
      // 20 px into the zone, and past where the drag began (the day slides toward an edge
      // only once the pointer has gone that way: a grip at the screen's edge starts in it).
      const lado = enColumna > v.derecha ? Math.max(v.derechaBorde - 36, a.desde.x + 12) : Math.min(v.izquierdaBorde + 36, a.desde.x - 12)
      await mover({ x: lado, y: enMedio })
      throw new Error(`la columna aún no está a la vista (x = ${Math.round(enColumna)})`)
    }
    const x = enColumna
    if (y > v.hasta || y < v.desde) {
      // 20 px into the zone: ~5 px a frame, slow enough not to overshoot between tries.
      await mover({ x, y: y > v.hasta ? v.abajo - 36 : v.arriba + 36 })
      throw new Error(`las ${m} min aún no están a la vista (y = ${Math.round(y)})`)
    }
    await mover({ x, y })
    await expect(objetivo(page)).toHaveText(texto, { timeout: 2_000 })
  }).toPass({ timeout: 30_000, intervals: [100] })
}

const raton = (page: Page) => (p: Punto) => page.mouse.move(p.x, p.y, { steps: 4 })

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

  const a = await agarre(page, bloque(page, ana))
  await page.mouse.move(a.desde.x, a.desde.y)
  await page.mouse.down()
  // Over Beto's 12:00 with Lucía: taken, in red with the reason.
  await llevar(page, raton(page), a, colB, 2 * 60, /12:00 PM\s*El especialista ya tiene otra cita a esa hora\./)
  await screenshot(page, 'mover-cita-1280x800-arrastrando-ocupado')
  // 16:00 with Lucía: free.
  await llevar(page, raton(page), a, colB, 6 * 60, /04:00 PM\s*Suelta para mover aquí/)
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
  const otra = await agarre(page, bloque(page, ana))
  await page.mouse.move(otra.desde.x, otra.desde.y)
  await page.mouse.down()
  await llevar(page, raton(page), otra, colB, 5 * 60, /03:00 PM\s*Suelta para mover aquí/)
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

test('una cita sostenida junto al borde desplaza el día hasta una hora que no se veía', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  const s = await escenario(page, [
    { cliente: 'Flor Díaz', en: 'a', inicio: '10:00', fin: '11:00' },
    { cliente: 'Gina Rojas', en: 'b', inicio: '17:00', fin: '18:00' },
  ])
  const flor = s.cliente('Flor Díaz')
  await signIn(page, demo.staff)
  await abrirVistaDia(page, flor)
  const region = dia(page)
  const colA = page.locator(`[data-especialista="${s.ids.a}"]`)
  // The panel's sticky header tells the page how much of the top it covers.
  const alto = (await page.locator('header').first().boundingBox())!.height
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop)).toBe(`${alto}px`)
  const a = await agarre(page, bloque(page, flor))
  // 18:00 lies below the visible day: it cannot be reached without scrolling.
  expect(a.desde.y + 8 * 60 * PX_POR_MINUTO).toBeGreaterThan((await reposo(page)).abajo)

  await page.mouse.move(a.desde.x, a.desde.y)
  await page.mouse.down()
  // Held at the visible day's foot: the day scrolls by itself to its end, then the page.
  await page.mouse.move(a.desde.x, (await reposo(page)).abajo - 4, { steps: 10 })
  const alFinal = () =>
    region.evaluate((el) => el.scrollTop >= el.scrollHeight - el.clientHeight - 1 && window.scrollY >= document.documentElement.scrollHeight - window.innerHeight - 1)
  await expect.poll(alFinal, { timeout: 15_000 }).toBe(true)
  // The pointer is now on the day's last half hour: a 60-minute cita would end after closing.
  await expect(objetivo(page)).toHaveText(/06:30 PM\s*Fuera del horario de atención del spa\./)
  // Back from the edge onto 18:00: the target follows the scrolled grid.
  await llevar(page, raton(page), a, colA, 8 * 60, /06:00 PM\s*Suelta para mover aquí/)
  await screenshot(page, 'mover-cita-1280x800-arrastrando-al-borde')
  await page.mouse.up()
  const dialog = page.getByRole('dialog', { name: '¿Mover la cita?' })
  await expect(dialog).toContainText(`Mover la cita de ${flor} a las 18:00 con ${s.nombres.a}`)
  await dialog.getByRole('button', { name: 'Volver' }).click()
  await expect(dialog).toBeHidden()

  // And back up: Gina's 17:00, held at the box's top edge, scrolls the day to its start.
  const gina = bloque(page, s.cliente('Gina Rojas'))
  const g = await agarre(page, gina)
  expect(await region.evaluate((el) => el.scrollTop)).toBeGreaterThan(0)
  await page.mouse.move(g.desde.x, g.desde.y)
  await page.mouse.down()
  await page.mouse.move(g.desde.x, (await reposo(page)).arriba + 4, { steps: 10 })
  await expect.poll(() => region.evaluate((el) => el.scrollTop), { timeout: 15_000 }).toBe(0)
  await expect(objetivo(page)).toHaveText(/09:00 AM/)
  await page.keyboard.press('Escape')
  await page.mouse.up()
  await expect(dialog).toBeHidden()
  await expect(objetivo(page)).toBeHidden()
  expect(await s.enServidor('Flor Díaz')).toMatchObject({ hora_inicio: '10:00:00', estado_cita: 'Pendiente de Pago' })
  expect(await s.enServidor('Gina Rojas')).toMatchObject({ hora_inicio: '17:00:00', estado_cita: 'Pendiente de Pago' })
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
    const a = await agarre(p, bloque(p, carla))
    // Real touch input through the browser's pipeline (touch-action applies).
    const cdp = await phone.context.newCDPSession(p)
    const toque = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: Punto) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: Math.round(at.x), y: Math.round(at.y) }] : [] })
    await toque('touchStart', a.desde)
    let ultimo = a.desde
    // The finger slides in small steps, as a real one reports them.
    const dedo = async (to: Punto) => {
      for (let i = 1; i <= 5; i++) await toque('touchMove', { x: ultimo.x + ((to.x - ultimo.x) * i) / 5, y: ultimo.y + ((to.y - ultimo.y) * i) / 5 })
      ultimo = to
    }
    await llevar(p, dedo, a, colA, 90, /11:30 AM\s*Suelta para mover aquí/)
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
    // Scrolled to the last specialist, the times still sit at the box's left edge.
    const lado = await dia(p).evaluate((el) => {
      el.scrollLeft = el.scrollWidth
      const corner = el.querySelector('[class*="corner"]')!.getBoundingClientRect()
      return { columnas: el.querySelectorAll('[data-especialista]').length, corrido: el.scrollLeft, caja: el.getBoundingClientRect().left, horas: corner.left }
    })
    expect(lado.columnas).toBeGreaterThanOrEqual(3)
    expect(lado.corrido).toBeGreaterThan(150)
    expect(lado.horas).toBeCloseTo(lado.caja, 0)
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
    await goOffline(tab.page)
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
