import { describe, expect, it } from 'vitest'
import type { PagoReporte } from './comisiones.ts'
import { citasDeHoy, cobradoHoy, ESTADOS_HOY, productosStockBajo, PROXIMAS_HOY, reservasPorConfirmar, type CatalogoHoy, type CitaHoy, type ProductoHoy } from './hoy.ts'
import type { ReservaLista } from './reservas.ts'
import { UMBRAL_STOCK_BAJO, stockState } from './tratamientos.ts'

const HOY = '2026-11-30'
const AYER = '2026-11-29'
/** 10:00 in Lima. */
const DIEZ = 10 * 60

let n = 0
function cita(over: Partial<CitaHoy>): CitaHoy {
  n += 1
  return {
    id_cita: `c${n}`,
    id_tratamiento: 'masaje',
    id_especialista: 'ana',
    nombre_tratamiento: 'Masaje relajante',
    nombre_cliente: `Cliente ${n}`,
    fecha_cita: HOY,
    hora_inicio: '11:00:00',
    estado_cita: 'Confirmada',
    monto_adelanto: null,
    id_pago_final: null,
    ...over,
  }
}

const catalogo: CatalogoHoy = {
  precios: new Map([
    ['masaje', { costo: 120 }],
    ['facial', { costo: '85.50' }],
  ]),
  especialista: (id) => ({ ana: { nombre: 'Ana', apellido: 'Torres' }, luis: { nombre: 'Luis', apellido: 'Quispe' } })[id],
}

describe('citasDeHoy', () => {
  it('counts the day by state, leaves out other days, direct sales and deleted citas', () => {
    const r = citasDeHoy(
      [
        cita({ estado_cita: 'Pendiente de Pago' }),
        cita({ estado_cita: 'Pendiente de Pago' }),
        cita({ estado_cita: 'Confirmada' }),
        cita({ estado_cita: 'Completada', id_pago_final: 'p0' }),
        cita({ estado_cita: 'Cancelada' }),
        cita({ estado_cita: 'Reprogramada' }),
        cita({ estado_cita: 'Venta Directa' }),
        cita({ estado_cita: 'Confirmada', fecha_cita: AYER }),
        cita({ estado_cita: 'Confirmada', _deleted: true }),
      ],
      [],
      HOY,
      DIEZ,
      catalogo,
    )
    expect(r.total).toBe(6)
    expect(r.porEstado).toEqual({ 'Pendiente de Pago': 2, Confirmada: 1, Completada: 1, Cancelada: 1, Reprogramada: 1 })
    expect(Object.keys(r.porEstado)).toEqual([...ESTADOS_HOY])
  })

  it('reads a timestamp date as its day', () => {
    expect(citasDeHoy([cita({ fecha_cita: `${HOY}T00:00:00` })], [], HOY, DIEZ, catalogo).total).toBe(1)
  })

  it('an empty day is all zeros', () => {
    expect(citasDeHoy([], [], HOY, DIEZ, catalogo)).toEqual({
      total: 0,
      porEstado: { 'Pendiente de Pago': 0, Confirmada: 0, Completada: 0, Cancelada: 0, Reprogramada: 0 },
      proximas: [],
      porCobrar: 0,
      montoPorCobrar: 0,
    })
  })

  it('lists the next three still to start from now on, by time, then specialist, then client', () => {
    const r = citasDeHoy(
      [
        cita({ id_cita: 'antes', hora_inicio: '09:59:00' }),
        cita({ id_cita: 'en-punto', hora_inicio: '10:00:00', nombre_cliente: 'Zoe' }),
        cita({ id_cita: 'cancelada', hora_inicio: '10:15:00', estado_cita: 'Cancelada' }),
        cita({ id_cita: 'completada', hora_inicio: '10:15:00', estado_cita: 'Completada', id_pago_final: 'p1' }),
        cita({ id_cita: 'luis', hora_inicio: '10:30:00', id_especialista: 'luis', nombre_cliente: 'Ana' }),
        cita({ id_cita: 'ana', hora_inicio: '10:30:00', id_especialista: 'ana', nombre_cliente: 'Zoe', estado_cita: 'Pendiente de Pago' }),
        cita({ id_cita: 'tarde', hora_inicio: '16:00:00' }),
        cita({ id_cita: 'sin-hora', hora_inicio: '' }),
        cita({ id_cita: 'manana', hora_inicio: '10:20:00', fecha_cita: '2026-12-01' }),
      ],
      [],
      HOY,
      DIEZ,
      catalogo,
    )
    expect(r.proximas.map((p) => p.id_cita)).toEqual(['en-punto', 'ana', 'luis'])
    expect(r.proximas).toHaveLength(PROXIMAS_HOY)
    expect(r.proximas[1]).toEqual({ id_cita: 'ana', minuto: 630, cliente: 'Zoe', tratamiento: 'Masaje relajante', especialista: 'Ana Torres' })
  })

  it('an upcoming cita with no specialist or treatment name shows them empty; a 12-hour time is read', () => {
    const r = citasDeHoy([cita({ id_cita: 'x', hora_inicio: '03:30 pm', id_especialista: null, nombre_tratamiento: null })], [], HOY, DIEZ, catalogo)
    expect(r.proximas).toEqual([{ id_cita: 'x', minuto: 930, cliente: r.proximas[0]!.cliente, tratamiento: '', especialista: '' }])
  })

  it('an unknown specialist id shows an empty name', () => {
    expect(citasDeHoy([cita({ id_especialista: 'nadie' })], [], HOY, DIEZ, catalogo).proximas[0]!.especialista).toBe('')
  })

  it('waiting for payment is Pagos’ list: Confirmada or Completada, no final payment, none on this device', () => {
    // Worked example: masaje S/ 120 with S/ 30 advance → S/ 90; facial S/ 85.50 → S/ 85.50;
    // a treatment the catalogue does not have counts S/ 0; an advance above the price → S/ 0.
    const r = citasDeHoy(
      [
        cita({ estado_cita: 'Confirmada', monto_adelanto: 30 }),
        cita({ estado_cita: 'Completada', id_tratamiento: 'facial' }),
        cita({ estado_cita: 'Confirmada', id_tratamiento: 'retirado' }),
        cita({ estado_cita: 'Confirmada', monto_adelanto: '150.00' }),
        cita({ id_cita: 'pagada-aqui', estado_cita: 'Confirmada' }),
        cita({ estado_cita: 'Completada', id_pago_final: 'p9' }),
        cita({ estado_cita: 'Pendiente de Pago' }),
        cita({ estado_cita: 'Cancelada' }),
        cita({ estado_cita: 'Confirmada', fecha_cita: AYER }),
      ],
      [{ id_pago_cita: 'local', id_cita: 'pagada-aqui' }],
      HOY,
      DIEZ,
      catalogo,
    )
    expect(r.porCobrar).toBe(4)
    expect(r.montoPorCobrar).toBe(9000 + 8550 + 0 + 0)
  })

  it('a cita without treatment (a product-only booking) leaves just the advance out of nothing', () => {
    expect(citasDeHoy([cita({ id_tratamiento: null, monto_adelanto: 10 })], [], HOY, DIEZ, catalogo)).toMatchObject({ porCobrar: 1, montoPorCobrar: 0 })
  })
})

describe('cobradoHoy', () => {
  const pago = (over: Partial<PagoReporte>): PagoReporte => ({
    id_pago_cita: `p${(n += 1)}`,
    id_cita: 'c',
    monto_total_calculado: 0,
    monto_adelanto_aplicado: 0,
    monto_final_pagado: 0,
    metodo_pago_final: 'Efectivo',
    referencia_pago_final: null,
    tratamientos_adicionales_info: null,
    fecha_pago: HOY,
    ...over,
  })

  it('adds today’s live payments by method, the amount paid, largest first', () => {
    // Worked example: Yape 50 + 25.50 = 75.50; Efectivo 120; yesterday's and a voided one left out.
    const r = cobradoHoy(
      [
        pago({ metodo_pago_final: 'Yape', monto_final_pagado: 50, monto_total_calculado: 80, monto_adelanto_aplicado: 30 }),
        pago({ metodo_pago_final: 'Efectivo', monto_final_pagado: '120.00' }),
        pago({ metodo_pago_final: 'yape', monto_final_pagado: 25.5 }),
        pago({ metodo_pago_final: 'Efectivo', monto_final_pagado: 999, fecha_pago: AYER }),
        pago({ metodo_pago_final: 'Efectivo', monto_final_pagado: 999, _deleted: true }),
      ],
      HOY,
    )
    expect(r).toEqual({
      metodos: [
        { metodo: 'Efectivo', pagos: 1, monto: 12000 },
        { metodo: 'Yape', pagos: 2, monto: 7550 },
      ],
      pagos: 3,
      total: 19550,
    })
  })

  it('nothing charged yet is zero', () => {
    expect(cobradoHoy([], HOY)).toEqual({ metodos: [], pagos: 0, total: 0 })
  })
})

describe('reservasPorConfirmar', () => {
  const reserva = (id_reserva: string, estado_reserva: string, over: Partial<ReservaLista> = {}): ReservaLista => ({
    id_reserva,
    nombre_cliente: 'Rosa',
    email_cliente: null,
    telefono_cliente: null,
    id_tratamiento: 'masaje',
    nombre_tratamiento: 'Masaje',
    fecha_reserva: HOY,
    hora_reserva: '10:00 am',
    estado_reserva,
    ...over,
  })

  it('counts pendiente ones that have no live cita on this device yet', () => {
    const reservas = [
      reserva('a', 'pendiente'),
      reserva('b', 'pendiente'),
      reserva('c', 'pendiente'),
      reserva('d', 'cancelada'),
      reserva('e', 'procesada'),
      reserva('f', 'pendiente', { _deleted: true }),
    ]
    const citas = [
      { id_reserva_origen: 'b', estado_cita: 'Confirmada' },
      { id_reserva_origen: 'c', estado_cita: 'Cancelada' },
      { id_reserva_origen: null, estado_cita: 'Confirmada' },
    ]
    expect(reservasPorConfirmar(reservas, citas)).toBe(2)
    expect(reservasPorConfirmar([], [])).toBe(0)
  })
})

describe('productosStockBajo', () => {
  const producto = (id_tratamiento: string, nombre: string, tr_cantidad: number | null, over: Partial<ProductoHoy> = {}): ProductoHoy => ({
    id_tratamiento,
    nombre,
    tipo: 'producto',
    activo: true,
    tr_cantidad,
    ...over,
  })

  it('active products at or below the threshold, fewest first then by name, with the device’s units', () => {
    const r = productosStockBajo(
      [
        producto('aceite', 'Aceite de coco', 6),
        producto('crema', 'Crema hidratante', 5),
        producto('bloqueador', 'Bloqueador', 5),
        producto('exfoliante', 'Exfoliante', 9),
        producto('vela', 'Vela aromática', 0),
        producto('inactivo', 'Inactivo', 0, { activo: false }),
        producto('borrado', 'Borrado', 0, { _deleted: true }),
        producto('masaje', 'Masaje', null, { tipo: 'tratamiento' }),
        producto('nuevo', 'Nuevo', null),
      ],
      // The device sold 4 exfoliantes not acknowledged yet, and one aceite.
      new Map([
        ['exfoliante', 5],
        ['aceite', 5],
        ['vela', -1],
      ]),
    )
    expect(r).toEqual([
      { id_tratamiento: 'vela', nombre: 'Vela aromática', unidades: -1 },
      { id_tratamiento: 'nuevo', nombre: 'Nuevo', unidades: 0 },
      { id_tratamiento: 'aceite', nombre: 'Aceite de coco', unidades: 5 },
      { id_tratamiento: 'bloqueador', nombre: 'Bloqueador', unidades: 5 },
      { id_tratamiento: 'crema', nombre: 'Crema hidratante', unidades: 5 },
      { id_tratamiento: 'exfoliante', nombre: 'Exfoliante', unidades: 5 },
    ])
  })

  it('the threshold is Tratamientos’ ‘Stock bajo’ (5 units) and can be given', () => {
    expect(UMBRAL_STOCK_BAJO).toBe(5)
    expect(stockState(UMBRAL_STOCK_BAJO, false)).toBe('bajo')
    expect(stockState(UMBRAL_STOCK_BAJO + 1, false)).toBe('normal')
    expect(productosStockBajo([producto('a', 'A', 2)], new Map(), 1)).toEqual([])
    expect(productosStockBajo([producto('a', 'A', 2)], new Map(), 2)).toHaveLength(1)
  })
})
