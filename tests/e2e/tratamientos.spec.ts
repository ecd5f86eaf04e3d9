import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import * as XLSX from 'xlsx'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
import { peruToday } from './support/dates.ts'

type Row = { id_tratamiento: string; nombre: string; costo: number; activo: boolean; tipo: string; tr_cantidad: number; duracion_estimada_minutos: number | null; _deleted: boolean }

async function serverTratamiento(page: Page, nombre: string): Promise<Row | null> {
  const { body } = await (await backend(page)).rest<Row[]>(`tb_tratamientos?nombre=eq.${encodeURIComponent(nombre)}&select=*`, demo.admin)
  return Array.isArray(body) ? (body[0] ?? null) : null
}

async function openTratamientos(page: Page) {
  await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: /^Tratamientos/ }).click()
  await expect(page).toHaveURL(/\/control-citas\/tratamientos$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Tratamientos y productos' })).toBeVisible()
}

const dialog = (page: Page) => page.getByRole('dialog')
const row = (page: Page, nombre: string) => page.getByRole('row', { name: new RegExp(nombre) })

async function rowAction(page: Page, nombre: string, action: string) {
  await row(page, nombre).getByRole('button', { name: `Acciones para ${nombre}` }).click()
  await page.getByRole('menuitem', { name: action }).click()
}

/** Another tablet sells `units` of a product: a direct sale (virtual cita + payment) straight to the server. */
async function saleElsewhere(page: Page, product: Row, units: number) {
  const api = await backend(page)
  const cita = { id_cita: randomUUID(), nombre_cliente: 'Cliente de mostrador', nombre_tratamiento: `VENTA PRODUCTOS: ${product.nombre}`, fecha_cita: peruToday(), hora_inicio: '00:00:00', estado_cita: 'Venta Directa' }
  await api.insert('tb_citas', cita, demo.staff)
  await api.insert(
    'tb_pagos_citas',
    {
      id_pago_cita: randomUUID(),
      id_cita: cita.id_cita,
      monto_total_calculado: product.costo * units,
      monto_final_pagado: product.costo * units,
      metodo_pago_final: 'Efectivo',
      fecha_pago: peruToday(),
      tratamientos_adicionales_info: [{ id_tratamiento: product.id_tratamiento, nombre: product.nombre, costo_al_momento_del_pago: product.costo, cantidad: units, tipo: 'producto' }],
    },
    demo.staff,
  )
}

test.describe('Tratamientos y productos', () => {
  test('registrar, editar, desactivar y eliminar un tratamiento en línea; la búsqueda vive en la URL', async ({ page }) => {
    await page.setViewportSize(viewports.tabletLandscape)
    await signIn(page, demo.staff)
    await openTratamientos(page)
    await expect(page.getByRole('row').nth(1)).toBeVisible()
    await expectAccessible(page, 'tratamientos')
    const masaje = `Masaje de bambú ${randomUUID().slice(0, 6)}`

    // The spec's validation, as a toast titled 'Error de Validación'.
    await page.getByRole('button', { name: 'Registrar Nuevo Tratamiento' }).click()
    await expect(dialog(page)).toHaveAccessibleName('Registrar Nuevo Tratamiento')
    await dialog(page).getByRole('button', { name: 'Registrar' }).click()
    await expectToast(page, 'Error de Validación', 'Nombre, duración y costo son obligatorios.')
    await dialog(page).getByRole('textbox', { name: 'Nombre' }).fill(masaje)
    await dialog(page).getByRole('textbox', { name: /Duración estimada/ }).fill('75')
    await dialog(page).getByRole('textbox', { name: /Costo/ }).fill('180')
    await dialog(page).getByRole('textbox', { name: 'Categoría' }).fill('Masajes')
    await dialog(page).getByRole('textbox', { name: /Comisión/ }).fill('10')
    await screenshot(page, 'panel-tableta-horizontal-tratamiento-nuevo')
    await expectAccessible(page, 'diálogo de tratamiento')
    await dialog(page).getByRole('button', { name: 'Registrar' }).click()
    await expectToast(page, '¡Tratamiento Registrado!', `${masaje} ha sido registrado exitosamente.`)
    await expect(row(page, masaje)).toContainText('S/ 180.00')
    await expect.poll(async () => (await serverTratamiento(page, masaje))?.duracion_estimada_minutos ?? null, { timeout: 30_000 }).toBe(75)

    await rowAction(page, masaje, 'Editar')
    await expect(dialog(page)).toHaveAccessibleName('Editar Tratamiento')
    await dialog(page).getByRole('textbox', { name: /Costo/ }).fill('190')
    await dialog(page).getByRole('button', { name: 'Guardar Cambios' }).click()
    await expectToast(page, '¡Tratamiento Actualizado!')
    await rowAction(page, masaje, 'Desactivar')
    await expectToast(page, 'Tratamiento Desactivado', `${masaje} ahora está inactivo.`)
    await expect(row(page, masaje)).toContainText('Inactivo')
    await expect.poll(async () => (await serverTratamiento(page, masaje))?.activo ?? null, { timeout: 30_000 }).toBe(false)
    expect((await serverTratamiento(page, masaje))?.costo).toBe(190)

    // The search lives in the URL: it survives a reload.
    await page.getByRole('searchbox', { name: 'Buscar tratamientos' }).fill('bambu')
    await expect(page).toHaveURL(/\?q=bambu/)
    await expect(page.getByRole('row')).toHaveCount(2)
    await screenshot(page, 'panel-tableta-horizontal-tratamientos')
    await page.reload()
    await expect(page.getByRole('searchbox', { name: 'Buscar tratamientos' })).toHaveValue('bambu')

    // An unused treatment can be deleted (soft delete: the server keeps a tombstone).
    await rowAction(page, masaje, 'Eliminar')
    const confirm = page.getByRole('dialog', { name: '¿Eliminar este tratamiento?' })
    await expectAccessible(page, 'confirmación de eliminar')
    await confirm.getByRole('button', { name: 'Eliminar' }).click()
    await expectToast(page, '¡Tratamiento Eliminado!')
    await expect(row(page, masaje)).toHaveCount(0)
    await expect.poll(async () => (await serverTratamiento(page, masaje))?._deleted ?? null, { timeout: 30_000 }).toBe(true)
  })

  test('el stock de un producto es un libro: una venta en otra tableta mientras se edita la cantidad conserva ambos efectos', async ({ page }) => {
    await page.setViewportSize(viewports.tabletLandscape)
    await signIn(page, demo.staff)
    await openTratamientos(page)
    const aceite = `Aceite de argán ${randomUUID().slice(0, 6)}`

    // Its initial quantity becomes an 'inicial' movement and the server's stock.
    await page.getByRole('button', { name: 'Registrar Nuevo Tratamiento' }).click()
    await dialog(page).getByText('Producto', { exact: true }).click()
    await dialog(page).getByRole('textbox', { name: 'Nombre' }).fill(aceite)
    await dialog(page).getByRole('textbox', { name: /Costo/ }).fill('55')
    await dialog(page).getByRole('textbox', { name: /Cantidad inicial/ }).fill('10')
    await dialog(page).getByRole('button', { name: 'Registrar' }).click()
    await expectToast(page, '¡Producto Registrado!')
    await expect(row(page, aceite)).toContainText('10 unidades')
    await expect.poll(async () => (await serverTratamiento(page, aceite))?.tr_cantidad ?? null, { timeout: 30_000 }).toBe(10)

    // While this tablet edits the quantity (10 shown), another sells 2.
    const product = (await serverTratamiento(page, aceite))!
    await rowAction(page, aceite, 'Editar')
    await expect(dialog(page).getByRole('textbox', { name: /Cantidad en stock/ })).toHaveValue('10')
    await saleElsewhere(page, product, 2)
    await expect.poll(async () => (await serverTratamiento(page, aceite))?.tr_cantidad ?? null).toBe(8)
    await dialog(page).getByRole('textbox', { name: /Cantidad en stock/ }).fill('15')
    await dialog(page).getByRole('button', { name: 'Guardar Cambios' }).click()
    await expectToast(page, '¡Producto Actualizado!')
    // Both kept: 10 − 2 sold elsewhere + 5 added here = 13, on the server and on this tablet.
    await expect.poll(async () => (await serverTratamiento(page, aceite))?.tr_cantidad ?? null, { timeout: 30_000 }).toBe(13)
    await expect(row(page, aceite)).toContainText('13 unidades', { timeout: 30_000 })

    // A product that was sold cannot be deleted: the device says why at once.
    await rowAction(page, aceite, 'Eliminar')
    await expectToast(page, 'Error', `No se puede eliminar el producto "${aceite}" porque se han realizado 1 venta(s) y 0 reserva(s) de este producto. Primero debe procesar o eliminar estos registros.`)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('sin conexión: registrar un producto, recargar desde el service worker, exportar el stock y sincronizar al volver', async ({ page, context }) => {
    await page.setViewportSize(viewports.tabletPortrait)
    await signIn(page, demo.staff)
    await waitForServiceWorker(page)
    await openTratamientos(page)
    await waitForSynced(page)

    await goOffline(page)
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    const nombre = `Sales de baño ${randomUUID().slice(0, 6)}`
    await page.getByRole('button', { name: 'Registrar Nuevo Tratamiento' }).click()
    await dialog(page).getByText('Producto', { exact: true }).click()
    await dialog(page).getByRole('textbox', { name: 'Nombre' }).fill(nombre)
    await dialog(page).getByRole('textbox', { name: 'Descripción' }).fill('Sales minerales con lavanda')
    await dialog(page).getByRole('textbox', { name: /Costo/ }).fill('25.5')
    await dialog(page).getByRole('textbox', { name: /Cantidad inicial/ }).fill('7')
    await dialog(page).getByRole('button', { name: 'Registrar' }).click()
    await expectToast(page, '¡Producto Registrado!')
    await expect(row(page, nombre)).toContainText('7 unidades')
    expect(await serverTratamiento(page, nombre).catch(() => null)).toBeNull()

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Tratamientos y productos' })).toBeVisible()
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await expect(row(page, nombre)).toContainText('7 unidades')
    await screenshot(page, 'panel-tableta-vertical-tratamientos-sin-conexion')
    await expectAccessible(page, 'tratamientos sin conexión')

    // The stock report downloads with the network off (xlsx comes from the service worker's cache).
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Imprimir stock' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`stock_productos_${peruToday().split('-').reverse().join('-')}.xlsx`)
    await expectToast(page, 'Exportación exitosa', /Se ha descargado el reporte de stock con \d+ productos\./)
    const book = XLSX.read(readFileSync(await file.path()), { type: 'buffer' })
    expect(book.SheetNames).toEqual(['Stock de Productos'])
    const ws = book.Sheets['Stock de Productos']!
    expect(XLSX.utils.sheet_to_json<string[]>(ws, { header: 1 })[0]).toEqual(['Codigo', 'Nombre de Producto', 'Descripcion', 'Costo', 'Cantidad'])
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(ws)
    const names = rows.map((r) => String(r['Nombre de Producto']))
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')))
    expect(rows.find((r) => r['Nombre de Producto'] === nombre)).toMatchObject({ Descripcion: 'Sales minerales con lavanda', Costo: 25.5, Cantidad: 7 })
    expect(rows.find((r) => r['Nombre de Producto'] === nombre)?.Codigo).toMatch(/^[0-9A-F]{8}$/)

    await context.setOffline(false)
    await expect(page.getByTestId('estado-conexion')).toHaveText('En línea')
    await waitForSynced(page)
    await expect.poll(async () => (await serverTratamiento(page, nombre))?.tr_cantidad ?? null, { timeout: 30_000 }).toBe(7)
  })
})
