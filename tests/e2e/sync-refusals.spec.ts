/**
 * A write the server refuses stays recoverable. Two tablets (two browser
 * contexts, each its own IndexedDB) register the same patient — same DNI — offline;
 * the one that uploads second is refused. Its receptionist is told at once, and on
 * 'Problemas de sincronización' finds what she typed (medical history included) and
 * copies it into the existing patient or into a new one; the server is checked through
 * REST.
 */
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, fillPaciente, goOffline, screenshot, signIn, viewports, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'

type Row = { id_paciente: string; nombre: string; apellido: string; dni: string | null; telefono: string | null; historial_medico: string | null }


async function serverPacientes(page: Page, filter: string): Promise<Row[]> {
  const api = await backend(page)
  const { body } = await api.rest<Row[]>(`tb_pacientes?${filter}&_deleted=is.false&select=*`, demo.admin)
  return Array.isArray(body) ? body : []
}

async function openPacientes(page: Page) {
  await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: /^Pacientes/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pacientes' })).toBeVisible()
}

async function registrar(page: Page, values: Parameters<typeof fillPaciente>[1], historial?: string) {
  await page.getByRole('button', { name: 'Registrar Nuevo Paciente' }).click()
  await fillPaciente(page, values)
  if (historial) await page.getByRole('dialog').getByRole('textbox', { name: /^Historial médico/ }).fill(historial)
  await page.getByRole('dialog').getByRole('button', { name: 'Registrar Paciente' }).click()
  await expectToast(page, '¡Paciente Registrado!')
}

/**
 * Tablet A (a second context) and tablet B (`page`) register the same DNI offline; A
 * uploads first, B is refused. Returns B's card on the problems page.
 */
async function duplicateFromTwoTablets(browser: Browser, baseURL: string, page: Page) {
  const dni = String(50_000_000 + Math.floor(Math.random() * 9_999_999))
  // Unique per test: the worker's backend is shared by the tests of this file.
  const historial = `Hipertensión; no usar piedras calientes (${dni})`
  const contextA = await browser.newContext({ baseURL, viewport: viewports.tabletLandscape })
  const a = await contextA.newPage()
  await page.setViewportSize(viewports.tabletLandscape)
  for (const p of [a, page]) {
    await signIn(p, demo.staff)
    await openPacientes(p)
    await waitForSynced(p)
    await goOffline(p)
  }
  await registrar(a, { Nombre: 'Rosa', Apellido: 'Huamán', DNI: dni, Teléfono: '987000111' })
  await registrar(page, { Nombre: 'Rosa María', Apellido: 'Huamán', DNI: dni }, historial)

  await contextA.setOffline(false)
  await expect.poll(async () => (await serverPacientes(page, `dni=eq.${dni}`)).map((r) => r.nombre), { timeout: 30_000 }).toEqual(['Rosa'])
  await page.context().setOffline(false)

  // The refusal is announced where the receptionist is working.
  await expectToast(page, 'El servidor rechazó un cambio', /Ya existe un paciente con este DNI/)
  const problems = page.getByRole('link', { name: /Problemas de sincronización \(1\)/ })
  await expect(problems).toBeVisible({ timeout: 30_000 })
  await problems.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Problemas de sincronización' })).toBeVisible()
  const card = page.getByRole('article', { name: 'Rosa María Huamán' })
  await expect(card).toContainText('Ya existe un paciente con este DNI.')
  await expect(card).toContainText('Otro equipo registró antes a Rosa Huamán con el mismo DNI.')
  const values = card.getByRole('table', { name: 'Datos escritos de Rosa María Huamán' })
  await expect(values.getByRole('row', { name: /Historial médico/ })).toContainText(historial)
  await expect(values.getByRole('row', { name: /^Nombre/ })).toContainText('Rosa María')
  await expect(values.getByRole('row', { name: /^Nombre/ })).toContainText('Rosa')
  await contextA.close()
  return { dni, historial, card }
}

test('un paciente rechazado por DNI duplicado se copia en el registro existente', async ({ page, browser, baseURL }) => {
  const { dni, historial, card } = await duplicateFromTwoTablets(browser, baseURL!, page)
  await screenshot(page, 'panel-tableta-horizontal-problemas-rechazo-duplicado', { fullPage: true })
  await expectAccessible(page, 'problemas de sincronización con un duplicado')

  // 'Abrir el registro existente' lands on Pacientes searched by the DNI.
  await card.getByRole('link', { name: 'Abrir el registro existente' }).click()
  await expect(page).toHaveURL(new RegExp(`/control-citas/pacientes\\?q=.*${dni}`))
  await expect(page.getByRole('row', { name: /Rosa Huamán/ })).toBeVisible()
  await page.goBack()

  await page.getByRole('article', { name: 'Rosa María Huamán' }).getByRole('button', { name: 'Copiar en el registro existente' }).click()
  const dialog = page.getByRole('dialog', { name: '¿Copiar en el registro existente?' })
  await expect(dialog).toContainText('Se guardarán en Rosa Huamán los datos escritos en este equipo: Nombre, Historial médico.')
  await dialog.getByRole('button', { name: 'Copiar' }).click()
  await expectToast(page, 'Datos copiados', 'Se copiaron en el registro de Rosa Huamán.')
  await expect(page.getByText('Todo en orden')).toBeVisible()

  // One patient with that DNI on the server: the typed values joined what it had.
  await expect
    .poll(async () => (await serverPacientes(page, `dni=eq.${dni}`)).map((r) => [r.nombre, r.telefono, r.historial_medico]), { timeout: 30_000 })
    .toEqual([['Rosa María', '987000111', historial]])
})

test('un paciente rechazado por DNI duplicado se copia en un registro nuevo, sin el DNI', async ({ page, browser, baseURL }) => {
  const { dni, historial, card } = await duplicateFromTwoTablets(browser, baseURL!, page)
  await card.getByRole('button', { name: 'Copiar en un registro nuevo' }).click()
  const dialog = page.getByRole('dialog', { name: '¿Copiar en un registro nuevo?' })
  await expect(dialog).toContainText(`No se copia DNI ${dni}, porque ya pertenece a Rosa Huamán.`)
  await dialog.getByRole('button', { name: 'Crear registro' }).click()
  await expectToast(page, 'Registro creado')
  await expect(page.getByText('Todo en orden')).toBeVisible()

  await expect
    .poll(async () => (await serverPacientes(page, `historial_medico=eq.${encodeURIComponent(historial)}`)).map((r) => [r.nombre, r.apellido, r.dni]), {
      timeout: 30_000,
    })
    .toEqual([['Rosa María', 'Huamán', null]])
  // The other tablet's patient is untouched.
  expect((await serverPacientes(page, `dni=eq.${dni}`)).map((r) => [r.nombre, r.historial_medico])).toEqual([['Rosa', null]])
})
