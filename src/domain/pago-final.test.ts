import { describe, expect, it } from 'vitest'
import {
  MENSAJES_PAGO,
  agregarExtra,
  cambiarCantidadExtra,
  leerCantidadExtra,
  citasPendientesDePago,
  costoDelTratamiento,
  cuentaInicial,
  filaPagoFinal,
  formularioInicial,
  montoFinalSugerido,
  opcionesExtras,
  quitarExtra,
  totalCuenta,
  validarPago,
  type CitaCaja,
  type CuentaPago,
} from './pago-final.ts'

const MASAJE = 'aaaaaaaa-0000-4000-8000-000000000001'
const CREMA = 'bbbbbbbb-0000-4000-8000-000000000002'
const ACEITE = 'bbbbbbbb-0000-4000-8000-000000000003'
const FACIAL = 'aaaaaaaa-0000-4000-8000-000000000004'

const crema = { id_tratamiento: CREMA, nombre: 'Crema de Rosas', tipo: 'producto', costo: 40, activo: true }
const aceite = { id_tratamiento: ACEITE, nombre: 'Aceite de Coco', tipo: 'producto', costo: '25.50', activo: true }
const facial = { id_tratamiento: FACIAL, nombre: 'Facial Hidratante', tipo: 'tratamiento', costo: 120, activo: true }
const masaje = { id_tratamiento: MASAJE, nombre: 'Masaje Relajante', tipo: 'tratamiento', costo: 150, activo: true }

function cita(extra: Partial<CitaCaja> = {}): CitaCaja {
  return {
    id_cita: 'c1',
    id_tratamiento: MASAJE,
    nombre_tratamiento: 'Masaje Relajante',
    nombre_cliente: 'Rosa Huamán',
    fecha_cita: '2026-11-24',
    hora_inicio: '10:00:00',
    estado_cita: 'Confirmada',
    monto_adelanto: 50,
    id_pago_final: null,
    ...extra,
  }
}

describe('citasPendientesDePago', () => {
  it('lists the day\'s Confirmada and Completada appointments with no final payment, by start time', () => {
    const citas = [
      cita({ id_cita: 'tarde', hora_inicio: '15:00:00' }),
      cita({ id_cita: 'temprano', hora_inicio: '09:00:00', estado_cita: 'Completada' }),
      cita({ id_cita: 'pagada', id_pago_final: 'p0' }),
      cita({ id_cita: 'pendiente-de-pago', estado_cita: 'Pendiente de Pago' }),
      cita({ id_cita: 'reprogramada', estado_cita: 'Reprogramada' }),
      cita({ id_cita: 'cancelada', estado_cita: 'Cancelada' }),
      cita({ id_cita: 'venta', estado_cita: 'Venta Directa' }),
      cita({ id_cita: 'otro-dia', fecha_cita: '2026-11-25' }),
    ]
    expect(citasPendientesDePago(citas, [], '2026-11-24').map((c) => c.id_cita)).toEqual(['temprano', 'tarde'])
  })

  it('drops an appointment paid on this device before the server has answered (offline)', () => {
    const citas = [cita({ id_cita: 'a' }), cita({ id_cita: 'b', hora_inicio: '11:00:00' })]
    expect(citasPendientesDePago(citas, [{ id_pago_cita: 'p-local', id_cita: 'a' }], '2026-11-24').map((c) => c.id_cita)).toEqual(['b'])
  })

  it('shows again an appointment whose payment this device voided, before the server reopens it', () => {
    const citas = [cita({ id_cita: 'a', estado_cita: 'Completada', id_pago_final: 'p1' })]
    expect(citasPendientesDePago(citas, [], '2026-11-24')).toEqual([])
    expect(citasPendientesDePago(citas, [], '2026-11-24', new Set(['p1'])).map((c) => c.id_cita)).toEqual(['a'])
    // …unless another live payment of it is already on the device.
    expect(citasPendientesDePago(citas, [{ id_pago_cita: 'p2', id_cita: 'a' }], '2026-11-24', new Set(['p1']))).toEqual([])
  })
})

describe('la cuenta del diálogo', () => {
  const catalogo = new Map([[MASAJE, masaje]])

  it('takes the treatment at today\'s price and the advance already paid', () => {
    expect(costoDelTratamiento(cita(), catalogo)).toBe(15000)
    expect(costoDelTratamiento(cita({ id_tratamiento: FACIAL }), catalogo)).toBeNull()
    expect(cuentaInicial(cita(), 15000)).toEqual({ costoTratamiento: 15000, adelanto: 5000, extras: [] })
    expect(cuentaInicial(cita({ monto_adelanto: null }), 15000).adelanto).toBe(0)
  })

  it('worked example: massage S/ 150 + 2 creams S/ 40, advance S/ 50 → total S/ 230, suggested S/ 180', () => {
    let cuenta = cuentaInicial(cita(), 15000)
    cuenta = { ...cuenta, extras: agregarExtra(cuenta.extras, crema, 10).extras }
    cuenta = { ...cuenta, extras: agregarExtra(cuenta.extras, crema, 10).extras }
    expect(cuenta.extras).toEqual([{ id_tratamiento: CREMA, nombre: 'Crema de Rosas', tipo: 'producto', precio: 4000, cantidad: 2 }])
    expect(totalCuenta(cuenta)).toBe(23000)
    expect(montoFinalSugerido(cuenta)).toBe(18000)
  })

  it('floors the suggested amount at 0 when the advance covers everything', () => {
    const cuenta: CuentaPago = { costoTratamiento: 3000, adelanto: 5000, extras: [] }
    expect(montoFinalSugerido(cuenta)).toBe(0)
    expect(formularioInicial(cuenta, '2026-11-24')).toEqual({ montoFinal: '0.00', metodo: '', fecha: '2026-11-24', referencia: '', notas: '' })
  })
})

describe('ítems adicionales', () => {
  it('adds a treatment with no stock check', () => {
    const r = agregarExtra([], facial, 0)
    expect(r).toEqual({ extras: [{ id_tratamiento: FACIAL, nombre: 'Facial Hidratante', tipo: 'tratamiento', precio: 12000, cantidad: 1 }], aviso: null })
  })

  it('refuses a product with no stock: Producto Sin Stock, nothing added', () => {
    const r = agregarExtra([], crema, 0)
    expect(r.extras).toEqual([])
    expect(r.aviso).toMatchObject({ titulo: 'Producto Sin Stock', nivel: 'error' })
  })

  it('refuses one more unit than available: Stock Insuficiente with the units available', () => {
    const primera = agregarExtra([], crema, 1)
    expect(primera.aviso).toEqual({ titulo: 'Stock Bajo', mensaje: 'Con esta venta se agotan las unidades de Crema de Rosas.', nivel: 'info' })
    const segunda = agregarExtra(primera.extras, crema, 1)
    expect(segunda.extras).toEqual(primera.extras)
    expect(segunda.aviso).toEqual({ titulo: 'Stock Insuficiente', mensaje: 'Solo hay 1 unidad disponible de Crema de Rosas', nivel: 'error' })
  })

  it('keeps the catalogue price as céntimos whatever form it arrives in', () => {
    expect(agregarExtra([], aceite, 9).extras[0]!.precio).toBe(2550)
  })

  it('below 1 removes the line; decimals and text are refused, never cut; above the stock is refused unchanged', () => {
    const extras = [...agregarExtra([], crema, 5).extras, ...agregarExtra([], facial, 0).extras]
    expect(cambiarCantidadExtra(extras, CREMA, 0, 5).extras.map((l) => l.id_tratamiento)).toEqual([FACIAL])
    expect(cambiarCantidadExtra(extras, CREMA, '', 5).extras.map((l) => l.id_tratamiento)).toEqual([FACIAL])
    expect(cambiarCantidadExtra(extras, CREMA, -3, 5).extras.map((l) => l.id_tratamiento)).toEqual([FACIAL])
    const decimal = cambiarCantidadExtra(extras, CREMA, '3.7', 5)
    expect(decimal.extras).toEqual(extras)
    expect(decimal.error).toBe('La cantidad debe ser un número positivo.')
    expect(cambiarCantidadExtra(extras, CREMA, '2.5', 5).extras).toEqual(extras)
    expect(cambiarCantidadExtra(extras, CREMA, '3', 5).extras[0]!.cantidad).toBe(3)
    const demasiado = cambiarCantidadExtra(extras, CREMA, 6, 5)
    expect(demasiado.extras).toEqual(extras)
    expect(demasiado.aviso?.mensaje).toBe('Solo hay 5 unidades disponibles de Crema de Rosas')
    // Treatments have no stock.
    expect(cambiarCantidadExtra(extras, FACIAL, 4, 0).extras[1]!.cantidad).toBe(4)
    expect(quitarExtra(extras, CREMA.toUpperCase()).map((l) => l.id_tratamiento)).toEqual([FACIAL])
    expect(cambiarCantidadExtra(extras, 'otro', 2, 5).extras).toEqual(extras)
  })

  it('reads a typed quantity by the numeric rule: 9999 is 9999 (refused beyond the stock), never the 99 typed before', () => {
    const linea = { nombre: 'Masaje', tipo: 'tratamiento' as const }
    expect(leerCantidadExtra('9999', linea, 0)).toEqual({ accion: 'cantidad', cantidad: 9999 })
    expect(leerCantidadExtra('9999', { nombre: 'Crema de Rosas', tipo: 'producto' }, 99)).toMatchObject({ accion: 'error', mensaje: 'Solo hay 99 unidades disponibles de Crema de Rosas' })
    expect(leerCantidadExtra('2.5', linea, 0)).toEqual({ accion: 'error', mensaje: 'La cantidad debe ser un número positivo.', aviso: null })
    expect(leerCantidadExtra('dos', linea, 0)).toMatchObject({ accion: 'error' })
    expect(leerCantidadExtra('0', linea, 0)).toEqual({ accion: 'quitar' })
    expect(leerCantidadExtra('', linea, 0)).toEqual({ accion: 'quitar' })
  })

  it('holds the payment while a typed quantity stands refused', () => {
    const extras = agregarExtra([], crema, 5).extras
    const cuenta = { costoTratamiento: 10000, adelanto: 0, extras }
    const form = { montoFinal: '140.00', metodo: 'Efectivo', fecha: '2026-11-25', referencia: '', notas: '' }
    const disponible = new Map([[CREMA, 5]])
    expect(validarPago(form, cuenta, disponible, '2026-11-25', {}).ok).toBe(true)
    const r = validarPago(form, cuenta, disponible, '2026-11-25', { [CREMA]: '9999' })
    expect(r.ok).toBe(false)
    expect(r.errores.extras).toBe('Solo hay 5 unidades disponibles de Crema de Rosas')
    expect(validarPago(form, cuenta, disponible, '2026-11-25', { [CREMA]: '1.5' }).errores.extras).toBe('La cantidad debe ser un número positivo.')
  })

  it('refuses a final amount with a third decimal or a sign instead of rounding it', () => {
    const cuenta = { costoTratamiento: 10000, adelanto: 0, extras: [] }
    const base = { metodo: 'Efectivo', fecha: '2026-11-25', referencia: '', notas: '' }
    expect(validarPago({ ...base, montoFinal: '100.005' }, cuenta, new Map(), '2026-11-25').errores.montoFinal).toBe(
      'El monto final pagado debe ser un número válido y no negativo.',
    )
    expect(validarPago({ ...base, montoFinal: '-100' }, cuenta, new Map(), '2026-11-25').errores.montoFinal).toBeDefined()
    expect(validarPago({ ...base, montoFinal: '1,234.50' }, cuenta, new Map(), '2026-11-25').ok).toBe(true)
  })

  it('offers active items by name, products with no available units disabled', () => {
    const disponible = new Map([[CREMA, 0], [ACEITE, 4]])
    const opciones = opcionesExtras([crema, masaje, aceite, { ...facial, activo: false }], disponible)
    expect(opciones.map((o) => [o.item.nombre, o.disponible, o.deshabilitado])).toEqual([
      ['Aceite de Coco', 4, false],
      ['Crema de Rosas', 0, true],
      ['Masaje Relajante', null, false],
    ])
  })
})

describe('validarPago', () => {
  const cuenta: CuentaPago = { costoTratamiento: 15000, adelanto: 5000, extras: [{ id_tratamiento: CREMA, nombre: 'Crema de Rosas', tipo: 'producto', precio: 4000, cantidad: 2 }] }
  const form = { montoFinal: '180', metodo: 'Yape', fecha: '2026-11-24', referencia: '', notas: '' }
  const stock = new Map([[CREMA, 2]])

  it('accepts a complete form', () => {
    expect(validarPago(form, cuenta, stock, '2026-11-24')).toEqual({ errores: {}, stock: null, ok: true })
    expect(validarPago({ ...form, montoFinal: '0' }, cuenta, stock, '2026-11-24').ok).toBe(true)
    expect(validarPago({ ...form, montoFinal: '179,50' }, cuenta, stock, '2026-11-24').ok).toBe(true)
  })

  it('requires a method and a non-negative amount with the spec messages', () => {
    const r = validarPago({ ...form, metodo: ' ', montoFinal: '-1' }, cuenta, stock, '2026-11-24')
    expect(r.ok).toBe(false)
    expect(r.errores).toEqual({ metodo: 'Por favor, selecciona un método de pago final.', montoFinal: 'El monto final pagado debe ser un número válido y no negativo.' })
    for (const malo of ['', 'abc', 'NaN']) expect(validarPago({ ...form, montoFinal: malo }, cuenta, stock, '2026-11-24').errores.montoFinal).toBe(MENSAJES_PAGO.montoFinal)
  })

  it('requires a real payment date, not after today', () => {
    expect(validarPago({ ...form, fecha: '' }, cuenta, stock, '2026-11-24').errores.fecha).toBe('La fecha de pago es obligatoria.')
    expect(validarPago({ ...form, fecha: '2026-02-30' }, cuenta, stock, '2026-11-24').errores.fecha).toBe('La fecha de pago es obligatoria.')
    expect(validarPago({ ...form, fecha: '2026-11-25' }, cuenta, stock, '2026-11-24').errores.fecha).toBe('La fecha de pago no puede ser mayor a la fecha actual.')
    expect(validarPago({ ...form, fecha: '2026-11-20' }, cuenta, stock, '2026-11-24').ok).toBe(true)
  })

  it('checks the stock again at submit (another sale on this device took units meanwhile)', () => {
    const r = validarPago(form, cuenta, new Map([[CREMA, 1]]), '2026-11-24')
    expect(r.ok).toBe(false)
    expect(r.stock).toEqual({ titulo: 'Stock Insuficiente', mensaje: 'Solo hay 1 unidad disponible de Crema de Rosas', nivel: 'error' })
    expect(validarPago(form, cuenta, new Map(), '2026-11-24').stock?.titulo).toBe('Producto Sin Stock')
  })
})

describe('filaPagoFinal', () => {
  it('is the tb_pagos_citas row in soles: total, advance, amount paid, extras only as items', () => {
    const cuenta: CuentaPago = {
      costoTratamiento: 15000,
      adelanto: 5000,
      extras: [
        { id_tratamiento: CREMA, nombre: 'Crema de Rosas', tipo: 'producto', precio: 4000, cantidad: 2 },
        { id_tratamiento: FACIAL, nombre: 'Facial Hidratante', tipo: 'tratamiento', precio: 12050, cantidad: 1 },
      ],
    }
    const fila = filaPagoFinal('p1', cita(), cuenta, { montoFinal: '300.50', metodo: ' Tarjeta de Crédito ', fecha: '2026-11-24', referencia: ' OP-77 ', notas: '  ' })
    expect(fila).toEqual({
      id_pago_cita: 'p1',
      id_cita: 'c1',
      monto_total_calculado: 350.5,
      monto_adelanto_aplicado: 50,
      monto_final_pagado: 300.5,
      metodo_pago_final: 'Tarjeta de Crédito',
      referencia_pago_final: 'OP-77',
      notas_pago: null,
      tratamientos_adicionales_info: [
        { id_tratamiento: CREMA, nombre: 'Crema de Rosas', costo_al_momento_del_pago: 40, cantidad: 2, tipo: 'producto' },
        { id_tratamiento: FACIAL, nombre: 'Facial Hidratante', costo_al_momento_del_pago: 120.5, cantidad: 1, tipo: 'tratamiento' },
      ],
      fecha_pago: '2026-11-24',
    })
  })

  it('refuses to build a row from an invalid amount', () => {
    expect(() => filaPagoFinal('p1', cita(), { costoTratamiento: 0, adelanto: 0, extras: [] }, { montoFinal: 'x', metodo: 'Yape', fecha: '2026-11-24', referencia: '', notas: '' })).toThrow(
      MENSAJES_PAGO.montoFinal,
    )
  })
})
