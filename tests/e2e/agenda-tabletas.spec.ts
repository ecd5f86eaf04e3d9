/**
 * Two tablets (two browser contexts, each with its own local database) book the same
 * specialist, day and time while offline, from a free slot of the day view. Back online,
 * the first to reach the server wins; the other sees the refusal in 'Problemas de
 * sincronización' naming the client, the time and the specialist, and its cita goes
 * back to what the server holds (docs/decisions/0008-agenda.md "Server",
 * 0017-agenda-dia-y-hueco-libre.md); 'Elegir otro horario' books it again at a free
 * time with its advance (0037-elegir-otro-horario.md).
 */
import { randomUUID } from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
import { nextPeruWeekday } from './support/dates.ts'

type CitaRow = { id_cita: string; nombre_cliente: string; hora_inicio: string; hora_fin: string; estado_cita: string; id_reserva_origen: string | null }

async function tablet(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'es-PE', timezoneId: 'America/Lima' })
  return { context, page: await context.newPage() }
}

/** Books `paciente` on the tapped free slot at 10:00 AM with `especialista` (the S/ 50.00 advance in `metodo`, if given). */
async function reservarHueco(page: Page, especialista: string, paciente: string, metodo?: string) {
  await page.getByRole('button', { name: `Nueva cita con ${especialista} a las 10:00 AM` }).click()
  const dialog = page.getByRole('dialog', { name: 'Nueva Cita' })
  await expect(dialog.getByRole('combobox', { name: /^Hora de inicio/ })).toHaveValue('10:00:00')
  await dialog.getByRole('combobox', { name: /^Paciente/ }).fill(paciente)
  await page.getByRole('option', { name: new RegExp(paciente) }).click()
  await dialog.getByRole('combobox', { name: /^Tratamiento/ }).selectOption({ label: 'Masaje Relajante' })
  await expect(dialog.getByRole('combobox', { name: /^Hora de inicio/ })).toHaveValue('10:00:00')
  if (metodo) await dialog.getByRole('combobox', { name: 'Método de pago del adelanto' }).selectOption(metodo)
  await dialog.getByRole('button', { name: 'Programar Cita' }).click()
  await expectToast(page, 'Cita Programada (Pendiente de Pago)')
  await expect(dialog).toBeHidden()
}

test('dos tabletas sin conexión reservan la misma hora: una gana y la otra ve el rechazo en «Problemas de sincronización»', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000)
  await page.goto('/login')
  const t = randomUUID().slice(0, 6)
  const fecha = nextPeruWeekday(4) // a Thursday: the spa is open
  const api = await backend(page)
  const idEspecialista = randomUUID()
  const especialista = `Elena Prueba${t}`
  await api.insert(
    'tb_especialistas',
    {
      id_especialista: idEspecialista,
      nombre: 'Elena',
      apellido: `Prueba${t}`,
      especialidad: 'Masoterapia',
      dias_trabajo: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'],
      hora_inicio_trabajo: '09:00',
      hora_fin_trabajo: '19:00',
    },
    demo.staff,
  )
  const ana = `Ana Tableta${t}`
  const bruno = `Bruno Tableta${t}`
  await api.insert(
    'tb_pacientes',
    [
      { id_paciente: randomUUID(), nombre: 'Ana', apellido: `Tableta${t}` },
      { id_paciente: randomUUID(), nombre: 'Bruno', apellido: `Tableta${t}` },
    ],
    demo.staff,
  )

  const a = await tablet(browser, baseURL!, viewports.tabletLandscape)
  const b = await tablet(browser, baseURL!, viewports.tabletPortrait)
  try {
    for (const { page: p } of [a, b]) {
      await signIn(p, demo.staff)
      await p.goto(`/control-citas/citas-confirmadas?fecha=${fecha}&vista=dia`)
      await expect(p.getByRole('button', { name: `Nueva cita con ${especialista} a las 10:00 AM` })).toBeVisible({ timeout: 30_000 })
      await waitForSynced(p)
    }

    // Both views on both tablets, to look at (tests/artifacts/screenshots).
    await screenshot(a.page, 'panel-tableta-horizontal-citas-vista-dia')
    await screenshot(b.page, 'panel-tableta-vertical-citas-vista-dia-huecos')
    await a.page.getByText('Tabla', { exact: true }).click()
    await expect(a.page.getByRole('region', { name: 'Vista del día por especialista' })).toHaveCount(0)
    await screenshot(a.page, 'panel-tableta-horizontal-citas-tabla')
    await a.page.getByText('Vista del día', { exact: true }).click()

    // Both offline, both book Elena at 10:00 for a different client.
    await goOffline(a.page)
    await goOffline(b.page)
    await reservarHueco(a.page, especialista, ana)
    await reservarHueco(b.page, especialista, bruno, 'Efectivo')
    const bloque = (p: Page, cliente: string) => p.getByRole('button', { name: new RegExp(`^Acciones para ${cliente}, 10:00 AM – 11:00 AM`) })
    await expect(bloque(a.page, ana)).toBeVisible()
    await expect(bloque(b.page, bruno)).toBeVisible()
    await screenshot(b.page, 'panel-tableta-vertical-vista-dia-cita-sin-conexion')

    // Tablet A reaches the server first and wins.
    await a.context.setOffline(false)
    await waitForSynced(a.page)
    const enServidor = async () =>
      (await api.rest<CitaRow[]>(`tb_citas?id_especialista=eq.${idEspecialista}&fecha_cita=eq.${fecha}&select=*`, demo.admin)).body
    await expect.poll(async () => (await enServidor()).map((c) => c.nombre_cliente), { timeout: 30_000 }).toEqual([ana])

    // Tablet B comes back: the server refuses its cita (the exclusion rule).
    await b.context.setOffline(false)
    const problemas = b.page.getByRole('link', { name: /Problemas de sincronización \(1\)/ })
    await expect(problemas).toBeVisible({ timeout: 30_000 })
    // Its cita went back to what the server holds: Bruno's block is gone, Ana's came in.
    await expect(bloque(b.page, bruno)).toHaveCount(0)
    await expect(bloque(b.page, ana)).toBeVisible({ timeout: 30_000 })

    await problemas.click()
    await expect(b.page.getByRole('heading', { level: 1, name: 'Problemas de sincronización' })).toBeVisible()
    const card = b.page.getByText(bruno).locator('xpath=ancestor::*[contains(@class,"mantine-Card-root")]')
    await expect(card).toContainText('Registro nuevo')
    await expect(card).toContainText(`Horario ocupado: Elena Prueba${t} ya tiene una cita el`)
    await expect(card).toContainText('de 10:00 a 11:00')
    await screenshot(b.page, 'panel-tableta-vertical-problemas-cita-cruzada')
    await expectAccessible(b.page, 'problemas de sincronización: cita cruzada')

    // The server kept exactly one cita at that time: A's, Pendiente de Pago, not from a request.
    const final = await enServidor()
    expect(final).toHaveLength(1)
    expect(final[0]).toMatchObject({ nombre_cliente: ana, hora_inicio: '10:00:00', hora_fin: '11:00:00', estado_cita: 'Pendiente de Pago', id_reserva_origen: null })

    // 'Elegir otro horario' (docs/decisions/0037): two taps book Bruno again at a free
    // time with the S/ 50.00 taken in cash; the refusal leaves the list.
    await expect(card.getByRole('button', { name: 'Copiar en un registro nuevo' })).toHaveCount(0)
    await card.getByRole('link', { name: 'Elegir otro horario' }).click()
    const dialog = b.page.getByRole('dialog', { name: 'Elegir otro horario' })
    await expect(dialog).toContainText(`Horario ocupado: Elena Prueba${t} ya tiene una cita el`)
    await expect(dialog.getByRole('combobox', { name: /^Paciente/ })).toHaveValue(new RegExp(bruno))
    await expect(dialog.getByRole('combobox', { name: /^Tratamiento/ })).toHaveValue(/./)
    await expect(dialog.getByRole('textbox', { name: 'Monto del adelanto' })).toHaveValue('50.00')
    await expect(dialog.getByRole('combobox', { name: 'Método de pago del adelanto' })).toHaveValue('Efectivo')
    await expect(dialog.getByRole('combobox', { name: /^Hora de inicio/ })).toHaveValue('')
    await expect(dialog.getByRole('combobox', { name: /^Hora de inicio/ }).getByRole('option', { name: '10:00 AM' })).toHaveCount(0)
    await screenshot(b.page, 'panel-tableta-vertical-elegir-otro-horario')
    await expectAccessible(b.page, 'elegir otro horario')
    await dialog.getByRole('combobox', { name: /^Hora de inicio/ }).selectOption({ label: '11:00 AM' })
    await dialog.getByRole('button', { name: 'Programar Cita' }).click()
    await expectToast(b.page, 'Cita Programada (Pendiente de Pago)')
    await expect(dialog).toBeHidden()
    await expect(b.page).not.toHaveURL(/reagendar=/)
    await expect(b.page.getByRole('button', { name: new RegExp(`^Acciones para ${bruno}, 11:00 AM – 12:00 PM`) })).toBeVisible()
    await expect(b.page.getByRole('link', { name: /Problemas de sincronización \(\d+\)/ })).toHaveCount(0)
    await expect
      .poll(async () => (await enServidor()).map((c) => `${c.nombre_cliente} ${c.hora_inicio}`).sort(), { timeout: 30_000 })
      .toEqual([`${ana} 10:00:00`, `${bruno} 11:00:00`].sort())
    const rebooked = (await api.rest<Array<CitaRow & { monto_adelanto: number; metodo_pago_adelanto: string | null }>>(
      `tb_citas?id_especialista=eq.${idEspecialista}&fecha_cita=eq.${fecha}&nombre_cliente=eq.${encodeURIComponent(bruno)}&select=*`,
      demo.admin,
    )).body
    expect(rebooked).toEqual([expect.objectContaining({ hora_fin: '12:00:00', estado_cita: 'Pendiente de Pago', monto_adelanto: 50, metodo_pago_adelanto: 'Efectivo' })])
  } finally {
    await a.context.close()
    await b.context.close()
  }
})
