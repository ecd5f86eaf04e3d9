import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForServiceWorker, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'
import { nextPeruWeekday } from './support/dates.ts'

type Row = {
  id_especialista: string
  nombre: string
  apellido: string
  especialidad: string
  email: string | null
  telefono: string | null
  dias_trabajo: string[] | null
  hora_inicio_trabajo: string | null
  hora_fin_trabajo: string | null
  activo: boolean
  _deleted: boolean
}

const tag = () => Math.random().toString(36).slice(2, 7)

/** The server's row for a surname, as an admin sees it through the REST API. */
async function serverEspecialista(page: Page, apellido: string): Promise<Row | null> {
  const api = await backend(page)
  const { body } = await api.rest<Row[]>(`tb_especialistas?apellido=eq.${encodeURIComponent(apellido)}&select=*`, demo.admin)
  return Array.isArray(body) ? (body[0] ?? null) : null
}

/** Writes straight to the server, as another tablet would. */
async function serverInsert<T>(page: Page, table: string, data: Record<string, unknown>): Promise<T> {
  const api = await backend(page)
  const token = await api.token(demo.admin)
  const res = await page.request.post(`${api.url}/rest/v1/${table}`, {
    headers: { apikey: api.anon, authorization: `Bearer ${token}`, prefer: 'return=representation' },
    data,
  })
  expect(res.status(), `${table}: ${await res.text()}`).toBe(201)
  return ((await res.json()) as T[])[0]!
}

async function citaPara(page: Page, idEspecialista: string) {
  const api = await backend(page)
  const { body } = await api.rest<Array<{ id_tratamiento: string }>>(
    `tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`,
    demo.admin,
  )
  return serverInsert(page, 'tb_citas', {
    id_especialista: idEspecialista,
    id_tratamiento: body[0]!.id_tratamiento,
    nombre_cliente: 'Rosa Huamán',
    nombre_tratamiento: 'Masaje Relajante',
    fecha_cita: nextPeruWeekday(1),
    hora_inicio: '10:00:00',
    hora_fin: '11:00:00',
    estado_cita: 'Confirmada',
  })
}

async function openEspecialistas(page: Page) {
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: /^Especialistas/ })
    .click()
  await expect(page).toHaveURL(/\/control-citas\/especialistas$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Especialistas' })).toBeVisible()
}

/** Fills the open dialog's fields, by the start of each field's label. */
async function fill(
  page: Page,
  values: Partial<Record<'Nombre' | 'Apellido' | 'Especialidad' | 'Correo electrónico' | 'Teléfono' | 'Días de trabajo', string>>,
) {
  const dialog = page.getByRole('dialog')
  for (const [label, value] of Object.entries(values)) await dialog.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value)
}

const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) })

async function rowAction(page: Page, name: string, action: 'Editar' | 'Eliminar') {
  await row(page, name)
    .getByRole('button', { name: /Acciones para/ })
    .click()
  await page.getByRole('menuitem', { name: action }).click()
}

test.describe('Especialistas', () => {
  test('registrar, buscar, editar y eliminar en línea; el servidor lo recibe; uno con citas no se elimina', async ({ page }) => {
    await page.setViewportSize(viewports.tabletLandscape)
    await page.goto('/login')
    // A specialist with a cita, known to the server before this tablet signs in.
    const ocupado = await serverInsert<Row>(page, 'tb_especialistas', { nombre: 'Rocío', apellido: `Con Citas ${tag()}`, especialidad: 'Masoterapia' })
    await citaPara(page, ocupado.id_especialista)
    await signIn(page, demo.staff)
    await openEspecialistas(page)
    await waitForSynced(page)

    const carlos = row(page, 'Carlos Ramírez')
    await expect(carlos).toContainText('Reflexología y terapias holísticas')
    await expect(carlos).toContainText('Lunes, Miércoles, Viernes y Sábado')
    await expect(carlos).toContainText('09:00 AM – 07:00 PM')
    await expect(carlos.getByRole('img', { name: 'Activo' })).toBeVisible()
    await screenshot(page, 'panel-tableta-horizontal-especialistas')
    await expectAccessible(page, 'especialistas')

    const search = page.getByRole('searchbox', { name: 'Buscar especialistas' })
    await search.fill('RAMIREZ')
    await expect(page).toHaveURL(/q=RAMIREZ/)
    await expect(page.getByRole('row')).toHaveCount(2)
    await search.fill('cosmiatria')
    await expect(row(page, 'Andrea Mendoza')).toBeVisible()
    await search.fill('nadie-asi')
    await expect(page.getByRole('heading', { name: 'No se encontraron especialistas con ese criterio.' })).toBeVisible()
    await expectAccessible(page, 'búsqueda sin resultados')
    await search.fill('')

    // Register: required fields first, then a full specialist with typed days.
    const t = tag()
    const apellido = `Álvarez ${t}`
    await page.getByRole('button', { name: 'Registrar Nuevo Especialista' }).click()
    const dialog = page.getByRole('dialog', { name: 'Registrar Nuevo Especialista' })
    await dialog.getByRole('button', { name: 'Registrar Especialista' }).click()
    await expect(dialog.getByText('El nombre es obligatorio.')).toBeVisible()
    await expect(dialog.getByText('La especialidad es obligatoria.')).toBeVisible()
    await expectAccessible(page, 'diálogo de especialista con errores')
    await fill(page, {
      Nombre: 'Pilar',
      Apellido: apellido,
      Especialidad: 'Drenaje linfático',
      'Correo electrónico': `pilar.${t}@spa.pe`,
      'Días de trabajo': 'lunes, miercoles, SABADO',
    })
    await dialog.getByLabel('Hora de inicio').fill('10:00')
    await dialog.getByLabel('Hora de fin').fill('18:00')
    await expect(dialog.getByRole('textbox', { name: /^Días de trabajo/ })).toHaveValue('Lunes, Miércoles, Sábado')
    await screenshot(page, 'panel-tableta-horizontal-especialista-nuevo')
    await expectAccessible(page, 'diálogo de especialista lleno')
    await dialog.getByRole('button', { name: 'Registrar Especialista' }).click()
    await expectToast(page, '¡Especialista Registrado!', `Pilar ${apellido} ha sido registrado exitosamente.`)
    await expect(dialog).toBeHidden()
    const pilar = row(page, `Pilar ${apellido}`)
    await expect(pilar).toContainText('Lunes, Miércoles y Sábado')
    await expect(pilar).toContainText('10:00 AM – 06:00 PM')
    await expect
      .poll(async () => await serverEspecialista(page, apellido), { timeout: 30_000 })
      .toMatchObject({
        email: `pilar.${t}@spa.pe`,
        dias_trabajo: ['Lunes', 'Miércoles', 'Sábado'],
        hora_inicio_trabajo: '10:00:00',
        hora_fin_trabajo: '18:00:00',
        activo: true,
      })

    // Another specialist's e-mail, in other case, is refused on the device.
    await page.getByRole('button', { name: 'Registrar Nuevo Especialista' }).click()
    await fill(page, { Nombre: 'Otra', Apellido: 'Persona', Especialidad: 'Faciales', 'Correo electrónico': 'LUCIA.QUISPE@SPA.LOCAL' })
    await page.getByRole('dialog').getByRole('button', { name: 'Registrar Especialista' }).click()
    await expectToast(page, 'Error', 'Ya existe un especialista con este correo electrónico.')
    await expect(page.getByRole('dialog').getByText('Ya existe un especialista con este correo electrónico.')).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click()

    await rowAction(page, `Pilar ${apellido}`, 'Editar')
    const edit = page.getByRole('dialog', { name: 'Editar Especialista' })
    await expect(edit.getByRole('textbox', { name: /^Días de trabajo/ })).toHaveValue('Lunes, Miércoles, Sábado')
    await edit.getByRole('textbox', { name: /^Teléfono/ }).fill('987 000 111')
    await edit.getByRole('checkbox', { name: /^Activo/ }).uncheck()
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click()
    await expectToast(page, '¡Especialista Actualizado!', `Pilar ${apellido} ha sido actualizado exitosamente.`)
    await expect(pilar).toContainText('987 000 111')
    await expect(pilar.getByRole('img', { name: 'Inactivo' })).toBeVisible()
    await expect.poll(async () => await serverEspecialista(page, apellido), { timeout: 30_000 }).toMatchObject({ telefono: '987 000 111', activo: false })

    // A specialist with citas: refused at once, saying how many.
    await rowAction(page, `Rocío ${ocupado.apellido}`, 'Eliminar')
    await expectToast(page, 'Error', `No se puede eliminar a Rocío ${ocupado.apellido} porque tiene 1 cita(s) registrada(s).`)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await screenshot(page, 'panel-tableta-horizontal-especialista-con-citas')
    await expectAccessible(page, 'especialista con citas')

    await rowAction(page, `Pilar ${apellido}`, 'Eliminar')
    const confirm = page.getByRole('dialog', { name: '¿Estás seguro de eliminar este especialista?' })
    await expect(confirm).toContainText(`Se eliminará a Pilar ${apellido} de la lista de especialistas.`)
    await expectAccessible(page, 'confirmación de eliminar')
    await confirm.getByRole('button', { name: 'Eliminar' }).click()
    await expectToast(page, '¡Especialista Eliminado!', `Pilar ${apellido} ha sido eliminado.`)
    await expect(pilar).toHaveCount(0)
    await expect.poll(async () => (await serverEspecialista(page, apellido))?._deleted ?? null, { timeout: 30_000 }).toBe(true)
    expect((await serverEspecialista(page, ocupado.apellido))?._deleted).toBe(false)
  })

  test('sin conexión: registrar y editar, recargar desde el service worker y sincronizar al volver', async ({ page, context }) => {
    await page.setViewportSize(viewports.tabletPortrait)
    await signIn(page, demo.staff)
    await waitForServiceWorker(page)
    await openEspecialistas(page)
    await waitForSynced(page)

    await goOffline(page)
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    const apellido = `Sin Red ${tag()}`
    await page.getByRole('button', { name: 'Registrar Nuevo Especialista' }).click()
    await fill(page, { Nombre: 'Mario', Apellido: apellido, Especialidad: 'Masajes', 'Días de trabajo': 'martes, jueves' })
    await page.getByRole('dialog').getByRole('button', { name: 'Registrar Especialista' }).click()
    await expectToast(page, '¡Especialista Registrado!')
    await rowAction(page, `Mario ${apellido}`, 'Editar')
    await fill(page, { Especialidad: 'Masajes descontracturantes' })
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar Cambios' }).click()
    await expectToast(page, '¡Especialista Actualizado!')
    await expect(row(page, `Mario ${apellido}`)).toContainText('Masajes descontracturantes')
    await expect(page.getByTestId('cambios-pendientes')).toHaveText(/cambios? por subir/)
    await screenshot(page, 'panel-tableta-vertical-especialistas-sin-conexion')
    await expectAccessible(page, 'especialistas sin conexión')
    // Nothing reached the server while offline (checked before the reload, see pacientes.spec.ts).
    expect(await serverEspecialista(page, apellido)).toBeNull()

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Especialistas' })).toBeVisible()
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await expect(row(page, `Mario ${apellido}`)).toContainText('Martes y Jueves')

    await context.setOffline(false)
    await expect(page.getByTestId('estado-conexion')).toHaveText('En línea')
    await waitForSynced(page)
    await expect
      .poll(async () => await serverEspecialista(page, apellido), { timeout: 30_000 })
      .toMatchObject({ especialidad: 'Masajes descontracturantes', dias_trabajo: ['Martes', 'Jueves'] })
  })
})

test('lo que solo sabe el servidor (una cita nueva, un correo ya usado) aparece en «Problemas de sincronización»', async ({ page, context }) => {
  await page.setViewportSize(viewports.tabletLandscape)
  await page.goto('/login')
  const t = tag()
  const elena = await serverInsert<Row>(page, 'tb_especialistas', { nombre: 'Elena', apellido: `Salazar ${t}`, especialidad: 'Faciales' })
  await signIn(page, demo.staff)
  await openEspecialistas(page)
  await waitForSynced(page)
  await expect(row(page, `Elena Salazar ${t}`)).toBeVisible()
  await goOffline(page)

  // Meanwhile, on another tablet: Elena gets a cita, and someone registers this e-mail.
  await citaPara(page, elena.id_especialista)
  await serverInsert(page, 'tb_especialistas', {
    nombre: 'Registrada',
    apellido: `En Otra Tableta ${t}`,
    especialidad: 'Masajes',
    email: `compartido.${t}@spa.pe`,
  })

  await rowAction(page, `Elena Salazar ${t}`, 'Eliminar')
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click()
  await expectToast(page, '¡Especialista Eliminado!')
  await page.getByRole('button', { name: 'Registrar Nuevo Especialista' }).click()
  await fill(page, { Nombre: 'Duplicada', Apellido: `Sin Saberlo ${t}`, Especialidad: 'Faciales', 'Correo electrónico': `compartido.${t}@spa.pe` })
  await page.getByRole('dialog').getByRole('button', { name: 'Registrar Especialista' }).click()
  await expectToast(page, '¡Especialista Registrado!')

  await context.setOffline(false)
  const problems = page.getByRole('link', { name: /Problemas de sincronización \(2\)/ })
  await expect(problems).toBeVisible({ timeout: 30_000 })
  // The device took the server's state back: Elena is listed again, the duplicate is gone.
  await expect(row(page, `Elena Salazar ${t}`)).toBeVisible()
  await expect(row(page, `Duplicada Sin Saberlo ${t}`)).toHaveCount(0)
  await problems.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Problemas de sincronización' })).toBeVisible()
  const card = (name: string) => page.getByText(name).locator('xpath=ancestor::*[contains(@class,"mantine-Card-root")]')
  await expect(card(`Elena Salazar ${t}`)).toContainText('Especialistas')
  await expect(card(`Elena Salazar ${t}`)).toContainText(
    `No se puede eliminar a Elena Salazar ${t} porque tiene 1 cita(s) registrada(s). Para que no reciba nuevas citas, márcalo como inactivo.`,
  )
  await expect(card(`Duplicada Sin Saberlo ${t}`)).toContainText('Registro nuevo')
  await expect(card(`Duplicada Sin Saberlo ${t}`)).toContainText('Ya existe un especialista con este correo electrónico.')
  await screenshot(page, 'panel-tableta-horizontal-especialistas-problemas')
  await expectAccessible(page, 'problemas de sincronización de especialistas')
})
