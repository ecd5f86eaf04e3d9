import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useMemo } from 'react'
import { renderScreen } from '@tests/support/render.tsx'
import { useMemoryCollection, type MemoryWrite } from '@tests/support/memory-collection.ts'
import type { Egreso } from '@/domain/egresos.ts'
import { idCopiaEgresoFijo } from '@/domain/ids-deterministas.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { PARTIAL_DATA } from '@/lib/ui/list-states.tsx'
import { EgresosPage } from './egresos-page.tsx'
import { validarBusquedaEgresos } from './egresos-search.ts'
import type { ConsultarTipoCambio, EgresosStore } from './egresos-store.ts'

function e(over: Partial<Egreso>): Egreso {
  return {
    id_egreso: crypto.randomUUID(),
    tipo_egreso: 'Fijo',
    descripcion: 'Alquiler del local',
    tipo_cambio: 3.75,
    monto_soles: 3750,
    monto_dolares: 1000,
    descripcion_adicional: null,
    mes: 11,
    anio: 2026,
    fecha: '2026-11-30',
    created_at: '2026-11-01T10:00:00Z',
    ...over,
  }
}

const alquiler = e({ id_egreso: 'a0000000-0000-4000-8000-000000000001', descripcion_adicional: 'Contrato anual' })
const luz = e({ id_egreso: 'b0000000-0000-4000-8000-000000000002', descripcion: 'Luz', tipo_cambio: 3.8, monto_soles: 380, monto_dolares: 100 })
const flores = e({ id_egreso: 'c0000000-0000-4000-8000-000000000003', tipo_egreso: 'Variable', descripcion: 'Flores para recepción', fecha: '2026-11-12', tipo_cambio: null, monto_soles: 80, monto_dolares: 21.33 })
const octubre = e({ id_egreso: 'd0000000-0000-4000-8000-000000000004', descripcion: 'Internet', mes: 10, fecha: '2026-10-31', monto_soles: 150, monto_dolares: 40 })

const tasaOk: ConsultarTipoCambio = async () => ({ ok: true, tipoCambio: '3.75' })

function Harness({ initial, log, deleted = [], consultar = tasaOk, status }: { initial: Egreso[]; log: MemoryWrite[]; deleted?: string[]; consultar?: ConsultarTipoCambio; status?: CollectionStatus }) {
  const c = useMemoryCollection<'tb_egresos', Egreso>('tb_egresos', initial, { log, status })
  const store = useMemo<EgresosStore>(
    () => ({
      status: c.status,
      rows: c.rows,
      create: async (d) => void (await c.create(d as never)),
      update: async (id, d) => void (await c.update(id, d as never)),
      remove: c.remove,
      // The device's ids, deleted ones included.
      idsConocidos: async (ids) => new Set(ids.filter((id) => deleted.includes(id) || c.rows.some((r) => r.id_egreso === id))),
    }),
    [c, deleted],
  )
  return <EgresosPage store={store} consultarTipoCambio={consultar} />
}

const open = (ui: () => React.ReactNode, search = '?anio=2026&mes=11') => renderScreen(ui, { url: `/control-citas/egresos${search}`, validateSearch: validarBusquedaEgresos })
const toastNow = () => useToastStore.getState().current
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) })
const field = (name: RegExp) => screen.getByRole('textbox', { name })
const soles = () => field(/^Monto Egreso Soles/)
const dolares = () => field(/^Monto Egreso Dólares/)
const tasa = () => field(/^Tipo de cambio/)

async function rowAction(user: { click: (el: Element) => Promise<void> }, name: string, action: string) {
  await user.click(screen.getByRole('button', { name: `Acciones para ${name}` }))
  await user.click(await screen.findByRole('menuitem', { name: action }))
}

beforeEach(() => useToastStore.setState({ current: null }))
afterEach(() => vi.restoreAllMocks())

describe('Gestión de Egresos', () => {
  it('while this device still downloads its data, the month shows what arrived but no total', async () => {
    await open(() => <Harness initial={[alquiler, luz]} log={[]} status="no-local-data" />)
    expect(within(screen.getByRole('table', { name: 'Lista de Egresos Fijos' })).getAllByRole('row')).toHaveLength(3)
    expect(screen.getByText(PARTIAL_DATA.list)).toBeInTheDocument()
    expect(screen.queryByTestId('total-Fijo')).toBeNull()
  })

  it("lists the month's fixed expenses; the tab and the month live in the URL", async () => {
    const { user, router } = await open(() => <Harness initial={[alquiler, luz, flores, octubre]} log={[]} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Gestión de Egresos' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver a Control de Citas' })).toBeInTheDocument()
    const tabla = screen.getByRole('table', { name: 'Lista de Egresos Fijos' })
    expect(within(tabla).getAllByRole('row')).toHaveLength(3)
    expect(rowOf('Alquiler del local')).toHaveTextContent(/3\.75.*S\/ 3,750\.00.*US\$ 1,000\.00.*Contrato anual.*Noviembre.*2026/)
    expect(screen.queryByRole('row', { name: /Internet/ })).not.toBeInTheDocument()
    expect(screen.getByTestId('total-Fijo')).toHaveTextContent('Total: S/ 4,130.00 · US$ 1,100.00')

    await user.click(screen.getByRole('tab', { name: 'Egresos Variables' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ anio: 2026, mes: 11, tab: 'variables' }))
    expect(rowOf('Flores para recepción')).toHaveTextContent(/jueves, 12 de noviembre de 2026.*—.*S\/ 80\.00.*US\$ 21\.33/)
    // The calendar offers only the month's days.
    await user.click(screen.getByLabelText(/^Fecha/))
    expect(screen.getByRole('button', { name: 'sábado 31 de octubre de 2026' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'domingo 1 de noviembre de 2026, cerrado' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'lunes 30 de noviembre de 2026' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'martes 1 de diciembre de 2026' })).toBeDisabled()
    await user.keyboard('{Escape}')

    await user.click(screen.getByRole('button', { name: 'Mes' }))
    await user.click(await screen.findByRole('button', { name: 'octubre' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ anio: 2026, mes: 10, tab: 'variables' }))
    expect(screen.getByRole('heading', { name: 'No hay egresos variables en este mes' })).toBeInTheDocument()
  })

  it('prefills the rate, converts soles ↔ dollars with 2 decimals and adds a fixed expense dated the last day', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open(() => <Harness initial={[octubre]} log={log} />, '?anio=2026&mes=12')
    // December had nothing: October is not the previous month, so nothing is copied.
    expect(log).toEqual([])
    await waitFor(() => expect(tasa()).toHaveValue('3.75'))
    await user.type(field(/^Descripción Egreso/), 'Seguro del local')
    await user.type(soles(), '100')
    expect(dolares()).toHaveValue('26.67')
    // A new rate recomputes dollars from soles.
    await user.clear(tasa())
    await user.type(tasa(), '4')
    expect(dolares()).toHaveValue('25.00')
    expect(soles()).toHaveValue('100.00')
    await user.click(screen.getByRole('button', { name: 'Agregar' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toEqual({
      op: 'create',
      row: expect.objectContaining({ tipo_egreso: 'Fijo', descripcion: 'Seguro del local', tipo_cambio: 4, monto_soles: 100, monto_dolares: 25, mes: 12, anio: 2026, fecha: '2026-12-31' }),
    })
    expect(toastNow()).toMatchObject({ title: 'Éxito', description: 'El egreso fijo se guardó correctamente.' })
    expect(rowOf('Seguro del local')).toHaveTextContent('Diciembre')
    // Back to an empty add form, with the fetched rate again.
    expect(field(/^Descripción Egreso/)).toHaveValue('')
    expect(tasa()).toHaveValue('3.75')
  })

  it('typing dollars fills soles; without the rate nothing is saved (a key Fixer refuses is still an error toast)', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open(() => <Harness initial={[]} log={log} consultar={async () => ({ ok: false, codigo: 101, mensaje: 'API Key inválida o no especificada.', sinRed: false })} />)
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'API Key inválida o no especificada.', variant: 'destructive' }))
    expect(screen.queryByText('Tipo de cambio a mano')).not.toBeInTheDocument()
    expect(tasa()).toHaveValue('')
    await user.type(field(/^Descripción Egreso/), 'Software')
    await user.type(dolares(), '20')
    // No rate yet: soles cannot follow.
    expect(soles()).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'Agregar' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'Por favor, completa todos los campos numéricos requeridos antes de guardar.' })
    expect(log).toEqual([])
    // The rate typed by hand: soles are recomputed from dollars.
    await user.type(tasa(), '3.5')
    expect(soles()).toHaveValue('70.00')
    await user.click(screen.getByRole('button', { name: 'Agregar' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toMatchObject({ op: 'create', row: { monto_soles: 70, monto_dolares: 20, tipo_cambio: 3.5 } })
  })

  it("a network failure of the rate look-up is 'Error de red'", async () => {
    const consultar = vi.fn<ConsultarTipoCambio>(async () => ({ ok: false, codigo: null, mensaje: null, sinRed: true }))
    await open(() => <Harness initial={[]} log={[]} consultar={consultar} />)
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error de red', description: 'Error de red al consultar Fixer.io' }))
    expect(consultar).toHaveBeenCalledOnce()
  })

  it('without a key on the server, says once and calmly that the rate is typed by hand: no error toast', async () => {
    const consultar = vi.fn<ConsultarTipoCambio>(async () => ({
      ok: false,
      codigo: 'not_configured',
      mensaje: 'El tipo de cambio automático no está configurado en el servidor (FIXER_API_KEY).',
      sinRed: false,
    }))
    const log: MemoryWrite[] = []
    const { user } = await open(() => <Harness initial={[]} log={log} consultar={consultar} />)
    const aviso = (await screen.findByText('Tipo de cambio a mano')).closest('[role="status"]')
    expect(aviso).toHaveTextContent('escribe el tipo de cambio del día en cada egreso')
    expect(aviso).toHaveTextContent('FIXER_API_KEY; ver README, «Tipo de cambio automático»')
    // One notice for the screen, not one per tab.
    expect(screen.getAllByText('Tipo de cambio a mano')).toHaveLength(1)
    expect(toastNow()).toBeNull()
    expect(tasa()).toHaveValue('')

    // Back online after a drop: nothing is asked again, no toast appears.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    fireEvent(window, new Event('offline'))
    onLine.mockReturnValue(true)
    fireEvent(window, new Event('online'))
    await new Promise((r) => setTimeout(r, 50))
    expect(consultar).toHaveBeenCalledOnce()
    expect(toastNow()).toBeNull()

    // The rate typed by hand saves as always.
    await user.type(field(/^Descripción Egreso/), 'Seguro')
    await user.type(tasa(), '3.8')
    await user.type(soles(), '380')
    await user.click(screen.getByRole('button', { name: 'Agregar' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toMatchObject({ op: 'create', row: { tipo_cambio: 3.8, monto_soles: 380, monto_dolares: 100 } })
  })

  it('offline the rate is typed by hand and never asked for', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const consultar = vi.fn<ConsultarTipoCambio>(tasaOk)
    const log: MemoryWrite[] = []
    const { user } = await open(() => <Harness initial={[]} log={log} consultar={consultar} />)
    expect(tasa()).toHaveAccessibleDescription('Sin conexión: escribe el tipo de cambio.')
    await user.type(field(/^Descripción Egreso/), 'Mantenimiento')
    await user.type(tasa(), '3.8')
    await user.type(soles(), '190')
    expect(dolares()).toHaveValue('50.00')
    await user.click(screen.getByRole('button', { name: 'Agregar' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toMatchObject({ op: 'create', row: { tipo_cambio: 3.8, monto_soles: 190, monto_dolares: 50 } })
    expect(consultar).not.toHaveBeenCalled()
  })

  it('refuses a variable expense dated outside the month with a warning, then adds it', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open(() => <Harness initial={[]} log={log} />, '?anio=2026&mes=11&tab=variables')
    await waitFor(() => expect(tasa()).toHaveValue('3.75'))
    fireEvent.change(screen.getByLabelText(/^Fecha/), { target: { value: '2026-12-01' } })
    await user.type(field(/^Descripción Egreso/), 'Toallas nuevas')
    await user.type(soles(), '375')
    expect(dolares()).toHaveValue('100.00')
    await user.click(screen.getByRole('button', { name: 'Agregar' }))
    expect(toastNow()).toMatchObject({ title: 'Advertencia', description: 'La fecha debe corresponder al mes y año seleccionados.', variant: 'warning' })
    expect(log).toEqual([])
    fireEvent.change(screen.getByLabelText(/^Fecha/), { target: { value: '2026-11-20' } })
    await user.click(screen.getByRole('button', { name: 'Agregar' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toMatchObject({ op: 'create', row: { tipo_egreso: 'Variable', fecha: '2026-11-20', mes: 11, anio: 2026, monto_soles: 375, monto_dolares: 100 } })
    expect(toastNow()).toMatchObject({ description: 'Egreso variable agregado correctamente.' })
  })

  it('edits a row in the form (Actualizar), and Cancelar returns to add mode unchanged', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open(() => <Harness initial={[alquiler, luz]} log={log} />)
    await rowAction(user, 'Luz', 'Editar')
    expect(screen.getByRole('heading', { name: 'Editar egreso fijo' })).toBeInTheDocument()
    expect(field(/^Descripción Egreso/)).toHaveValue('Luz')
    expect(tasa()).toHaveValue('3.8')
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeInTheDocument()
    expect(field(/^Descripción Egreso/)).toHaveValue('')
    expect(log).toEqual([])

    await rowAction(user, 'Luz', 'Editar')
    await user.clear(soles())
    await user.type(soles(), '760')
    expect(dolares()).toHaveValue('200.00')
    await user.click(screen.getByRole('button', { name: 'Actualizar' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toEqual({ op: 'update', id: luz.id_egreso, patch: expect.objectContaining({ monto_soles: 760, monto_dolares: 200, descripcion: 'Luz' }) })
    expect(toastNow()).toMatchObject({ description: 'Egreso fijo actualizado correctamente.' })
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeInTheDocument()
    expect(rowOf('Luz')).toHaveTextContent('S/ 760.00')
  })

  it('the fixed and variable forms are independent: switching tabs keeps what each holds', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open(() => <Harness initial={[alquiler, luz]} log={log} />)
    await rowAction(user, 'Luz', 'Editar')
    await user.click(screen.getByRole('tab', { name: 'Egresos Variables' }))
    expect(screen.getByRole('heading', { name: 'Nuevo egreso variable' })).toBeInTheDocument()
    await user.type(field(/^Descripción Egreso/), 'Café')
    await user.click(screen.getByRole('tab', { name: 'Egresos Fijos' }))
    expect(screen.getByRole('heading', { name: 'Editar egreso fijo' })).toBeInTheDocument()
    expect(field(/^Descripción Egreso/)).toHaveValue('Luz')
    await user.click(screen.getByRole('tab', { name: 'Egresos Variables' }))
    expect(field(/^Descripción Egreso/)).toHaveValue('Café')
    expect(log).toEqual([])
  })

  it('deletes after the confirmation; cancelling deletes nothing', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open(() => <Harness initial={[alquiler, luz]} log={log} />)
    await rowAction(user, 'Luz', 'Eliminar')
    let confirm = await screen.findByRole('dialog', { name: 'Confirmar eliminación' })
    expect(confirm).toHaveTextContent('¿Seguro que deseas eliminar este egreso?')
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    expect(log).toEqual([])
    await rowAction(user, 'Luz', 'Eliminar')
    confirm = await screen.findByRole('dialog', { name: 'Confirmar eliminación' })
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(log).toEqual([{ op: 'remove', id: luz.id_egreso }]))
    expect(toastNow()).toMatchObject({ description: 'Egreso eliminado correctamente.' })
    expect(screen.queryByRole('row', { name: /Luz/ })).not.toBeInTheDocument()
  })

  it("copies the previous month's fixed expenses on opening an empty month, with deterministic ids, skipping deleted copies", async () => {
    const log: MemoryWrite[] = []
    const luzOct = e({ ...luz, id_egreso: 'e0000000-0000-4000-8000-000000000005', mes: 10, fecha: '2026-10-31' })
    const borrada = idCopiaEgresoFijo(luzOct.id_egreso, { anio: 2026, mes: 11 })
    await open(() => <Harness initial={[octubre, luzOct]} log={log} deleted={[borrada]} />)
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toEqual({
      op: 'create',
      row: expect.objectContaining({ id_egreso: idCopiaEgresoFijo(octubre.id_egreso, { anio: 2026, mes: 11 }), id_egreso_origen: octubre.id_egreso, descripcion: 'Internet', mes: 11, fecha: '2026-11-30' }),
    })
    expect(await screen.findByRole('row', { name: /Internet/ })).toHaveTextContent('Noviembre')
    expect(screen.queryByRole('row', { name: /Luz/ })).not.toBeInTheDocument()
  })

  it("'Procesar Mes' checks its rules in order and copies into the next month", async () => {
    const log: MemoryWrite[] = []
    const { user } = await open(() => <Harness initial={[alquiler, luz]} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Procesar Mes' }))
    let dialog = await screen.findByRole('dialog', { name: 'Procesar para mes' })
    const destino = () => within(dialog).getByRole('button', { name: 'Mes y año' })
    expect(destino()).toHaveTextContent('diciembre de 2026')
    await user.click(within(dialog).getByRole('button', { name: 'Borrar mes y año' }))
    await user.click(within(dialog).getByRole('button', { name: 'Procesar' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'Selecciona mes y año' })
    await user.click(destino())
    await user.click(await screen.findByRole('button', { name: 'Año siguiente' }))
    await user.click(screen.getByRole('button', { name: 'diciembre' }))
    expect(destino()).toHaveTextContent('diciembre de 2027')
    await user.click(within(dialog).getByRole('button', { name: 'Procesar' }))
    expect(toastNow()).toMatchObject({ description: 'Solo puedes procesar el mes siguiente.' })
    expect(log).toEqual([])
    await user.click(destino())
    await user.click(await screen.findByRole('button', { name: 'Año anterior' }))
    await user.click(screen.getByRole('button', { name: 'diciembre' }))
    expect(destino()).toHaveTextContent('diciembre de 2026')
    await user.click(within(dialog).getByRole('button', { name: 'Procesar' }))
    await waitFor(() => expect(log).toHaveLength(2))
    expect(log.map((w) => w.op === 'create' && [w.row.id_egreso, w.row.mes, w.row.anio, w.row.fecha])).toEqual([
      [idCopiaEgresoFijo(alquiler.id_egreso, { anio: 2026, mes: 12 }), 12, 2026, '2026-12-31'],
      [idCopiaEgresoFijo(luz.id_egreso, { anio: 2026, mes: 12 }), 12, 2026, '2026-12-31'],
    ])
    expect(toastNow()).toMatchObject({ title: 'Éxito', description: 'Egresos fijos procesados para el mes seleccionado.' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    // Again: December is processed now.
    await user.click(screen.getByRole('button', { name: 'Procesar Mes' }))
    dialog = await screen.findByRole('dialog', { name: 'Procesar para mes' })
    await user.click(within(dialog).getByRole('button', { name: 'Procesar' }))
    expect(toastNow()).toMatchObject({ description: 'El mes seleccionado ya fue procesado y no se puede reprocesar.' })
    expect(log).toHaveLength(2)
  })

  it("'Procesar Mes' without fixed expenses says so", async () => {
    const log: MemoryWrite[] = []
    const { user } = await open(() => <Harness initial={[flores]} log={log} />)
    await user.click(screen.getByRole('button', { name: 'Procesar Mes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Procesar para mes' })
    await user.click(within(dialog).getByRole('button', { name: 'Procesar' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'No hay egresos fijos para procesar' })
    expect(log).toEqual([])
  })

  it('exports the month as egresos-DDMMYY.xlsx', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(/^egresos-\d{6}\.xlsx$/)
    })
    URL.createObjectURL = () => 'blob:egresos'
    URL.revokeObjectURL = () => {}
    const { user } = await open(() => <Harness initial={[alquiler, flores]} log={[]} />)
    await user.click(screen.getByRole('button', { name: 'Exportar a Excel' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Exportación exitosa', description: 'Egresos exportados a Excel correctamente.' }))
    expect(click).toHaveBeenCalledOnce()
  })

  it('an empty month has nothing to export', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
    const { user } = await open(() => <Harness initial={[alquiler]} log={[]} />, '?anio=2025&mes=3')
    await user.click(screen.getByRole('button', { name: 'Exportar a Excel' }))
    expect(toastNow()).toMatchObject({ title: 'Sin egresos', description: 'No hay egresos en Marzo 2025 para exportar.' })
    expect(click).not.toHaveBeenCalled()
  })

  it('shows the save error with its reason and keeps the form', async () => {
    function Failing() {
      const c = useMemoryCollection<'tb_egresos', Egreso>('tb_egresos', [], { failWith: new Error('disco lleno') })
      const store = useMemo<EgresosStore>(
        () => ({ status: 'ready', rows: c.rows, create: async (d) => void (await c.create(d as never)), update: async () => {}, remove: c.remove, idsConocidos: async () => new Set() }),
        [c],
      )
      return <EgresosPage store={store} consultarTipoCambio={tasaOk} />
    }
    const { user } = await open(() => <Failing />)
    await waitFor(() => expect(tasa()).toHaveValue('3.75'))
    await user.type(field(/^Descripción Egreso/), 'Agua')
    await user.type(soles(), '75')
    await user.click(screen.getByRole('button', { name: 'Agregar' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'Error al guardar el egreso fijo: disco lleno' }))
    expect(field(/^Descripción Egreso/)).toHaveValue('Agua')
  })
})
