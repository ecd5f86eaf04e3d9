import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderScreen } from '@tests/support/render.tsx'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { ListStates, NO_LOCAL_DATA, PARTIAL_DATA, type ListStatesProps } from './list-states.tsx'

const base: Omit<ListStatesProps, 'status' | 'total' | 'found'> = {
  loadingText: 'Cargando tratamientos…',
  errorText: 'No se pudo cargar la lista de tratamientos.',
  empty: { title: 'Aún no hay tratamientos registrados', action: <button type="button">Registrar Primer Tratamiento</button> },
  noMatch: { title: 'No se encontraron tratamientos', text: 'Prueba con otro nombre.' },
  children: <p>la lista</p>,
}

afterEach(() => useToastStore.setState({ current: null }))

describe('ListStates', () => {
  it('says it is loading', async () => {
    await renderScreen(() => <ListStates {...base} status="loading" total={0} found={0} />)
    expect(screen.getByRole('status')).toHaveTextContent('Cargando tratamientos…')
    expect(screen.queryByText('la lista')).not.toBeInTheDocument()
  })

  it("shows the screen's load-failure message, also as an error toast", async () => {
    await renderScreen(() => <ListStates {...base} status="error" total={0} found={0} />)
    expect(screen.getByRole('heading', { name: 'No se pudo cargar la lista de tratamientos.' })).toBeInTheDocument()
    expect(useToastStore.getState().current).toMatchObject({ title: 'Error', description: 'No se pudo cargar la lista de tratamientos.', variant: 'destructive' })
  })

  it('never shows the empty state on a device that has not downloaded the data yet', async () => {
    await renderScreen(() => <ListStates {...base} status="no-local-data" total={0} found={0} />)
    expect(screen.getByRole('heading', { name: NO_LOCAL_DATA.title })).toBeInTheDocument()
    expect(screen.getByText(NO_LOCAL_DATA.text)).toBeInTheDocument()
    expect(screen.queryByText('Aún no hay tratamientos registrados')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Registrar Primer Tratamiento' })).not.toBeInTheDocument()
  })

  it('shows what the device has while its first download is still under way, and says it is not all', async () => {
    await renderScreen(() => <ListStates {...base} status="no-local-data" total={3} found={3} />)
    expect(screen.getByText('la lista')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(PARTIAL_DATA.list)
  })

  it('a search with no match during the first download says the list is not all yet', async () => {
    await renderScreen(() => <ListStates {...base} status="no-local-data" total={3} found={0} />)
    expect(screen.getByRole('heading', { name: 'No se encontraron tratamientos' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(PARTIAL_DATA.list)
  })

  it('a complete list carries no such line', async () => {
    await renderScreen(() => <ListStates {...base} status="ready" total={3} found={3} />)
    expect(screen.queryByText(PARTIAL_DATA.list)).not.toBeInTheDocument()
  })

  it('offers the first-record action when the list is empty', async () => {
    await renderScreen(() => <ListStates {...base} status="ready" total={0} found={0} />)
    expect(screen.getByRole('heading', { name: 'Aún no hay tratamientos registrados' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Registrar Primer Tratamiento' })).toBeInTheDocument()
  })

  it('says nothing matched a search', async () => {
    await renderScreen(() => <ListStates {...base} status="ready" total={12} found={0} />)
    expect(screen.getByRole('heading', { name: 'No se encontraron tratamientos' })).toBeInTheDocument()
    expect(screen.getByText('Prueba con otro nombre.')).toBeInTheDocument()
  })

  it('shows the list when there are matches', async () => {
    await renderScreen(() => <ListStates {...base} status="ready" total={12} found={2} />)
    expect(screen.getByText('la lista')).toBeInTheDocument()
  })
})
