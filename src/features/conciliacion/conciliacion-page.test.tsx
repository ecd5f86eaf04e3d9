import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useMemo, useState } from 'react'
import type { Conciliacion } from '@/domain/conciliacion.ts'
import type { CitaAdelanto, FormaPagoComision, PagoIngreso } from '@/domain/conciliacion-ingresos.ts'
import type { Egreso } from '@/domain/egresos.ts'
import { idConciliacion } from '@/domain/ids-deterministas.ts'
import type { Periodo } from '@/domain/periodo.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { useMemoryCollection, type MemoryWrite } from '@tests/support/memory-collection.ts'
import { ConciliacionPage } from './conciliacion-page.tsx'
import type { ConciliacionStore } from './conciliacion-store.ts'
import { validarBusquedaPeriodo } from './periodo-search.ts'

// jsdom has no layout: recharts would only warn about a 0×0 chart. Its figures are
// checked through the table the chart carries for screen readers.
vi.mock('@mantine/charts', () => ({ CompositeChart: () => null }))

// Wednesday 25 November 2026, 08:00 in Lima.
const NOW = new Date('2026-11-25T13:00:00Z')
const NOV: Periodo = { anio: 2026, mes: 11 }

const formasPago: FormaPagoComision[] = [
  { fp_descripcion: 'Efectivo', fp_comision: 0 },
  { fp_descripcion: 'Yape', fp_comision: 0 },
  { fp_descripcion: 'Tarjeta de Crédito', fp_comision: 4.071 },
]
const pagos: PagoIngreso[] = [
  { fecha_pago: '2026-11-03', metodo_pago_final: 'Efectivo', monto_final_pagado: 100 },
  { fecha_pago: '2026-11-03', metodo_pago_final: 'efectivo', monto_final_pagado: '50.00' },
  { fecha_pago: '2026-11-05', metodo_pago_final: 'Tarjeta de Crédito', monto_final_pagado: 200 },
  // Another month: not this month's income.
  { fecha_pago: '2026-10-30', metodo_pago_final: 'Efectivo', monto_final_pagado: 999 },
]
const citas: CitaAdelanto[] = [{ fecha_cita: '2026-11-20', monto_adelanto: 50, metodo_pago_adelanto: 'Yape', fecha_pago_adelanto: '2026-11-04' }]

function egreso(over: Partial<Egreso>): Egreso {
  return {
    id_egreso: crypto.randomUUID(),
    tipo_egreso: 'Variable',
    descripcion: 'Toallas',
    tipo_cambio: 3.75,
    monto_soles: 37.5,
    monto_dolares: 10,
    descripcion_adicional: null,
    mes: 11,
    anio: 2026,
    fecha: '2026-11-10',
    ...over,
  }
}
const egresos: Egreso[] = [
  egreso({ tipo_egreso: 'Fijo', descripcion: 'Alquiler', monto_soles: 1000, monto_dolares: 266.67, fecha: '2026-11-30', descripcion_adicional: 'Local' }),
  egreso({}),
  egreso({ descripcion: 'De octubre', mes: 10, fecha: '2026-10-10', monto_soles: 5000 }),
]
const octubre: Conciliacion = { id_conciliacion: 'c-octubre', anio: 2026, mes: 10, saldo_inicial: 1500, saldo_final: 2000, ingresos_tratamientos: [] }

function Harness({ initial, log, failWith, desde = NOV }: { initial: Conciliacion[]; log: MemoryWrite[]; failWith?: Error; desde?: Periodo }) {
  const [periodo, setPeriodo] = useState(desde)
  const c = useMemoryCollection<'tb_conciliacion_bancaria', Conciliacion>('tb_conciliacion_bancaria', initial, { log, failWith })
  const store = useMemo<ConciliacionStore>(
    () => ({
      status: 'ready',
      conciliaciones: c.rows,
      egresos,
      pagos,
      citas,
      formasPago,
      async guardar({ id_conciliacion, nuevo, campos }) {
        if (nuevo) await c.create({ id_conciliacion, ...campos })
        else await c.update(id_conciliacion, campos)
      },
    }),
    [c],
  )
  return <ConciliacionPage store={store} periodo={periodo} onPeriodo={setPeriodo} />
}

const open = (props: Parameters<typeof Harness>[0]) => renderScreen(() => <Harness {...props} />, { url: '/control-citas/conciliacion-bancaria' })
const toastNow = () => useToastStore.getState().current
const seccion = (name: string) => screen.getByRole('region', { name })
const resumen = () => within(seccion('Resumen de Conciliación'))
const cifra = (label: string) => resumen().getByText(label).nextElementSibling?.textContent

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  useToastStore.setState({ current: null })
})
afterEach(() => vi.useRealTimers())

describe('Conciliación Bancaria', { timeout: 30_000 }, () => {
  it('shows the month income by date and method netted by commission, its expenses and the summary', async () => {
    await open({ initial: [octubre], log: [] })
    expect(screen.getByRole('heading', { level: 1, name: 'Conciliación Bancaria' })).toBeInTheDocument()
    const ingresos = within(screen.getByRole('table', { name: 'Ingresos de Tratamientos' }))
    const filas = ingresos.getAllByRole('row').slice(1)
    expect(filas).toHaveLength(3)
    expect(filas[0]).toHaveTextContent(/3 de noviembre de 2026.*Efectivo.*S\/ 150\.00/)
    expect(filas[1]).toHaveTextContent(/4 de noviembre de 2026.*Yape.*S\/ 50\.00/)
    // 200 − 4.071 % (8.14) = 191.86
    expect(filas[2]).toHaveTextContent(/5 de noviembre de 2026.*Tarjeta de Crédito.*S\/ 191\.86/)
    const info = within(screen.getByRole('table', { name: 'Ingresos de Tratamientos (Informativo)' }))
    expect(info.getByRole('row', { name: /Tarjeta de Crédito/ })).toHaveTextContent(/S\/ 200\.00.*S\/ 8\.14 \(4\.071%\).*S\/ 191\.86/)
    expect(info.getByRole('row', { name: /Efectivo/ })).toHaveTextContent(/2.*S\/ 150\.00/)
    const gastos = within(screen.getByRole('table', { name: 'Egresos del Mes' }))
    expect(gastos.getAllByRole('row')).toHaveLength(3)
    expect(gastos.getByRole('row', { name: /Alquiler/ })).toHaveTextContent(/30 de noviembre de 2026.*Alquiler.*Fijo.*S\/ 1,000\.00.*US\$ 266\.67.*Local/)
    expect(gastos.queryByText('De octubre')).toBeNull()
    // Saldo inicial from October's saldo final, read-only.
    expect(within(seccion('Saldo Inicial')).getByText('S/ 2,000.00')).toBeInTheDocument()
    expect(within(seccion('Saldo Inicial')).queryByRole('textbox')).toBeNull()
    expect(cifra('Saldo Inicial')).toBe('S/ 2,000.00')
    expect(cifra('Total Ingresos')).toBe('S/ 391.86')
    expect(cifra('Total Egresos')).toBe('S/ 1,037.50')
    expect(cifra('Saldo Final')).toBe('S/ 1,354.36')
  })

  it('registers the month in its deterministic row: saldo inicial, income list, expenses total and saldo final', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open({ initial: [octubre], log })
    await user.click(screen.getByRole('button', { name: 'Registrar Conciliación' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Conciliación registrada' }))
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({
      op: 'create',
      row: {
        id_conciliacion: idConciliacion(NOV),
        anio: 2026,
        mes: 11,
        fecha: '2026-11-25',
        saldo_inicial: 2000,
        saldo_final: 1354.36,
        egresos: 1037.5,
        ingresos_tratamientos: [
          { fecha: '2026-11-03', metodo: 'Efectivo', importe: 150, banco: null, observacion: null },
          { fecha: '2026-11-04', metodo: 'Yape', importe: 50, banco: null, observacion: null },
          { fecha: '2026-11-05', metodo: 'Tarjeta de Crédito', importe: 191.86, banco: null, observacion: null },
        ],
      },
    })
    expect(resumen().getByText(/Registrada con saldo final S\/ 1,354\.36/)).toBeInTheDocument()
  })

  it('takes December’s saldo inicial from the registered November', async () => {
    const noviembre: Conciliacion = { id_conciliacion: 'c-nov', anio: 2026, mes: 11, saldo_inicial: 2000, saldo_final: 1354.36, ingresos_tratamientos: [] }
    await open({ initial: [octubre, noviembre], log: [], desde: { anio: 2026, mes: 12 } })
    expect(within(seccion('Saldo Inicial')).getByText('S/ 1,354.36')).toBeInTheDocument()
    expect(within(seccion('Saldo Inicial')).getByText('Saldo final registrado de Noviembre 2026.')).toBeInTheDocument()
  })

  it('lets the saldo inicial be typed only when neither month has one; save disabled while empty; refuses registering without it', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open({ initial: [], log })
    const box = within(seccion('Saldo Inicial'))
    const guardar = box.getByRole('button', { name: 'Guardar saldo inicial' })
    expect(guardar).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Registrar Conciliación' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'Ingresa el saldo inicial antes de registrar la conciliación.', variant: 'destructive' })
    expect(log).toEqual([])

    await user.type(box.getByRole('textbox', { name: 'Saldo Inicial' }), '500')
    expect(guardar).toBeEnabled()
    // A typed saldo already counts in the summary.
    expect(cifra('Saldo Final')).toBe('-S/ 145.64')
    await user.click(guardar)
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toMatchObject({ op: 'create', row: { id_conciliacion: idConciliacion(NOV), anio: 2026, mes: 11, saldo_inicial: 500 } })
    // Now stored for this month: read-only.
    await waitFor(() => expect(box.queryByRole('textbox')).toBeNull())
    expect(box.getByText('S/ 500.00')).toBeInTheDocument()
    expect(box.getByText('Guardado para este mes.')).toBeInTheDocument()
  })

  it('saves the bank chosen on a row at once', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open({ initial: [octubre], log })
    await user.selectOptions(screen.getByRole('combobox', { name: /Banco de .*5 de noviembre.*Tarjeta de Crédito/ }), 'BCP Lunara')
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Banco guardado correctamente en la conciliación.' }))
    expect(log).toHaveLength(1)
    const lista = (log[0] as unknown as { row: { ingresos_tratamientos: Array<{ metodo: string; banco: string | null }> } }).row.ingresos_tratamientos
    expect(lista.map((f) => [f.metodo, f.banco])).toEqual([
      ['Efectivo', null],
      ['Yape', null],
      ['Tarjeta de Crédito', 'BCP Lunara'],
    ])
    expect(screen.getByRole('combobox', { name: /Banco de .*Tarjeta de Crédito/ })).toHaveValue('BCP Lunara')
    expect(screen.getByText('Lista guardada de este mes.')).toBeInTheDocument()
  })

  it('«Guardar Ingresos» stores the computed list in the month row', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open({ initial: [octubre], log })
    await user.click(screen.getByRole('button', { name: 'Guardar Ingresos' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Ingresos guardados', variant: 'success' }))
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ op: 'create', row: { id_conciliacion: idConciliacion(NOV), ingresos_tratamientos: [{ importe: 150 }, { importe: 50 }, { importe: 191.86 }] } })
    // Saving the list registers nothing: no saldo final until 'Registrar Conciliación'.
    expect((log[0] as unknown as { row: Record<string, unknown> }).row).not.toHaveProperty('saldo_final')
  })

  it('adds an income through the dialog: bad input writes nothing', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open({ initial: [octubre], log })
    await user.click(screen.getByRole('button', { name: 'Agregar ingreso' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Agregar ingreso' }))
    await user.click(dialog.getByRole('button', { name: 'Guardar' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'Completa los campos obligatorios.' })
    fireEvent.change(dialog.getByLabelText(/^Fecha/), { target: { value: '2026-12-01' } })
    await user.selectOptions(dialog.getByRole('combobox', { name: /Método de Pago/ }), 'Transferencia')
    await user.type(dialog.getByRole('textbox', { name: /Importe/ }), '80')
    await user.click(dialog.getByRole('button', { name: 'Guardar' }))
    expect(toastNow()).toMatchObject({ description: 'La fecha debe corresponder al mes y año seleccionados.' })
    expect(log).toEqual([])

    fireEvent.change(dialog.getByLabelText(/^Fecha/), { target: { value: '2026-11-12' } })
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Banco' }), 'Interbank')
    await user.type(dialog.getByRole('textbox', { name: 'Observación' }), 'Depósito de convenio')
    await user.click(dialog.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Ingresos guardados' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(log).toHaveLength(1)
    const filas = within(screen.getByRole('table', { name: 'Ingresos de Tratamientos' })).getAllByRole('row').slice(1)
    expect(filas).toHaveLength(4)
    expect(filas[3]).toHaveTextContent(/12 de noviembre de 2026.*Transferencia.*S\/ 80\.00.*Depósito de convenio/)
    expect(cifra('Total Ingresos')).toBe('S/ 471.86')
  })

  it('deletes an income after confirmation', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open({ initial: [octubre], log })
    await user.click(screen.getByRole('button', { name: /Acciones para .*4 de noviembre.*Yape/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Eliminar' }))
    const confirm = within(screen.getByRole('dialog', { name: '¿Eliminar ingreso?' }))
    expect(confirm.getByText(/Esta acción no se puede deshacer\./)).toBeInTheDocument()
    await user.click(confirm.getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Ingreso eliminado' }))
    expect(within(screen.getByRole('table', { name: 'Ingresos de Tratamientos' })).getAllByRole('row')).toHaveLength(3)
    expect(cifra('Total Ingresos')).toBe('S/ 341.86')
  })

  it('shows a failed write as an Error toast and changes nothing', async () => {
    const log: MemoryWrite[] = []
    const { user } = await open({ initial: [octubre], log, failWith: new Error('No tienes acceso a tb_conciliacion_bancaria.') })
    await user.click(screen.getByRole('button', { name: 'Registrar Conciliación' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'No tienes acceso a tb_conciliacion_bancaria.', variant: 'destructive' }))
    expect(log).toEqual([])
    expect(resumen().getByText('Este mes aún no se ha registrado.')).toBeInTheDocument()
  })

  it('exports conciliacion_bancaria_11_2026.xlsx', async () => {
    const names: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    URL.createObjectURL = () => 'blob:conciliacion'
    URL.revokeObjectURL = () => {}
    const { user } = await open({ initial: [octubre], log: [] })
    await user.click(screen.getByRole('button', { name: 'Exportar Conciliación a Excel' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Exportación exitosa', description: 'Se ha descargado conciliacion_bancaria_11_2026.xlsx.' }))
    expect(names).toEqual(['conciliacion_bancaria_11_2026.xlsx'])
    click.mockRestore()
  })

  it('keeps a saved list and says when the payments received differ from it', async () => {
    const guardado: Conciliacion = {
      id_conciliacion: 'c-nov',
      anio: 2026,
      mes: 11,
      saldo_inicial: null,
      saldo_final: null,
      ingresos_tratamientos: [{ fecha: '2026-11-03', metodo: 'Efectivo', importe: 150, banco: 'BBVA', observacion: 'Caja' }],
    }
    await open({ initial: [octubre, guardado], log: [] })
    const filas = within(screen.getByRole('table', { name: 'Ingresos de Tratamientos' })).getAllByRole('row').slice(1)
    expect(filas).toHaveLength(1)
    expect(screen.getByRole('combobox', { name: /Banco de .*Efectivo/ })).toHaveValue('BBVA')
    expect(screen.getByText('Lista guardada de este mes. Según los pagos y adelantos se recibió S/ 391.86 (tabla informativa).')).toBeInTheDocument()
    expect(cifra('Total Ingresos')).toBe('S/ 150.00')
  })

  it('changes month with the picker', async () => {
    const { user } = await open({ initial: [octubre], log: [] })
    await user.click(screen.getByRole('button', { name: 'Mes' }))
    await user.click(await screen.findByRole('button', { name: 'octubre' }))
    expect(within(screen.getByRole('table', { name: 'Ingresos de Tratamientos' })).getAllByRole('row')).toHaveLength(2)
    expect(within(screen.getByRole('table', { name: 'Ingresos de Tratamientos' })).getByRole('row', { name: /30 de octubre/ })).toHaveTextContent('S/ 999.00')
    expect(within(screen.getByRole('table', { name: 'Egresos del Mes' })).getByRole('row', { name: /De octubre/ })).toBeInTheDocument()
    // October has no previous month registered: its saldo inicial is its own stored one.
    expect(within(seccion('Saldo Inicial')).getByText('S/ 1,500.00')).toBeInTheDocument()
  })
})

describe('validarBusquedaPeriodo', () => {
  it('keeps a valid month and drops anything else', () => {
    expect(validarBusquedaPeriodo({ mes: '11', anio: '2026' })).toEqual({ mes: 11, anio: 2026 })
    expect(validarBusquedaPeriodo({ mes: 13, anio: 2026 })).toEqual({})
    expect(validarBusquedaPeriodo({ mes: 5, anio: 2019 })).toEqual({})
    expect(validarBusquedaPeriodo({ mes: 'x' })).toEqual({})
  })
})

describe('Últimos 12 meses', () => {
  it('gives income, expenses and the registered saldo final per month, ending with the selected one', async () => {
    await open({ initial: [octubre], log: [] })
    const tabla = await screen.findByRole('table', { name: 'Últimos 12 meses' })
    const filas = within(tabla).getAllByRole('row').slice(1)
    expect(filas).toHaveLength(12)
    expect(filas[0]).toHaveTextContent(/^Dic 2025/)
    expect(filas[10]).toHaveTextContent(/^Oct 2026.*S\/ 999\.00.*S\/ 5,000\.00.*S\/ 2,000\.00/)
    expect(filas[11]).toHaveTextContent(/^Nov 2026.*S\/ 391\.86.*S\/ 1,037\.50.*Sin registrar/)
  })
})
