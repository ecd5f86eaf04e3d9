/**
 * Cierre de caja (docs/decisions/0038-cierre-de-caja.md): the receptionist counts the
 * drawer offline after a reload from the service worker; the close waits on the tablet
 * (a reload keeps it) and reaches the server once the connection is back; a sale made
 * after the close asks before it is dated into the closed day, and cancelling keeps the
 * cart.
 */
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
import { peruToday } from './support/dates.ts'

type CierreRow = { metodo: string; esperado: number; contado: number; diferencia: number; nota: string; dispositivo: string }

async function abrirSeccion(page: Page, tile: RegExp, heading: string) {
  await page.getByRole('link', { name: 'Volver al panel' }).click()
  await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: tile }).click()
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
}

const conteo = (page: Page) => page.getByRole('table', { name: 'Conteo por método de pago' })
const cierres = (page: Page) => page.getByRole('article')
const soles = (texto: string) => Number(texto.replace(/[^\d.]/g, ''))

/**
 * The cash the tablet should expect today once it holds everything: the server's cash
 * payments and sales of the day and its cash advances of the day (other spec files on the
 * same backend take cash today too).
 */
async function efectivoEsperado(page: Page): Promise<string> {
  const api = await backend(page)
  const hoy = peruToday()
  const { body: pagos } = await api.rest<Array<{ monto_final_pagado: number }>>(`tb_pagos_citas?fecha_pago=eq.${hoy}&metodo_pago_final=eq.Efectivo&_deleted=is.false&select=monto_final_pagado`, demo.admin)
  const { body: citas } = await api.rest<Array<{ monto_adelanto: number }>>(`tb_citas?fecha_pago_adelanto=eq.${hoy}&metodo_pago_adelanto=eq.Efectivo&_deleted=is.false&select=monto_adelanto`, demo.admin)
  const total = [...pagos.map((p) => Number(p.monto_final_pagado)), ...citas.map((c) => Number(c.monto_adelanto))].reduce((a, b) => a + b, 0)
  return `S/ ${new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(total)}`
}

/**
 * Counts every method as expected except Efectivo, S/ 5 short (or S/ 5 over on a day with
 * less than that in cash); returns what was typed per method.
 */
async function contar(page: Page): Promise<Map<string, number>> {
  const contado = new Map<string, number>()
  const filas = conteo(page).locator('tbody tr')
  for (let i = 0; i < (await filas.count()); i++) {
    const fila = filas.nth(i)
    const metodo = (await fila.locator('th').textContent())!.trim()
    const esperado = soles((await fila.locator('td').first().textContent())!)
    const monto = metodo === 'Efectivo' ? (esperado >= 5 ? esperado - 5 : esperado + 5) : esperado
    await fila.getByRole('textbox', { name: `Contado en ${metodo}` }).fill(monto.toFixed(2))
    contado.set(metodo, monto)
  }
  return contado
}

test.describe('Cierre de caja', () => {
  test('cerrar la caja sin conexión: el cierre espera en la tableta, sube al volver la conexión, y una venta posterior pregunta antes', async ({ page, context }) => {
    await page.setViewportSize(viewports.tabletLandscape)
    await signIn(page, demo.staff)
    await waitForServiceWorker(page)
    const sufijo = randomUUID().slice(0, 6)
    const api = await backend(page)
    const producto = { id_tratamiento: randomUUID(), nombre: `Jabón de avena ${sufijo}`, tipo: 'producto', costo: 18, activo: true }
    await api.insert('tb_tratamientos', producto, demo.admin)
    await api.insert('tb_movimientos_stock', { id_movimiento: randomUUID(), id_tratamiento: producto.id_tratamiento, cantidad: 5, motivo: 'inicial' }, demo.admin)
    const apellido = `Caja${sufijo}`
    await api.insert('tb_pacientes', { id_paciente: randomUUID(), nombre: 'Nora', apellido }, demo.staff)

    await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: /^Cierre de Caja/ }).click()
    await expect(page).toHaveURL(/\/control-citas\/cierre-caja$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Cierre de caja' })).toBeVisible()
    await expect(conteo(page).getByRole('row', { name: /^Efectivo/ })).toBeVisible()
    await waitForSynced(page)
    const esperadoEnCaja = await efectivoEsperado(page)

    // Offline, after a reload served by the service worker.
    await goOffline(page)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Cierre de caja' })).toBeVisible()
    await expect(page.getByText(/^Sin conexión con el servidor: lo esperado incluye solo los cobros que este equipo conoce/)).toBeVisible()
    // The day's data is read from the device before counting.
    await expect(conteo(page).getByRole('row', { name: /^Efectivo/ }).locator('td').first()).toHaveText(esperadoEnCaja)
    const contado = await contar(page)
    const efectivo = conteo(page).getByRole('row', { name: /^Efectivo/ })
    await expect(efectivo).toContainText(/(Faltante|Sobrante) S\/ 5\.00/)
    const nota = `Cierre e2e ${sufijo}: vuelto mal dado`
    await page.getByRole('textbox', { name: 'Nota' }).fill(nota)
    await expectAccessible(page, 'cierre de caja')
    await screenshot(page, 'panel-tableta-horizontal-cierre-caja-conteo')
    await page.getByRole('button', { name: 'Cerrar caja' }).click()
    await expectToast(page, 'Cierre de caja registrado')
    await expect(cierres(page)).toHaveCount(1)
    await expect(cierres(page).first()).toContainText('Pendiente de subir')
    await expect(cierres(page).first()).toContainText(`Nota: ${nota}`)
    await expect(conteo(page).getByRole('textbox', { name: 'Contado en Efectivo' })).toHaveValue('')
    await screenshot(page, 'panel-tableta-horizontal-cierre-caja-sin-conexion')
    expect(await api.rest<CierreRow[]>(`tb_cierres_caja?nota=eq.${encodeURIComponent(nota)}&select=*`, demo.admin).then((r) => r.body)).toEqual([])

    // The close is the tablet's until the server has it: a reload keeps it.
    await page.reload()
    await expect(cierres(page).first()).toContainText('Pendiente de subir')

    // A sale after the close asks first; cancelling keeps the cart.
    await abrirSeccion(page, /^Venta de Productos/, 'Venta de Productos')
    await page.getByRole('searchbox', { name: 'Buscar productos' }).fill(producto.nombre)
    await page.getByRole('button', { name: `Agregar ${producto.nombre} al carrito` }).click()
    await page.getByRole('combobox', { name: 'Cliente' }).click()
    await page.getByRole('combobox', { name: 'Cliente' }).fill('Nora')
    await page.getByRole('option', { name: `Nora ${apellido}`, exact: true }).click()
    await page.getByRole('combobox', { name: 'Método de pago' }).click()
    await page.getByRole('option', { name: 'Efectivo', exact: true }).click()
    await page.getByRole('button', { name: 'Completar Compra' }).click()
    const aviso = page.getByRole('dialog', { name: 'Día con cierre de caja' })
    const [y, m, d] = peruToday().split('-')
    await expect(aviso).toContainText(`El día ${d}/${m}/${y} ya tiene cierre de caja. ¿Registrar el pago en ese día de todos modos?`)
    await screenshot(page, 'panel-tableta-horizontal-venta-dia-cerrado')
    await aviso.getByRole('button', { name: 'Cancelar' }).click()
    await expect(aviso).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Carrito' }).getByRole('textbox', { name: `Cantidad de ${producto.nombre}` })).toHaveValue('1')
    await page.getByRole('button', { name: 'Completar Compra' }).click()
    await aviso.getByRole('button', { name: 'Registrar de todos modos' }).click()
    await expectToast(page, 'Venta de productos exitosa')

    // Back online: the close reaches the server under the receptionist, one row per method.
    await context.setOffline(false)
    await waitForSynced(page)
    await abrirSeccion(page, /^Cierre de Caja/, 'Cierre de caja')
    await expect(cierres(page).first()).toContainText('En el servidor', { timeout: 30_000 })
    const { body: guardados } = await api.rest<CierreRow[]>(`tb_cierres_caja?nota=eq.${encodeURIComponent(nota)}&select=*`, demo.admin)
    expect(new Map(guardados.map((r) => [r.metodo, Number(r.contado)]))).toEqual(contado)
    const caja = guardados.find((r) => r.metodo === 'Efectivo')!
    expect(Math.abs(Number(caja.diferencia))).toBe(5)
    expect(caja.dispositivo).toMatch(/^Equipo [0-9A-F]{4}$/)
    await screenshot(page, 'panel-tableta-horizontal-cierre-caja')
    // 'Imprimir' prints the day's closes only.
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('heading', { level: 1, name: 'Cierre de caja' })).toBeHidden()
    await expect(conteo(page)).toBeHidden()
    await expect(cierres(page).first()).toBeVisible()
    await screenshot(page, 'panel-tableta-horizontal-cierre-caja-impresion')
    await page.emulateMedia({ media: 'screen' })
    for (const [nombre, size] of [['telefono', viewports.phone], ['tableta-vertical', viewports.tabletPortrait]] as const) {
      await page.setViewportSize(size)
      await screenshot(page, `panel-${nombre}-cierre-caja`, { fullPage: true })
    }
  })
})
