import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { useMemo } from 'react'
import type { FormaPagoFila } from '@/domain/formas-pago.ts'
import type { PagoNuevo } from '@/domain/pago-final.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'
import type { CitaVentaDirecta, ClienteVenta } from '@/domain/venta-productos.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'
import { availableStock } from '@sync/stock.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { useMemoryCollection, type MemoryWrite } from '@tests/support/memory-collection.ts'
import { VentaProductosPage } from './venta-productos-page.tsx'
import type { ProductoVenta, VentaProductosStore } from './venta-productos-store.ts'

type Producto = ProductoVenta & { tr_cantidad: number }

function producto(id: string, nombre: string, costo: number, tr_cantidad: number, over: Partial<Producto> = {}): Producto {
  return { id_tratamiento: id, nombre, tipo: 'producto', costo, activo: true, stock_en_revision: false, tr_cantidad, ...over }
}

const crema = producto('c0000000-0000-4000-8000-000000000001', 'Crema hidratante', 40, 10)
const aceite = producto('a0000000-0000-4000-8000-000000000002', 'Aceite de lavanda', 25.5, 3)
const sales = producto('50000000-0000-4000-8000-000000000003', 'Sales de baño', 18, 0)
const exfoliante = producto('e0000000-0000-4000-8000-000000000004', 'Exfoliante de café', 30, -1, { stock_en_revision: true })
const masaje = producto('m0000000-0000-4000-8000-000000000005', 'Masaje relajante', 150, 0, { tipo: 'tratamiento' })
const inactivo = producto('10000000-0000-4000-8000-000000000006', 'Jabón artesanal', 12, 8, { activo: false })
const catalogo = [crema, aceite, sales, exfoliante, masaje, inactivo]

const rosa: ClienteVenta = { id_paciente: 'p0000000-0000-4000-8000-000000000001', nombre: 'Rosa', apellido: 'Quispe', email: 'rosa@correo.pe', telefono: '987654321' }
const luis: ClienteVenta = { id_paciente: 'p0000000-0000-4000-8000-000000000002', nombre: 'Luis', apellido: 'Alva', email: null, telefono: null }
const formas: FormaPagoFila[] = [
  { fp_descripcion: 'Efectivo', fp_comision: 0 },
  { fp_descripcion: 'Tarjeta de Crédito', fp_comision: 4.071 },
  { fp_descripcion: 'Yape', fp_comision: 0 },
]

interface Logs {
  clientes: MemoryWrite[]
  citas: MemoryWrite[]
  pagos: MemoryWrite[]
}

/** The store over memory collections; the stock is the device rule (sync/stock.ts) over the payments written. */
interface Opciones {
  productos?: Producto[]
  clientes?: ClienteVenta[]
  formasPago?: FormaPagoFila[]
  failPago?: Error
  failCliente?: Error
  estadoProductos?: CollectionStatus
  estadoClientes?: CollectionStatus
}

function Harness({ productos = catalogo, clientes = [rosa, luis], formasPago = formas, logs, failPago, failCliente, estadoProductos, estadoClientes }: Opciones & { logs: Logs }) {
  const prods = useMemoryCollection<'tb_tratamientos', Producto>('tb_tratamientos', productos, { status: estadoProductos })
  const cls = useMemoryCollection<'tb_pacientes', ClienteVenta>('tb_pacientes', clientes, { log: logs.clientes, failWith: failCliente, status: estadoClientes })
  const citas = useMemoryCollection<'tb_citas', CitaVentaDirecta>('tb_citas', [], { log: logs.citas })
  const pagos = useMemoryCollection<'tb_pagos_citas', PagoNuevo>('tb_pagos_citas', [], { log: logs.pagos, failWith: failPago })
  const stock = useMemo(() => availableStock(prods.rows, pagos.rows.map((p) => ({ ...p, sync_xid: null })), []), [prods.rows, pagos.rows])
  const store = useMemo<VentaProductosStore>(() => ({ productos: prods, clientes: cls, citas, pagos, stock, formasPago }), [prods, cls, citas, pagos, stock, formasPago])
  return <VentaProductosPage store={store} />
}

async function open(opts: Opciones = {}) {
  const logs: Logs = { clientes: [], citas: [], pagos: [] }
  const view = await renderScreen(() => <Harness {...opts} logs={logs} />, { url: '/control-citas/compra-productos', validateSearch: validarBusquedaLista })
  return { ...view, logs }
}

const toastNow = () => useToastStore.getState().current
const card = (nombre: string) => within(screen.getByRole('list', { name: 'Productos a la venta' })).getByRole('listitem', { name: nombre })
const agregar = (user: UserEvent, nombre: string) => user.click(screen.getByRole('button', { name: `Agregar ${nombre} al carrito` }))
const carrito = () => screen.getByRole('region', { name: 'Carrito' })
const completar = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Completar Compra' }))

async function elegir(user: UserEvent, label: string, opcion: string) {
  await user.click(screen.getByRole('combobox', { name: label }))
  await user.click(await screen.findByRole('option', { name: opcion }))
}

afterEach(() => useToastStore.setState({ current: null }))

describe('Venta de Productos', { timeout: 30_000 }, () => {
  it("shows only active products, by name, with the device's stock label; out of stock and under review cannot be added", async () => {
    await open()
    expect(screen.getByRole('heading', { level: 1, name: 'Venta de Productos' })).toBeInTheDocument()
    const nombres = within(screen.getByRole('list', { name: 'Productos a la venta' }))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent)
    expect(nombres).toEqual(['Aceite de lavanda', 'Crema hidratante', 'Exfoliante de café', 'Sales de baño'])
    expect(card('Crema hidratante')).toHaveTextContent('S/ 40.00')
    expect(card('Crema hidratante')).toHaveTextContent('Stock: 10')
    expect(card('Aceite de lavanda')).toHaveTextContent('Stock bajo (3)')
    expect(card('Sales de baño')).toHaveTextContent('Sin stock')
    expect(within(card('Exfoliante de café')).getByText('Stock en revisión (-1)')).toHaveAttribute('data-nivel', 'revision')
    expect(screen.getByRole('button', { name: 'Agregar Sales de baño al carrito' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Agregar Exfoliante de café al carrito' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Agregar Crema hidratante al carrito' })).toBeEnabled()
  })

  it('searches products by name without accents or case', async () => {
    const { user } = await open()
    await user.type(screen.getByRole('searchbox', { name: 'Buscar productos' }), 'CAFE')
    expect(within(screen.getByRole('list', { name: 'Productos a la venta' })).getAllByRole('listitem')).toHaveLength(1)
    expect(card('Exfoliante de café')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Buscar productos' }), 'zzz')
    expect(screen.getByRole('heading', { name: 'No se encontraron productos' })).toBeInTheDocument()
  })

  it("says 'Sin productos' when the device has none to sell", async () => {
    await open({ productos: [masaje, inactivo] })
    expect(screen.getByRole('heading', { name: 'Sin productos' })).toBeInTheDocument()
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Sin productos', description: 'No hay productos disponibles para la venta.', variant: 'info' }))
  })

  it('adds units up to the stock: low stock informs, more than available is refused and the cart stays as it was', async () => {
    const { user } = await open()
    await agregar(user, 'Aceite de lavanda')
    expect(toastNow()).toMatchObject({ title: 'Stock Bajo', variant: 'info' })
    await agregar(user, 'Aceite de lavanda')
    await agregar(user, 'Aceite de lavanda')
    expect(within(carrito()).getByRole('textbox', { name: 'Cantidad de Aceite de lavanda' })).toHaveValue('3')
    await agregar(user, 'Aceite de lavanda')
    expect(toastNow()).toMatchObject({ title: 'Stock Insuficiente', description: 'Solo hay 3 unidades disponibles de Aceite de lavanda', variant: 'destructive' })
    expect(within(carrito()).getByRole('textbox', { name: 'Cantidad de Aceite de lavanda' })).toHaveValue('3')
    expect(within(carrito()).getByRole('button', { name: 'Agregar una unidad de Aceite de lavanda' })).toBeEnabled()
    expect(screen.getByTestId('total-venta')).toHaveTextContent('S/ 76.50')
    // The bar that leads to the cart (visible in portrait) carries the same count and total.
    expect(screen.getByRole('button', { name: 'Ir al carrito' }).parentElement).toHaveTextContent('3 productos · S/ 76.50')
    await user.click(screen.getByRole('button', { name: 'Ir al carrito' }))
    expect(screen.getByRole('heading', { name: 'Carrito' })).toHaveFocus()
  })

  it('refuses a typed quantity of 0 or above the stock, keeping the previous one', async () => {
    const { user } = await open()
    await agregar(user, 'Crema hidratante')
    const cantidad = within(carrito()).getByRole('textbox', { name: 'Cantidad de Crema hidratante' })
    await user.clear(cantidad)
    await user.type(cantidad, '0{Enter}')
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'La cantidad debe ser mayor a 0' })
    expect(cantidad).toHaveValue('1')
    await user.clear(cantidad)
    await user.type(cantidad, '11{Enter}')
    expect(toastNow()).toMatchObject({ title: 'Stock Insuficiente', description: 'Solo hay 10 unidades disponibles de Crema hidratante' })
    expect(cantidad).toHaveValue('1')
    await user.clear(cantidad)
    await user.type(cantidad, '4')
    await user.tab()
    expect(cantidad).toHaveValue('4')
    expect(screen.getByTestId('total-venta')).toHaveTextContent('S/ 160.00')
    await user.click(within(carrito()).getByRole('button', { name: 'Quitar Crema hidratante del carrito' }))
    expect(within(carrito()).getByText('El carrito está vacío.')).toBeInTheDocument()
  })

  it('refuses to complete a sale without client, method or products, in the spec order, writing nothing', async () => {
    const { user, logs } = await open()
    await completar(user)
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'Debe seleccionar un cliente.', variant: 'destructive' })
    await elegir(user, 'Cliente', 'Rosa Quispe')
    await completar(user)
    expect(toastNow()).toMatchObject({ description: 'Debe seleccionar un método de pago.' })
    await elegir(user, 'Método de pago', 'Efectivo')
    await completar(user)
    expect(toastNow()).toMatchObject({ description: 'El carrito está vacío.' })
    expect(logs).toEqual({ clientes: [], citas: [], pagos: [] })
  })

  it('shows the card total net of the 4.071 % POS commission and stores the gross sale: virtual cita, then its payment; the stock drops at once', async () => {
    const { user, logs } = await open()
    await agregar(user, 'Crema hidratante')
    await agregar(user, 'Crema hidratante')
    await agregar(user, 'Aceite de lavanda')
    await elegir(user, 'Cliente', 'Rosa Quispe')
    await elegir(user, 'Método de pago', 'Efectivo')
    expect(screen.getByTestId('total-venta')).toHaveTextContent('S/ 105.50')
    expect(screen.queryByTestId('neto-venta')).not.toBeInTheDocument()
    await elegir(user, 'Método de pago', 'Tarjeta de Crédito')
    // 105.50 × 4.071 % = 4.29
    expect(within(carrito()).getByText('Comisión POS (4.071 %)')).toBeInTheDocument()
    expect(screen.getByTestId('neto-venta')).toHaveTextContent('S/ 101.21')

    await completar(user)
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Venta de productos exitosa', variant: 'success' }))
    expect(logs.citas).toHaveLength(1)
    const cita = logs.citas[0]!.op === 'create' ? logs.citas[0]!.row : {}
    expect(cita).toMatchObject({
      id_paciente: rosa.id_paciente,
      nombre_cliente: 'Rosa Quispe',
      email_cliente: 'rosa@correo.pe',
      estado_cita: 'Venta Directa',
      id_especialista: null,
      id_tratamiento: null,
      hora_inicio: '00:00:00',
      hora_fin: '00:00:00',
      nombre_tratamiento: 'VENTA PRODUCTOS: Crema hidratante x2, Aceite de lavanda',
    })
    expect(logs.pagos).toEqual([
      {
        op: 'create',
        row: expect.objectContaining({
          id_cita: cita.id_cita,
          monto_total_calculado: 105.5,
          monto_final_pagado: 105.5,
          monto_adelanto_aplicado: 0,
          metodo_pago_final: 'Tarjeta de Crédito',
          referencia_pago_final: expect.stringMatching(/^VENTA_PRODUCTOS_\d{13}_[0-9a-z]{6}$/),
          tratamientos_adicionales_info: [
            { id_tratamiento: crema.id_tratamiento, nombre: 'Crema hidratante', costo_al_momento_del_pago: 40, cantidad: 2, tipo: 'producto' },
            { id_tratamiento: aceite.id_tratamiento, nombre: 'Aceite de lavanda', costo_al_momento_del_pago: 25.5, cantidad: 1, tipo: 'producto' },
          ],
        }),
      },
    ])
    // The device's stock counts the sale before any sync; the form starts afresh (its
    // fields are cleared after the success toast, in a later render).
    await waitFor(() => expect(card('Crema hidratante')).toHaveTextContent('Stock: 8'))
    expect(card('Aceite de lavanda')).toHaveTextContent('Stock bajo (2)')
    await waitFor(() => expect(within(carrito()).getByText('El carrito está vacío.')).toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveValue(''))
  })

  it("opens the sale's receipt from the success toast: products, gross total, method and the sale's reference", async () => {
    const { user, logs } = await open()
    await agregar(user, 'Crema hidratante')
    await agregar(user, 'Crema hidratante')
    await elegir(user, 'Cliente', 'Rosa Quispe')
    await elegir(user, 'Método de pago', 'Tarjeta de Crédito')
    await completar(user)
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Venta de productos exitosa', action: { label: 'Ver comprobante' } }))
    const pago = logs.pagos[0]!.op === 'create' ? (logs.pagos[0]!.row as unknown as PagoNuevo) : null

    await user.click(screen.getByRole('button', { name: 'Ver comprobante' }))
    const recibo = within(await screen.findByRole('dialog', { name: 'Comprobante de Venta' })).getByTestId('comprobante-ticket')
    // The client pays the gross amount: the card's commission is not on the receipt.
    expect(recibo).toHaveTextContent(/Comprobante de Venta.*Cliente\s*Rosa Quispe.*Crema hidratante2 × S\/ 40\.00\s*S\/ 80\.00.*Total\s*S\/ 80\.00.*Monto pagado\s*S\/ 80\.00.*Método de pago\s*Tarjeta de Crédito/)
    expect(recibo).toHaveTextContent(`Referencia${pago!.referencia_pago_final}`)
    expect(recibo).not.toHaveTextContent('Adelanto')
    expect(recibo).not.toHaveTextContent('Comisión')
  })

  it('adds a client typed as nombres and apellidos in two fields, stored as typed, selects it and can sell to it; a nameless client is refused', async () => {
    const { user, logs } = await open()
    await user.click(screen.getByRole('button', { name: 'Agregar cliente' }))
    const dialog = screen.getByRole('dialog', { name: 'Agregar Nuevo Cliente' })
    await user.type(within(dialog).getByRole('textbox', { name: /Correo/ }), 'no-es-correo')
    await user.click(within(dialog).getByRole('button', { name: 'Agregar Cliente' }))
    expect(within(dialog).getByText('El nombre del cliente es obligatorio.')).toBeInTheDocument()
    expect(within(dialog).getByText('El apellido es obligatorio.')).toBeInTheDocument()
    expect(within(dialog).getByText('El correo electrónico del paciente no es válido.')).toBeInTheDocument()
    expect(logs.clientes).toEqual([])

    await user.type(within(dialog).getByRole('textbox', { name: /^Nombres/ }), '  Sofía Isabel ')
    await user.type(within(dialog).getByRole('textbox', { name: /^Apellidos/ }), 'Paredes Soto')
    await user.clear(within(dialog).getByRole('textbox', { name: /Correo/ }))
    await user.type(within(dialog).getByRole('textbox', { name: /Teléfono/ }), '912345678')
    await user.click(within(dialog).getByRole('button', { name: 'Agregar Cliente' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(toastNow()).toMatchObject({ title: 'Cliente agregado', variant: 'success' })
    expect(logs.clientes).toEqual([{ op: 'create', row: expect.objectContaining({ apellido: 'Paredes Soto', nombre: 'Sofía Isabel', email: null, telefono: '912345678' }) }])
    expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveValue('Sofía Isabel Paredes Soto')

    await agregar(user, 'Crema hidratante')
    await elegir(user, 'Método de pago', 'Yape')
    await completar(user)
    await waitFor(() => expect(logs.pagos).toHaveLength(1))
    expect(logs.citas[0]).toMatchObject({ op: 'create', row: { nombre_cliente: 'Sofía Isabel Paredes Soto', telefono_cliente: '912345678' } })
  })

  it("offers the spec's fallback methods with the yellow note only when tb_formapago is empty", async () => {
    const { user } = await open({ formasPago: [] })
    expect(screen.getByText(/No hay métodos de pago registrados en este dispositivo/)).toBeInTheDocument()
    await user.click(screen.getByRole('combobox', { name: 'Método de pago' }))
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Efectivo', 'Yape', 'Plin', 'Transferencia', 'Tarjeta de Crédito', 'Tarjeta de Débito'])
  })

  it('lists the methods of tb_formapago without the note', async () => {
    const { user } = await open()
    expect(screen.queryByText(/No hay métodos de pago registrados/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('combobox', { name: 'Método de pago' }))
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Efectivo', 'Tarjeta de Crédito', 'Yape'])
  })

  it("maps a failed payment insert to the spec's message, takes the virtual cita back and keeps the cart", async () => {
    const duplicado = Object.assign(new Error('duplicate key value violates unique constraint "tb_pagos_citas_pkey"'), { code: '23505' })
    const { user, logs } = await open({ failPago: duplicado })
    await agregar(user, 'Crema hidratante')
    await elegir(user, 'Cliente', 'Luis Alva')
    await elegir(user, 'Método de pago', 'Efectivo')
    await completar(user)
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'Error: Ya existe un registro con esta referencia. Intente nuevamente.' }))
    expect(logs.pagos).toEqual([])
    expect(logs.citas.map((w) => w.op)).toEqual(['create', 'remove'])
    expect(within(carrito()).getByRole('textbox', { name: 'Cantidad de Crema hidratante' })).toHaveValue('1')
    expect(card('Crema hidratante')).toHaveTextContent('Stock: 10')
  })

  it('says why the client was not added and keeps the dialog open, selecting nobody', async () => {
    const { user, logs } = await open({ failCliente: new Error('sin espacio en el dispositivo') })
    await user.click(screen.getByRole('button', { name: 'Agregar cliente' }))
    const dialog = screen.getByRole('dialog', { name: 'Agregar Nuevo Cliente' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombres/ }), 'Ana')
    await user.type(within(dialog).getByRole('textbox', { name: /^Apellidos/ }), 'Torres')
    await user.click(within(dialog).getByRole('button', { name: 'Agregar Cliente' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'No se pudo agregar el cliente: sin espacio en el dispositivo' }))
    expect(screen.getByRole('dialog', { name: 'Agregar Nuevo Cliente' })).toBeInTheDocument()
    expect(logs.clientes).toEqual([])
    expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveValue('')
  })

  it("shows the spec's load failure for products", async () => {
    await open({ estadoProductos: 'error' })
    const mensaje = 'No se pudieron cargar los productos: No se pudo leer la base de datos local.'
    expect(screen.getByRole('heading', { name: mensaje })).toBeInTheDocument()
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: mensaje }))
  })

  it("shows the spec's load failure for patients", async () => {
    await open({ estadoClientes: 'error' })
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'No se pudieron cargar los pacientes.' }))
  })
})
