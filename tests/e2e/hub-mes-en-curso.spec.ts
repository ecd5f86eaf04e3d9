import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { mesEnCurso } from '../../src/domain/conciliacion-reportes.ts'
import type { CitaAdelanto, FormaPagoComision, PagoIngreso } from '../../src/domain/conciliacion-ingresos.ts'
import type { Egreso } from '../../src/domain/egresos.ts'
import { formatCentimos } from '../../src/domain/money.ts'
import { nombrePeriodo, periodoDeFecha, primerDia } from '../../src/domain/periodo.ts'
import { peruToday } from '../../src/domain/peru-time.ts'

/** What the server holds for this month so far, through the Conciliación's definitions. */
async function cifrasDelServidor(page: Page, hoy: string) {
  const api = await backend(page)
  const periodo = periodoDeFecha(hoy)!
  const [pagos, citas, formasPago, egresos] = await Promise.all([
    api.rest<PagoIngreso[]>(`tb_pagos_citas?fecha_pago=gte.${primerDia(periodo)}&fecha_pago=lte.${hoy}&select=fecha_pago,metodo_pago_final,monto_final_pagado`, demo.admin),
    api.rest<CitaAdelanto[]>('tb_citas?monto_adelanto=gt.0&select=fecha_cita,monto_adelanto,metodo_pago_adelanto,fecha_pago_adelanto', demo.admin),
    api.rest<FormaPagoComision[]>('tb_formapago?select=fp_descripcion,fp_comision', demo.admin),
    api.rest<Egreso[]>(`tb_egresos?anio=eq.${periodo.anio}&mes=eq.${periodo.mes}&select=*`, demo.admin),
  ])
  const cifras = mesEnCurso({ pagos: pagos.body, citas: citas.body, formasPago: formasPago.body, egresos: egresos.body }, hoy)
  return { ...cifras, texto: [formatCentimos(cifras.ingresos), formatCentimos(cifras.egresos), formatCentimos(cifras.balance)] }
}

const mes = (page: Page, hoy: string) => page.getByRole('region', { name: nombrePeriodo(periodoDeFecha(hoy)!) })
const cifra = (page: Page, hoy: string, etiqueta: string) => mes(page, hoy).getByText(etiqueta, { exact: true }).locator('xpath=following-sibling::dd[1]')
async function figurasEnPantalla(page: Page, hoy: string) {
  return Promise.all(['Ingresos', 'Egresos', 'Balance'].map((e) => cifra(page, hoy, e).textContent()))
}

/** Another tablet's sale, an advance and two expenses, all dated today. */
async function movimientosDeHoy(page: Page, hoy: string) {
  const api = await backend(page)
  const periodo = periodoDeFecha(hoy)!
  const venta = { id_cita: randomUUID(), nombre_cliente: 'Cliente de mostrador', nombre_tratamiento: 'VENTA PRODUCTOS: Aceite', fecha_cita: hoy, hora_inicio: '00:00:00', estado_cita: 'Venta Directa' }
  await api.insert('tb_citas', venta, demo.staff)
  await api.insert(
    'tb_pagos_citas',
    { id_pago_cita: randomUUID(), id_cita: venta.id_cita, monto_total_calculado: 123.45, monto_final_pagado: 123.45, metodo_pago_final: 'Efectivo', fecha_pago: hoy },
    demo.staff,
  )
  // A cancelled appointment's advance was still received (docs/decisions/0010-administracion.md).
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
      fecha_cita: hoy,
      hora_inicio: '07:00:00',
      hora_fin: '08:00:00',
      estado_cita: 'Cancelada',
      monto_adelanto: 20,
      metodo_pago_adelanto: 'Efectivo',
      fecha_pago_adelanto: hoy,
    },
    demo.staff,
  )
  await api.insert(
    'tb_egresos',
    [
      { id_egreso: randomUUID(), tipo_egreso: 'Fijo', descripcion: 'Alquiler del local', tipo_cambio: 3.75, monto_soles: 300, monto_dolares: 80, mes: periodo.mes, anio: periodo.anio, fecha: null },
      { id_egreso: randomUUID(), tipo_egreso: 'Variable', descripcion: 'Toallas', tipo_cambio: 3.75, monto_soles: 10.5, monto_dolares: 2.8, mes: periodo.mes, anio: periodo.anio, fecha: hoy },
    ],
    demo.admin,
  )
}

test.describe('Panel: el mes en curso', () => {
  test('administrador: ingresos, egresos y balance del mes hasta hoy, en vivo y sin conexión', async ({ page, context }) => {
    test.setTimeout(150_000)
    const hoy = peruToday()
    await page.setViewportSize(viewports.tabletPortrait)
    await signIn(page, demo.admin)
    await waitForServiceWorker(page)
    await waitForSynced(page)
    await expect(mes(page, hoy)).toBeVisible()

    const antes = await cifrasDelServidor(page, hoy)
    await expect.poll(() => figurasEnPantalla(page, hoy), { timeout: 30_000 }).toEqual(antes.texto)

    // Rows written through REST by other tablets reach the hub without a reload.
    await movimientosDeHoy(page, hoy)
    const despues = await cifrasDelServidor(page, hoy)
    // 123.45 + 20 in cash (no commission); 300 fixed + 10.50 variable.
    expect(despues.ingresos - antes.ingresos).toBe(14_345)
    expect(despues.egresos - antes.egresos).toBe(31_050)
    await expect.poll(() => figurasEnPantalla(page, hoy), { timeout: 30_000 }).toEqual(despues.texto)
    await expect(cifra(page, hoy, 'Balance')).toHaveText(formatCentimos(despues.ingresos - despues.egresos))
    await screenshot(page, 'panel-tableta-vertical-hub-mes-en-curso')
    await expectAccessible(page, 'hub con el mes en curso')

    // Offline, reloaded from the service worker: the same figures from the device's data.
    await goOffline(page)
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await page.reload()
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await expect.poll(() => figurasEnPantalla(page, hoy), { timeout: 30_000 }).toEqual(despues.texto)
    await page.setViewportSize(viewports.tabletLandscape)
    await screenshot(page, 'panel-tableta-horizontal-hub-mes-en-curso-sin-conexion')
    await context.setOffline(false)

    await mes(page, hoy).getByRole('link', { name: 'Ver conciliación' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Conciliación Bancaria' })).toBeVisible()
  })

  test('personal: no ve las cifras del mes', async ({ page }) => {
    const hoy = peruToday()
    await page.setViewportSize(viewports.tabletPortrait)
    await signIn(page, demo.staff)
    await waitForSynced(page)
    await expect(page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: /^Reservas/ })).toBeVisible()
    await expect(mes(page, hoy)).toHaveCount(0)
    await expect(page.getByText('Ingresos', { exact: true })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Ver conciliación' })).toHaveCount(0)
  })
})
