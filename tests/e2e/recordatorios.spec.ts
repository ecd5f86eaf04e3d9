/**
 * 'Recordatorios' (docs/decisions/0056-recordatorios.md): the next open day's citas (by the
 * spa's hours, as the server holds them) reached from the 'Hoy' board, each with a real
 * wa.me link; with the network off a receptionist marks one and the mark survives a
 * reload; back online the mark reaches a second tablet as 'Recordado por Recepción · HH:MM',
 * with who decided by the server.
 */
import { randomUUID } from 'node:crypto'
import type { Browser } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { peruToday } from './support/dates.ts'
import { diaDeRecordatorio, type HorarioRecordatorio } from '../../src/domain/recordatorios.ts'

async function tablet(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: viewports.tabletPortrait, locale: 'es-PE', timezoneId: 'America/Lima' })
  return { context, page: await context.newPage() }
}

test('se marca un recordatorio sin conexión, queda en el equipo y llega a otra tableta', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/login')
  const t = randomUUID().slice(0, 6)
  const api = await backend(page)
  const { body: horarios } = await api.rest<HorarioRecordatorio[]>('tb_horarios?select=dia_semana,esta_abierto,hora_apertura,hora_cierre,descanso_inicio,descanso_fin', demo.staff)
  const dia = diaDeRecordatorio(peruToday(), horarios)

  const { body: masajes } = await api.rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`, demo.staff)
  const especialista = { id_especialista: randomUUID(), nombre: 'Elena', apellido: `Recordatorio${t}`, especialidad: 'Masoterapia' }
  await api.insert('tb_especialistas', especialista, demo.staff)
  const cita = (nombre: string, hora: string, over: Record<string, unknown>) => ({
    id_cita: randomUUID(),
    id_especialista: especialista.id_especialista,
    id_tratamiento: masajes[0]!.id_tratamiento,
    nombre_cliente: nombre,
    nombre_tratamiento: 'Masaje Relajante',
    fecha_cita: dia,
    hora_inicio: hora,
    hora_fin: `${String(Number(hora.slice(0, 2)) + 1).padStart(2, '0')}:00:00`,
    estado_cita: 'Confirmada',
    ...over,
  })
  const rosa = cita(`Rosa Recordatorio${t}`, '09:00:00', { telefono_cliente: '987 654 321' })
  const correoCarla = `carla-${t}@correo.pe`
  const carla = cita(`Carla Sinfono${t}`, '10:00:00', { email_cliente: correoCarla, estado_cita: 'Pendiente de Pago' })
  for (const c of [rosa, carla]) await api.insert('tb_citas', c, demo.staff)

  await signIn(page, demo.staff)
  await waitForServiceWorker(page)
  await waitForSynced(page)
  // From the hub's 'Hoy' board.
  await page.getByRole('link', { name: 'Recordatorios de mañana →' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Recordatorios' })).toBeVisible()
  const filaRosa = page.getByRole('row', { name: new RegExp(rosa.nombre_cliente) })
  const filaCarla = page.getByRole('table', { name: 'Sin teléfono: avisar por correo o llamada' }).getByRole('row', { name: new RegExp(carla.nombre_cliente) })
  await expect(filaRosa).toBeVisible({ timeout: 30_000 })
  await expect(filaCarla).toContainText(correoCarla)
  const enlace = filaRosa.getByRole('link', { name: `Enviar WhatsApp: ${rosa.nombre_cliente}` })
  await expect(enlace).toHaveAttribute('href', /^https:\/\/wa\.me\/51987654321\?text=/)
  await expect(enlace).toHaveAttribute('target', '_blank')
  expect(decodeURIComponent((await enlace.getAttribute('href'))!.split('?text=')[1]!)).toContain(`${rosa.nombre_cliente}. Le recordamos su cita en Spa Lima`)

  await expectAccessible(page, 'Recordatorios por enviar')
  for (const [nombre, viewport] of [
    ['recordatorios-por-enviar-vertical', { width: 800, height: 1280 }],
    ['recordatorios-por-enviar-telefono', { width: 390, height: 844 }],
    ['recordatorios-por-enviar', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(viewport)
    await screenshot(page, nombre, { fullPage: true })
  }

  // Offline: the mark is stored on the device and survives a reload.
  await goOffline(page)
  await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
  await filaRosa.getByRole('button', { name: `Marcar como recordado: ${rosa.nombre_cliente}` }).click()
  await expect(filaRosa).toContainText(/Recordado por Recepción · \d{2}:\d{2}/)
  await page.reload()
  await expect(filaRosa).toContainText(/Recordado por Recepción · \d{2}:\d{2}/, { timeout: 30_000 })
  await expect(filaRosa.getByRole('button', { name: `Quitar marca: ${rosa.nombre_cliente}` })).toBeVisible()
  await screenshot(page, 'recordatorios-tableta-horizontal')
  await expectAccessible(page, 'Recordatorios con una marca')
  for (const [nombre, viewport] of [
    ['recordatorios-tableta-vertical', { width: 800, height: 1280 }],
    ['recordatorios-telefono', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport)
    await screenshot(page, nombre, { fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })

  // Another tablet, another user (an administrator), online.
  const b = await tablet(browser, baseURL!)
  try {
    await signIn(b.page, demo.admin)
    await b.page.goto('/control-citas/recordatorios')
    const enB = b.page.getByRole('row', { name: new RegExp(rosa.nombre_cliente) })
    await expect(enB.getByRole('button', { name: `Marcar como recordado: ${rosa.nombre_cliente}` })).toBeVisible({ timeout: 30_000 })

    await context.setOffline(false)
    await waitForSynced(page)
    await expect(enB).toContainText(/Recordado por Recepción · \d{2}:\d{2}/, { timeout: 60_000 })
    await expect(enB.getByRole('link')).toHaveCount(0)
    // Who is the server's: the staff profile that uploaded it.
    const { body } = await api.rest<Array<{ recordado_por: string; recordado_at: string }>>(`tb_citas?id_cita=eq.${rosa.id_cita}&select=recordado_por,recordado_at`, demo.staff)
    expect(body[0]?.recordado_por).toBe('Recepción')
    expect(body[0]?.recordado_at).toBeTruthy()
    await screenshot(b.page, 'recordatorios-otra-tableta')
  } finally {
    await b.context.close()
  }
})
