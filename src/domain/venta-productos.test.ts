import { describe, expect, it } from 'vitest'
import {
  MENSAJES_VENTA,
  agregarAlCarrito,
  cambiarCantidadCarrito,
  cobroVenta,
  filaNuevoCliente,
  mensajeErrorVenta,
  productosEnVenta,
  quitarDelCarrito,
  referenciaVenta,
  registroVenta,
  totalCarrito,
  validarNuevoCliente,
  validarVenta,
  type DatosVenta,
  type LineaCarrito,
} from './venta-productos.ts'

const CREMA = 'bbbbbbbb-0000-4000-8000-000000000002'
const ACEITE = 'bbbbbbbb-0000-4000-8000-000000000003'
const JABON = 'bbbbbbbb-0000-4000-8000-000000000005'
const crema = { id_tratamiento: CREMA, nombre: 'Crema de Rosas', tipo: 'producto', costo: 40, activo: true }
const aceite = { id_tratamiento: ACEITE, nombre: 'Aceite de Coco', tipo: 'producto', costo: '25.50', activo: true }
const jabon = { id_tratamiento: JABON, nombre: 'Jabón Artesanal', tipo: 'producto', costo: 12, activo: true, stock_en_revision: true }

describe('productosEnVenta', () => {
  const catalogo = [
    crema,
    aceite,
    jabon,
    { id_tratamiento: 'x', nombre: 'Masaje Relajante', tipo: 'tratamiento', costo: 150, activo: true },
    { id_tratamiento: 'y', nombre: 'Crema Vieja', tipo: 'producto', costo: 10, activo: false },
  ]
  const disponible = new Map([[CREMA, 8], [ACEITE, 3], [JABON, -1]])

  it('shows active products only, by name, with their stock label', () => {
    expect(productosEnVenta(catalogo, disponible).map((p) => [p.producto.nombre, p.disponible, p.etiqueta.texto, p.etiqueta.vendible])).toEqual([
      ['Aceite de Coco', 3, 'Stock bajo (3)', true],
      ['Crema de Rosas', 8, 'Stock: 8', true],
      ['Jabón Artesanal', -1, 'Stock en revisión (-1)', false],
    ])
  })

  it('searches the name without regard to case or accents', () => {
    expect(productosEnVenta(catalogo, disponible, 'JABON').map((p) => p.producto.nombre)).toEqual(['Jabón Artesanal'])
    expect(productosEnVenta(catalogo, disponible, 'vieja')).toEqual([])
  })
})

describe('carrito', () => {
  it('adds units while stock lasts, with the low-stock note', () => {
    let r = agregarAlCarrito([], crema, 7)
    expect(r).toEqual({ carrito: [{ id_tratamiento: CREMA, nombre: 'Crema de Rosas', precio: 4000, cantidad: 1 }], aviso: null, error: null })
    r = agregarAlCarrito(r.carrito, crema, 7)
    expect(r.carrito[0]!.cantidad).toBe(2)
    expect(r.aviso).toEqual({ titulo: 'Stock Bajo', mensaje: 'Quedan 5 unidades de Crema de Rosas.', nivel: 'info' })
  })

  it('cannot add a product with no stock, nor more than available', () => {
    expect(agregarAlCarrito([], crema, 0)).toMatchObject({ carrito: [], aviso: { titulo: 'Producto Sin Stock' } })
    const uno = agregarAlCarrito([], aceite, 1).carrito
    const r = agregarAlCarrito(uno, aceite, 1)
    expect(r.carrito).toEqual(uno)
    expect(r.aviso).toMatchObject({ titulo: 'Stock Insuficiente', mensaje: 'Solo hay 1 unidad disponible de Aceite de Coco' })
  })

  it('refuses a quantity of 0 or less with the spec message, and above stock with the units available', () => {
    const carrito = agregarAlCarrito([], crema, 5).carrito
    for (const malo of [0, -1, '', 'dos']) {
      expect(cambiarCantidadCarrito(carrito, CREMA, malo, 5)).toEqual({ carrito, aviso: null, error: 'La cantidad debe ser mayor a 0' })
    }
    expect(cambiarCantidadCarrito(carrito, CREMA, 6, 5)).toMatchObject({ carrito, aviso: { mensaje: 'Solo hay 5 unidades disponibles de Crema de Rosas' } })
    expect(cambiarCantidadCarrito(carrito, CREMA, 5, 5).carrito[0]!.cantidad).toBe(5)
    // A decimal is refused, never cut to whole units.
    expect(cambiarCantidadCarrito(carrito, CREMA, '2.9', 5)).toEqual({ carrito, aviso: null, error: 'La cantidad debe ser mayor a 0' })
    expect(quitarDelCarrito(carrito, CREMA)).toEqual([])
  })

  it('totals price × quantity in céntimos', () => {
    const carrito: LineaCarrito[] = [
      { id_tratamiento: CREMA, nombre: 'Crema', precio: 4000, cantidad: 2 },
      { id_tratamiento: ACEITE, nombre: 'Aceite', precio: 2550, cantidad: 1 },
    ]
    expect(totalCarrito(carrito)).toBe(10550)
  })
})

describe('cobroVenta (spec 2 §9: shown net of 4.071 % for the two card methods)', () => {
  it('worked example: S/ 105.50 by credit card → commission S/ 4.29, net S/ 101.21', () => {
    // 10,550 × 4.071 % = 429.49 céntimos → 429
    expect(cobroVenta(10550, 'Tarjeta de Crédito')).toEqual({ total: 10550, porcentaje: 4.071, comisionPos: 429, neto: 10121 })
    expect(cobroVenta(10000, 'tarjeta de debito')).toEqual({ total: 10000, porcentaje: 4.071, comisionPos: 407, neto: 9593 })
  })
  it('shows the whole amount for any other method', () => {
    for (const m of ['Efectivo', 'Yape', 'CULQI-Credito Visa', '']) expect(cobroVenta(10550, m)).toEqual({ total: 10550, porcentaje: 0, comisionPos: 0, neto: 10550 })
  })
})

describe('validarVenta', () => {
  const base: DatosVenta = {
    idCliente: 'p1',
    clientes: new Set(['p1']),
    metodo: 'Yape',
    carrito: [{ id_tratamiento: CREMA, nombre: 'Crema de Rosas', precio: 4000, cantidad: 2 }],
    disponible: new Map([[CREMA, 2]]),
  }

  it('accepts a complete sale', () => {
    expect(validarVenta(base)).toBeNull()
  })

  it('checks in the spec order with its messages', () => {
    expect(validarVenta({ ...base, idCliente: null, metodo: '', carrito: [] })).toBe('Debe seleccionar un cliente.')
    expect(validarVenta({ ...base, idCliente: 'borrado' })).toBe('Paciente seleccionado no encontrado.')
    expect(validarVenta({ ...base, metodo: ' ', carrito: [] })).toBe('Debe seleccionar un método de pago.')
    expect(validarVenta({ ...base, carrito: [] })).toBe('El carrito está vacío.')
    expect(validarVenta({ ...base, carrito: [{ ...base.carrito[0]!, nombre: '' }] })).toBe(MENSAJES_VENTA.faltanDatos)
    expect(validarVenta({ ...base, carrito: [{ ...base.carrito[0]!, precio: Number.NaN }] })).toBe(MENSAJES_VENTA.faltanDatos)
    expect(validarVenta({ ...base, carrito: [{ ...base.carrito[0]!, cantidad: 0 }] })).toBe('La cantidad debe ser mayor a 0')
    expect(validarVenta({ ...base, carrito: [{ ...base.carrito[0]!, precio: 0 }] })).toBe('El monto total no es válido')
  })

  it('checks every line against the stock this device knows now', () => {
    expect(validarVenta({ ...base, disponible: new Map([[CREMA, 1]]) })).toBe('Solo hay 1 unidad disponible de Crema de Rosas')
    expect(validarVenta({ ...base, disponible: new Map([[CREMA, -3]]) })).toBe('Solo hay 0 unidades disponibles de Crema de Rosas')
    expect(validarVenta({ ...base, disponible: new Map() })).toBe('Solo hay 0 unidades disponibles de Crema de Rosas')
  })
})

describe('nuevo cliente', () => {
  it('requires nombre and apellido; email and phone are optional but an email must look like one', () => {
    expect(validarNuevoCliente({ nombre: '  ', apellido: '', email: '', telefono: '' })).toEqual({
      nombre: 'El nombre del cliente es obligatorio.',
      apellido: 'El apellido es obligatorio.',
    })
    expect(validarNuevoCliente({ nombre: 'Rosa', apellido: 'Huamán', email: 'rosa@', telefono: '' })).toEqual({ email: 'El correo electrónico del paciente no es válido.' })
    expect(validarNuevoCliente({ nombre: 'Rosa', apellido: 'Huamán', email: '', telefono: '' })).toEqual({})
  })

  it('stores the names as typed in their two fields, never a guessed split of one', () => {
    expect(filaNuevoCliente('p9', { nombre: ' Sofía   Isabel ', apellido: 'Paredes Soto', email: ' Rosa@Gmail.com ', telefono: ' 987 654 321 ' })).toEqual({
      id_paciente: 'p9',
      nombre: 'Sofía Isabel',
      apellido: 'Paredes Soto',
      email: 'rosa@gmail.com',
      telefono: '987 654 321',
    })
  })
})

describe('registroVenta', () => {
  it('referencia: VENTA_PRODUCTOS_{ms}_{six base-36 characters}', () => {
    const valores = [0, 0.5, 0.999, 0.1, 0.2, 0.3]
    let i = 0
    expect(referenciaVenta(new Date('2026-11-24T15:00:00Z'), () => valores[i++]!)).toBe('VENTA_PRODUCTOS_1795532400000_0iz37a')
    expect(referenciaVenta(new Date())).toMatch(/^VENTA_PRODUCTOS_\d{13}_[0-9a-z]{6}$/)
  })

  it('writes the virtual appointment and its gross payment', () => {
    const r = registroVenta({
      idCita: 'c1',
      idPago: 'p1',
      cliente: { id_paciente: 'pac', nombre: 'Rosa', apellido: 'Huamán', email: 'rosa@gmail.com', telefono: '' },
      carrito: [
        { id_tratamiento: CREMA, nombre: 'Crema de Rosas', precio: 4000, cantidad: 2 },
        { id_tratamiento: ACEITE, nombre: 'Aceite de Coco', precio: 2550, cantidad: 1 },
      ],
      metodo: 'Tarjeta de Crédito',
      hoy: '2026-11-24',
      referencia: 'VENTA_PRODUCTOS_1795532400000_0iz367',
    })
    expect(r.cita).toEqual({
      id_cita: 'c1',
      id_paciente: 'pac',
      id_especialista: null,
      id_tratamiento: null,
      nombre_cliente: 'Rosa Huamán',
      email_cliente: 'rosa@gmail.com',
      telefono_cliente: null,
      nombre_tratamiento: 'VENTA PRODUCTOS: Crema de Rosas x2, Aceite de Coco',
      fecha_cita: '2026-11-24',
      hora_inicio: '00:00:00',
      hora_fin: '00:00:00',
      estado_cita: 'Venta Directa',
      monto_adelanto: 0,
    })
    expect(r.pago).toEqual({
      id_pago_cita: 'p1',
      id_cita: 'c1',
      // Gross: the card commission is computed in reports, never taken off what was charged.
      monto_total_calculado: 105.5,
      monto_adelanto_aplicado: 0,
      monto_final_pagado: 105.5,
      metodo_pago_final: 'Tarjeta de Crédito',
      referencia_pago_final: 'VENTA_PRODUCTOS_1795532400000_0iz367',
      notas_pago: null,
      tratamientos_adicionales_info: [
        { id_tratamiento: CREMA, nombre: 'Crema de Rosas', costo_al_momento_del_pago: 40, cantidad: 2, tipo: 'producto' },
        { id_tratamiento: ACEITE, nombre: 'Aceite de Coco', costo_al_momento_del_pago: 25.5, cantidad: 1, tipo: 'producto' },
      ],
      fecha_pago: '2026-11-24',
    })
  })

  it('keeps a long list of products within 200 characters in the appointment name', () => {
    const carrito = Array.from({ length: 30 }, (_, i) => ({ id_tratamiento: `id-${i}`, nombre: `Producto número ${i}`, precio: 100, cantidad: 1 }))
    const r = registroVenta({ idCita: 'c', idPago: 'p', cliente: { id_paciente: 'x', nombre: 'A', apellido: 'B' }, carrito, metodo: 'Yape', hoy: '2026-11-24', referencia: 'R' })
    expect(r.cita.nombre_tratamiento).toHaveLength(200)
    expect(r.cita.nombre_tratamiento.startsWith('VENTA PRODUCTOS: Producto número 0, ')).toBe(true)
    expect(r.cita.nombre_tratamiento.endsWith('…')).toBe(true)
  })
})

describe('mensajeErrorVenta (spec 2 §8)', () => {
  it('maps the kind of failure', () => {
    expect(mensajeErrorVenta({ code: '23505', message: 'x' })).toBe('Error: Ya existe un registro con esta referencia. Intente nuevamente.')
    expect(mensajeErrorVenta({ message: 'duplicate key value violates unique constraint "tb_pagos_citas_pkey"' })).toBe(MENSAJES_VENTA.duplicado)
    expect(mensajeErrorVenta({ code: '23503' })).toBe('Error: Problema con la referencia del cliente o producto.')
    expect(mensajeErrorVenta({ message: 'insert or update violates foreign key constraint' })).toBe(MENSAJES_VENTA.referenciaInvalida)
    expect(mensajeErrorVenta({ code: '23502' })).toBe('Error: Faltan datos obligatorios para procesar la compra.')
    expect(mensajeErrorVenta({ message: 'null value in column "id_cita"' })).toBe(MENSAJES_VENTA.faltanDatos)
    expect(mensajeErrorVenta({ code: '42501', message: 'permiso' })).toBe('Hubo un error procesando la compra. Intente nuevamente.')
    expect(mensajeErrorVenta(null)).toBe(MENSAJES_VENTA.generico)
  })
})
