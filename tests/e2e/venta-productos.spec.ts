import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
import { peruToday } from './support/dates.ts'

type Producto = { id_tratamiento: string; nombre: string; costo: number; tr_cantidad: number; stock_en_revision: boolean }
type Cita = { id_cita: string; id_paciente: string | null; nombre_cliente: string; nombre_tratamiento: string; estado_cita: string; hora_inicio: string; id_especialista: string | null; id_pago_final: string | null }
type Pago = { id_pago_cita: string; monto_final_pagado: number; metodo_pago_final: string; referencia_pago_final: string; tratamientos_adicionales_info: unknown[] }
type Movimiento = { cantidad: number; motivo: string; id_pago_cita: string | null; sobreventa: boolean }

/** A product with `unidades` in stock, registered on the server (an 'inicial' ledger row). */
async function productoEnServidor(page: Page, nombre: string, costo: number, unidades: number): Promise<Producto> {
  const api = await backend(page)
  const id = randomUUID()
  await api.insert('tb_tratamientos', { id_tratamiento: id, nombre, tipo: 'producto', costo, activo: true }, demo.admin)
  await api.insert('tb_movimientos_stock', { id_movimiento: randomUUID(), id_tratamiento: id, cantidad: unidades, motivo: 'inicial' }, demo.admin)
  return { id_tratamiento: id, nombre, costo, tr_cantidad: unidades, stock_en_revision: false }
}

async function get<T>(page: Page, path: string): Promise<T[]> {
  const { body } = await (await backend(page)).rest<T[]>(path, demo.admin)
  return Array.isArray(body) ? body : []
}

const citasDe = (page: Page, cliente: string) => get<Cita>(page, `tb_citas?nombre_cliente=eq.${encodeURIComponent(cliente)}&select=*`)
const pagosDe = (page: Page, idCita: string) => get<Pago>(page, `tb_pagos_citas?id_cita=eq.${idCita}&select=*`)
const movimientosDe = (page: Page, id: string) => get<Movimiento>(page, `tb_movimientos_stock?id_tratamiento=eq.${id}&select=cantidad,motivo,id_pago_cita,sobreventa&order=created_at`)
const stockDe = async (page: Page, id: string) => (await get<Producto>(page, `tb_tratamientos?id_tratamiento=eq.${id}&select=tr_cantidad,stock_en_revision`))[0] ?? null

/** Another tablet sells `units` of a product: a direct sale straight to the server. */
async function ventaEnOtraTablet(page: Page, p: Producto, units: number) {
  const api = await backend(page)
  const cita = { id_cita: randomUUID(), nombre_cliente: 'Cliente de mostrador', nombre_tratamiento: `VENTA PRODUCTOS: ${p.nombre}`, fecha_cita: peruToday(), hora_inicio: '00:00:00', hora_fin: '00:00:00', estado_cita: 'Venta Directa' }
  await api.insert('tb_citas', cita, demo.staff)
  await api.insert(
    'tb_pagos_citas',
    {
      id_pago_cita: randomUUID(),
      id_cita: cita.id_cita,
      monto_total_calculado: p.costo * units,
      monto_final_pagado: p.costo * units,
      metodo_pago_final: 'Efectivo',
      referencia_pago_final: `VENTA_PRODUCTOS_${Date.now()}_otra01`,
      fecha_pago: peruToday(),
      tratamientos_adicionales_info: [{ id_tratamiento: p.id_tratamiento, nombre: p.nombre, costo_al_momento_del_pago: p.costo, cantidad: units, tipo: 'producto' }],
    },
    demo.staff,
  )
}

async function abrirVenta(page: Page) {
  await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: /^Venta de Productos/ }).click()
  await expect(page).toHaveURL(/\/control-citas\/compra-productos$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Venta de Productos' })).toBeVisible()
}

const productos = (page: Page) => page.getByRole('list', { name: 'Productos a la venta' })
const tarjeta = (page: Page, nombre: string) => productos(page).getByRole('listitem', { name: nombre })
const carrito = (page: Page) => page.getByRole('region', { name: 'Carrito' })

async function elegir(page: Page, label: string, opcion: string) {
  await page.getByRole('combobox', { name: label }).click()
  if (label === 'Cliente') await page.getByRole('combobox', { name: label }).fill(opcion.split(',')[0]!)
  await page.getByRole('option', { name: opcion, exact: true }).click()
  await expect(page.getByRole('combobox', { name: label })).toHaveValue(opcion)
}

test.describe('Venta de Productos', () => {
  test('una venta directa en línea: cita Venta Directa, pago bruto y movimiento de stock en el servidor', async ({ page }) => {
    await page.setViewportSize(viewports.tabletLandscape)
    await signIn(page, demo.staff)
    const sufijo = randomUUID().slice(0, 6)
    const crema = await productoEnServidor(page, `Crema de rosas ${sufijo}`, 40, 6)
    await abrirVenta(page)
    await expect(tarjeta(page, crema.nombre)).toContainText('Stock: 6', { timeout: 30_000 })
    await expectAccessible(page, 'venta de productos')

    // Nothing is written without a client.
    await page.getByRole('button', { name: 'Completar Compra' }).click()
    await expectToast(page, 'Error', 'Debe seleccionar un cliente.')

    await page.getByRole('searchbox', { name: 'Buscar productos' }).fill(`rosas ${sufijo}`)
    await expect(productos(page).getByRole('listitem')).toHaveCount(1)
    await page.getByRole('button', { name: `Agregar ${crema.nombre} al carrito` }).click()
    await page.getByRole('button', { name: `Agregar ${crema.nombre} al carrito` }).click()
    await expectToast(page, 'Stock Bajo', `Quedan 4 unidades de ${crema.nombre}.`)
    await expect(carrito(page).getByRole('textbox', { name: `Cantidad de ${crema.nombre}` })).toHaveValue('2')

    // A new client: nombres and apellidos in two fields.
    const apellido = `Huamán${sufijo}`
    await page.getByRole('button', { name: 'Agregar cliente' }).click()
    const dialog = page.getByRole('dialog', { name: 'Agregar Nuevo Cliente' })
    await dialog.getByRole('textbox', { name: /^Nombres/ }).fill('Rosa María')
    await dialog.getByRole('textbox', { name: /^Apellidos/ }).fill(apellido)
    await dialog.getByRole('textbox', { name: /Teléfono/ }).fill('987654321')
    await expectAccessible(page, 'diálogo de nuevo cliente')
    await dialog.getByRole('button', { name: 'Agregar Cliente' }).click()
    await expectToast(page, 'Cliente agregado')
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(`Rosa María ${apellido}`)

    await elegir(page, 'Método de pago', 'Tarjeta de Crédito')
    await expect(page.getByTestId('total-venta')).toHaveText('S/ 80.00')
    // 80.00 − 4.071 % (3.26) = 76.74
    await expect(page.getByTestId('neto-venta')).toHaveText('S/ 76.74')
    await screenshot(page, 'panel-tableta-horizontal-venta-productos')
    await page.getByRole('button', { name: 'Completar Compra' }).click()
    await expectToast(page, 'Venta de productos exitosa')
    await expect(tarjeta(page, crema.nombre)).toContainText('Stock bajo (4)')
    // The sale's receipt from the toast: the gross amount charged, not the card's net.
    await page.getByRole('region', { name: /^Notificaciones/ }).getByRole('button', { name: 'Ver comprobante' }).click()
    const recibo = page.getByRole('dialog', { name: 'Comprobante de Venta' })
    await expect(recibo.getByTestId('comprobante-ticket')).toContainText(
      new RegExp(`Cliente\\s*Rosa María ${apellido}.*${crema.nombre}2 × S/ 40\\.00\\s*S/ 80\\.00.*Total\\s*S/ 80\\.00\\s*Monto pagado\\s*S/ 80\\.00\\s*Método de pago\\s*Tarjeta de Crédito\\s*Referencia\\s*VENTA_PRODUCTOS_`),
    )
    await screenshot(page, 'panel-tableta-horizontal-venta-comprobante')
    await recibo.getByRole('button', { name: 'Cerrar' }).click()
    await expect(carrito(page)).toContainText('El carrito está vacío.')

    // On the server: the patient, the virtual cita, its gross payment and the ledger movement.
    const cliente = `Rosa María ${apellido}`
    await expect.poll(async () => (await citasDe(page, cliente)).length, { timeout: 30_000 }).toBe(1)
    const [cita] = await citasDe(page, cliente)
    expect(cita).toMatchObject({ estado_cita: 'Venta Directa', hora_inicio: '00:00:00', id_especialista: null, nombre_tratamiento: `VENTA PRODUCTOS: ${crema.nombre} x2` })
    expect(cita!.id_paciente).toBeTruthy()
    await expect.poll(async () => (await pagosDe(page, cita!.id_cita)).length, { timeout: 30_000 }).toBe(1)
    const [pago] = await pagosDe(page, cita!.id_cita)
    expect(pago).toMatchObject({ monto_final_pagado: 80, metodo_pago_final: 'Tarjeta de Crédito' })
    expect(pago!.referencia_pago_final).toMatch(/^VENTA_PRODUCTOS_\d{13}_[0-9a-z]{6}$/)
    await expect.poll(async () => (await movimientosDe(page, crema.id_tratamiento)).map((m) => [m.motivo, m.cantidad])).toEqual([
      ['inicial', 6],
      ['venta_directa', -2],
    ])
    expect(await stockDe(page, crema.id_tratamiento)).toEqual({ tr_cantidad: 4, stock_en_revision: false })
    await expect.poll(async () => (await citasDe(page, cliente))[0]?.id_pago_final ?? null).toBe(pago!.id_pago_cita)
  })

  test('sin conexión: vender la última unidad, recargar desde el service worker; otra tableta vendió la misma: ambas se conservan, el stock queda en revisión en todos los equipos y un administrador lo ajusta', async ({ page, context, browser }) => {
    await page.setViewportSize(viewports.tabletPortrait)
    await signIn(page, demo.staff)
    await waitForServiceWorker(page)
    const sufijo = randomUUID().slice(0, 6)
    const aceite = await productoEnServidor(page, `Aceite de coco ${sufijo}`, 35.5, 1)
    const apellido = `Quispe${sufijo}`
    await (await backend(page)).insert('tb_pacientes', { id_paciente: randomUUID(), nombre: 'Luis', apellido }, demo.staff)
    await abrirVenta(page)
    await expect(tarjeta(page, aceite.nombre)).toContainText('Stock bajo (1)', { timeout: 30_000 })
    await waitForSynced(page)

    await goOffline(page)
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Venta de Productos' })).toBeVisible()
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await page.getByRole('button', { name: `Agregar ${aceite.nombre} al carrito` }).click()
    await expectToast(page, 'Stock Bajo', `Con esta venta se agotan las unidades de ${aceite.nombre}.`)
    // In portrait the cart is below the products: a bar keeps its total in sight and leads there.
    await expect(page.getByRole('button', { name: 'Ir al carrito' })).toBeInViewport()
    await screenshot(page, 'panel-tableta-vertical-venta-productos-barra-carrito')
    await page.getByRole('button', { name: 'Ir al carrito' }).click()
    await expect(page.getByRole('heading', { name: 'Carrito' })).toBeFocused()
    await expect(carrito(page).getByRole('textbox', { name: `Cantidad de ${aceite.nombre}` })).toBeInViewport()
    await elegir(page, 'Cliente', `Luis ${apellido}`)
    await elegir(page, 'Método de pago', 'Efectivo')
    await page.getByRole('button', { name: 'Completar Compra' }).click()
    await expectToast(page, 'Venta de productos exitosa')
    // The device counts its own sale at once: sold out here, not sellable again.
    await expect(tarjeta(page, aceite.nombre)).toContainText('Sin stock')
    await expect(page.getByRole('button', { name: `Agregar ${aceite.nombre} al carrito` })).toBeDisabled()
    await page.getByRole('searchbox', { name: 'Buscar productos' }).fill(aceite.nombre)
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    await screenshot(page, 'panel-tableta-vertical-venta-productos-sin-conexion')
    await expectAccessible(page, 'venta de productos sin conexión')
    expect(await citasDe(page, `Luis ${apellido}`).catch(() => [])).toEqual([])

    // Meanwhile another tablet sold the same last unit.
    await context.setOffline(false)
    await ventaEnOtraTablet(page, aceite, 1)
    await expect(page.getByTestId('estado-conexion')).toHaveText('En línea')
    await waitForSynced(page)

    // Both sales are kept: the payment is real money; the product goes to review.
    await expect.poll(async () => (await citasDe(page, `Luis ${apellido}`)).length, { timeout: 30_000 }).toBe(1)
    const [cita] = await citasDe(page, `Luis ${apellido}`)
    expect(cita).toMatchObject({ estado_cita: 'Venta Directa', nombre_tratamiento: `VENTA PRODUCTOS: ${aceite.nombre}` })
    await expect.poll(async () => (await pagosDe(page, cita!.id_cita)).map((p) => p.monto_final_pagado), { timeout: 30_000 }).toEqual([35.5])
    // Which of the two sales reached the server first depends on timing (this tablet may
    // upload the moment it is back online): whichever came second is the oversell.
    await expect
      .poll(async () =>
        (await movimientosDe(page, aceite.id_tratamiento)).map((m) => [m.motivo, m.cantidad, m.sobreventa]).sort((a, b) => String(a).localeCompare(String(b))),
      )
      .toEqual([
        ['inicial', 1, false],
        ['venta_directa', -1, false],
        ['venta_directa', -1, true],
      ])
    expect(await stockDe(page, aceite.id_tratamiento)).toEqual({ tr_cantidad: -1, stock_en_revision: true })
    await expect(tarjeta(page, aceite.nombre)).toContainText('Stock en revisión (-1)', { timeout: 30_000 })
    await expect(tarjeta(page, aceite.nombre).getByText('Stock en revisión (-1)')).toHaveCSS('color', 'rgb(201, 42, 42)')
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    await screenshot(page, 'panel-tableta-vertical-venta-productos-stock-en-revision')
    await expectAccessible(page, 'venta de productos con stock en revisión')

    // Another tablet, an administrator's: the same product is in review there too, and an
    // adjustment of the stock to 0 (Tratamientos, 'Cantidad en stock') clears the review on both.
    const otra = await browser.newContext({ viewport: viewports.tabletLandscape, locale: 'es-PE', timezoneId: 'America/Lima' })
    try {
      const admin = await otra.newPage()
      await signIn(admin, demo.admin)
      await abrirVenta(admin)
      await expect(tarjeta(admin, aceite.nombre)).toContainText('Stock en revisión (-1)', { timeout: 30_000 })
      await expect(admin.getByRole('button', { name: `Agregar ${aceite.nombre} al carrito` })).toBeDisabled()
      await admin.getByRole('link', { name: /Volver al panel/ }).click()
      await admin.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: /^Tratamientos/ }).click()
      await admin.getByRole('searchbox', { name: 'Buscar tratamientos' }).fill(aceite.nombre)
      await admin.getByRole('row', { name: new RegExp(aceite.nombre) }).getByRole('button', { name: `Acciones para ${aceite.nombre}` }).click()
      await admin.getByRole('menuitem', { name: 'Editar' }).click()
      const editar = admin.getByRole('dialog')
      await screenshot(admin, 'panel-tableta-horizontal-ajuste-stock-en-revision')
      await editar.getByRole('textbox', { name: /Cantidad en stock/ }).fill('0')
      await editar.getByRole('button', { name: 'Guardar Cambios' }).click()
      await expectToast(admin, '¡Producto Actualizado!')
      await expect.poll(async () => await stockDe(page, aceite.id_tratamiento), { timeout: 30_000 }).toEqual({ tr_cantidad: 0, stock_en_revision: false })
    } finally {
      await otra.close()
    }
    await expect(tarjeta(page, aceite.nombre)).toContainText('Sin stock', { timeout: 30_000 })
    await expect(tarjeta(page, aceite.nombre)).not.toContainText('Stock en revisión')
  })
})
