import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
import { nextPeruWeekday, typeDate } from './support/dates.ts'
import { fechaTexto } from '../../src/lib/dates/fecha-texto.ts'

type CitaRow = { id_cita: string; estado_cita: string; fecha_cita: string; hora_inicio: string; hora_fin: string; notas_internas: string | null; metodo_pago_adelanto: string | null }

/**
 * A specialist of this test only (Monday to Saturday, 09:00–19:00), so its citas never
 * collide with another spec's on the server's exclusion rule.
 */
async function especialistaPropio(page: Page, suffix: string): Promise<string> {
  const id = randomUUID()
  await (await backend(page)).insert(
    'tb_especialistas',
    {
      id_especialista: id,
      nombre: 'Elena',
      apellido: `Prueba${suffix}`,
      especialidad: 'Masoterapia',
      dias_trabajo: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'],
      hora_inicio_trabajo: '09:00',
      hora_fin_trabajo: '19:00',
      activo: true,
    },
    demo.staff,
  )
  return id
}

/** Citas written straight to the server as staff, the way another tablet would. */
async function citasEnServidor(page: Page, especialista: string, fecha: string, citas: Array<{ nombre: string; inicio: string; fin: string; estado: string; telefono?: string }>) {
  const api = await backend(page)
  const { body } = await api.rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`, demo.staff)
  const ids: Record<string, string> = {}
  for (const c of citas) {
    ids[c.nombre] = randomUUID()
    await api.insert(
      'tb_citas',
      {
        id_cita: ids[c.nombre],
        id_especialista: especialista,
        id_tratamiento: body[0]!.id_tratamiento,
        nombre_cliente: c.nombre,
        email_cliente: `${c.nombre.split(' ')[0]!.toLowerCase()}@correo.pe`,
        telefono_cliente: c.telefono ?? null,
        nombre_tratamiento: 'Masaje Relajante',
        fecha_cita: fecha,
        hora_inicio: c.inicio,
        hora_fin: c.fin,
        estado_cita: c.estado,
        monto_adelanto: 50,
        metodo_pago_adelanto: 'Yape',
      },
      demo.staff,
    )
  }
  return ids
}

async function serverCita(page: Page, id: string): Promise<CitaRow | null> {
  const { body } = await (await backend(page)).rest<CitaRow[]>(`tb_citas?id_cita=eq.${id}&select=*`, demo.admin)
  return Array.isArray(body) ? (body[0] ?? null) : null
}

/** A dialog that has finished opening: axe would otherwise read colours mid-fade. */
async function settled(dialog: Locator) {
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveCSS('opacity', '1')
}

const row = (page: Page, nombre: string) => page.getByRole('row', { name: new RegExp(nombre) })

async function rowAction(page: Page, nombre: string, action: string) {
  await row(page, nombre).getByRole('button', { name: `Acciones para ${nombre}` }).click()
  await page.getByRole('menuitem', { name: new RegExp(`^${action}`) }).click()
}

async function openCitas(page: Page, fecha: string) {
  await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: /^Citas Programadas/ }).click()
  await expect(page).toHaveURL(/\/control-citas\/citas-confirmadas/)
  await expect(page.getByRole('heading', { level: 1, name: 'Citas Programadas' })).toBeVisible()
  await typeDate(page.getByLabel('Día', { exact: true }), fecha)
  await expect(page).toHaveURL(new RegExp(`fecha=${fecha}`))
}

test.describe('Citas Programadas', () => {
  test('las citas de otra tableta aparecen en su día; confirmar, reprogramar y cancelar llegan al servidor', async ({ page }) => {
    await page.setViewportSize(viewports.tabletLandscape)
    await page.goto('/')
    const suffix = randomUUID().slice(0, 6)
    const fecha = nextPeruWeekday(5)
    const especialista = await especialistaPropio(page, suffix)
    const [ana, beto, carla, dora] = [`Ana Pinto ${suffix}`, `Beto Luna ${suffix}`, `Carla Soto ${suffix}`, `Dora Vega ${suffix}`]
    const ids = await citasEnServidor(page, especialista, fecha, [
      { nombre: ana, inicio: '09:00', fin: '10:00', estado: 'Pendiente de Pago', telefono: '987 111 222' },
      { nombre: beto, inicio: '10:00', fin: '11:00', estado: 'Confirmada' },
      { nombre: carla, inicio: '11:00', fin: '12:00', estado: 'Pendiente de Pago' },
      { nombre: dora, inicio: '12:00', fin: '13:00', estado: 'Cancelada' },
    ])

    await signIn(page, demo.staff)
    await openCitas(page, fecha)
    await expect(row(page, ana)).toContainText(/Masaje Relajante.*Elena Prueba.*09:00 AM – 10:00 AM.*Sin Confirmar.*S\/ 50\.00/)
    await expect(row(page, beto)).toContainText('Confirmada')
    await expect(row(page, carla)).toContainText('11:00 AM – 12:00 PM')
    await expect(row(page, dora)).toHaveCount(0)
    // The day survives a reload (it is in the URL).
    await page.reload()
    await expect(page.getByLabel('Día', { exact: true })).toHaveValue(fechaTexto(fecha, true))
    await expect(row(page, ana)).toBeVisible()
    await expectAccessible(page, 'citas programadas')
    await screenshot(page, 'panel-tableta-horizontal-citas')

    // Search within the day.
    await page.getByRole('searchbox', { name: 'Buscar citas del día' }).fill('sin confirmar')
    await expect(row(page, beto)).toHaveCount(0)
    await expect(row(page, ana)).toBeVisible()
    await page.getByRole('searchbox', { name: 'Buscar citas del día' }).fill('')
    await expect(row(page, beto)).toBeVisible()

    // §4: a Confirmada cita cannot be confirmed again.
    await row(page, beto).getByRole('button', { name: `Acciones para ${beto}` }).click()
    await expect(page.getByRole('menuitem', { name: /^Confirmar Cita/ })).toBeDisabled()
    await screenshot(page, 'panel-tableta-horizontal-citas-acciones')
    await page.getByRole('menuitem', { name: /^Marcar como pagada/ }).click()
    await expectToast(page, 'Esta cita ya está confirmada (pago recibido).')

    // Confirm Ana with a comment; the WhatsApp text greets by the hour in Lima.
    await rowAction(page, ana, 'Confirmar Cita')
    const confirmar = page.getByRole('dialog', { name: 'Confirmar Cita' })
    await confirmar.getByRole('textbox', { name: 'Comentario (opcional)' }).fill('Pagó el adelanto por Yape')
    await confirmar.getByRole('checkbox', { name: 'Enviar mensaje de WhatsApp al cliente' }).check()
    await expect(confirmar.getByRole('note', { name: 'Mensaje de WhatsApp' })).toContainText(/^«Buen(os días|as tardes|as noches), Ana Pinto/)
    await confirmar.getByRole('checkbox', { name: 'Enviar mensaje de WhatsApp al cliente' }).uncheck()
    await settled(confirmar)
    await expectAccessible(page, 'confirmar cita')
    await screenshot(page, 'panel-tableta-horizontal-confirmar-cita')
    await confirmar.getByRole('button', { name: 'Confirmar Cita' }).click()
    await expectToast(page, 'Cita Confirmada')
    await expect(row(page, ana)).toContainText('Confirmada')
    await expect.poll(async () => (await serverCita(page, ids[ana]!))?.estado_cita ?? null, { timeout: 30_000 }).toBe('Confirmada')
    // The comment is appended as 'dd/mm/yyyy usuario: comentario' (docs/decisions/0034-entradas-veraces.md).
    expect((await serverCita(page, ids[ana]!))?.notas_internas).toMatch(/^\d\d\/\d\d\/\d{4} recepcion@spa\.local: Pagó el adelanto por Yape$/)

    // Reschedule Carla to 03:00 PM.
    await rowAction(page, carla, 'Reprogramar Cita')
    const editar = page.getByRole('dialog', { name: 'Editar Cita Programada' })
    await expect(editar.getByRole('combobox', { name: /^Estado/ })).toHaveValue('Reprogramada')
    // Taken times are not offered: Ana 09:00 and Beto 10:00 hold Elena's morning.
    await expect(editar.getByRole('combobox', { name: /^Hora de inicio/ }).getByRole('option', { name: '10:00 AM' })).toHaveCount(0)
    await editar.getByRole('combobox', { name: /^Hora de inicio/ }).selectOption({ label: '03:00 PM' })
    await settled(editar)
    await expectAccessible(page, 'reprogramar cita')
    await screenshot(page, 'panel-tableta-horizontal-reprogramar-cita')
    await editar.getByRole('button', { name: 'Guardar Cambios' }).click()
    await expectToast(page, 'Cita Actualizada')
    await expect(row(page, carla)).toContainText(/03:00 PM – 04:00 PM.*Reprogramada/)
    await expect.poll(async () => (await serverCita(page, ids[carla]!))?.hora_inicio ?? null, { timeout: 30_000 }).toBe('15:00:00')
    // The advance is money received: rescheduling keeps it (docs/decisions/0033).
    expect(await serverCita(page, ids[carla]!)).toMatchObject({ estado_cita: 'Reprogramada', hora_fin: '16:00:00', fecha_cita: fecha, metodo_pago_adelanto: 'Yape' })

    // Cancel Beto: he leaves the list and the server has it.
    await rowAction(page, beto, 'Cancelar Cita')
    const cancelar = page.getByRole('dialog', { name: '¿Cancelar cita?' })
    await settled(cancelar)
    await expectAccessible(page, 'cancelar cita')
    await cancelar.getByRole('button', { name: 'Cancelar cita' }).click()
    await expectToast(page, 'Cita Cancelada')
    await expect(row(page, beto)).toHaveCount(0)
    await expect.poll(async () => (await serverCita(page, ids[beto]!))?.estado_cita ?? null, { timeout: 30_000 }).toBe('Cancelada')

    // The day view: Elena's column with Ana and Carla as blocks; a tap opens the actions.
    await page.getByText('Vista del día', { exact: true }).click()
    await expect(page).toHaveURL(/vista=dia/)
    const vista = page.getByRole('region', { name: 'Vista del día por especialista' })
    await expect(vista.getByText(`Elena Prueba${suffix}`)).toBeVisible()
    await expect(vista.getByRole('button', { name: `Acciones para ${carla}, 03:00 PM – 04:00 PM, Reprogramada` })).toBeVisible()
    await expectAccessible(page, 'vista del día')
    await screenshot(page, 'panel-tableta-horizontal-citas-vista-dia')
    await vista.getByRole('button', { name: new RegExp(`^Acciones para ${ana}`) }).click()
    await expect(page.getByRole('menuitem', { name: /^Confirmar Cita/ })).toBeDisabled()
    await expect(page.getByRole('menuitem', { name: /^Reprogramar Cita/ })).toBeEnabled()
    await screenshot(page, 'panel-tableta-horizontal-citas-vista-dia-acciones')
    await page.keyboard.press('Escape')
    await page.reload()
    await expect(page.getByRole('region', { name: 'Vista del día por especialista' })).toBeVisible()
  })

  test('sin conexión: confirmar una cita tras recargar desde el service worker, y el servidor la recibe al volver', async ({ page, context }) => {
    await page.setViewportSize(viewports.tabletPortrait)
    await page.goto('/')
    const suffix = randomUUID().slice(0, 6)
    const fecha = nextPeruWeekday(3)
    const especialista = await especialistaPropio(page, suffix)
    const nombre = `Julia Ramos ${suffix}`
    const ids = await citasEnServidor(page, especialista, fecha, [{ nombre, inicio: '16:00', fin: '17:00', estado: 'Reprogramada' }])

    await signIn(page, demo.staff)
    await waitForServiceWorker(page)
    await openCitas(page, fecha)
    await expect(row(page, nombre)).toContainText('Reprogramada')
    await waitForSynced(page)

    await goOffline(page)
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Citas Programadas' })).toBeVisible()
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await expect(page.getByLabel('Día', { exact: true })).toHaveValue(fechaTexto(fecha, true))
    await expect(row(page, nombre)).toContainText('04:00 PM – 05:00 PM')
    await screenshot(page, 'panel-tableta-vertical-citas-sin-conexion')
    await expectAccessible(page, 'citas sin conexión')

    await rowAction(page, nombre, 'Confirmar Cita')
    const confirmar = page.getByRole('dialog', { name: 'Confirmar Cita' })
    await confirmar.getByRole('checkbox', { name: 'Enviar mensaje de WhatsApp al cliente' }).check()
    await expect(confirmar.getByRole('alert')).toHaveText('No se puede enviar WhatsApp: el cliente no tiene número de teléfono registrado.')
    await screenshot(page, 'panel-tableta-vertical-confirmar-cita-sin-telefono')
    await confirmar.getByRole('checkbox', { name: 'Enviar mensaje de WhatsApp al cliente' }).uncheck()
    await confirmar.getByRole('textbox', { name: 'Comentario (opcional)' }).fill('Confirmó por teléfono')
    await confirmar.getByRole('button', { name: 'Confirmar Cita' }).click()
    await expectToast(page, 'Cita Confirmada')
    await expect(row(page, nombre)).toContainText('Confirmada')
    // Nothing left the device yet: the server still has the cita as another tablet wrote it.
    expect((await serverCita(page, ids[nombre]!))?.estado_cita).toBe('Reprogramada')

    await context.setOffline(false)
    await expect(page.getByTestId('estado-conexion')).toHaveText('En línea')
    await waitForSynced(page)
    await expect.poll(async () => (await serverCita(page, ids[nombre]!))?.estado_cita ?? null, { timeout: 30_000 }).toBe('Confirmada')
    // The comment is appended as 'dd/mm/yyyy usuario: comentario' (docs/decisions/0034-entradas-veraces.md).
    expect((await serverCita(page, ids[nombre]!))?.notas_internas).toMatch(/^\d\d\/\d\d\/\d{4} recepcion@spa\.local: Confirmó por teléfono$/)

    await page.getByText('Vista del día', { exact: true }).click()
    await expect(page.getByRole('region', { name: 'Vista del día por especialista' }).getByRole('button', { name: new RegExp(`^Acciones para ${nombre}`) })).toBeVisible()
    await screenshot(page, 'panel-tableta-vertical-citas-vista-dia')
  })
})
