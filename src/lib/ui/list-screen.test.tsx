import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { useMemo, useState } from 'react'
import { renderScreen } from '@tests/support/render.tsx'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { validarBusquedaLista } from './list-search.ts'
import { ListScreen, useListScreen } from './list-screen.tsx'
import type { ListStatus } from './list-states.tsx'

interface Flor {
  id: string
  nombre: string
}

/** A list screen as the CRUD screens write one: its rows, texts, columns and removal rule. */
function Flores({ inicial, status = 'ready', avisar }: { inicial: Flor[]; status?: ListStatus; avisar?: string }) {
  const list = useListScreen<Flor>()
  const [rows, setRows] = useState(inicial)
  const [registrando, setRegistrando] = useState(0)
  const found = useMemo(() => rows.filter((r) => r.nombre.toLowerCase().includes(list.q.toLowerCase())), [rows, list.q])
  return (
    <ListScreen
      list={list}
      title="Flores"
      lead="Las flores del jardín."
      actions={<button type="button">Imprimir</button>}
      register={{ label: 'Registrar Nueva Flor', firstLabel: 'Registrar Primera Flor', icon: null, onClick: () => setRegistrando((n) => n + 1) }}
      notice={avisar && <p>{avisar}</p>}
      search={{ label: 'Buscar flores', placeholder: 'Buscar por nombre', count: `${found.length} de ${rows.length}` }}
      status={status}
      total={rows.length}
      found={found}
      loadingText="Cargando flores…"
      errorText="No se pudo cargar la lista de flores."
      empty={{ title: 'Aún no hay flores', text: 'Registra la primera.' }}
      noMatch={{ title: 'No se encontraron flores', text: `Ninguna flor coincide con «${list.q}».` }}
      table={{
        columns: [{ key: 'nombre', header: 'Nombre', cell: (f) => f.nombre }],
        rowKey: (f) => f.id,
        label: 'Lista de flores',
        rowName: (f) => f.nombre,
        actions: (f) => [{ label: 'Eliminar', onClick: () => list.setDeleting(f) }],
      }}
      remove={{
        title: (f) => `¿Eliminar ${f.nombre}?`,
        text: (f) => `Se eliminará ${f.nombre} del jardín.`,
        onConfirm: (f) => {
          setRows((r) => r.filter((x) => x.id !== f.id))
          list.setDeleting(null)
        },
      }}
    >
      <p>Formulario abierto {registrando} veces</p>
    </ListScreen>
  )
}

const flores = [
  { id: '1', nombre: 'Rosa' },
  { id: '2', nombre: 'Lirio' },
]

describe('ListScreen', () => {
  it('shows the header with its actions, the notice, the search count and the table', async () => {
    const { user } = await renderScreen(() => <Flores inicial={flores} avisar="Sin conexión" />, { url: '/flores', validateSearch: validarBusquedaLista })
    expect(screen.getByRole('heading', { name: 'Flores' })).toBeInTheDocument()
    expect(screen.getByText('Las flores del jardín.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument()
    expect(screen.getByText('Sin conexión')).toBeInTheDocument()
    const tabla = screen.getByRole('table', { name: 'Lista de flores' })
    expect(within(tabla).getByText('Rosa')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Registrar Nueva Flor' }))
    expect(screen.getByText('Formulario abierto 1 veces')).toBeInTheDocument()
  })

  it('searches through the URL and says when nothing matches', async () => {
    const { user, router } = await renderScreen(() => <Flores inicial={flores} />, { url: '/flores', validateSearch: validarBusquedaLista })
    await user.type(screen.getByRole('searchbox', { name: 'Buscar flores' }), 'tulipán')
    expect(await screen.findByText('No se encontraron flores')).toBeInTheDocument()
    expect(screen.getByText('Ninguna flor coincide con «tulipán».')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'tulipán' }))
  })

  it('offers the first-register button in an empty list', async () => {
    const { user } = await renderScreen(() => <Flores inicial={[]} />, { url: '/flores', validateSearch: validarBusquedaLista })
    expect(screen.getByText('Aún no hay flores')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Registrar Primera Flor' }))
    expect(screen.getByText('Formulario abierto 1 veces')).toBeInTheDocument()
  })

  it('shows the load error as the error toast', async () => {
    await renderScreen(() => <Flores inicial={[]} status="error" />, { url: '/flores', validateSearch: validarBusquedaLista })
    await waitFor(() => expect(useToastStore.getState().current).toMatchObject({ title: 'Error', description: 'No se pudo cargar la lista de flores.' }))
  })

  it('asks before removing, in the screen words, and removes on Eliminar', async () => {
    const { user } = await renderScreen(() => <Flores inicial={flores} />, { url: '/flores', validateSearch: validarBusquedaLista })
    await user.click(screen.getByRole('button', { name: 'Acciones para Rosa' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Eliminar' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar Rosa?' })
    expect(dialog).toHaveTextContent('Se eliminará Rosa del jardín.')
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(screen.getByRole('table', { name: 'Lista de flores' })).queryByText('Rosa')).not.toBeInTheDocument()
  })
})
