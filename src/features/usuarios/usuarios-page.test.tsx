import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import type { SolicitudUsuario, Usuario } from '@/domain/usuarios.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'
import type { FunctionAnswer } from '@/lib/supabase/functions.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { useMemoryCollection } from '@tests/support/memory-collection.ts'
import { UsuariosPage } from './usuarios-page.tsx'
import type { UsuariosServidor } from './usuarios-store.ts'

const YO = '00000000-0000-4000-8000-00000000a000'

function usuario(id: string, over: Partial<Usuario>): Usuario {
  return {
    id_usuario: id,
    auth_user_id: `auth-${id}`,
    id_nombre: 'Recepción',
    id_correo: 'recepcion@spa.local',
    is_admin: false,
    is_active: true,
    last_sign_in_at: null,
    ...over,
  }
}

const admin = usuario('admin', { auth_user_id: YO, id_nombre: 'Administración', id_correo: 'admin@spa.local', is_admin: true, last_sign_in_at: '2026-11-24T14:30:00Z' })
const lucia = usuario('lucia', { id_nombre: 'Lucía Quispe', id_correo: 'lucia@spa.local' })
const gerencia = usuario('gerencia', { id_nombre: 'Gerencia', id_correo: 'gerencia@spa.local', is_admin: true })
const antigua = usuario('antigua', { id_nombre: 'Ángela Ríos', id_correo: 'angela@spa.local', is_active: false })
const equipo = [lucia, admin, gerencia, antigua]

interface Opts {
  rows?: Usuario[]
  status?: CollectionStatus
  url?: string
  /** The function's answer to each request (default: success echoing a plausible row). */
  answer?: (s: SolicitudUsuario) => FunctionAnswer
}

function exito(s: SolicitudUsuario, rows: readonly Usuario[]): FunctionAnswer {
  if (s.action === 'create') {
    return {
      status: 201,
      body: { usuario: usuario('nuevo', { auth_user_id: 'auth-nuevo', id_nombre: s.nombre, id_correo: s.email, is_admin: s.is_admin }) },
    }
  }
  const row = rows.find((u) => u.id_usuario === s.id_usuario)!
  if (s.action === 'update') return { status: 200, body: { usuario: { ...row, id_nombre: s.nombre, is_admin: s.is_admin, is_active: s.is_active ?? row.is_active } } }
  if (s.action === 'delete') return { status: 200, body: { usuario: { ...row, is_active: false, _deleted: true } } }
  return { status: 200, body: { usuario: row } }
}

async function open({ rows = equipo, status, url = '/control-citas/usuarios', answer }: Opts = {}) {
  const calls: SolicitudUsuario[] = []
  const cambios: Usuario[] = []
  function Harness() {
    const store = useMemoryCollection<'tbusuarios', Usuario>('tbusuarios', rows, { status })
    const servidor: UsuariosServidor = {
      llamar: async (s) => {
        calls.push(s)
        await Promise.resolve()
        return answer ? answer(s) : exito(s, rows)
      },
      // Stands in for the pull that brings the server's row to the device.
      alCambiar: (u) => {
        cambios.push(u)
        const known = store.rows.some((r) => r.id_usuario === u.id_usuario)
        if (u._deleted) void store.remove(u.id_usuario)
        else if (known) void store.update(u.id_usuario, u)
        else void store.create(u)
      },
    }
    return <UsuariosPage store={store} servidor={servidor} yo={YO} />
  }
  const view = await renderScreen(() => <Harness />, { url, validateSearch: validarBusquedaLista })
  return { ...view, calls, cambios }
}

function names() {
  const table = screen.getByRole('table', { name: 'Lista de usuarios' })
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(within(r).getAllByRole('cell')[0]!).getByText(/./, { selector: 'strong' }).textContent)
}

type User = Awaited<ReturnType<typeof open>>['user']

async function menu(user: User, name: string) {
  await user.click(screen.getByRole('button', { name: `Acciones para ${name}` }))
  return screen.findByRole('menu')
}

async function openAction(user: User, name: string, action: 'Editar' | 'Eliminar') {
  const m = await menu(user, name)
  await user.click(within(m).getByRole('menuitem', { name: new RegExp(`^${action}`) }))
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

const toastNow = () => useToastStore.getState().current

afterEach(() => {
  vi.restoreAllMocks()
  useToastStore.setState({ current: null })
})

// Generous: each test drives a whole screen in jsdom, on a machine other test runs share.
describe('UsuariosPage', { timeout: 30_000 }, () => {
  it('lists the users by name: email, admin, state, last sign-in, and which one is you', async () => {
    await open()
    expect(screen.getByRole('heading', { level: 1, name: 'Mantenimiento de Usuarios' })).toBeInTheDocument()
    expect(names()).toEqual(['Administración', 'Ángela Ríos', 'Gerencia', 'Lucía Quispe'])
    const yo = screen.getByRole('row', { name: /Administración/ })
    expect(yo).toHaveTextContent('Tu usuario')
    expect(yo).toHaveTextContent('admin@spa.local')
    expect(within(yo).getByText('Sí')).toBeInTheDocument()
    expect(within(yo).getByText('Activo')).toBeInTheDocument()
    expect(yo).not.toHaveTextContent('Nunca')
    const angela = screen.getByRole('row', { name: /Ángela Ríos/ })
    expect(within(angela).getByText('Inactivo')).toBeInTheDocument()
    expect(within(angela).getByText('No')).toBeInTheDocument()
    expect(angela).toHaveTextContent('Nunca')
    expect(angela).not.toHaveTextContent('Tu usuario')
    expect(screen.getByText('4 usuarios')).toBeInTheDocument()
  })

  it('searches by name or email ignoring case and accents, keeping the term in the URL', async () => {
    const { user, router } = await open()
    const search = screen.getByRole('searchbox', { name: 'Buscar usuarios' })
    await user.type(search, 'ANGELA')
    expect(names()).toEqual(['Ángela Ríos'])
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'ANGELA' }))
    await user.clear(search)
    await user.type(search, 'lucia@')
    expect(names()).toEqual(['Lucía Quispe'])
    expect(screen.getByText('1 de 4 usuarios')).toBeInTheDocument()
  })

  it('opens with the term from the URL and says when nothing matches', async () => {
    await open({ url: '/control-citas/usuarios?q=zzz' })
    expect(screen.getByRole('searchbox', { name: 'Buscar usuarios' })).toHaveValue('zzz')
    expect(screen.getByRole('heading', { name: 'No se encontraron usuarios con ese criterio.' })).toBeInTheDocument()
  })

  it('shows the load-failure message', async () => {
    await open({ rows: [], status: 'error' })
    expect(screen.getByRole('heading', { name: 'No se pudo cargar la lista de usuarios.' })).toBeInTheDocument()
  })

  it('creates a user through the function: bad input calls nothing, then the new user is listed', async () => {
    const { user, calls, cambios } = await open()
    await user.click(screen.getByRole('button', { name: 'Crear Usuario' }))
    const dialog = screen.getByRole('dialog', { name: 'Crear Nuevo Usuario' })
    // A new user starts active: no state to choose.
    expect(within(dialog).queryByRole('checkbox', { name: /^Activo/ })).not.toBeInTheDocument()
    const crear = () => user.click(within(dialog).getByRole('button', { name: 'Crear Usuario' }))
    await crear()
    expect(within(dialog).getByText('El nombre y el correo electrónico son obligatorios.')).toBeInTheDocument()

    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Pilar Álvarez')
    const email = within(dialog).getByRole('textbox', { name: /^Correo electrónico/ })
    await user.type(email, 'LUCIA@spa.local')
    await crear()
    expect(within(dialog).getByText('Ya existe un usuario con este correo electrónico.')).toBeInTheDocument()
    expect(email).toHaveFocus()

    await user.clear(email)
    await user.type(email, 'pilar@spa.local')
    await crear()
    expect(within(dialog).getByText('La contraseña es obligatoria para nuevos usuarios.')).toBeInTheDocument()
    const password = within(dialog).getByLabelText(/^Contraseña/)
    await user.type(password, '123')
    await crear()
    expect(within(dialog).getByText('La contraseña debe tener al menos 6 caracteres.')).toBeInTheDocument()
    expect(calls).toEqual([])

    await user.clear(password)
    await user.type(password, 'clave-segura-1')
    await crear()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls).toEqual([{ action: 'create', nombre: 'Pilar Álvarez', email: 'pilar@spa.local', password: 'clave-segura-1', is_admin: false }])
    expect(toastNow()).toMatchObject({ title: '¡Usuario Creado!', description: 'Pilar Álvarez ya puede iniciar sesión con pilar@spa.local.', variant: 'success' })
    expect(cambios.map((u) => u.id_correo)).toEqual(['pilar@spa.local'])
    expect(names()).toContain('Pilar Álvarez')
  })

  it('shows the server refusal on its field and keeps the dialog open', async () => {
    const { user, calls, cambios } = await open({
      answer: () => ({ status: 409, body: { error: 'Ya existe un usuario con este correo electrónico.', code: 'email_exists' } }),
    })
    await user.click(screen.getByRole('button', { name: 'Crear Usuario' }))
    const dialog = screen.getByRole('dialog', { name: 'Crear Nuevo Usuario' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Otra Persona')
    await user.type(within(dialog).getByRole('textbox', { name: /^Correo electrónico/ }), 'otra@spa.local')
    await user.type(within(dialog).getByLabelText(/^Contraseña/), 'clave-segura-1')
    await user.click(within(dialog).getByRole('button', { name: 'Crear Usuario' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'Ya existe un usuario con este correo electrónico.', variant: 'destructive' }))
    expect(calls).toHaveLength(1)
    expect(within(dialog).getByText('Ya existe un usuario con este correo electrónico.')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Crear Nuevo Usuario' })).toBeInTheDocument()
    expect(cambios).toEqual([])
    expect(names()).not.toContain('Otra Persona')
  })

  it('says the action failed when the server does not answer', async () => {
    const { user } = await open({ answer: () => ({ status: null, body: null }) })
    await openAction(user, 'Lucía Quispe', 'Editar')
    await user.click(within(screen.getByRole('dialog', { name: 'Editar Usuario' })).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'No se pudo actualizar el usuario.' }))
    expect(screen.getByRole('dialog', { name: 'Editar Usuario' })).toBeInTheDocument()
  })

  it('edits name and admin flag; the email cannot change; a blank password keeps the current one', async () => {
    const { user, calls, cambios } = await open()
    await openAction(user, 'Lucía Quispe', 'Editar')
    const dialog = screen.getByRole('dialog', { name: 'Editar Usuario' })
    const email = within(dialog).getByRole('textbox', { name: /^Correo electrónico/ })
    expect(email).toHaveValue('lucia@spa.local')
    expect(email).toHaveAttribute('readonly')
    expect(within(dialog).getByText('El correo electrónico no se puede modificar.')).toBeInTheDocument()
    const nombre = within(dialog).getByRole('textbox', { name: /^Nombre/ })
    await user.clear(nombre)
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }))
    expect(within(dialog).getByText('El nombre es obligatorio.')).toBeInTheDocument()
    expect(calls).toEqual([])

    await user.type(nombre, 'Lucía Quispe Rojas')
    await user.click(within(dialog).getByRole('checkbox', { name: /^Administrador/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls).toEqual([{ action: 'update', id_usuario: 'lucia', nombre: 'Lucía Quispe Rojas', is_admin: true }])
    expect(toastNow()).toMatchObject({ title: '¡Usuario Actualizado!', description: 'Se guardaron los cambios de Lucía Quispe Rojas.' })
    expect(cambios).toHaveLength(1)
    expect(within(screen.getByRole('row', { name: /Lucía Quispe Rojas/ })).getByText('Sí')).toBeInTheDocument()
  })

  it('sends a new password only when one is typed', async () => {
    const { user, calls } = await open()
    await openAction(user, 'Gerencia', 'Editar')
    const dialog = screen.getByRole('dialog', { name: 'Editar Usuario' })
    await user.type(within(dialog).getByLabelText(/^Nueva contraseña/), 'nueva-clave-9')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({ action: 'update', id_usuario: 'gerencia', nombre: 'Gerencia', is_admin: true, password: 'nueva-clave-9' })
  })

  it('refuses deleting or demoting yourself, saying why, and calls nothing', async () => {
    const { user, calls } = await open()
    const m = await menu(user, 'Administración')
    const eliminar = within(m).getByRole('menuitem', { name: /^Eliminar/ })
    expect(eliminar).toBeDisabled()
    expect(eliminar).toHaveTextContent('No puedes eliminar tu propio usuario.')
    await user.click(within(m).getByRole('menuitem', { name: /^Editar/ }))
    const dialog = screen.getByRole('dialog', { name: 'Editar Usuario' })
    const adminBox = within(dialog).getByRole('checkbox', { name: /^Administrador/ })
    expect(adminBox).toBeChecked()
    expect(adminBox).toBeDisabled()
    expect(within(dialog).getByText('No puedes quitarte tus propios permisos de administrador.')).toBeInTheDocument()
    const activo = within(dialog).getByRole('checkbox', { name: /^Activo/ })
    expect(activo).toBeChecked()
    expect(activo).toBeDisabled()
    expect(within(dialog).getByText('No puedes desactivar tu propio usuario.')).toBeInTheDocument()
    expect(calls).toEqual([])
  })

  it('deactivates and reactivates a user, sending the state only when it changes', async () => {
    const { user, calls } = await open()
    await openAction(user, 'Lucía Quispe', 'Editar')
    let dialog = screen.getByRole('dialog', { name: 'Editar Usuario' })
    await user.click(within(dialog).getByRole('checkbox', { name: /^Activo/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls).toEqual([{ action: 'update', id_usuario: 'lucia', nombre: 'Lucía Quispe', is_admin: false, is_active: false }])
    expect(toastNow()).toMatchObject({ title: '¡Usuario Actualizado!', description: 'Se guardaron los cambios de Lucía Quispe; ya no puede iniciar sesión.' })
    expect(within(screen.getByRole('row', { name: /Lucía Quispe/ })).getByText('Inactivo')).toBeInTheDocument()

    await openAction(user, 'Ángela Ríos', 'Editar')
    dialog = screen.getByRole('dialog', { name: 'Editar Usuario' })
    const activo = within(dialog).getByRole('checkbox', { name: /^Activo/ })
    expect(activo).not.toBeChecked()
    await user.click(activo)
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]).toEqual({ action: 'update', id_usuario: 'antigua', nombre: 'Ángela Ríos', is_admin: false, is_active: true })
  })

  it('refuses deleting the last active admin', async () => {
    // This device has not synced the signed-in admin's own profile: Gerencia is the only active admin it knows.
    const { user } = await open({ rows: [lucia, gerencia, { ...antigua, is_admin: true }] })
    const m = await menu(user, 'Gerencia')
    const eliminar = within(m).getByRole('menuitem', { name: /^Eliminar/ })
    expect(eliminar).toBeDisabled()
    expect(eliminar).toHaveTextContent('Debe quedar al menos un administrador activo.')
    expect(within(m).getByRole('menuitem', { name: /^Editar/ })).toBeEnabled()
  })

  it('deletes a user after confirmation', async () => {
    const { user, calls } = await open()
    await openAction(user, 'Lucía Quispe', 'Eliminar')
    const confirm = screen.getByRole('dialog', { name: '¿Estás seguro de eliminar este usuario?' })
    expect(confirm).toHaveTextContent('Lucía Quispe (lucia@spa.local) ya no podrá iniciar sesión en el panel.')
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: '¡Usuario Eliminado!', description: 'Lucía Quispe ya no puede iniciar sesión.' }))
    expect(calls).toEqual([{ action: 'delete', id_usuario: 'lucia' }])
    await waitFor(() => expect(names()).not.toContain('Lucía Quispe'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows the server refusal of a delete and keeps the user', async () => {
    const { user } = await open({ answer: () => ({ status: 400, body: { error: 'Debe quedar al menos un administrador activo.', code: 'P0001' } }) })
    await openAction(user, 'Gerencia', 'Eliminar')
    await user.click(within(screen.getByRole('dialog', { name: '¿Estás seguro de eliminar este usuario?' })).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'Debe quedar al menos un administrador activo.' }))
    expect(names()).toContain('Gerencia')
  })

  it('offline: lists the synced users but disables every action with «Requiere conexión a internet.»', async () => {
    const { user, calls } = await open()
    setOnline(false)
    expect(screen.getByText(/Requiere conexión a internet\./)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Crear Usuario' })).toBeDisabled()
    expect(names()).toHaveLength(4)
    const m = await menu(user, 'Lucía Quispe')
    for (const action of ['Editar', 'Eliminar']) {
      const item = within(m).getByRole('menuitem', { name: new RegExp(`^${action}`) })
      expect(item).toBeDisabled()
      expect(item).toHaveTextContent('Requiere conexión a internet.')
    }
    expect(calls).toEqual([])
  })

  it('refuses to send when the connection dropped with the dialog open', async () => {
    const { user, calls } = await open()
    await openAction(user, 'Lucía Quispe', 'Editar')
    setOnline(false)
    await user.click(within(screen.getByRole('dialog', { name: 'Editar Usuario' })).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'Requiere conexión a internet.' }))
    expect(calls).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Editar Usuario' })).toBeInTheDocument()
  })
})
