import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { Especialista } from '@/domain/especialistas.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'
import { NO_LOCAL_DATA } from '@/lib/ui/list-states.tsx'
import { renderScreen } from '@tests/support/render.tsx'
import { useMemoryCollection, type MemoryWrite } from '@tests/support/memory-collection.ts'
import { EspecialistasPage } from './especialistas-page.tsx'

function especialista(id: string, over: Partial<Especialista>): Especialista {
  return {
    id_especialista: id,
    nombre: 'Lucía',
    apellido: 'Quispe',
    especialidad: 'Masoterapia',
    email: null,
    telefono: null,
    dias_trabajo: null,
    hora_inicio_trabajo: null,
    hora_fin_trabajo: null,
    activo: true,
    ...over,
  }
}

const equipo: Especialista[] = [
  especialista('carlos', {
    nombre: 'Carlos',
    apellido: 'Ramírez',
    especialidad: 'Reflexología',
    email: 'carlos.ramirez@spa.local',
    dias_trabajo: ['Lunes', 'Miércoles', 'Viernes', 'Sábado'],
    hora_inicio_trabajo: '09:00:00',
    hora_fin_trabajo: '19:00:00',
  }),
  especialista('lucia', {
    email: 'Lucia.Quispe@spa.local',
    telefono: '987 654 321',
    dias_trabajo: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'],
    hora_inicio_trabajo: '09:00:00',
    hora_fin_trabajo: '18:00:00',
  }),
  especialista('andrea', { nombre: 'Andrea', apellido: 'Mendoza', especialidad: 'Cosmiatría y faciales', activo: false }),
]

interface Opts {
  rows?: Especialista[]
  citas?: Record<string, number>
  status?: CollectionStatus
  failWith?: Error
  url?: string
}

async function open({ rows = equipo, citas = {}, status, failWith, url = '/control-citas/especialistas' }: Opts = {}) {
  const log: MemoryWrite[] = []
  const counts = new Map(Object.entries(citas))
  function Harness() {
    const store = useMemoryCollection<'tb_especialistas', Especialista>('tb_especialistas', rows, { log, status, failWith })
    return <EspecialistasPage store={store} citasPorEspecialista={counts} />
  }
  const view = await renderScreen(() => <Harness />, { url, validateSearch: validarBusquedaLista })
  return { ...view, log }
}

function names() {
  const table = screen.getByRole('table', { name: 'Lista de especialistas' })
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent)
}

async function openAction(user: Awaited<ReturnType<typeof open>>['user'], name: string, action: 'Editar' | 'Eliminar') {
  await user.click(screen.getByRole('button', { name: `Acciones para ${name}` }))
  await user.click(await screen.findByRole('menuitem', { name: action }))
}

afterEach(() => useToastStore.setState({ current: null }))

// Generous: each test drives a whole screen in jsdom, on a machine other test runs share.
describe('EspecialistasPage', { timeout: 30_000 }, () => {
  it('lists by apellido then nombre with days, 12-hour schedule and the active icon', async () => {
    await open()
    expect(names()).toEqual(['Andrea Mendoza', 'Lucía Quispe', 'Carlos Ramírez'])
    const lucia = screen.getByRole('row', { name: /Lucía Quispe/ })
    expect(lucia).toHaveTextContent('Masoterapia')
    expect(lucia).toHaveTextContent('Lucia.Quispe@spa.local')
    expect(lucia).toHaveTextContent('987 654 321')
    expect(lucia).toHaveTextContent('Lunes a Viernes')
    expect(lucia).toHaveTextContent('09:00 AM – 06:00 PM')
    expect(within(lucia).getByRole('img', { name: 'Activo' })).toBeInTheDocument()
    const andrea = screen.getByRole('row', { name: /Andrea Mendoza/ })
    expect(within(andrea).getByRole('img', { name: 'Inactivo' })).toBeInTheDocument()
    expect(andrea).toHaveTextContent('—')
    expect(screen.getByRole('row', { name: /Carlos Ramírez/ })).toHaveTextContent('Lunes, Miércoles, Viernes y Sábado')
  })

  it('searches nombre, apellido, especialidad and email without caring for accents, keeping the term in the URL', async () => {
    const { user, router } = await open()
    const search = screen.getByRole('searchbox', { name: 'Buscar especialistas' })
    await user.type(search, 'RAMIREZ')
    expect(names()).toEqual(['Carlos Ramírez'])
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'RAMIREZ' }))
    await user.clear(search)
    await user.type(search, 'cosmiatria')
    expect(names()).toEqual(['Andrea Mendoza'])
    await user.clear(search)
    await user.type(search, 'lucia.quispe@')
    expect(names()).toEqual(['Lucía Quispe'])
    expect(screen.getByText('1 de 3 especialistas')).toBeInTheDocument()
  })

  it('opens with the term from the URL and says when nothing matches', async () => {
    await open({ url: '/control-citas/especialistas?q=zzz' })
    expect(screen.getByRole('searchbox', { name: 'Buscar especialistas' })).toHaveValue('zzz')
    expect(screen.getByRole('heading', { name: 'No se encontraron especialistas con ese criterio.' })).toBeInTheDocument()
  })

  it('offers to register the first specialist on an empty list', async () => {
    const { user } = await open({ rows: [] })
    expect(screen.getByRole('heading', { name: 'Aún no hay especialistas registrados.' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Registrar Primer Especialista' }))
    expect(screen.getByRole('dialog', { name: 'Registrar Nuevo Especialista' })).toBeInTheDocument()
  })

  it('says the device has no data yet instead of the empty list', async () => {
    await open({ rows: [], status: 'no-local-data' })
    expect(screen.getByRole('heading', { name: NO_LOCAL_DATA.title })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Registrar Primer Especialista' })).not.toBeInTheDocument()
  })

  it('shows the load-failure message', async () => {
    await open({ rows: [], status: 'error' })
    expect(screen.getByRole('heading', { name: 'No se pudo cargar la lista de especialistas.' })).toBeInTheDocument()
  })

  it('registers a specialist: required fields, typed days matched to day names, times', async () => {
    const { user, log } = await open()
    await user.click(screen.getByRole('button', { name: 'Registrar Nuevo Especialista' }))
    const dialog = screen.getByRole('dialog', { name: 'Registrar Nuevo Especialista' })
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Especialista' }))
    expect(within(dialog).getByText('El nombre es obligatorio.')).toBeInTheDocument()
    expect(within(dialog).getByText('El apellido es obligatorio.')).toBeInTheDocument()
    expect(within(dialog).getByText('La especialidad es obligatoria.')).toBeInTheDocument()
    expect(log).toEqual([])

    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Pilar')
    await user.type(within(dialog).getByRole('textbox', { name: /^Apellido/ }), 'Álvarez')
    await user.type(within(dialog).getByRole('textbox', { name: /^Especialidad/ }), 'Drenaje linfático')
    const dias = within(dialog).getByRole('textbox', { name: /^Días de trabajo/ })
    await user.type(dias, 'lunes, feriados')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Especialista' }))
    expect(within(dialog).getByText(/«feriados» no es un día de la semana/)).toBeInTheDocument()
    expect(dias).toHaveFocus()
    expect(log).toEqual([])

    await user.clear(dias)
    await user.type(dias, ' miercoles ,sabado, ')
    await user.tab()
    expect(dias).toHaveValue('Miércoles, Sábado')
    await user.type(within(dialog).getByLabelText('Hora de inicio'), '10:00')
    await user.type(within(dialog).getByLabelText('Hora de fin'), '16:30')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Especialista' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(useToastStore.getState().current).toMatchObject({
      title: '¡Especialista Registrado!',
      description: 'Pilar Álvarez ha sido registrado exitosamente.',
    })
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({
      op: 'create',
      row: {
        nombre: 'Pilar',
        apellido: 'Álvarez',
        especialidad: 'Drenaje linfático',
        email: null,
        telefono: null,
        dias_trabajo: ['Miércoles', 'Sábado'],
        hora_inicio_trabajo: '10:00:00',
        hora_fin_trabajo: '16:30:00',
        activo: true,
      },
    })
    expect(names()[0]).toBe('Pilar Álvarez')
    expect(screen.getByRole('row', { name: /Pilar Álvarez/ })).toHaveTextContent('10:00 AM – 04:30 PM')
  })

  it('saves no typed days as null', async () => {
    const { user, log } = await open()
    await openAction(user, 'Carlos Ramírez', 'Editar')
    const dialog = screen.getByRole('dialog', { name: 'Editar Especialista' })
    const dias = within(dialog).getByRole('textbox', { name: /^Días de trabajo/ })
    expect(dias).toHaveValue('Lunes, Miércoles, Viernes, Sábado')
    await user.clear(dias)
    await user.type(dias, ' , ')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toMatchObject({ op: 'update', id: 'carlos', patch: { dias_trabajo: null } })
  })

  it('edits a specialist and can mark them inactive', async () => {
    const { user, log } = await open()
    await openAction(user, 'Lucía Quispe', 'Editar')
    const dialog = screen.getByRole('dialog', { name: 'Editar Especialista' })
    expect(within(dialog).getByLabelText('Hora de inicio')).toHaveValue('09:00')
    await user.clear(within(dialog).getByRole('textbox', { name: /^Teléfono/ }))
    await user.type(within(dialog).getByRole('textbox', { name: /^Teléfono/ }), '900 111 222')
    await user.click(within(dialog).getByRole('checkbox', { name: /^Activo/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(useToastStore.getState().current).toMatchObject({
      title: '¡Especialista Actualizado!',
      description: 'Lucía Quispe ha sido actualizado exitosamente.',
    })
    expect(log[0]).toMatchObject({ op: 'update', id: 'lucia', patch: { telefono: '900 111 222', activo: false, email: 'lucia.quispe@spa.local' } })
    const row = screen.getByRole('row', { name: /Lucía Quispe/ })
    expect(row).toHaveTextContent('900 111 222')
    expect(within(row).getByRole('img', { name: 'Inactivo' })).toBeInTheDocument()
  })

  it('refuses an e-mail another specialist has, whatever its case, and changes nothing', async () => {
    const { user, log } = await open()
    await openAction(user, 'Andrea Mendoza', 'Editar')
    const dialog = screen.getByRole('dialog', { name: 'Editar Especialista' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Correo electrónico/ }), 'LUCIA.QUISPE@SPA.LOCAL')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }))
    expect(await within(dialog).findByText('Ya existe un especialista con este correo electrónico.')).toBeInTheDocument()
    expect(useToastStore.getState().current).toMatchObject({ title: 'Error', description: 'Ya existe un especialista con este correo electrónico.' })
    expect(log).toEqual([])
    // Its own e-mail is not a duplicate.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await openAction(user, 'Lucía Quispe', 'Editar')
    await user.click(within(screen.getByRole('dialog', { name: 'Editar Especialista' })).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(log).toHaveLength(1))
  })

  it('says when a specialist could not be saved', async () => {
    const { user } = await open({ failWith: new Error('La base de datos local no está abierta: inicia sesión.') })
    await openAction(user, 'Lucía Quispe', 'Editar')
    await user.click(within(screen.getByRole('dialog', { name: 'Editar Especialista' })).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(useToastStore.getState().current).toMatchObject({ title: 'Error', description: 'No se pudo actualizar el especialista.' }))
    expect(screen.getByRole('dialog', { name: 'Editar Especialista' })).toBeInTheDocument()
  })

  it('deletes a specialist without citas after confirmation', async () => {
    const { user, log } = await open({ citas: { lucia: 2 } })
    await openAction(user, 'Andrea Mendoza', 'Eliminar')
    const confirm = screen.getByRole('dialog', { name: '¿Estás seguro de eliminar este especialista?' })
    expect(confirm).toHaveTextContent('Se eliminará a Andrea Mendoza de la lista de especialistas.')
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() =>
      expect(useToastStore.getState().current).toMatchObject({ title: '¡Especialista Eliminado!', description: 'Andrea Mendoza ha sido eliminado.' }),
    )
    expect(log).toEqual([{ op: 'remove', id: 'andrea' }])
    expect(names()).toEqual(['Lucía Quispe', 'Carlos Ramírez'])
  })

  it('refuses to delete a specialist who has citas, saying how many', async () => {
    const { user, log } = await open({ citas: { lucia: 3 } })
    await openAction(user, 'Lucía Quispe', 'Eliminar')
    expect(useToastStore.getState().current).toMatchObject({
      title: 'Error',
      description: 'No se puede eliminar a Lucía Quispe porque tiene 3 cita(s) registrada(s). Para que no reciba nuevas citas, márcalo como inactivo.',
      variant: 'destructive',
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(log).toEqual([])
    expect(names()).toContain('Lucía Quispe')
  })
})
