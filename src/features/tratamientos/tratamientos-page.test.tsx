import { describe, expect, it, vi, beforeEach } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { useMemo, useState } from 'react'
import { renderScreen } from '@tests/support/render.tsx'
import type { StockMovement, Tratamiento, TratamientoFields, Usos } from '@/domain/tratamientos.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'
import { TratamientosPage } from './tratamientos-page.tsx'
import type { TratamientosStore } from './tratamientos-store.ts'

function t(over: Partial<Tratamiento>): Tratamiento {
  return {
    id_tratamiento: crypto.randomUUID(),
    nombre: 'Masaje',
    descripcion: null,
    categoria: null,
    tipo: 'tratamiento',
    costo: 150,
    duracion_estimada_minutos: 60,
    comision: null,
    notas_internas: null,
    activo: true,
    tr_cantidad: 0,
    stock_en_revision: false,
    created_at: '2026-11-01T10:00:00Z',
    ...over,
  }
}

const aceite = t({ id_tratamiento: 'a1b2c3d4-0000-4000-8000-000000000001', nombre: 'Aceite de lavanda', tipo: 'producto', costo: 45.5, tr_cantidad: 10, duracion_estimada_minutos: null, categoria: 'Aromaterapia' })
const facial = t({ id_tratamiento: 'f0000000-0000-4000-8000-000000000002', nombre: 'Limpieza facial', descripcion: 'Con máscara hidratante', duracion_estimada_minutos: 50, costo: 140 })
const crema = t({ id_tratamiento: 'c0000000-0000-4000-8000-000000000003', nombre: 'Crema de manos', tipo: 'producto', costo: 30, tr_cantidad: 3, duracion_estimada_minutos: null })

/** The screen's store over plain rows: what the page writes is what the list shows next. */
function Harness({ initial, stock = new Map(), usos = { ventas: 0, reservas: 0, citas: 0 }, log }: { initial: Tratamiento[]; stock?: Map<string, number>; usos?: Usos; log: Array<[string, ...unknown[]]> }) {
  const [rows, setRows] = useState(initial)
  const store = useMemo<TratamientosStore>(
    () => ({
      status: 'ready',
      rows,
      stock,
      async create(fields: TratamientoFields, movement: StockMovement | null) {
        log.push(['create', fields, movement])
        setRows((r) => [t({ ...fields, id_tratamiento: crypto.randomUUID(), tr_cantidad: movement?.cantidad ?? 0 }), ...r])
      },
      async update(id: string, fields: Partial<TratamientoFields>, movement: StockMovement | null) {
        log.push(['update', id, fields, movement])
        setRows((r) => r.map((x) => (x.id_tratamiento === id ? { ...x, ...fields } : x)))
      },
      async remove(id: string) {
        log.push(['remove', id])
        setRows((r) => r.filter((x) => x.id_tratamiento !== id))
      },
      usos: async () => usos,
    }),
    [rows, stock, usos, log],
  )
  return <TratamientosPage store={store} />
}

const open = (ui: () => React.ReactNode, url = '/control-citas/tratamientos') => renderScreen(ui, { url, validateSearch: validarBusquedaLista })
const toastNow = () => useToastStore.getState().current
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) })

beforeEach(() => useToastStore.setState({ current: null }))

describe('Tratamientos y productos', () => {
  it('lists treatments and products with type, duration, cost, units and status', async () => {
    await open(() => <Harness initial={[aceite, facial, crema]} stock={new Map([[crema.id_tratamiento, -1]])} log={[]} />)
    expect(rowOf('Aceite de lavanda')).toHaveTextContent(/Producto.*N\/A.*S\/ 45\.50.*10 unidades.*Activo/)
    expect(rowOf('Limpieza facial')).toHaveTextContent(/Tratamiento.*50.*S\/ 140\.00.*N\/A.*Activo/)
    // The device's stock wins over the server's figure: -1 (a late oversell) is flagged.
    expect(rowOf('Crema de manos')).toHaveTextContent('-1 unidad')
    expect(rowOf('Crema de manos')).toHaveTextContent('Stock en revisión')
  })

  it('searches name, description and category without accents, keeping the term in the URL', async () => {
    const { user, router } = await open(() => <Harness initial={[aceite, facial, crema]} log={[]} />)
    await user.type(screen.getByRole('searchbox', { name: 'Buscar tratamientos' }), 'mascara')
    expect(screen.getAllByRole('row')).toHaveLength(2)
    expect(rowOf('Limpieza facial')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'mascara' }))
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar tratamientos' }))
    await user.type(screen.getByRole('searchbox', { name: 'Buscar tratamientos' }), 'zzz')
    expect(screen.getByRole('heading', { name: 'No se encontraron tratamientos' })).toBeInTheDocument()
  })

  it('says there is nothing yet, with a button to register the first one', async () => {
    const { user } = await open(() => <Harness initial={[]} log={[]} />)
    expect(screen.getByRole('heading', { name: 'Aún no hay tratamientos registrados' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Registrar Primer Tratamiento' }))
    expect(screen.getByRole('dialog', { name: 'Registrar Nuevo Tratamiento' })).toBeInTheDocument()
  })

  it("refuses an incomplete form with the spec's message as an 'Error de Validación' toast", async () => {
    const log: Array<[string, ...unknown[]]> = []
    const { user } = await open(() => <Harness initial={[facial]} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Registrar Nuevo Tratamiento' }))
    const dialog = screen.getByRole('dialog', { name: 'Registrar Nuevo Tratamiento' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Masaje de piedras')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }))
    expect(toastNow()).toMatchObject({ title: 'Error de Validación', description: 'Nombre, duración y costo son obligatorios.' })
    expect(within(dialog).getByRole('textbox', { name: /Duración estimada/ })).toHaveFocus()
    expect(log).toEqual([])
  })

  it('refuses a duration of 0, a cost of -12 and a stock of 2.5 as typed, with the spec messages, instead of saving 1, 12 or 25', async () => {
    const log: Array<[string, ...unknown[]]> = []
    const { user } = await open(() => <Harness initial={[facial]} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Registrar Nuevo Tratamiento' }))
    const dialog = screen.getByRole('dialog', { name: 'Registrar Nuevo Tratamiento' })
    const duracion = within(dialog).getByRole('textbox', { name: /Duración estimada/ })
    const costo = within(dialog).getByRole('textbox', { name: /Costo/ })
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Masaje exprés')
    await user.type(duracion, '0')
    await user.type(costo, '-12')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }))
    expect(duracion).toHaveValue('0')
    expect(costo).toHaveValue('-12.00')
    expect(toastNow()).toMatchObject({ title: 'Error de Validación', description: 'La duración estimada debe ser un número positivo.' })
    expect(within(dialog).getByText('El costo debe ser un número no negativo.')).toBeInTheDocument()
    expect(log).toEqual([])

    await user.click(within(dialog).getByText('Producto'))
    await user.clear(costo)
    await user.type(costo, '25')
    const cantidad = within(dialog).getByRole('textbox', { name: /Cantidad inicial/ })
    await user.type(cantidad, '2.5')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }))
    expect(cantidad).toHaveValue('2.5')
    expect(toastNow()).toMatchObject({ title: 'Error de Validación', description: 'La cantidad debe ser un número positivo.' })
    expect(log).toEqual([])
  })

  it('registers a product with its initial stock as a ledger movement', async () => {
    const log: Array<[string, ...unknown[]]> = []
    const { user } = await open(() => <Harness initial={[facial]} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Registrar Nuevo Tratamiento' }))
    const dialog = screen.getByRole('dialog', { name: 'Registrar Nuevo Tratamiento' })
    await user.click(within(dialog).getByText('Producto'))
    expect(within(dialog).queryByRole('textbox', { name: /Duración/ })).not.toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Sales de baño')
    await user.type(within(dialog).getByRole('textbox', { name: /Costo/ }), '25')
    await user.type(within(dialog).getByRole('textbox', { name: /Cantidad inicial/ }), '0')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }))
    expect(toastNow()).toMatchObject({ title: 'Error de Validación', description: 'La cantidad es obligatoria para productos.' })
    await user.clear(within(dialog).getByRole('textbox', { name: /Cantidad inicial/ }))
    await user.type(within(dialog).getByRole('textbox', { name: /Cantidad inicial/ }), '12')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(log).toEqual([['create', expect.objectContaining({ nombre: 'Sales de baño', tipo: 'producto', costo: 25, duracion_estimada_minutos: null }), { motivo: 'inicial', cantidad: 12 }]])
    expect(toastNow()).toMatchObject({ title: '¡Producto Registrado!', description: 'Sales de baño ha sido registrado exitosamente.' })
    expect(rowOf('Sales de baño')).toHaveTextContent('12 unidades')
  })

  it('edits a quantity as an adjustment against the stock shown when the dialog opened', async () => {
    const log: Array<[string, ...unknown[]]> = []
    const { user } = await open(() => <Harness initial={[aceite]} stock={new Map([[aceite.id_tratamiento, 8]])} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Acciones para Aceite de lavanda' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }))
    const dialog = screen.getByRole('dialog', { name: 'Editar Tratamiento' })
    const cantidad = within(dialog).getByRole('textbox', { name: /Cantidad en stock/ })
    expect(cantidad).toHaveValue('8')
    await user.clear(cantidad)
    await user.type(cantidad, '15')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toEqual(['update', aceite.id_tratamiento, expect.objectContaining({ nombre: 'Aceite de lavanda', tipo: 'producto' }), { motivo: 'ajuste', cantidad: 7 }])
  })

  it('shows a stock in review as the negative count it is, and takes the real count as the adjustment', async () => {
    const log: Array<[string, ...unknown[]]> = []
    const { user } = await open(() => <Harness initial={[aceite]} stock={new Map([[aceite.id_tratamiento, -1]])} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Acciones para Aceite de lavanda' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }))
    const dialog = screen.getByRole('dialog', { name: 'Editar Tratamiento' })
    const cantidad = within(dialog).getByRole('textbox', { name: /Cantidad en stock/ })
    expect(cantidad).toHaveValue('-1')
    await user.clear(cantidad)
    await user.type(cantidad, '0')
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]?.[3]).toEqual({ motivo: 'ajuste', cantidad: 1 })
  })

  it('deactivates and activates with a toast', async () => {
    const log: Array<[string, ...unknown[]]> = []
    const { user } = await open(() => <Harness initial={[facial]} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Acciones para Limpieza facial' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Desactivar' }))
    expect(log).toEqual([['update', facial.id_tratamiento, { activo: false }, null]])
    expect(toastNow()).toMatchObject({ title: 'Tratamiento Desactivado', description: 'Limpieza facial ahora está inactivo.' })
    expect(rowOf('Limpieza facial')).toHaveTextContent('Inactivo')
  })

  it('refuses to delete a product that was sold, naming the counts, without asking', async () => {
    const log: Array<[string, ...unknown[]]> = []
    const { user } = await open(() => <Harness initial={[aceite]} usos={{ ventas: 2, reservas: 1, citas: 0 }} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Acciones para Aceite de lavanda' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Eliminar' }))
    await waitFor(() =>
      expect(toastNow()?.description).toBe(
        'No se puede eliminar el producto "Aceite de lavanda" porque se han realizado 2 venta(s) y 1 reserva(s) de este producto. Primero debe procesar o eliminar estos registros.',
      ),
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(log).toEqual([])
  })

  it('deletes an unused record after confirmation', async () => {
    const log: Array<[string, ...unknown[]]> = []
    const { user } = await open(() => <Harness initial={[facial, aceite]} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Acciones para Limpieza facial' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Eliminar' }))
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar este tratamiento?' })
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(screen.queryByRole('row', { name: /Limpieza facial/ })).not.toBeInTheDocument())
    expect(log).toEqual([['remove', facial.id_tratamiento]])
    expect(toastNow()).toMatchObject({ title: '¡Tratamiento Eliminado!' })
  })

  it('tells when there are no active products for the stock report', async () => {
    const { user } = await open(() => <Harness initial={[facial, { ...aceite, activo: false }]} log={[]} />)
    await user.click(screen.getByRole('button', { name: 'Imprimir stock' }))
    expect(toastNow()).toMatchObject({ title: 'Sin productos', description: 'No hay productos registrados para generar el reporte.' })
  })

  it('downloads the stock report of the active products', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(/^stock_productos_\d{2}-\d{2}-\d{4}\.xlsx$/)
    })
    URL.createObjectURL = () => 'blob:stock'
    URL.revokeObjectURL = () => {}
    const { user } = await open(() => <Harness initial={[facial, aceite, crema]} log={[]} />)
    await user.click(screen.getByRole('button', { name: 'Imprimir stock' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Exportación exitosa', description: 'Se ha descargado el reporte de stock con 2 productos.' }))
    expect(click).toHaveBeenCalledOnce()
    click.mockRestore()
  })
})
