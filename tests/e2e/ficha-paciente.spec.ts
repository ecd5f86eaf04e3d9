/**
 * The client card (docs/decisions/0053-ficha-del-paciente.md): a patient with citas,
 * payments and a product purchase written through the real backend (as another tablet
 * would), one cita tied only by its e-mail and the sale only by the phone; with the
 * network off the card shows the visits, payments, purchases, totals and the allergy
 * warning from the device, from Pacientes and from a cita's menu, and the cita's edit
 * dialog warns too.
 */
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { peruToday } from './support/dates.ts'

const dia = (hoy: string, dias: number) => new Date(Date.parse(`${hoy}T12:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10)
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/')

/** A patient and their history, as other tablets wrote it. */
async function sembrar(page: Page, hoy: string, sufijo: string) {
  const api = await backend(page)
  const { body: masajes } = await api.rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`, demo.staff)
  const masaje = masajes[0]!.id_tratamiento
  const especialista = { id_especialista: randomUUID(), nombre: 'Ficha', apellido: `Prueba ${sufijo}`, especialidad: 'Masajes' }
  await api.insert('tb_especialistas', especialista, demo.staff)
  const producto = { id_tratamiento: randomUUID(), nombre: `Crema ${sufijo}`, tipo: 'producto', costo: 22.5, activo: true }
  await api.insert('tb_tratamientos', producto, demo.admin)
  const digitos = String(10_000_000 + Math.floor(Math.random() * 89_999_999))
  const telefono = `9${digitos.slice(0, 2)} ${digitos.slice(2, 5)} ${digitos.slice(5, 8)}`
  const paciente = {
    id_paciente: randomUUID(),
    nombre: 'Rosa',
    apellido: `Ficha ${sufijo}`,
    email: `ficha-${sufijo}@correo.pe`,
    telefono,
    historial_medico: 'Hipertensión controlada.',
    alergias: 'Alergia al látex. No usar aceite de almendras.',
    nro_historia: `H-${sufijo}`,
  }
  await api.insert('tb_pacientes', paciente, demo.staff)
  const nombre = `Rosa Ficha ${sufijo}`
  const cita = (fecha: string, over: Record<string, unknown>) => ({
    id_cita: randomUUID(),
    id_especialista: especialista.id_especialista,
    id_tratamiento: masaje,
    nombre_cliente: nombre,
    nombre_tratamiento: 'Masaje Relajante',
    fecha_cita: fecha,
    hora_inicio: '10:00:00',
    hora_fin: '11:00:00',
    estado_cita: 'Confirmada',
    ...over,
  })
  const conAdelanto = cita(dia(hoy, -10), { id_paciente: paciente.id_paciente, monto_adelanto: 30, metodo_pago_adelanto: 'Yape', fecha_pago_adelanto: dia(hoy, -12) })
  // A web booking: no patient id, the e-mail written in capitals.
  const porCorreo = cita(dia(hoy, -5), { id_paciente: null, email_cliente: ` FICHA-${sufijo}@CORREO.PE` })
  // Cancelled on its own day (10:00 in Lima).
  const noVino = cita(dia(hoy, -3), { id_paciente: paciente.id_paciente, estado_cita: 'Cancelada', updated_at: `${dia(hoy, -3)}T15:00:00Z` })
  const proxima = cita(dia(hoy, 3), { id_paciente: paciente.id_paciente, hora_inicio: '16:00:00', hora_fin: '17:00:00' })
  // A direct sale to the client, tied only by the phone written another way.
  const venta = {
    ...cita(dia(hoy, -4), { id_paciente: null, telefono_cliente: `+51 ${telefono.replaceAll(' ', '-')}` }),
    id_especialista: null,
    id_tratamiento: null,
    nombre_tratamiento: `VENTA PRODUCTOS: Crema ${sufijo} x2`,
    hora_inicio: '00:00:00',
    hora_fin: '00:00:00',
    estado_cita: 'Venta Directa',
  }
  // One request each: a bulk insert must give every row the same columns.
  for (const c of [conAdelanto, porCorreo, noVino, proxima, venta]) await api.insert('tb_citas', c, demo.staff)
  const pago = (idCita: string, fecha: string, over: Record<string, unknown>) => ({
    id_pago_cita: randomUUID(),
    id_cita: idCita,
    monto_adelanto_aplicado: 0,
    metodo_pago_final: 'Efectivo',
    fecha_pago: fecha,
    ...over,
  })
  for (const p of [
    pago(conAdelanto.id_cita, dia(hoy, -10), { monto_total_calculado: 150, monto_adelanto_aplicado: 30, monto_final_pagado: 120 }),
    pago(porCorreo.id_cita, dia(hoy, -5), { monto_total_calculado: 150, monto_final_pagado: 150, metodo_pago_final: 'Yape' }),
    pago(venta.id_cita, dia(hoy, -4), {
      monto_total_calculado: 45,
      monto_final_pagado: 45,
      tratamientos_adicionales_info: [{ id_tratamiento: producto.id_tratamiento, nombre: producto.nombre, costo_al_momento_del_pago: 22.5, cantidad: 2, tipo: 'producto' }],
    }),
  ])
    await api.insert('tb_pagos_citas', p, demo.staff)
  return { paciente, nombre, proxima, cita, especialista: `Ficha Prueba ${sufijo}`, producto: producto.nombre }
}

const ficha = (page: Page) => page.getByRole('dialog', { name: 'Ficha del paciente' })
const filas = (page: Page, tabla: string) =>
  ficha(page)
    .getByRole('table', { name: tabla })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')))

test.describe('Ficha del paciente', () => {
  test('la ficha muestra las visitas, los pagos y la advertencia de alergias de un cliente sin conexión', async ({ page }) => {
    test.setTimeout(150_000)
    const hoy = peruToday()
    const sufijo = randomUUID().slice(0, 6)
    await page.setViewportSize({ width: 1280, height: 800 })
    await signIn(page, demo.staff)
    await waitForServiceWorker(page)
    await waitForSynced(page)
    const s = await sembrar(page, hoy, sufijo)

    await page.goto(`/control-citas/pacientes?q=${encodeURIComponent(`Ficha ${sufijo}`)}`)
    await expect(page.getByRole('row', { name: new RegExp(s.nombre) })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('ultima-sincronizacion')).toContainText('Sincronizado', { timeout: 30_000 })
    await page.getByRole('button', { name: `Acciones para ${s.nombre}` }).click()
    await page.getByRole('menuitem', { name: 'Ver ficha' }).click()
    const resumen = ficha(page).getByRole('region', { name: 'Resumen' })
    // Everything the other tablets wrote has reached this device before the network goes.
    await expect(resumen).toContainText('Total pagadoS/ 345.00', { timeout: 30_000 })
    // The open card follows the sync (0053 "Update"): another tablet books a web cita with
    // her e-mail and it appears, marked; its e-mail is corrected to someone else's and it leaves.
    const proximas = ficha(page).getByRole('table', { name: 'Próximas citas' }).locator('tbody tr')
    await expect(proximas).toHaveCount(1)
    const api = await backend(page)
    const otraWeb = s.cita(dia(hoy, 6), { id_paciente: null, email_cliente: s.paciente.email, hora_inicio: '12:00:00', hora_fin: '13:00:00' })
    await api.insert('tb_citas', otraWeb, demo.staff)
    await expect(proximas).toHaveCount(2, { timeout: 30_000 })
    await expect(proximas.nth(1)).toContainText(`${ddmmyyyy(dia(hoy, 6))}Por correo`)
    const corregida = await page.request.patch(`${api.url}/rest/v1/tb_citas?id_cita=eq.${otraWeb.id_cita}`, {
      headers: { apikey: api.anon, authorization: `Bearer ${await api.token(demo.staff)}`, prefer: 'return=minimal' },
      data: { email_cliente: `otra-${sufijo}@correo.pe` },
    })
    expect(corregida.status(), await corregida.text()).toBe(204)
    await expect(proximas).toHaveCount(1, { timeout: 30_000 })
    await page.keyboard.press('Escape')
    await expect(ficha(page)).toBeHidden()

    await goOffline(page)
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await page.reload()
    await page.getByRole('button', { name: `Acciones para ${s.nombre}` }).click()
    await page.getByRole('menuitem', { name: 'Ver ficha' }).click()
    await expect(ficha(page).getByRole('heading', { name: s.nombre })).toBeVisible()
    await expect(ficha(page).getByRole('region', { name: 'Historial médico' })).toContainText('Hipertensión controlada.')
    await expect(ficha(page).getByRole('alert', { name: 'Alergias y contraindicaciones' })).toContainText(s.paciente.alergias)
    await expect(resumen).toContainText('Total pagadoS/ 345.00')
    await expect(resumen).toContainText('Visitas2')
    await expect(resumen).toContainText(`Última visita${ddmmyyyy(dia(hoy, -5))}`)
    await expect(resumen).toContainText('Canceladas el mismo día1')
    await expect(ficha(page).getByRole('note')).toContainText('2 citas sin paciente asignado se reconocieron por el correo o el teléfono')

    expect(await filas(page, 'Próximas citas')).toEqual([[ddmmyyyy(dia(hoy, 3)), '04:00 PM', 'Masaje Relajante', s.especialista, 'Confirmada']])
    expect(await filas(page, 'Citas anteriores')).toEqual([
      [ddmmyyyy(dia(hoy, -3)), '10:00 AM', 'Masaje Relajante', s.especialista, 'Cancelada'],
      [`${ddmmyyyy(dia(hoy, -5))}Por correo`, '10:00 AM', 'Masaje Relajante', s.especialista, 'Completada'],
      [ddmmyyyy(dia(hoy, -10)), '10:00 AM', 'Masaje Relajante', s.especialista, 'Completada'],
    ])
    expect(await filas(page, 'Pagos')).toEqual([
      [`${ddmmyyyy(dia(hoy, -4))}Por teléfono`, `Venta de productos: ${s.producto} x2`, 'Efectivo', 'S/ 45.00'],
      [`${ddmmyyyy(dia(hoy, -5))}Por correo`, 'Masaje Relajante', 'Yape', 'S/ 150.00'],
      [ddmmyyyy(dia(hoy, -10)), 'Masaje Relajante', 'Efectivo', 'S/ 120.00+ adelanto S/ 30.00'],
    ])
    expect(await filas(page, 'Compras de productos')).toEqual([[`${ddmmyyyy(dia(hoy, -4))}Por teléfono`, s.producto, '2', 'S/ 45.00']])
    await screenshot(page, 'ficha-tableta-horizontal')
    await expectAccessible(page, 'la ficha del paciente')
    for (const [nombre, viewport] of [
      ['ficha-tableta-vertical', { width: 800, height: 1280 }],
      ['ficha-telefono', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport)
      await screenshot(page, nombre)
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.keyboard.press('Escape')
    await expect(ficha(page)).toBeHidden()

    // The same card from the upcoming cita's menu in Citas Programadas, still offline.
    await page.goto(`/control-citas/citas-confirmadas?fecha=${s.proxima.fecha_cita}`)
    await page.getByRole('button', { name: new RegExp(`^Acciones para ${s.nombre}`) }).click()
    await page.getByRole('menuitem', { name: 'Ver ficha del cliente' }).click()
    await expect(resumen).toContainText('Total pagadoS/ 345.00')
    expect(await filas(page, 'Próximas citas')).toHaveLength(1)
    await page.keyboard.press('Escape')
    await expect(ficha(page)).toBeHidden()
    // The cita's own dialog warns too.
    await page.getByRole('button', { name: new RegExp(`^Acciones para ${s.nombre}`) }).click()
    await page.getByRole('menuitem', { name: /^Editar Cita/ }).click()
    const editar = page.getByRole('dialog', { name: 'Editar Cita Programada' })
    await expect(editar.getByRole('alert', { name: 'Alergias y contraindicaciones' })).toContainText(s.paciente.alergias)
    await screenshot(page, 'ficha-aviso-en-cita')
  })
})
