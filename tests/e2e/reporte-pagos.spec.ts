/**
 * 'Reporte de Pagos Realizados' on /control-citas/pagos (spec 2 §2.6, §2.7, §6, §9;
 * docs/decisions/0009-caja.md): payments another tablet wrote to the server appear in the
 * report; both exports are downloaded and read back, as an administrator (commissions,
 * net, 'Resumen Diario') and as staff (none of those); the exports work with the network
 * off; an administrator voids a payment and the server reopens the cita.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Download, Page } from '@playwright/test'
import * as XLSX from 'xlsx'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
import { peruToday } from './support/dates.ts'
import { expect, test } from './support/fixtures.ts'

const CREMA = 'Crema Hidratante Corporal 250 ml'

async function idTratamiento(page: Page, nombre: string): Promise<string> {
  const { body } = await (await backend(page)).rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent(nombre)}&select=id_tratamiento`, demo.staff)
  return body[0]!.id_tratamiento
}

/**
 * Another tablet (as staff) books two appointments of a new specialist today, each with a
 * S/ 50 advance by Yape, and charges the first: the massage (S/ 150, 10 % commission) plus
 * one cream (S/ 65), S/ 165 by credit card (4.071 %). The second stays with its advance pending.
 */
async function cobroEnOtraTableta(page: Page, cliente: string) {
  const api = await backend(page)
  const hoy = peruToday()
  const [masaje, crema] = await Promise.all([idTratamiento(page, 'Masaje Relajante'), idTratamiento(page, CREMA)])
  const especialista = { id_especialista: randomUUID(), nombre: 'Prueba', apellido: `Reporte ${cliente.slice(-6)}`, especialidad: 'Masajes' }
  await api.insert('tb_especialistas', especialista, demo.staff)
  const cita = (hora: number, nombre: string) => ({
    id_cita: randomUUID(),
    id_especialista: especialista.id_especialista,
    id_tratamiento: masaje,
    nombre_cliente: nombre,
    nombre_tratamiento: 'Masaje Relajante',
    fecha_cita: hoy,
    hora_inicio: `${hora}:00:00`,
    hora_fin: `${hora + 1}:00:00`,
    estado_cita: 'Confirmada',
    monto_adelanto: 50,
    metodo_pago_adelanto: 'Yape',
    fecha_pago_adelanto: hoy,
  })
  const pagada = cita(10, cliente)
  const pendiente = cita(12, `${cliente} (adelanto)`)
  await api.insert('tb_citas', [pagada, pendiente], demo.staff)
  const pago = {
    id_pago_cita: randomUUID(),
    id_cita: pagada.id_cita,
    monto_total_calculado: 215,
    monto_adelanto_aplicado: 50,
    monto_final_pagado: 165,
    metodo_pago_final: 'Tarjeta de Crédito',
    referencia_pago_final: 'OP-4455',
    fecha_pago: hoy,
    tratamientos_adicionales_info: [{ id_tratamiento: crema, nombre: CREMA, costo_al_momento_del_pago: 65, cantidad: 1, tipo: 'producto' }],
  }
  await api.insert('tb_pagos_citas', pago, demo.staff)
  return { pago, pagada, pendiente }
}

async function openPagos(page: Page) {
  await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: /^Pagos/ }).click()
  await expect(page).toHaveURL(/\/control-citas\/pagos$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Pagos' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Reporte de Pagos Realizados' })).toBeVisible()
}

const pagosTable = (page: Page) => page.getByRole('table', { name: 'Pagos realizados' })

async function download(page: Page, button: string): Promise<{ name: string; book: XLSX.WorkBook }> {
  const pending = page.waitForEvent('download')
  await page.getByRole('button', { name: button }).click()
  const file: Download = await pending
  return { name: file.suggestedFilename(), book: XLSX.read(readFileSync(await file.path()), { type: 'buffer', cellNF: true }) }
}

const rows = (book: XLSX.WorkBook, sheet: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheet]!, { header: 1 })
const STAMP = /\d{8}-\d{4}\.xlsx$/

test.describe('Reporte de Pagos Realizados', () => {
  test('administrador: un pago de otra tableta aparece con comisiones y neto, se exporta con sus hojas y se anula', async ({ page }) => {
    await page.setViewportSize(viewports.tabletLandscape)
    await signIn(page, demo.admin)
    const cliente = `Cliente Reporte ${randomUUID().slice(0, 6)}`
    const { pago, pagada } = await cobroEnOtraTableta(page, cliente)
    await openPagos(page)

    await page.getByRole('searchbox', { name: 'Cliente' }).fill(cliente)
    await expect(page).toHaveURL(/rq=Cliente/)
    const row = pagosTable(page).getByRole("row", { name: new RegExp(cliente) })
    // The payment arrives through the sync: wait for it, not for a fixed time.
    await expect(row).toContainText('Masaje Relajante, Crema Hidratante Corporal 250 ml', { timeout: 30_000 })
    // POS 165 × 4.071 % = 6.72; sales commission 10 % × (150 − its POS share 4.69 − advance 50) = 9.53; net 148.75.
    await expect(row).toContainText(/Mixto.*Tarjeta de Crédito.*Ref\. OP-4455.*S\/ 215\.00.*S\/ 50\.00.*S\/ 165\.00.*S\/ 6\.72.*S\/ 9\.53.*S\/ 148\.75/)
    await expect(page.getByRole('heading', { level: 3, name: 'Resumen Diario' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Adelantos pendientes' })).toContainText(`${cliente} (adelanto)`)
    await expectAccessible(page, 'reporte de pagos (admin)')
    await screenshot(page, 'panel-tableta-horizontal-reporte-pagos', { fullPage: true })

    const pagos = await download(page, 'Exportar a Excel')
    expect(pagos.name).toMatch(new RegExp(`^reporte_pagos_${STAMP.source}`))
    await expectToast(page, 'Exportación exitosa', 'Se ha descargado el reporte de pagos con 1 pago.')
    expect(pagos.book.SheetNames).toEqual(['Pagos', 'Adelantos Pendientes', 'Resumen Diario', 'Cierres de caja'])
    const hoja = rows(pagos.book, 'Pagos')
    expect(hoja[0]).toEqual(['Fecha', 'Cliente', 'Detalle', 'Tipo', 'Método de Pago', 'Referencia', 'Total', 'Adelanto', 'Monto Pagado', 'Comisión POS', 'Comisión Venta', 'Neto'])
    expect(hoja[1]!.slice(1)).toEqual([cliente, 'Masaje Relajante, Crema Hidratante Corporal 250 ml', 'Mixto', 'Tarjeta de Crédito', 'OP-4455', 215, 50, 165, 6.72, 9.53, 148.75])
    expect(hoja[2]).toEqual(['Total', undefined, undefined, undefined, undefined, undefined, 215, 50, 165, 6.72, 9.53, 148.75])
    // A real date cell, shown dd/mm/yyyy (docs/spec/3-product-decisions.md "Money, names, formats").
    expect(pagos.book.Sheets['Pagos']!['A2']).toMatchObject({ t: 'n', z: 'dd/mm/yyyy', w: peruToday().split('-').reverse().join('/') })
    expect(rows(pagos.book, 'Adelantos Pendientes')[1]).toEqual(expect.arrayContaining([`${cliente} (adelanto)`, 'Confirmada', 50, 'Yape']))
    expect(rows(pagos.book, 'Resumen Diario')[0]).toEqual(['Fecha', 'Pagos', 'Monto Bruto', 'Comisión POS', 'Comisión Venta', 'Neto'])

    const ventas = await download(page, 'Reporte Ventas Productos')
    expect(ventas.name).toMatch(new RegExp(`^reporte_ventas_productos_${STAMP.source}`))
    expect(ventas.book.SheetNames).toEqual(['Ventas Productos'])
    expect(rows(ventas.book, 'Ventas Productos').slice(0, 3)).toEqual([['Fecha', 'Producto', 'Cantidad', 'Total'], [expect.any(Number), CREMA, 1, 65], ['Total', undefined, 1, 65]])

    // 'Detallado': one row per item, the treatment at its price and the cream.
    await page.getByRole('switch', { name: 'Detallado' }).click()
    const items = page.getByRole('table', { name: 'Pagos realizados, detallados por ítem' })
    await expect(items.getByRole('row', { name: /^Masaje Relajante/ })).toContainText('S/ 150.00')
    await expect(items.getByRole('row', { name: new RegExp(`^${CREMA}`) })).toContainText('S/ 65.00')
    await expect(page).toHaveURL(/rdetallado=true/)
    await screenshot(page, 'panel-tableta-horizontal-reporte-pagos-detallado')
    await page.getByRole('switch', { name: 'Detallado' }).click()

    await page.setViewportSize(viewports.tabletPortrait)
    await expect(row).toBeVisible()
    await screenshot(page, 'panel-tableta-vertical-reporte-pagos', { fullPage: true })

    // 'Anular pago': confirmation, then the server reopens the cita (Confirmada, no final payment).
    await row.getByRole('button', { name: /^Acciones para/ }).click()
    await page.getByRole('menuitem', { name: 'Anular pago' }).click()
    const confirm = page.getByRole('dialog', { name: 'Anular pago' })
    await expect(confirm).toContainText(`¿Anular el pago de ${cliente}`)
    await expect(confirm).toContainText('La cita volverá a quedar pendiente de pago y se devolverá el stock de sus productos.')
    await expectAccessible(page, 'confirmación de anular pago')
    await confirm.getByRole('button', { name: 'Anular pago' }).click()
    await expectToast(page, 'Pago anulado')
    await expect(pagosTable(page)).toHaveCount(0)
    // Once the server's reopened cita comes back, its advance is pending again.
    await expect(page.getByRole('table', { name: 'Adelantos pendientes' }).getByRole('row', { name: new RegExp(`^${cliente} Masaje`) })).toContainText('Confirmada', { timeout: 30_000 })
    const api = await backend(page)
    await expect
      .poll(async () => (await api.rest<Array<{ _deleted: boolean }>>(`tb_pagos_citas?id_pago_cita=eq.${pago.id_pago_cita}&select=_deleted`, demo.admin)).body[0]?._deleted, { timeout: 30_000 })
      .toBe(true)
    await expect
      .poll(async () => (await api.rest<Array<{ estado_cita: string; id_pago_final: string | null }>>(`tb_citas?id_cita=eq.${pagada.id_cita}&select=estado_cita,id_pago_final`, demo.admin)).body[0], { timeout: 30_000 })
      .toEqual({ estado_cita: 'Confirmada', id_pago_final: null })
  })

  test('personal, sin conexión: el reporte sin columnas ni hojas de administrador se exporta desde el equipo', async ({ page, context }) => {
    await page.setViewportSize(viewports.tabletPortrait)
    await signIn(page, demo.staff)
    await waitForServiceWorker(page)
    const cliente = `Cliente Personal ${randomUUID().slice(0, 6)}`
    await cobroEnOtraTableta(page, cliente)
    await openPagos(page)
    await page.getByRole('searchbox', { name: 'Cliente' }).fill(cliente)
    const row = pagosTable(page).getByRole("row", { name: new RegExp(cliente) })
    await expect(row).toContainText('S/ 165.00', { timeout: 30_000 })
    await expect(pagosTable(page).getByRole('columnheader', { name: 'Neto' })).toHaveCount(0)
    // A filter reaching the URL keeps the page where it was scrolled: the router's scroll
    // restoration used to jump to the top 300 ms after the last key, taking away the
    // anchor of a row menu opened meanwhile. Same rows (the search ignores case), new URL.
    await row.scrollIntoViewIfNeeded()
    const scrolled = await page.evaluate(() => window.scrollY)
    expect(scrolled).toBeGreaterThan(0)
    await page.getByRole('searchbox', { name: 'Cliente' }).fill(cliente.toUpperCase())
    await expect(page).toHaveURL(new RegExp(`rq=${encodeURIComponent(cliente.toUpperCase()).replaceAll('%20', '(\\+|%20)')}`))
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
    // The other tablet's rows are still arriving while the first one shows; a row that
    // re-renders under the pointer would close its menu. Act once the download settled.
    await waitForSynced(page)
    // Staff may print the receipt of a row, never void it.
    await row.getByRole('button', { name: /^Acciones para/ }).click()
    const verComprobante = page.getByRole('menuitem', { name: 'Ver comprobante' })
    await expect(verComprobante).toBeVisible()
    await expect(page.getByRole('menuitem', { name: /Anular pago/ })).toHaveCount(0)
    await verComprobante.click()
    const recibo = page.getByRole('dialog', { name: 'Comprobante de Pago' }).getByTestId('comprobante-ticket')
    await expect(recibo).toContainText(new RegExp(`Cliente\\s*${cliente}.*Masaje Relajante.*Total\\s*S/ 215\\.00\\s*Adelanto aplicado\\s*− S/ 50\\.00\\s*Monto pagado\\s*S/ 165\\.00\\s*Método de pago\\s*Tarjeta de Crédito\\s*Referencia\\s*OP-4455`))
    await page.getByRole('dialog', { name: 'Comprobante de Pago' }).getByRole('button', { name: 'Cerrar' }).click()
    await expect(page.getByRole('heading', { name: 'Resumen Diario' })).toHaveCount(0)
    await waitForSynced(page)

    await goOffline(page)
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    // Reloaded from the service worker with no network: the report comes from the device.
    await page.reload()
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await expect(pagosTable(page).getByRole('row', { name: new RegExp(cliente) })).toContainText('S/ 165.00')
    await expectAccessible(page, 'reporte de pagos (personal, sin conexión)')

    const pagos = await download(page, 'Exportar a Excel')
    expect(pagos.name).toMatch(new RegExp(`^reporte_pagos_${STAMP.source}`))
    expect(pagos.book.SheetNames).toEqual(['Pagos', 'Adelantos Pendientes', 'Cierres de caja'])
    const hoja = rows(pagos.book, 'Pagos')
    expect(hoja[0]).toEqual(['Fecha', 'Cliente', 'Detalle', 'Tipo', 'Método de Pago', 'Referencia', 'Total', 'Adelanto', 'Monto Pagado'])
    expect(hoja[1]!.slice(1)).toEqual([cliente, 'Masaje Relajante, Crema Hidratante Corporal 250 ml', 'Mixto', 'Tarjeta de Crédito', 'OP-4455', 215, 50, 165])
    expect(hoja[2]).toEqual(['Total', undefined, undefined, undefined, undefined, undefined, 215, 50, 165])

    const ventas = await download(page, 'Reporte Ventas Productos')
    expect(ventas.book.SheetNames).toEqual(['Ventas Productos'])
    expect(rows(ventas.book, 'Ventas Productos')[1]).toEqual([expect.any(Number), CREMA, 1, 65])
    await context.setOffline(false)
  })
})
