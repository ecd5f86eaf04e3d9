/**
 * The hub's 'Hoy' board (docs/decisions/0051-tablero-hoy.md): its figures equal the
 * domain's rules applied to what the server holds, they follow another tablet's writes
 * without a reload, and a figure opens its screen filtered.
 */
import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, screenshot, signIn, waitForSynced } from './support/app.ts'
import { formatHora12 } from '../../src/domain/agenda-format.ts'
import { etiquetaEstado } from '../../src/domain/citas.ts'
import type { PagoReporte } from '../../src/domain/comisiones.ts'
import { citasDeHoy, cobradoHoy, ESTADOS_HOY, productosStockBajo, reservasPorConfirmar, type CitaHoy, type ProductoHoy } from '../../src/domain/hoy.ts'
import { formatCentimos } from '../../src/domain/money.ts'
import { peruMinutesOfDay, peruToday } from '../../src/domain/peru-time.ts'
import type { ReservaLista } from '../../src/domain/reservas.ts'
import { countLabel, numeroEs } from '../../src/domain/text.ts'
import { unidades } from '../../src/domain/tratamientos.ts'

const VIVA = '_deleted=is.false'
const CITA = 'id_cita,id_tratamiento,id_especialista,nombre_tratamiento,nombre_cliente,fecha_cita,hora_inicio,estado_cita,monto_adelanto,id_pago_final'
const PAGO = 'id_pago_cita,id_cita,monto_total_calculado,monto_adelanto_aplicado,monto_final_pagado,metodo_pago_final,referencia_pago_final,tratamientos_adicionales_info,fecha_pago'

/** What the board must show: the domain's rules on the server's rows, now. */
async function esperado(page: Page, hoy: string) {
  const api = await backend(page)
  const { body: citas } = await api.rest<CitaHoy[]>(`tb_citas?fecha_cita=eq.${hoy}&${VIVA}&select=${CITA}`, demo.staff)
  const ids = citas.map((c) => c.id_cita).join(',')
  const [delDia, deCitas, tratamientos, especialistas, reservas, citasReserva] = await Promise.all([
    api.rest<PagoReporte[]>(`tb_pagos_citas?fecha_pago=eq.${hoy}&${VIVA}&select=${PAGO}`, demo.staff),
    ids ? api.rest<PagoReporte[]>(`tb_pagos_citas?id_cita=in.(${ids})&${VIVA}&select=${PAGO}`, demo.staff) : { body: [] as PagoReporte[] },
    api.rest<Array<ProductoHoy & { costo: number }>>(`tb_tratamientos?${VIVA}&select=id_tratamiento,nombre,tipo,activo,tr_cantidad,costo`, demo.staff),
    api.rest<Array<{ id_especialista: string; nombre: string; apellido: string }>>(`tb_especialistas?${VIVA}&select=id_especialista,nombre,apellido`, demo.staff),
    api.rest<ReservaLista[]>(`tb_reservas?estado_reserva=eq.pendiente&${VIVA}&select=*`, demo.staff),
    api.rest<Array<{ id_reserva_origen: string; estado_cita: string }>>(`tb_citas?id_reserva_origen=not.is.null&${VIVA}&select=id_reserva_origen,estado_cita`, demo.staff),
  ])
  const pagos = [...new Map([...delDia.body, ...deCitas.body].map((p) => [p.id_pago_cita, p])).values()]
  const porId = new Map(especialistas.body.map((e) => [e.id_especialista, e]))
  const catalogo = { precios: new Map(tratamientos.body.map((t) => [t.id_tratamiento, t])), especialista: (id: string) => porId.get(id) }
  const c = citasDeHoy(citas, pagos, hoy, peruMinutesOfDay(), catalogo)
  const cobrado = cobradoHoy(pagos, hoy)
  const stock = productosStockBajo(tratamientos.body, new Map())
  return {
    total: countLabel(c.total, 'cita', 'citas'),
    estados: ESTADOS_HOY.filter((e) => e !== 'Reprogramada' || c.porEstado[e] > 0).map((e) => `${numeroEs(c.porEstado[e])} ${etiquetaEstado(e)}`),
    proximas: c.proximas.map((p) => `${formatHora12(p.minuto)} ${p.cliente} ${[p.tratamiento, p.especialista].filter(Boolean).join(' · ')}`),
    porCobrar: [formatCentimos(c.montoPorCobrar), countLabel(c.porCobrar, 'cita pendiente de pago', 'citas pendientes de pago')],
    cobrado: [formatCentimos(cobrado.total), ...cobrado.metodos.map((m) => `${m.metodo} ${formatCentimos(m.monto)}`)],
    reservas: countLabel(reservasPorConfirmar(reservas.body, citasReserva.body), 'reserva', 'reservas'),
    stock: [countLabel(stock.length, 'producto', 'productos'), ...stock.slice(0, 3).map((p) => `${p.nombre} ${unidades(p.unidades)}`)],
    cuentas: c,
  }
}

const tablero = (page: Page) => page.getByRole('region', { name: 'Hoy' })
const tarjeta = (page: Page, titulo: string) => tablero(page).getByRole('heading', { level: 3, name: titulo }).locator('xpath=..')
const textos = (l: Locator) => l.allTextContents()

/** What the board shows, in the shape of `esperado`. */
async function enPantalla(page: Page) {
  const valor = (titulo: string) => tarjeta(page, titulo).getByRole('link').first().textContent()
  const lineas = (titulo: string) => textos(tarjeta(page, titulo).getByRole('listitem'))
  return {
    total: await valor('Citas de hoy'),
    estados: await textos(tablero(page).getByRole('list', { name: 'Citas de hoy por estado' }).getByRole('listitem')),
    proximas: await textos(tablero(page).getByRole('list', { name: /^Próximas/ }).getByRole('listitem')),
    porCobrar: [await valor('Por cobrar'), await tarjeta(page, 'Por cobrar').locator('p').first().textContent()],
    cobrado: [await valor('Cobrado hoy'), ...(await lineas('Cobrado hoy'))],
    reservas: await valor('Reservas por confirmar'),
    stock: [await valor('Stock bajo'), ...(await lineas('Stock bajo'))],
  }
}

async function coincide(page: Page, hoy: string) {
  await expect
    .poll(
      async () => {
        const { cuentas: _cuentas, ...e } = await esperado(page, hoy)
        return JSON.stringify(await enPantalla(page)) === JSON.stringify(e) ? 'igual' : JSON.stringify({ pantalla: await enPantalla(page), esperado: e })
      },
      { timeout: 30_000 },
    )
    .toBe('igual')
}

const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:00`

/**
 * Another tablet's day: a new specialist with three citas still to come (one Sin Confirmar,
 * one Confirmada with a S/ 20 advance, one charged S/ 150 by Yape), a reservation from the
 * web and a new product with no units.
 */
async function diaDeOtraTableta(page: Page, hoy: string, sufijo: string) {
  const api = await backend(page)
  const { body: masajes } = await api.rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`, demo.staff)
  const masaje = masajes[0]!.id_tratamiento
  const especialista = { id_especialista: randomUUID(), nombre: 'Hoy', apellido: `Prueba ${sufijo}`, especialidad: 'Masajes' }
  await api.insert('tb_especialistas', especialista, demo.staff)
  // Still to come when there is time left today; otherwise early (counted, not upcoming).
  const ahora = peruMinutesOfDay()
  const desde = ahora + 90 < 24 * 60 ? Math.ceil((ahora + 10) / 5) * 5 : 6 * 60
  const cita = (i: number, nombre: string, estado: string, adelanto: number | null) => ({
    id_cita: randomUUID(),
    id_especialista: especialista.id_especialista,
    id_tratamiento: masaje,
    nombre_cliente: `${nombre} ${sufijo}`,
    nombre_tratamiento: 'Masaje Relajante',
    fecha_cita: hoy,
    hora_inicio: hhmm(desde + i * 25),
    hora_fin: hhmm(desde + i * 25 + 20),
    estado_cita: estado,
    monto_adelanto: adelanto ?? 0,
    metodo_pago_adelanto: adelanto ? 'Yape' : null,
    fecha_pago_adelanto: adelanto ? hoy : null,
  })
  const sinConfirmar = cita(0, 'Rosa Quispe', 'Pendiente de Pago', null)
  const confirmada = cita(1, 'Luz Ramos', 'Confirmada', 20)
  const cobrada = cita(2, 'Eva Soto', 'Confirmada', null)
  await api.insert('tb_citas', [sinConfirmar, confirmada, cobrada], demo.staff)
  await api.insert(
    'tb_pagos_citas',
    { id_pago_cita: randomUUID(), id_cita: cobrada.id_cita, monto_total_calculado: 150, monto_adelanto_aplicado: 0, monto_final_pagado: 150, metodo_pago_final: 'Yape', fecha_pago: hoy },
    demo.staff,
  )
  await api.insert(
    'tb_reservas',
    { nombre_cliente: `Web ${sufijo}`, email_cliente: `hoy-${sufijo}@correo.pe`, id_tratamiento: masaje, nombre_tratamiento: 'Masaje Relajante', fecha_reserva: hoy, hora_reserva: '10:00 am', estado_reserva: 'pendiente' },
    demo.staff,
  )
  await api.insert('tb_tratamientos', { id_tratamiento: randomUUID(), nombre: `Aceite ${sufijo}`, tipo: 'producto', costo: 30, activo: true }, demo.admin)
  return { sinConfirmar }
}

/** Another tablet confirms a cita (the server's clock wins ties: updated_at is now). */
async function confirmarEnOtraTableta(page: Page, idCita: string) {
  const api = await backend(page)
  const res = await page.request.patch(`${api.url}/rest/v1/tb_citas?id_cita=eq.${idCita}`, {
    headers: { connection: 'close', apikey: api.anon, authorization: `Bearer ${await api.token(demo.staff)}`, prefer: 'return=minimal' },
    data: { estado_cita: 'Confirmada', updated_at: new Date().toISOString() },
  })
  expect(res.ok(), await res.text()).toBe(true)
}

test.describe('Panel: el tablero Hoy', () => {
  test('cifras del día desde el equipo, en vivo, y cada una abre su pantalla filtrada', async ({ page }) => {
    test.setTimeout(150_000)
    const hoy = peruToday()
    const sufijo = randomUUID().slice(0, 6)
    await page.setViewportSize({ width: 1280, height: 800 })
    await signIn(page, demo.staff)
    await waitForSynced(page)
    await expect(tablero(page)).toBeVisible()
    await coincide(page, hoy)

    const { sinConfirmar } = await diaDeOtraTableta(page, hoy, sufijo)
    await coincide(page, hoy)
    const antes = await esperado(page, hoy)
    // The new rows are in the figures: one of each state, S/ 150 by Yape, a reservation, a product at 0.
    expect(antes.cuentas.porEstado['Pendiente de Pago']).toBeGreaterThanOrEqual(1)
    expect(antes.cuentas.porEstado.Confirmada).toBeGreaterThanOrEqual(1)
    expect(antes.cuentas.porEstado.Completada).toBeGreaterThanOrEqual(1)
    expect(antes.cuentas.porCobrar).toBeGreaterThanOrEqual(1)
    await expect(tarjeta(page, 'Cobrado hoy').getByRole('link', { name: /^Yape S\// })).toBeVisible()
    await expect(tarjeta(page, 'Stock bajo')).toContainText(`Aceite ${sufijo}`)
    await screenshot(page, 'hoy-tableta-horizontal')
    await expectAccessible(page, 'hub con el tablero Hoy')

    // Another tablet confirms the Sin Confirmar cita: the board follows without a reload.
    await confirmarEnOtraTableta(page, sinConfirmar.id_cita)
    await expect.poll(async () => (await esperado(page, hoy)).cuentas.porEstado['Pendiente de Pago']).toBe(antes.cuentas.porEstado['Pendiente de Pago'] - 1)
    await coincide(page, hoy)
    const despues = await esperado(page, hoy)
    expect(despues.cuentas.porEstado.Confirmada).toBe(antes.cuentas.porEstado.Confirmada + 1)
    // Masaje Relajante costs S/ 150 in the seed: one more to charge in full.
    expect(despues.cuentas.montoPorCobrar - antes.cuentas.montoPorCobrar).toBe(15_000)

    for (const [nombre, viewport] of [
      ['hoy-tableta-vertical', { width: 800, height: 1280 }],
      ['hoy-telefono', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport)
      await screenshot(page, nombre)
    }
    await page.setViewportSize({ width: 1280, height: 800 })

    // A state opens the Citas list searched by it, with the cita in it.
    await tablero(page).getByRole('link', { name: /\d+ Confirmada$/ }).click()
    await expect(page).toHaveURL(/\/control-citas\/citas-confirmadas\?q=Confirmada$/)
    await expect(page.getByRole('searchbox')).toHaveValue('Confirmada')
    await expect(page.getByRole('table', { name: 'Lista de citas programadas' }).getByRole('row', { name: new RegExp(`Rosa Quispe ${sufijo}`) })).toBeVisible()
    await page.goBack()

    // A method opens the payments report for today and that method.
    await tarjeta(page, 'Cobrado hoy').getByRole('link', { name: /^Yape S\// }).click()
    await expect(page).toHaveURL(/\/control-citas\/pagos\?.*rmetodo=Yape/)
    await expect(page.getByRole('table', { name: 'Pagos realizados' }).getByRole('row', { name: new RegExp(`Eva Soto ${sufijo}`) })).toBeVisible()
  })
})
