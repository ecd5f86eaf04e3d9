import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { backend, demo, expectAccessible, goOffline, screenshot, signIn, viewports, waitForSynced } from './support/app.ts'
import { expectToast } from './support/toasts.ts'

type Row = { id_usuario: string; id_nombre: string; id_correo: string; is_admin: boolean; is_active: boolean; _deleted: boolean }

const tag = () => Math.random().toString(36).slice(2, 7)

/** The server's profile for an email, as an admin sees it through the REST API. */
async function serverUsuario(page: Page, email: string): Promise<Row | null> {
  const api = await backend(page)
  const { body } = await api.rest<Row[]>(`tbusuarios?id_correo=eq.${encodeURIComponent(email)}&select=*`, demo.admin)
  return Array.isArray(body) ? (body[0] ?? null) : null
}

/** Whether Auth accepts these credentials (asked directly, as a second tablet would). */
async function canSignIn(page: Page, who: { email: string; password: string }): Promise<boolean> {
  const api = await backend(page)
  const r = await page.request.post(`${api.url}/auth/v1/token?grant_type=password`, { headers: { apikey: api.anon }, data: who })
  return r.ok()
}

async function openUsuarios(page: Page) {
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: /Usuarios/ })
    .click()
  await expect(page).toHaveURL(/\/control-citas\/usuarios$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Mantenimiento de Usuarios' })).toBeVisible()
}

const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) })

async function openMenu(page: Page, name: string) {
  await row(page, name)
    .getByRole('button', { name: /Acciones para/ })
    .click()
  return page.getByRole('menu')
}

async function rowAction(page: Page, name: string, action: 'Editar' | 'Eliminar') {
  const menu = await openMenu(page, name)
  await menu.getByRole('menuitem', { name: new RegExp(`^${action}`) }).click()
}

test.describe('Usuarios', () => {
  test('crear (y la persona entra en otra tableta), editar, negarse a eliminarse o quitarse el admin, eliminar', async ({ page, browser }) => {
    // One story with two tablets, each signing in and syncing: on a busy CI machine it has
    // run past the default two minutes with no step stuck (each fill and click slow).
    test.setTimeout(240_000)
    await page.setViewportSize(viewports.tabletLandscape)
    await signIn(page, demo.admin)
    await openUsuarios(page)
    await waitForSynced(page)

    const yo = row(page, 'Administración')
    await expect(yo).toContainText('Tu usuario')
    await expect(yo).toContainText('admin@spa.local')
    await expect(row(page, 'Recepción')).toContainText('recepcion@spa.local')
    await screenshot(page, 'panel-tableta-horizontal-usuarios')
    await expectAccessible(page, 'usuarios')

    const search = page.getByRole('searchbox', { name: 'Buscar usuarios' })
    await search.fill('RECEPCION@')
    await expect(page).toHaveURL(/q=RECEPCION/)
    await expect(page.getByRole('row')).toHaveCount(2)
    await search.fill('nadie-asi')
    await expect(page.getByRole('heading', { name: 'No se encontraron usuarios con ese criterio.' })).toBeVisible()
    await search.fill('')

    // Create: the form's rules first, then a staff user.
    const t = tag()
    const nombre = `Pilar Álvarez ${t}`
    const email = `pilar.${t}@spa.pe`
    const password = `clave-${t}-1`
    await page.getByRole('button', { name: 'Crear Usuario' }).click()
    const dialog = page.getByRole('dialog', { name: 'Crear Nuevo Usuario' })
    await dialog.getByRole('button', { name: 'Crear Usuario' }).click()
    await expect(dialog.getByText('El nombre y el correo electrónico son obligatorios.')).toBeVisible()
    await dialog.getByRole('textbox', { name: /^Nombre/ }).fill(nombre)
    await dialog.getByRole('textbox', { name: /^Correo electrónico/ }).fill('RECEPCION@spa.local')
    await dialog.getByLabel(/^Contraseña/).fill(password)
    await dialog.getByRole('button', { name: 'Crear Usuario' }).click()
    await expect(dialog.getByText('Ya existe un usuario con este correo electrónico.')).toBeVisible()
    await expectAccessible(page, 'diálogo de usuario con errores')
    await dialog.getByRole('textbox', { name: /^Correo electrónico/ }).fill(email)
    await screenshot(page, 'panel-tableta-horizontal-usuario-nuevo')
    await dialog.getByRole('button', { name: 'Crear Usuario' }).click()
    await expectToast(page, '¡Usuario Creado!', `${nombre} ya puede iniciar sesión con ${email}.`)
    await expect(dialog).toBeHidden()
    // Listed from the pull the screen asks for, not from a local write.
    const pilar = row(page, nombre)
    await expect(pilar).toContainText(email)
    await expect(pilar).toContainText('Nunca')
    await expect.poll(async () => await serverUsuario(page, email), { timeout: 30_000 }).toMatchObject({ id_nombre: nombre, is_admin: false, is_active: true })

    // The new person signs in at once on another tablet, as staff.
    const other = await browser.newContext({ viewport: viewports.tabletPortrait, locale: 'es-PE', timezoneId: 'America/Lima' })
    try {
      const tablet = await other.newPage()
      await signIn(tablet, { email, password })
      await expect(tablet.getByRole('heading', { level: 1 })).toContainText(nombre)
      await expect(tablet.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name: /Usuarios/ })).toHaveCount(0)
    } finally {
      await other.close()
    }

    // Edit: the email is fixed, a blank password keeps the current one.
    await rowAction(page, nombre, 'Editar')
    const edit = page.getByRole('dialog', { name: 'Editar Usuario' })
    await expect(edit.getByRole('textbox', { name: /^Correo electrónico/ })).toHaveValue(email)
    await expect(edit.getByRole('textbox', { name: /^Correo electrónico/ })).toHaveAttribute('readonly', '')
    await edit.getByRole('textbox', { name: /^Nombre/ }).fill(`${nombre} Rojas`)
    await edit.getByRole('checkbox', { name: /^Administrador/ }).check()
    await expectAccessible(page, 'diálogo de editar usuario')
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click()
    await expectToast(page, '¡Usuario Actualizado!', `Se guardaron los cambios de ${nombre} Rojas.`)
    await expect(edit).toBeHidden()
    await expect(row(page, `${nombre} Rojas`).getByRole('cell', { name: 'Sí', exact: true })).toBeVisible()
    expect(await serverUsuario(page, email)).toMatchObject({ id_nombre: `${nombre} Rojas`, is_admin: true })
    expect(await canSignIn(page, { email, password })).toBe(true)

    // Deactivate: the account stays listed but can no longer sign in.
    await rowAction(page, `${nombre} Rojas`, 'Editar')
    await edit.getByRole('checkbox', { name: /^Activo/ }).uncheck()
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click()
    await expectToast(page, '¡Usuario Actualizado!', `Se guardaron los cambios de ${nombre} Rojas; ya no puede iniciar sesión.`)
    await expect(row(page, `${nombre} Rojas`).getByRole('cell', { name: 'Inactivo', exact: true })).toBeVisible()
    expect(await serverUsuario(page, email)).toMatchObject({ is_active: false })
    expect(await canSignIn(page, { email, password })).toBe(false)

    // Yourself: no delete, no demotion, and the screen says why.
    const menu = await openMenu(page, 'Administración')
    const eliminarme = menu.getByRole('menuitem', { name: /^Eliminar/ })
    await expect(eliminarme).toBeDisabled()
    await expect(eliminarme).toContainText('No puedes eliminar tu propio usuario.')
    await screenshot(page, 'panel-tableta-horizontal-usuarios-yo')
    await menu.getByRole('menuitem', { name: /^Editar/ }).click()
    const self = page.getByRole('dialog', { name: 'Editar Usuario' })
    await expect(self.getByRole('checkbox', { name: /^Administrador/ })).toBeChecked()
    await expect(self.getByRole('checkbox', { name: /^Administrador/ })).toBeDisabled()
    await expect(self.getByText('No puedes quitarte tus propios permisos de administrador.')).toBeVisible()
    await expect(self.getByRole('checkbox', { name: /^Activo/ })).toBeDisabled()
    await expect(self.getByText('No puedes desactivar tu propio usuario.')).toBeVisible()
    await screenshot(page, 'panel-tableta-horizontal-usuarios-editarme')
    await expectAccessible(page, 'editar mi propio usuario')
    await self.getByRole('button', { name: 'Cancelar' }).click()
    await expect(self).toBeHidden()

    // Delete: confirmed, gone from the list and unable to sign in.
    await rowAction(page, `${nombre} Rojas`, 'Eliminar')
    const confirm = page.getByRole('dialog', { name: '¿Estás seguro de eliminar este usuario?' })
    await expect(confirm).toContainText(`${nombre} Rojas (${email}) ya no podrá iniciar sesión en el panel.`)
    await expectAccessible(page, 'confirmación de eliminar usuario')
    await confirm.getByRole('button', { name: 'Eliminar' }).click()
    await expectToast(page, '¡Usuario Eliminado!', `${nombre} Rojas ya no puede iniciar sesión.`)
    await expect(row(page, nombre)).toHaveCount(0)
    expect(await serverUsuario(page, email)).toMatchObject({ _deleted: true, is_active: false })
    expect(await canSignIn(page, { email, password })).toBe(false)
  })

  test('sin conexión: la lista sincronizada se ve y las acciones dicen «Requiere conexión a internet.»', async ({ page, context }) => {
    await page.setViewportSize(viewports.tabletPortrait)
    await signIn(page, demo.admin)
    await openUsuarios(page)
    await waitForSynced(page)
    await expect(row(page, 'Recepción')).toBeVisible()

    await goOffline(page)
    await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión')
    await expect(page.getByRole('status').filter({ hasText: 'Requiere conexión a internet.' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Crear Usuario' })).toBeDisabled()
    await expect(row(page, 'Recepción')).toContainText('recepcion@spa.local')
    await screenshot(page, 'panel-tableta-vertical-usuarios-sin-conexion')
    await expectAccessible(page, 'usuarios sin conexión')
    const menu = await openMenu(page, 'Recepción')
    for (const action of ['Editar', 'Eliminar']) {
      const item = menu.getByRole('menuitem', { name: new RegExp(`^${action}`) })
      await expect(item).toBeDisabled()
      await expect(item).toContainText('Requiere conexión a internet.')
    }
    await screenshot(page, 'panel-tableta-vertical-usuarios-sin-conexion-menu')
    await page.keyboard.press('Escape')

    await context.setOffline(false)
    await expect(page.getByTestId('estado-conexion')).toHaveText('En línea')
    await expect(page.getByRole('button', { name: 'Crear Usuario' })).toBeEnabled()
    await expect(page.getByText('Requiere conexión a internet.')).toHaveCount(0)
  })
})
