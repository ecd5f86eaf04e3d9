import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { renderScreen } from '@tests/support/render.tsx'
import { DataTable, type Column } from './data-table.tsx'
import { PHONE_QUERY } from './use-phone-layout.ts'

interface Fila {
  id: string
  nombre: string
  costo: number | null
}

const filas: Fila[] = Array.from({ length: 60 }, (_, i) => ({ id: `id-${i + 1}`, nombre: `Tratamiento ${i + 1}`, costo: i % 7 === 0 ? null : (i * 37) % 200 }))

const columns: Column<Fila>[] = [
  { key: 'nombre', header: 'Nombre', cell: (f) => f.nombre, sortValue: (f) => f.nombre },
  { key: 'costo', header: 'Costo', cell: (f) => (f.costo === null ? 'N/A' : `S/ ${f.costo}`), sortValue: (f) => f.costo, align: 'right' },
]

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Lista de prueba' })
  return within(table).getAllByRole('row').slice(1)
}

describe('DataTable', () => {
  it('renders one page of rows from the column definitions', async () => {
    await renderScreen(() => <DataTable rows={filas} columns={columns} rowKey={(f) => f.id} label="Lista de prueba" pageSize={25} />)
    expect(screen.getByRole('columnheader', { name: /Nombre/ })).toBeInTheDocument()
    expect(bodyRows()).toHaveLength(25)
    expect(bodyRows()[0]).toHaveTextContent('Tratamiento 1')
    expect(bodyRows()[0]).toHaveTextContent('N/A')
    expect(screen.getByText('Mostrando 1–25 de 60')).toBeInTheDocument()
  })

  it('pages forward and back', async () => {
    const { user } = await renderScreen(() => <DataTable rows={filas} columns={columns} rowKey={(f) => f.id} label="Lista de prueba" pageSize={25} />)
    await user.click(screen.getByRole('button', { name: 'Página 3' }))
    expect(bodyRows()).toHaveLength(10)
    expect(bodyRows()[0]).toHaveTextContent('Tratamiento 51')
    expect(screen.getByText('Mostrando 51–60 de 60')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Página anterior' }))
    expect(bodyRows()[0]).toHaveTextContent('Tratamiento 26')
  })

  it('hands the page to its owner when controlled', async () => {
    const onPageChange = vi.fn()
    const { user } = await renderScreen(() => (
      <DataTable rows={filas} columns={columns} rowKey={(f) => f.id} label="Lista de prueba" pageSize={25} page={2} onPageChange={onPageChange} />
    ))
    expect(bodyRows()[0]).toHaveTextContent('Tratamiento 26')
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }))
    expect(onPageChange).toHaveBeenCalledWith(3)
  })

  it('sorts by a column, ascending then descending, empty values last', async () => {
    const costos = [null, 37, 148, 22, null, 111].map((costo, i) => ({ id: String(i), nombre: `T${i}`, costo }))
    const { user } = await renderScreen(() => <DataTable rows={costos} columns={columns} rowKey={(f) => f.id} label="Lista de prueba" />)
    const header = screen.getByRole('columnheader', { name: /Costo/ })
    await user.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    const asc = bodyRows().map((r) => within(r).getAllByRole('cell')[1]!.textContent)
    expect(asc).toEqual(['S/ 22', 'S/ 37', 'S/ 111', 'S/ 148', 'N/A', 'N/A'])
    await user.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'descending')
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['S/ 148', 'S/ 111', 'S/ 37', 'S/ 22', 'N/A', 'N/A'])
  })

  it('sorts names the Spanish way (accents beside their letter, numbers by value)', async () => {
    const names = ['Zumo', 'Ángela', 'Andrea', 'Tratamiento 10', 'Tratamiento 9'].map((nombre, i) => ({ id: String(i), nombre, costo: 1 }))
    const { user } = await renderScreen(() => <DataTable rows={names} columns={columns} rowKey={(f) => f.id} label="Lista de prueba" />)
    await user.click(within(screen.getByRole('columnheader', { name: /Nombre/ })).getByRole('button'))
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Andrea', 'Ángela', 'Tratamiento 9', 'Tratamiento 10', 'Zumo'])
  })

  it('offers each row its actions; a disabled one says why and does nothing', async () => {
    const editar = vi.fn()
    const eliminar = vi.fn()
    const { user } = await renderScreen(() => (
      <DataTable
        rows={filas.slice(0, 2)}
        columns={columns}
        rowKey={(f) => f.id}
        label="Lista de prueba"
        rowName={(f) => f.nombre}
        actions={(f) => [
          { label: 'Editar', onClick: () => editar(f.id) },
          { label: 'Eliminar', onClick: () => eliminar(f.id), disabled: f.id === 'id-2', hint: 'Solo se puede eliminar si está cancelada' },
        ]}
      />
    ))
    await user.click(screen.getByRole('button', { name: 'Acciones para Tratamiento 1' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }))
    expect(editar).toHaveBeenCalledWith('id-1')

    await user.click(screen.getByRole('button', { name: 'Acciones para Tratamiento 2' }))
    const item = await screen.findByRole('menuitem', { name: /Eliminar/ })
    expect(item).toBeDisabled()
    expect(item).toHaveTextContent('Solo se puede eliminar si está cancelada')
    await user.click(item)
    expect(eliminar).not.toHaveBeenCalled()
  })
})

/** A matchMedia whose phone query (≤ 600 px) answers `phone`, and can be turned (a rotation). */
function screenWidth(phone: boolean) {
  const listeners = new Set<(e: { matches: boolean }) => void>()
  const state = { phone }
  const original = window.matchMedia
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === PHONE_QUERY && state.phone
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, fn: (e: { matches: boolean }) => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: (e: { matches: boolean }) => void) => listeners.delete(fn),
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia
  return {
    turn(toPhone: boolean) {
      state.phone = toPhone
      act(() => listeners.forEach((fn) => fn({ matches: toPhone })))
    },
    restore: () => (window.matchMedia = original),
  }
}

describe('DataTable on a phone (docs/decisions/0042-panel-en-telefono.md)', () => {
  // jsdom draws nothing: what is checked here is what the CSS stacks on (labels, roles,
  // the phone's sort); tests/e2e/panel-en-telefono.spec.ts measures the drawing.
  let width: ReturnType<typeof screenWidth>
  afterEach(() => width.restore())
  const acciones = (f: Fila) => [{ label: 'Editar', onClick: () => editado.push(f.id) }]
  let editado: string[] = []
  beforeEach(() => {
    editado = []
  })
  const tabla = () => (
    <DataTable rows={filas.slice(0, 3)} columns={columns} rowKey={(f) => f.id} label="Lista de prueba" rowName={(f) => f.nombre} actions={acciones} />
  )

  it('at phone width: rows of labelled cells, the actions menu on each, the headers\' sort as a select', async () => {
    width = screenWidth(true)
    const { user } = await renderScreen(tabla)
    const table = screen.getByRole('table', { name: 'Lista de prueba' })
    expect(table.className).toContain('stacked')
    const first = bodyRows()[0]!
    expect(first).toHaveAttribute('role', 'row')
    const cells = within(first).getAllByRole('cell')
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Nombre', 'Costo', null])
    expect(cells[1]).toHaveTextContent('N/A')
    // No sideways scroller around it.
    expect(table.closest('.mantine-ScrollArea-root')).toBeNull()

    await user.click(within(first).getByRole('button', { name: 'Acciones para Tratamiento 1' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }))
    expect(editado).toEqual(['id-1'])

    const ordenar = screen.getByRole('combobox', { name: 'Ordenar por' })
    const direccion = screen.getByRole('button', { name: 'Ascendente' })
    expect(direccion).toBeDisabled()
    await user.selectOptions(ordenar, 'Costo')
    const costos = () => bodyRows().map((r) => within(r).getAllByRole('cell')[1]!.textContent)
    expect(costos()).toEqual(['S/ 37', 'S/ 74', 'N/A'])
    await user.click(direccion)
    expect(costos()).toEqual(['S/ 74', 'S/ 37', 'N/A'])
    expect(screen.getByRole('button', { name: 'Descendente' })).toBeEnabled()
    await user.selectOptions(ordenar, 'Sin ordenar')
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Tratamiento 1', 'Tratamiento 2', 'Tratamiento 3'])
  })

  it('at tablet or computer width: the table as it was, and it follows a rotation', async () => {
    width = screenWidth(false)
    await renderScreen(tabla)
    const table = screen.getByRole('table', { name: 'Lista de prueba' })
    expect(table.className).not.toContain('stacked')
    expect(table).not.toHaveAttribute('role')
    expect(table.closest('.mantine-ScrollArea-root')).not.toBeNull()
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Costo', 'Acciones'])
    expect(within(bodyRows()[0]!).getAllByRole('cell').some((c) => c.hasAttribute('data-label'))).toBe(false)
    expect(screen.queryByRole('combobox', { name: 'Ordenar por' })).toBeNull()

    width.turn(true)
    expect(screen.getByRole('table', { name: 'Lista de prueba' }).className).toContain('stacked')
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toBeInTheDocument()
    width.turn(false)
    expect(screen.queryByRole('combobox', { name: 'Ordenar por' })).toBeNull()
  })
})
