import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import type { FormaPagoFila } from '@/domain/formas-pago.ts'
import { validarBusquedaPagos, type PagosSearch } from '@/domain/pagos-dia-busqueda.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { fechaTexto } from '@/lib/dates/fecha-texto.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'
import { PARTIAL_DATA } from '@/lib/ui/list-states.tsx'
import { renderScreen } from '@tests/support/render.tsx'
import { useMemoryCollection, type MemoryWrite } from '@tests/support/memory-collection.ts'
import { useSearch } from '@tanstack/react-router'
import { PagosPage } from './pagos-page.tsx'
import type { CitaPago, PagoLocal, TratamientoPago } from './pagos-store.ts'

// Wednesday 25 November 2026, 08:00 in Lima.
const NOW = new Date('2026-11-25T13:00:00Z')
const HOY = '2026-11-25'
const AYER = '2026-11-24'

let n = 0
function cita(over: Partial<CitaPago>): CitaPago {
  return {
    id_cita: `c${++n}`,
    id_tratamiento: 'masaje',
    id_especialista: 'lucia',
    nombre_tratamiento: 'Masaje Relajante',
    nombre_cliente: 'Sofía Vargas',
    email_cliente: 'sofia@gmail.com',
    fecha_cita: HOY,
    hora_inicio: '10:00:00',
    hora_fin: '11:00:00',
    estado_cita: 'Confirmada',
    monto_adelanto: 50,
    id_pago_final: null,
    ...over,
  }
}

const sofia = cita({ id_cita: 'sofia' })
const pedro = cita({ id_cita: 'pedro', nombre_cliente: 'Pedro Salas', email_cliente: null, hora_inicio: '09:00:00', hora_fin: '10:30:00', estado_cita: 'Completada', monto_adelanto: 0, id_tratamiento: 'facial', nombre_tratamiento: 'Limpieza Facial' })
const sinConfirmar = cita({ nombre_cliente: 'Ana Sin Confirmar', estado_cita: 'Pendiente de Pago' })
const cancelada = cita({ nombre_cliente: 'Luis Cancelado', estado_cita: 'Cancelada' })
const pagadaServidor = cita({ nombre_cliente: 'Marta Pagada', estado_cita: 'Completada', id_pago_final: 'p-servidor' })
const pagadaAqui = cita({ id_cita: 'pagada-aqui', nombre_cliente: 'Rosa Cobrada', estado_cita: 'Confirmada' })
const deAyer = cita({ id_cita: 'ayer', nombre_cliente: 'Jorge Ayer', fecha_cita: AYER })
const adelantoGrande = cita({ id_cita: 'rico', nombre_cliente: 'Adelanto Grande', fecha_cita: '2026-11-23', monto_adelanto: 200 })

const catalogo: TratamientoPago[] = [
  { id_tratamiento: 'masaje', nombre: 'Masaje Relajante', tipo: 'tratamiento', costo: 150, activo: true },
  { id_tratamiento: 'facial', nombre: 'Limpieza Facial', tipo: 'tratamiento', costo: '120.00', activo: true },
  { id_tratamiento: 'crema', nombre: 'Crema Hidratante', tipo: 'producto', costo: 40, activo: true },
  { id_tratamiento: 'aceite', nombre: 'Aceite de Lavanda', tipo: 'producto', costo: 25.5, activo: true },
  { id_tratamiento: 'viejo', nombre: 'Exfoliación antigua', tipo: 'tratamiento', costo: 80, activo: false },
]
const formas: FormaPagoFila[] = [
  { fp_descripcion: 'Yape', fp_comision: 0 },
  { fp_descripcion: 'Efectivo', fp_comision: 0 },
]
// A payment already on the device for 'pagada-aqui' (taken here, not yet back from the server).
const pagosIniciales: PagoLocal[] = [
  { id_pago_cita: 'p-local', id_cita: 'pagada-aqui', fecha_pago: HOY, metodo_pago_final: 'Efectivo', monto_final_pagado: 100 },
  { id_pago_cita: 'p-ayer', id_cita: 'otra', fecha_pago: AYER, metodo_pago_final: 'Yape', monto_final_pagado: 999 },
]

let setStock: (s: Map<string, number>) => void = () => {}

interface OpenOptions {
  url?: string
  formasPago?: FormaPagoFila[]
  failWith?: Error
  citasStatus?: CollectionStatus
  pagosStatus?: CollectionStatus
  tratamientosStatus?: CollectionStatus
  stock?: Map<string, number>
}

async function open({ url = '/control-citas/pagos', formasPago = formas, failWith, citasStatus, pagosStatus, tratamientosStatus = 'ready', stock = new Map([['crema', 2], ['aceite', 0]]) }: OpenOptions = {}) {
  const log: MemoryWrite[] = []
  function Harness() {
    const search = useSearch({ strict: false }) as PagosSearch
    const [unidades, setUnidades] = useState(stock)
    setStock = setUnidades
    const store = {
      citas: useMemoryCollection<'tb_citas', CitaPago>('tb_citas', [sofia, pedro, sinConfirmar, cancelada, pagadaServidor, pagadaAqui, deAyer, adelantoGrande], { status: citasStatus }),
      pagos: useMemoryCollection<'tb_pagos_citas', PagoLocal>('tb_pagos_citas', pagosIniciales, { log, failWith, status: pagosStatus }),
      tratamientos: { status: tratamientosStatus, rows: tratamientosStatus === 'loading' ? [] : catalogo },
      stock: unidades,
      formasPago,
      especialistas: new Map([['lucia', 'Lucía Quispe']]),
    }
    return <PagosPage store={store} search={search} />
  }
  const view = await renderScreen(() => <Harness />, { url, validateSearch: validarBusquedaPagos })
  return { ...view, log }
}

const toastNow = () => useToastStore.getState().current
const clientNames = () =>
  within(screen.getByRole('table', { name: 'Citas pendientes de pago' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.querySelector('strong')!.textContent)
const dialog = () => screen.getByRole('dialog', { name: 'Procesar Pago' })

async function abrirPago(user: Awaited<ReturnType<typeof open>>['user'], nombre: string) {
  await user.click(screen.getByRole('button', { name: `Procesar Pago de ${nombre}` }))
  return screen.findByRole('dialog', { name: 'Procesar Pago' })
}
const cifra = (testId: string) => within(dialog()).getByTestId(testId).textContent

async function agregar(user: Awaited<ReturnType<typeof open>>['user'], nombre: string) {
  await user.click(within(dialog()).getByRole('combobox', { name: 'Agregar producto o tratamiento' }))
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${nombre}`) }))
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  useToastStore.setState({ current: null })
})
afterEach(() => vi.useRealTimers())

describe('Pagos: the list', () => {
  it("lists today's Confirmada and Completada citas with no final payment, by time; one paid on this device is gone", async () => {
    await open()
    expect(screen.getByRole('heading', { level: 1, name: 'Pagos' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al panel' })).toHaveAttribute('href', '/control-citas')
    expect(screen.getByLabelText('Día')).toHaveValue(fechaTexto(HOY, true))
    expect(clientNames()).toEqual(['Pedro Salas', 'Sofía Vargas'])
    expect(screen.getByRole('row', { name: /Sofía Vargas/ })).toHaveTextContent(/sofia@gmail\.com.*Confirmada.*Masaje Relajante.*Lucía Quispe.*10:00 AM – 11:00 AM.*S\/ 50\.00/)
    expect(screen.getByRole('row', { name: /Pedro Salas/ })).toHaveTextContent(/Completada/)
    expect(screen.getByText(/2 citas pendientes de pago · miércoles, 25 de noviembre de 2026/)).toBeInTheDocument()
  })

  it("links to the same day's cash close", async () => {
    await open()
    expect(screen.getByRole('link', { name: 'Cierre de caja' })).toHaveAttribute('href', '/control-citas/cierre-caja')
  })

  it("links to another day's cash close with that day", async () => {
    await open({ url: `/control-citas/pagos?dia=${AYER}` })
    expect(screen.getByRole('link', { name: 'Cierre de caja' })).toHaveAttribute('href', `/control-citas/cierre-caja?dia=${AYER}`)
  })

  it("shows the day's takings by method from the device's payments", async () => {
    await open()
    const takings = screen.getByRole('list', { name: /Cobrado el miércoles, 25 de noviembre de 2026/ })
    expect(within(takings).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Total · 1 pagoS/ 100.00', 'Efectivo · 1 pagoS/ 100.00'])
  })

  it('never shows a total from payments still loading or not all downloaded to this device', async () => {
    const { unmount } = await open({ pagosStatus: 'loading' })
    expect(screen.queryByTestId('recaudacion-total')).not.toBeInTheDocument()
    expect(screen.getByText('Cargando pagos…')).toBeInTheDocument()
    unmount()
    await open({ citasStatus: 'no-local-data', pagosStatus: 'no-local-data' })
    expect(screen.queryByTestId('recaudacion-total')).not.toBeInTheDocument()
    expect(screen.getByText(PARTIAL_DATA.totals)).toBeInTheDocument()
    // The citas that have arrived are listed, with a line saying the list is not all.
    expect(clientNames()).toEqual(['Pedro Salas', 'Sofía Vargas'])
    expect(screen.getByText(PARTIAL_DATA.list)).toBeInTheDocument()
  })

  it('takes the day from the URL and writes a new one there; an invalid day means today', async () => {
    const { router } = await open({ url: `/control-citas/pagos?dia=${AYER}` })
    expect(screen.getByLabelText('Día')).toHaveValue(fechaTexto(AYER, true))
    expect(clientNames()).toEqual(['Jorge Ayer'])
    expect(screen.getByTestId('recaudacion-total')).toHaveTextContent('S/ 999.00')
    fireEvent.change(screen.getByLabelText('Día'), { target: { value: HOY } })
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(clientNames()).toEqual(['Pedro Salas', 'Sofía Vargas'])
    fireEvent.change(screen.getByLabelText('Día'), { target: { value: '2026-11-20' } })
    await waitFor(() => expect(router.state.location.search).toEqual({ dia: '2026-11-20' }))
    expect(screen.getByRole('heading', { name: 'No hay citas pendientes de pago para este día.' })).toBeInTheDocument()
    expect(screen.getByTestId('recaudacion-total')).toHaveTextContent('S/ 0.00')
  })

  it('an invalid day in the URL falls back to today', async () => {
    await open({ url: '/control-citas/pagos?dia=2026-02-30' })
    expect(screen.getByLabelText('Día')).toHaveValue(fechaTexto(HOY, true))
    expect(clientNames()).toEqual(['Pedro Salas', 'Sofía Vargas'])
  })

  it("says the spec's load error when the citas cannot be read", async () => {
    await open({ citasStatus: 'error' })
    expect(screen.getByRole('heading', { name: 'No se pudo cargar la lista de citas para procesar pago.' })).toBeInTheDocument()
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'No se pudo cargar la lista de citas para procesar pago.' })
  })

  it("says 'Cargando datos...' when paying before the treatments are read, and opens nothing", async () => {
    const { user } = await open({ tratamientosStatus: 'loading' })
    await user.click(screen.getByRole('button', { name: 'Procesar Pago de Sofía Vargas' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'Cargando datos...' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('Procesar Pago', () => {
  it('shows total, advance and the suggested amount (total − advance, floored at 0)', async () => {
    const { user } = await open()
    const d = await abrirPago(user, 'Sofía Vargas')
    expect(d).toHaveTextContent('Sofía Vargas — Masaje Relajante, 10:00 AM – 11:00 AM')
    expect(cifra('total')).toBe('S/ 150.00')
    expect(cifra('adelanto')).toBe('S/ 50.00')
    expect(cifra('sugerido')).toBe('S/ 100.00')
    expect(within(d).getByRole('textbox', { name: /Monto final pagado/ })).toHaveValue('100.00')
    expect(within(d).getByLabelText(/Fecha de pago/)).toHaveValue(fechaTexto(HOY))
    expect(within(d).getByRole('combobox', { name: /Método de pago final/ })).toHaveValue('')
    const metodos = within(within(d).getByRole('combobox', { name: /Método de pago final/ })).getAllByRole('option')
    expect(metodos.map((o) => o.textContent)).toEqual(['Selecciona un método', 'Efectivo', 'Yape'])
    expect(within(d).queryByRole('note')).not.toBeInTheDocument()
  })

  it('floors the suggestion at 0 when the advance covers more than the total', async () => {
    const { user } = await open({ url: '/control-citas/pagos?dia=2026-11-23' })
    const d = await abrirPago(user, 'Adelanto Grande')
    expect(cifra('total')).toBe('S/ 150.00')
    expect(cifra('adelanto')).toBe('S/ 200.00')
    expect(cifra('sugerido')).toBe('S/ 0.00')
    expect(within(d).getByRole('textbox', { name: /Monto final pagado/ })).toHaveValue('0.00')
  })

  it("refuses a payment with no method or a bad amount with the spec's messages, and writes nothing", async () => {
    const { user, log } = await open()
    const d = await abrirPago(user, 'Sofía Vargas')
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'Por favor, selecciona un método de pago final.', variant: 'destructive' })
    expect(within(d).getByRole('combobox', { name: /Método de pago final/ })).toHaveFocus()
    expect(d).toHaveTextContent('Por favor, selecciona un método de pago final.')

    await user.selectOptions(within(d).getByRole('combobox', { name: /Método de pago final/ }), 'Yape')
    await user.clear(within(d).getByRole('textbox', { name: /Monto final pagado/ }))
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'El monto final pagado debe ser un número válido y no negativo.' })

    await user.type(within(d).getByRole('textbox', { name: /Monto final pagado/ }), '80')
    fireEvent.change(within(d).getByLabelText(/Fecha de pago/), { target: { value: '2026-11-26' } })
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'La fecha de pago no puede ser mayor a la fecha actual.' })
    fireEvent.change(within(d).getByLabelText(/Fecha de pago/), { target: { value: '' } })
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'La fecha de pago es obligatoria.' })

    expect(log).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Procesar Pago' })).toBeInTheDocument()
    expect(clientNames()).toEqual(['Pedro Salas', 'Sofía Vargas'])
  })

  it('pays with an extra product: writes the one payment row, the cita leaves the list at once, the takings grow', async () => {
    const { user, log } = await open()
    const d = await abrirPago(user, 'Sofía Vargas')
    await agregar(user, 'Crema Hidratante')
    expect(toastNow()).toMatchObject({ title: 'Stock Bajo', description: 'Queda 1 unidad de Crema Hidratante.', variant: 'info' })
    expect(cifra('total')).toBe('S/ 190.00')
    expect(cifra('sugerido')).toBe('S/ 140.00')
    expect(within(d).getByRole('textbox', { name: /Monto final pagado/ })).toHaveValue('140.00')
    await user.selectOptions(within(d).getByRole('combobox', { name: /Método de pago final/ }), 'Yape')
    await user.type(within(d).getByRole('textbox', { name: 'Referencia del pago' }), ' OP-123 ')
    await user.type(within(d).getByRole('textbox', { name: 'Notas del pago' }), 'Cliente frecuente')
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(log).toEqual([
      {
        op: 'create',
        row: {
          id_pago_cita: expect.stringMatching(/^[0-9a-f-]{36}$/),
          id_cita: 'sofia',
          monto_total_calculado: 190,
          monto_adelanto_aplicado: 50,
          monto_final_pagado: 140,
          metodo_pago_final: 'Yape',
          referencia_pago_final: 'OP-123',
          notas_pago: 'Cliente frecuente',
          tratamientos_adicionales_info: [{ id_tratamiento: 'crema', nombre: 'Crema Hidratante', costo_al_momento_del_pago: 40, cantidad: 1, tipo: 'producto' }],
          fecha_pago: HOY,
        },
      },
    ])
    expect(toastNow()).toMatchObject({ title: '¡Pago Procesado Exitosamente!', description: 'Sofía Vargas — S/ 140.00 (Yape)', variant: 'success', duration: 7000 })
    expect(clientNames()).toEqual(['Pedro Salas'])
    expect(screen.getByTestId('recaudacion-total')).toHaveTextContent('S/ 240.00')
    expect(screen.getByRole('list', { name: /Cobrado el/ })).toHaveTextContent('Yape · 1 pagoS/ 140.00')
  })

  it("opens the receipt from the success toast: the cita's treatment and the extra, the advance, what was paid, method and reference", async () => {
    const { user } = await open()
    const d = await abrirPago(user, 'Sofía Vargas')
    await agregar(user, 'Crema Hidratante')
    await user.selectOptions(within(d).getByRole('combobox', { name: /Método de pago final/ }), 'Yape')
    await user.type(within(d).getByRole('textbox', { name: 'Referencia del pago' }), 'OP-123')
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Ver comprobante' }))
    const recibo = await screen.findByRole('dialog', { name: 'Comprobante de Pago' })
    // The toast is gone: its button was its last use.
    expect(toastNow()).toBeNull()
    expect(within(recibo).getByTestId('comprobante-ticket')).toHaveTextContent(
      /Spa Lima.*Comprobante de Pago.*Fecha\s*miércoles, 25 de noviembre de 2026.*Cliente\s*Sofía Vargas.*Masaje Relajante\s*S\/ 150\.00.*Crema Hidratante\s*S\/ 40\.00.*Total\s*S\/ 190\.00.*Adelanto aplicado\s*− S\/ 50\.00.*Monto pagado\s*S\/ 140\.00.*Método de pago\s*Yape.*Referencia\s*OP-123.*Documento interno sin valor tributario\./,
    )
    await user.click(within(recibo).getByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByTestId('comprobante-impresion')).not.toBeInTheDocument()
  })

  it('disables out-of-stock products, refuses more units than available, and removes a line below 1', async () => {
    const { user, log } = await open()
    const d = await abrirPago(user, 'Pedro Salas')
    expect(cifra('total')).toBe('S/ 120.00')
    await user.click(within(d).getByRole('combobox', { name: 'Agregar producto o tratamiento' }))
    const opciones = within(await screen.findByRole('listbox')).getAllByRole('option')
    expect(opciones.map((o) => o.textContent)).toEqual([
      'Aceite de Lavanda — S/ 25.50 · Sin stock',
      'Crema Hidratante — S/ 40.00 · Stock bajo (2)',
      'Limpieza Facial — S/ 120.00',
      'Masaje Relajante — S/ 150.00',
    ])
    expect(screen.getByRole('option', { name: /^Aceite de Lavanda/ })).toHaveAttribute('data-combobox-disabled', 'true')
    await user.click(screen.getByRole('option', { name: /^Aceite de Lavanda/ }))
    expect(within(d).queryByRole('list', { name: 'Adicionales del pago' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('option', { name: /^Crema Hidratante/ }))
    await agregar(user, 'Crema Hidratante')
    expect(within(d).getByRole('textbox', { name: 'Cantidad de Crema Hidratante' })).toHaveValue('2')
    expect(cifra('total')).toBe('S/ 200.00')
    // A third unit: the device knows of 2.
    await user.click(within(d).getByRole('button', { name: 'Agregar una unidad de Crema Hidratante' }))
    expect(toastNow()).toMatchObject({ title: 'Stock Insuficiente', description: 'Solo hay 2 unidades disponibles de Crema Hidratante', variant: 'destructive' })
    expect(within(d).getByRole('textbox', { name: 'Cantidad de Crema Hidratante' })).toHaveValue('2')
    await agregar(user, 'Crema Hidratante')
    expect(toastNow()).toMatchObject({ title: 'Stock Insuficiente' })
    expect(cifra('total')).toBe('S/ 200.00')
    // Typing a quantity works the same way.
    const cantidad = within(d).getByRole('textbox', { name: 'Cantidad de Crema Hidratante' })
    await user.clear(cantidad)
    await user.type(cantidad, '5')
    expect(toastNow()).toMatchObject({ title: 'Stock Insuficiente' })
    fireEvent.blur(cantidad)
    // The field keeps what was typed and says why it is refused; the bill is still 2 units.
    expect(within(d).getByRole('textbox', { name: 'Cantidad de Crema Hidratante' })).toHaveValue('5')
    expect(within(d).getByRole('alert')).toHaveTextContent('Solo hay 2 unidades disponibles de Crema Hidratante')
    await user.clear(cantidad)
    await user.type(cantidad, '2')
    expect(within(d).queryByRole('alert')).not.toBeInTheDocument()

    // A treatment as an extra has no stock.
    await agregar(user, 'Masaje Relajante')
    expect(cifra('total')).toBe('S/ 350.00')
    // Below 1 removes the line.
    await user.click(within(d).getByRole('button', { name: 'Quitar una unidad de Crema Hidratante' }))
    await user.click(within(d).getByRole('button', { name: 'Quitar una unidad de Crema Hidratante' }))
    expect(within(d).queryByRole('textbox', { name: 'Cantidad de Crema Hidratante' })).not.toBeInTheDocument()
    expect(cifra('total')).toBe('S/ 270.00')
    const masaje = within(d).getByRole('textbox', { name: 'Cantidad de Masaje Relajante' })
    await user.clear(masaje)
    fireEvent.blur(masaje)
    expect(within(d).queryByRole('list', { name: 'Adicionales del pago' })).not.toBeInTheDocument()
    expect(cifra('total')).toBe('S/ 120.00')
    expect(log).toEqual([])
  })

  it('a typed quantity is what is charged, or the payment waits: 9999 never pays 99, 2.5 never pays 25', async () => {
    const { user, log } = await open()
    const d = await abrirPago(user, 'Pedro Salas')
    await agregar(user, 'Masaje Relajante')
    const cantidad = within(d).getByRole('textbox', { name: 'Cantidad de Masaje Relajante' })
    await user.clear(cantidad)
    await user.type(cantidad, '2.5')
    await user.tab()
    expect(cantidad).toHaveValue('2.5')
    expect(within(d).getByRole('alert')).toHaveTextContent('La cantidad debe ser un número positivo.')
    await user.selectOptions(within(d).getByRole('combobox', { name: /Método de pago final/ }), 'Efectivo')
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'La cantidad debe ser un número positivo.' })
    expect(log).toEqual([])

    // A product: 9999 with 2 in stock stays 9999 in the field, refused, and nothing is charged.
    await agregar(user, 'Crema Hidratante')
    const crema = within(d).getByRole('textbox', { name: 'Cantidad de Crema Hidratante' })
    await user.clear(cantidad)
    await user.type(cantidad, '1')
    await user.clear(crema)
    await user.type(crema, '9999')
    await user.tab()
    expect(crema).toHaveValue('9999')
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))
    expect(toastNow()).toMatchObject({ description: 'Solo hay 2 unidades disponibles de Crema Hidratante' })
    expect(log).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Procesar Pago' })).toBeInTheDocument()
  })

  it('refuses a final amount with a third decimal instead of rounding it, and keeps what was typed', async () => {
    const { user, log } = await open()
    const d = await abrirPago(user, 'Pedro Salas')
    const monto = within(d).getByRole('textbox', { name: /Monto final pagado/ })
    await user.clear(monto)
    await user.type(monto, '-120.555')
    await user.selectOptions(within(d).getByRole('combobox', { name: /Método de pago final/ }), 'Efectivo')
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))
    expect(monto).toHaveValue('-120.555')
    expect(toastNow()).toMatchObject({ description: 'El monto final pagado debe ser un número válido y no negativo.' })
    expect(log).toEqual([])
  })

  it('checks the stock again at submit: units sold meanwhile refuse the payment and nothing is written', async () => {
    const { user, log } = await open()
    const d = await abrirPago(user, 'Sofía Vargas')
    await agregar(user, 'Crema Hidratante')
    await user.click(within(d).getByRole('button', { name: 'Agregar una unidad de Crema Hidratante' }))
    await user.selectOptions(within(d).getByRole('combobox', { name: /Método de pago final/ }), 'Efectivo')
    // Another sale on this device took one unit while the dialog was open.
    act(() => setStock(new Map([['crema', 1], ['aceite', 0]])))
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))
    expect(toastNow()).toMatchObject({ title: 'Stock Insuficiente', description: 'Solo hay 1 unidad disponible de Crema Hidratante', variant: 'destructive' })
    expect(log).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Procesar Pago' })).toBeInTheDocument()
    act(() => setStock(new Map([['crema', 0]])))
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))
    expect(toastNow()).toMatchObject({ title: 'Producto Sin Stock', description: 'Crema Hidratante no tiene unidades disponibles.' })
    expect(log).toEqual([])
  })

  it('offers the fallback methods with the yellow note only when the device has no methods', async () => {
    const { user } = await open({ formasPago: [] })
    const d = await abrirPago(user, 'Sofía Vargas')
    const metodos = within(within(d).getByRole('combobox', { name: /Método de pago final/ })).getAllByRole('option')
    expect(metodos.map((o) => o.textContent)).toEqual(['Selecciona un método', 'Efectivo', 'Yape', 'Plin', 'Transferencia', 'Tarjeta de Crédito', 'Tarjeta de Débito'])
    expect(within(d).getByRole('note')).toHaveTextContent(
      'No hay métodos de pago registrados en este dispositivo: se muestra la lista predeterminada. Sincroniza o registra los métodos de pago.',
    )
  })

  it('says so when the device cannot write, keeps the dialog open and the cita listed', async () => {
    const { user, log } = await open({ failWith: new Error('disco lleno') })
    const d = await abrirPago(user, 'Pedro Salas')
    await user.selectOptions(within(d).getByRole('combobox', { name: /Método de pago final/ }), 'Efectivo')
    await user.click(within(d).getByRole('button', { name: 'Procesar Pago' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'No se pudo procesar el pago: disco lleno', variant: 'destructive' }))
    expect(log).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Procesar Pago' })).toBeInTheDocument()
    expect(clientNames()).toEqual(['Pedro Salas', 'Sofía Vargas'])
  })
})
