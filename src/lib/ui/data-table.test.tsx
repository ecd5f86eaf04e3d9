import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderScreen } from '@tests/support/render.tsx'
import { DataTable, type Column } from './data-table.tsx'

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
