/**
 * Two tablets, both offline, take the final payment of the same cita (A: Efectivo
 * S/ 100.00, B: Yape S/ 80.00). Back online, the server keeps A's, the first to arrive,
 * and refuses B's by the one-final-payment rule (docs/decisions/0033-dinero-entre-tablets.md);
 * B's money was really taken, so B shows a 'Cobro duplicado' toast and card with its
 * amount and method (its payments report names it too), resolved as returned to the
 * client and kept in the log (0036-cobro-duplicado.md). Nothing is doubled on the
 * server, nothing is lost on B.
 */
import { randomUUID } from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
import { peruToday } from './support/dates.ts'

type PagoRow = { id_pago_cita: string; monto_final_pagado: number; metodo_pago_final: string; monto_adelanto_aplicado: number }

async function tablet(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'es-PE', timezoneId: 'America/Lima' })
  return { context, page: await context.newPage() }
}

const pendientes = (page: Page) => page.getByRole('table', { name: 'Citas pendientes de pago' })

/** 'Procesar Pago' of `cliente` with `metodo`, typing `monto` over the suggested S/ 100.00 when given. */
async function cobrar(page: Page, cliente: string, metodo: string, monto?: string) {
  await pendientes(page).getByRole('button', { name: `Procesar Pago de ${cliente}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Procesar Pago' })
  await expect(dialog.getByTestId('sugerido')).toHaveText('S/ 100.00')
  if (monto) await dialog.getByRole('textbox', { name: /^Monto final pagado/ }).fill(monto)
  await dialog.getByRole('combobox', { name: /^Método de pago final/ }).selectOption(metodo)
  await dialog.getByRole('button', { name: 'Procesar Pago' }).click()
  await expectToast(page, '¡Pago Procesado Exitosamente!')
  await expect(pendientes(page).getByRole('row', { name: new RegExp(cliente) })).toHaveCount(0)
}

test('dos tabletas sin conexión cobran la misma cita: el servidor guarda un pago y la otra tableta muestra el cobro duplicado hasta resolverlo', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000)
  await page.goto('/login')
  const api = await backend(page)
  const cliente = `Carla Doble${randomUUID().slice(0, 6)}`
  const idCita = randomUUID()
  const idEspecialista = randomUUID()
  // Its own specialist, so no other spec on this backend holds the slot.
  await api.insert(
    'tb_especialistas',
    {
      id_especialista: idEspecialista,
      nombre: 'Irene',
      apellido: `Cobro${randomUUID().slice(0, 6)}`,
      especialidad: 'Masoterapia',
      dias_trabajo: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'],
      hora_inicio_trabajo: '09:00',
      hora_fin_trabajo: '20:00',
    },
    demo.staff,
  )
  const ids = async (path: string) => (await api.rest<Array<Record<string, string>>>(path, demo.staff)).body[0]!
  await api.insert(
    'tb_citas',
    {
      id_cita: idCita,
      id_especialista: idEspecialista,
      id_tratamiento: (await ids(`tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`)).id_tratamiento,
      nombre_cliente: cliente,
      nombre_tratamiento: 'Masaje Relajante',
      fecha_cita: peruToday(),
      hora_inicio: '18:00:00',
      hora_fin: '19:00:00',
      estado_cita: 'Confirmada',
      monto_adelanto: 50,
      metodo_pago_adelanto: 'Yape',
      fecha_pago_adelanto: peruToday(),
    },
    demo.staff,
  )
  const pagos = async () => (await api.rest<PagoRow[]>(`tb_pagos_citas?id_cita=eq.${idCita}&select=*`, demo.admin)).body

  const a = await tablet(browser, baseURL!, viewports.tabletLandscape)
  const b = await tablet(browser, baseURL!, viewports.tabletPortrait)
  try {
    for (const { page: p } of [a, b]) {
      await signIn(p, demo.staff)
      await p.goto('/control-citas/pagos')
      await expect(pendientes(p).getByRole('row', { name: new RegExp(cliente) })).toBeVisible({ timeout: 30_000 })
      await waitForSynced(p)
    }

    await goOffline(a.page)
    await goOffline(b.page)
    await cobrar(a.page, cliente, 'Efectivo')
    await cobrar(b.page, cliente, 'Yape', '80')

    // A arrives first: its payment is the cita's one final payment.
    await a.context.setOffline(false)
    await waitForSynced(a.page)
    await expect.poll(async () => (await pagos()).map((p) => `${p.metodo_pago_final} ${p.monto_final_pagado}`), { timeout: 30_000 }).toEqual(['Efectivo 100'])

    // B comes back: refused, and told so with its own amount and method.
    await b.context.setOffline(false)
    await expectToast(b.page, 'Cobro duplicado')
    const problemas = b.page.getByRole('link', { name: /Problemas de sincronización \(1\)/ })
    await expect(problemas).toBeVisible({ timeout: 30_000 })
    // The payments report on that tablet names the money it does not hold.
    const aviso = b.page.getByRole('status', { name: 'Cobros duplicados sin resolver' })
    await expect(aviso).toContainText('Un cobro duplicado de este equipo no está en el reporte: S/ 80.00 (Yape).')
    await aviso.scrollIntoViewIfNeeded()
    await screenshot(b.page, 'panel-tableta-vertical-reporte-pagos-cobro-duplicado')
    await aviso.getByRole('link', { name: 'Ver en Problemas de sincronización' }).click()
    const card = b.page.getByRole('article', { name: 'Cobro duplicado' })
    await expect(card.getByTestId('cobro-duplicado-monto')).toContainText('S/ 80.00 · Yape')
    await expect(card).toContainText(`Cita: ${cliente}`)
    await expect(card).toContainText('Cobro duplicado:')
    await expect(card).toContainText('El dinero se cobró en este equipo y no está en el servidor')
    await expect(card.getByRole('button', { name: 'Descartar' })).toHaveCount(0)
    await screenshot(b.page, 'panel-tableta-vertical-cobro-duplicado')
    await expectAccessible(b.page, 'cobro duplicado')

    // Returned to the client: kept in the log as resolved, the chip calms down.
    await card.getByRole('button', { name: 'Marcar como devuelto al cliente' }).click()
    const confirmar = b.page.getByRole('dialog', { name: '¿Marcar como devuelto al cliente?' })
    await confirmar.getByRole('button', { name: 'Marcar como devuelto al cliente' }).click()
    await expectToast(b.page, 'Cobro duplicado resuelto')
    await expect(b.page.getByRole('link', { name: /Problemas de sincronización \(\d+\)/ })).toHaveCount(0)
    // The segmented control's radio is drawn by its label.
    await b.page.getByText(/^Resueltos \(1\)$/).click()
    await expect(b.page.getByRole('article', { name: 'Cobro duplicado' })).toContainText('Devuelto al cliente')

    await b.page.goto('/control-citas/pagos')
    await expect(b.page.getByRole('heading', { level: 2, name: 'Reporte de Pagos Realizados' })).toBeVisible()
    await expect(b.page.getByRole('status', { name: 'Cobros duplicados sin resolver' })).toHaveCount(0)

    // One payment on the server, A's, with the advance the cita holds.
    await waitForSynced(b.page)
    const final = await pagos()
    expect(final).toEqual([expect.objectContaining({ metodo_pago_final: 'Efectivo', monto_final_pagado: 100, monto_adelanto_aplicado: 50 })])
  } finally {
    await a.context.close()
    await b.context.close()
  }
})
