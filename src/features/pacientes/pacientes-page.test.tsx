import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { useMemo, useState } from 'react'
import { renderScreen } from '@tests/support/render.tsx'
import type { Paciente } from '@/domain/pacientes.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'
import { PacientesPage } from './pacientes-page.tsx'
import type { PacientesStore } from './pacientes-store.ts'

function p(over: Partial<Paciente>): Paciente {
  return {
    id_paciente: crypto.randomUUID(),
    created_at: '2026-11-01T10:00:00Z',
    nombre: 'Ana',
    apellido: 'Torres',
    dni: null,
    telefono: null,
    email: null,
    fecha_nacimiento: null,
    direccion: null,
    historial_medico: null,
    alergias: null,
    nro_historia: null,
    ...over,
  }
}

const maria = p({ nombre: 'María', apellido: 'Quispe', dni: '45678912', email: 'maria@correo.pe' })
const jose = p({ nombre: 'José', apellido: 'Huamán', dni: '11223344' })

type Call = [string, ...unknown[]]

function Harness({ initial, status = 'ready', log }: { initial: Paciente[]; status?: PacientesStore['status']; log: Call[] }) {
  const [rows, setRows] = useState(initial)
  const store = useMemo<PacientesStore>(
    () => ({
      status,
      rows,
      error: null,
      async create(data) {
        log.push(['create', data])
        const row = p(data as Partial<Paciente>)
        setRows((r) => [row, ...r])
        return row as never
      },
      async update(id, patch) {
        log.push(['update', id, patch])
        setRows((r) => r.map((x) => (x.id_paciente === id ? { ...x, ...(patch as Partial<Paciente>) } : x)))
        return patch as never
      },
      async remove(id) {
        log.push(['remove', id])
        setRows((r) => r.filter((x) => x.id_paciente !== id))
      },
    }),
    [rows, status, log],
  )
  return <PacientesPage store={store} />
}

const open = (ui: () => React.ReactNode, url = '/control-citas/pacientes') => renderScreen(ui, { url, validateSearch: validarBusquedaLista })

beforeEach(() => useToastStore.setState({ current: null }))

describe('Pacientes on the kit', () => {
  it('opens filtered by the term in the URL (a link from the sync problems page)', async () => {
    await open(() => <Harness initial={[maria, jose]} log={[]} />, '/control-citas/pacientes?q=45678912')
    expect(screen.getByRole('searchbox', { name: 'Buscar pacientes' })).toHaveValue('45678912')
    expect(screen.getAllByRole('row')).toHaveLength(2)
    expect(screen.getByRole('row', { name: /María Quispe/ })).toHaveTextContent('DNI 45678912')
    expect(screen.getByRole('status')).toHaveTextContent('1 de 2 pacientes')
  })

  it('refuses a DNI another patient already has, on the field and as a toast, writing nothing', async () => {
    const log: Call[] = []
    const { user } = await open(() => <Harness initial={[maria]} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Registrar Nuevo Paciente' }))
    const dialog = screen.getByRole('dialog', { name: 'Registrar Nuevo Paciente' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Otra')
    await user.type(within(dialog).getByRole('textbox', { name: /^Apellido/ }), 'Persona')
    await user.type(within(dialog).getByRole('textbox', { name: /^DNI/ }), '45678912')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Paciente' }))
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^DNI/ })).toHaveFocus())
    expect(within(dialog).getByText('Ya existe un paciente con este DNI.')).toBeInTheDocument()
    expect(useToastStore.getState().current).toMatchObject({ title: 'Error', description: 'Ya existe un paciente con este DNI.' })
    expect(log).toEqual([])
  })

  it('registers a patient and shows it first', async () => {
    const log: Call[] = []
    const { user } = await open(() => <Harness initial={[maria]} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Registrar Nuevo Paciente' }))
    const dialog = screen.getByRole('dialog', { name: 'Registrar Nuevo Paciente' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Lucía')
    await user.type(within(dialog).getByRole('textbox', { name: /^Apellido/ }), 'Ramos')
    await user.type(within(dialog).getByRole('textbox', { name: /^Alergias y contraindicaciones/ }), ' Alergia al látex. ')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar Paciente' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(log).toEqual([['create', expect.objectContaining({ nombre: 'Lucía', apellido: 'Ramos', dni: null, alergias: 'Alergia al látex.' })]])
    expect(useToastStore.getState().current).toMatchObject({ title: '¡Paciente Registrado!', description: 'Lucía Ramos ha sido registrado exitosamente.' })
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Lucía Ramos')
  })

  it('deletes after the confirmation that names the patient', async () => {
    const log: Call[] = []
    const { user } = await open(() => <Harness initial={[maria, jose]} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Acciones para José Huamán' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Eliminar' }))
    const confirm = screen.getByRole('dialog', { name: '¿Estás seguro de eliminar este paciente?' })
    expect(confirm).toHaveTextContent('Se eliminará a José Huamán de la lista de pacientes.')
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(screen.queryByRole('row', { name: /José Huamán/ })).not.toBeInTheDocument())
    expect(log).toEqual([['remove', jose.id_paciente]])
  })

  it('opens the patient’s card from the row menu (Ver ficha)', async () => {
    const { user } = await open(() => <Harness initial={[maria, jose]} log={[]} />)
    expect(screen.queryByRole('dialog', { name: 'Ficha del paciente' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Acciones para María Quispe' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Ver ficha' }))
    // Its data comes from the device database, which a component test has not: it waits.
    expect(await screen.findByRole('dialog', { name: 'Ficha del paciente' })).toHaveTextContent('Cargando la ficha…')
  })

  it('shows the load failure with the spec message', async () => {
    await open(() => <Harness initial={[]} status="error" log={[]} />)
    expect(screen.getByRole('heading', { name: 'No se pudo cargar la lista de pacientes.' })).toBeInTheDocument()
  })
})
