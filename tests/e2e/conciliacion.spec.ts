import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import * as XLSX from 'xlsx'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'

type ConciliacionRow = {
  id_conciliacion: string
  anio: number
  mes: number
  saldo_inicial: number | null
  saldo_final: number | null
  egresos: number
  ingresos_tratamientos: Array<{ fecha: string; metodo: string; importe: number; banco: string | null }>
}

// Months of the past with no other data in the worker's fresh backend.
const MARZO = { anio: 2024, mes: 3 }
const url = (p: { anio: number; mes: number }) => `/control-citas/conciliacion-bancaria?mes=${p.mes}&anio=${p.anio}`

async function serverConciliacion(page: Page, p: { anio: number; mes: number }): Promise<ConciliacionRow | null> {
  const { body } = await (await backend(page)).rest<ConciliacionRow[]>(`tb_conciliacion_bancaria?anio=eq.${p.anio}&mes=eq.${p.mes}&select=*`, demo.admin)
  return Array.isArray(body) ? (body[0] ?? null) : null
}

/** What other tablets recorded in March 2024: two final payments, one advance, two expenses. */
async function movimientosDeMarzo(page: Page) {
  const api = await backend(page)
  const pago = async (fecha: string, metodo: string, monto: number) => {
    const cita = { id_cita: randomUUID(), nombre_cliente: 'Cliente de mostrador', nombre_tratamiento: 'VENTA PRODUCTOS: Aceite', fecha_cita: fecha, hora_inicio: '00:00:00', estado_cita: 'Venta Directa' }
    await api.insert('tb_citas', cita, demo.staff)
    await api.insert('tb_pagos_citas', { id_pago_cita: randomUUID(), id_cita: cita.id_cita, monto_total_calculado: monto, monto_final_pagado: monto, metodo_pago_final: metodo, fecha_pago: fecha }, demo.staff)
  }
  await pago('2024-03-05', 'Efectivo', 300)
  await pago('2024-03-07', 'Tarjeta de Crédito', 100)
  const { body: especialistas } = await api.rest<Array<{ id_especialista: string }>>('tb_especialistas?select=id_especialista&limit=1', demo.admin)
  const { body: tratamientos } = await api.rest<Array<{ id_tratamiento: string }>>('tb_tratamientos?tipo=eq.tratamiento&select=id_tratamiento&limit=1', demo.admin)
  await api.insert(
    'tb_citas',
    {
      id_cita: randomUUID(),
      id_especialista: especialistas[0]!.id_especialista,
      id_tratamiento: tratamientos[0]!.id_tratamiento,
      nombre_cliente: 'Lucía Paredes',
      nombre_tratamiento: 'Masaje',
      fecha_cita: '2024-03-12',
      hora_inicio: '10:00:00',
      hora_fin: '11:00:00',
      estado_cita: 'Confirmada',
      monto_adelanto: 50,
      metodo_pago_adelanto: 'Yape',
      fecha_pago_adelanto: '2024-03-10',
    },
    demo.staff,
  )
  await api.insert(
    'tb_egresos',
    [
      { id_egreso: randomUUID(), tipo_egreso: 'Fijo', descripcion: 'Alquiler del local', tipo_cambio: 3.75, monto_soles: 200, monto_dolares: 53.33, mes: 3, anio: 2024, fecha: null },
      { id_egreso: randomUUID(), tipo_egreso: 'Variable', descripcion: 'Toallas', tipo_cambio: 3.75, monto_soles: 45.5, monto_dolares: 12.13, mes: 3, anio: 2024, fecha: '2024-03-15' },
    ],
    demo.admin,
  )
}

const tabla = (page: Page, name: string) => page.getByRole('table', { name, exact: true })
const cifra = (page: Page, label: string) => page.getByRole('region', { name: 'Resumen de Conciliación' }).getByText(label, { exact: true }).locator('xpath=following-sibling::dd')

test.describe('Conciliación Bancaria', () => {
  test('ingresos y egresos del servidor, registrar el mes, exportar, y el mes siguiente sin conexión parte de su saldo final', async ({ page, context }) => {
    test.setTimeout(180_000)
    await page.setViewportSize(viewports.tabletLandscape)
    await signIn(page, demo.admin)
    await waitForServiceWorker(page)
    await movimientosDeMarzo(page)

    await page.goto(url(MARZO))
    await expect(page.getByRole('heading', { level: 1, name: 'Conciliación Bancaria' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Mes', exact: true })).toHaveText('marzo de 2024')

    // The month's income, grouped by date and method, netted by commission (card: 4.071 %).
    const ingresos = tabla(page, 'Ingresos de Tratamientos')
    await expect(ingresos.getByRole('row')).toHaveCount(4, { timeout: 30_000 })
    await expect(ingresos.getByRole('row', { name: /5 de marzo de 2024/ })).toContainText('Efectivo')
    await expect(ingresos.getByRole('row', { name: /5 de marzo de 2024/ })).toContainText('S/ 300.00')
    await expect(ingresos.getByRole('row', { name: /7 de marzo de 2024/ })).toContainText('S/ 95.93')
    await expect(ingresos.getByRole('row', { name: /10 de marzo de 2024/ })).toContainText('Yape')
    await expect(tabla(page, 'Ingresos de Tratamientos (Informativo)').getByRole('row', { name: /Tarjeta de Crédito/ })).toContainText('S/ 4.07 (4.071%)')
    const egresos = tabla(page, 'Egresos del Mes')
    await expect(egresos.getByRole('row')).toHaveCount(3, { timeout: 30_000 })
    await expect(egresos.getByRole('row', { name: /Alquiler del local/ })).toContainText('S/ 200.00')
    await expect(cifra(page, 'Total Ingresos')).toHaveText('S/ 445.93')
    await expect(cifra(page, 'Total Egresos')).toHaveText('S/ 245.50')

    // Neither February nor March has a saldo: it is typed once.
    const saldo = page.getByRole('region', { name: 'Saldo Inicial' })
    await expect(saldo.getByRole('button', { name: 'Guardar saldo inicial' })).toBeDisabled()
    await saldo.getByRole('textbox', { name: 'Saldo Inicial' }).fill('1000')
    await expect(cifra(page, 'Saldo Final')).toHaveText('S/ 1,200.43')
    await expectAccessible(page, 'conciliación bancaria')

    // A bank per row, saved at once.
    await ingresos.getByRole('combobox', { name: /Banco de .*5 de marzo de 2024 Efectivo/ }).selectOption('BCP Mancomunado')
    await expectToast(page, 'Banco guardado correctamente en la conciliación.')
    await screenshot(page, 'panel-tableta-horizontal-conciliacion', { fullPage: true })

    await page.getByRole('button', { name: 'Registrar Conciliación' }).click()
    await expectToast(page, 'Conciliación registrada')
    await expect(page.getByRole('region', { name: 'Resumen de Conciliación' })).toContainText('Registrada con saldo final S/ 1,200.43')
    await expect.poll(async () => (await serverConciliacion(page, MARZO))?.saldo_final ?? null, { timeout: 30_000 }).toBe(1200.43)
    const marzo = (await serverConciliacion(page, MARZO))!
    expect(marzo).toMatchObject({ saldo_inicial: 1000, egresos: 245.5 })
    expect(marzo.ingresos_tratamientos.map((f) => [f.fecha, f.metodo, f.importe, f.banco])).toEqual([
      ['2024-03-05', 'Efectivo', 300, 'BCP Mancomunado'],
      ['2024-03-07', 'Tarjeta de Crédito', 95.93, null],
      ['2024-03-10', 'Yape', 50, null],
    ])

    // The export, parsed back.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Exportar Conciliación a Excel' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('conciliacion_bancaria_03_2024.xlsx')
    await expectToast(page, 'Exportación exitosa')
    const book = XLSX.read(readFileSync(await file.path()), { type: 'buffer' })
    expect(book.SheetNames).toEqual(['Conciliacion'])
    const celdas = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets['Conciliacion']!, { header: 1 })
    expect(celdas[0]).toEqual(['Concepto', 'Fecha', 'Método de Pago / Descripción', 'Banco', 'Observación', 'Monto Soles', 'Monto Dólares'])
    expect(celdas.filter((r) => r[0] === 'Ingreso')).toHaveLength(3)
    expect(celdas.filter((r) => r[0] === 'Egreso Fijo' || r[0] === 'Egreso Variable')).toHaveLength(2)
    const total = (label: string) => celdas.find((r) => r[0] === label)?.[5]
    expect([total('Saldo Inicial'), total('Total Ingresos'), total('Total Egresos'), total('Saldo Final')]).toEqual([1000, 445.93, 245.5, 1200.43])

    // Offline: April, reloaded from the service worker, starts from March's saldo final.
    await waitForSynced(page)
    await page.setViewportSize(viewports.tabletPortrait)
    await goOffline(page)
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await page.getByRole('button', { name: 'Mes', exact: true }).click()
    await page.getByRole('button', { name: 'abril', exact: true }).click()
    await expect(page).toHaveURL(/mes=4/)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Conciliación Bancaria' })).toBeVisible()
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await expect(page.getByRole('button', { name: 'Mes', exact: true })).toHaveText('abril de 2024')
    await expect(saldo).toContainText('S/ 1,200.43')
    await expect(saldo).toContainText('Saldo final registrado de Marzo 2024.')
    await expect(saldo.getByRole('textbox')).toHaveCount(0)
    await page.getByRole('button', { name: 'Registrar Conciliación' }).click()
    await expectToast(page, 'Conciliación registrada')
    // The 12-month chart works offline too (its chunk comes from the service worker).
    const doceMeses = page.getByRole('region', { name: 'Últimos 12 meses' })
    await expect(doceMeses.locator('.recharts-surface').first()).toBeVisible()
    await expect(doceMeses.getByRole('row', { name: /^Mar 2024/ })).toContainText(/S\/ 445\.93.*S\/ 245\.50.*S\/ 1,200\.43/)
    await expect(doceMeses.getByRole('row', { name: /^Abr 2024/ })).toContainText('S/ 1,200.43')
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshot(page, 'panel-tableta-vertical-conciliacion-sin-conexion')
    await doceMeses.scrollIntoViewIfNeeded()
    await screenshot(page, 'panel-tableta-vertical-conciliacion-grafico')
    await expectAccessible(page, 'conciliación sin conexión')
    expect(await serverConciliacion(page, { anio: 2024, mes: 4 }).catch(() => null)).toBeNull()

    await context.setOffline(false)
    await expect(page.getByTestId('estado-conexion')).toHaveText('En línea')
    await waitForSynced(page)
    await expect.poll(async () => (await serverConciliacion(page, { anio: 2024, mes: 4 }))?.saldo_final ?? null, { timeout: 30_000 }).toBe(1200.43)
    expect(await serverConciliacion(page, { anio: 2024, mes: 4 })).toMatchObject({ saldo_inicial: 1200.43, egresos: 0, ingresos_tratamientos: [] })
  })
})
