import { describe, expect, it } from 'vitest'
import type { CitaReporte, PagoReporte, TratamientoComision } from './comisiones.ts'
import {
  ITEM_DIFERENCIA,
  adelantosPendientes,
  confirmacionAnularPago,
  estadoVisible,
  pagosFiltrados,
  reportePagos,
  validarFiltros,
  type CitaAdelanto,
  type DatosReporte,
} from './reporte-pagos.ts'
import { filtrosIniciales, type FiltrosReporte } from './reporte-pagos-busqueda.ts'

const MASAJE = 'aaaaaaaa-0000-4000-8000-000000000001'
const CREMA = 'bbbbbbbb-0000-4000-8000-000000000002'
const catalogo = new Map<string, TratamientoComision>([
  [MASAJE, { nombre: 'Masaje Relajante', tipo: 'tratamiento', comision: 10 }],
  [CREMA, { nombre: 'Crema de Rosas', tipo: 'producto', comision: null }],
])
const metodos = [
  { descripcion: 'Efectivo', comision: 0 },
  { descripcion: 'Tarjeta de Crédito', comision: 4.071 },
]
const crema = (cantidad: number) => ({ id_tratamiento: CREMA, nombre: 'Crema de Rosas', costo_al_momento_del_pago: 40, cantidad, tipo: 'producto' })

const citas = new Map<string, CitaReporte>([
  ['c-rosa', { id_cita: 'c-rosa', id_tratamiento: MASAJE, nombre_tratamiento: 'Masaje Relajante', nombre_cliente: 'Rosa Huamán', estado_cita: 'Completada' }],
  ['c-ana', { id_cita: 'c-ana', id_tratamiento: MASAJE, nombre_tratamiento: 'Masaje Relajante', nombre_cliente: 'Ana Pérez', estado_cita: 'Completada' }],
  ['v-luis', { id_cita: 'v-luis', id_tratamiento: null, nombre_tratamiento: 'VENTA PRODUCTOS: Crema de Rosas x2', nombre_cliente: 'Luis Ñique', estado_cita: 'Venta Directa' }],
])

function pago(id: string, idCita: string, fecha: string, extra: Partial<PagoReporte>): PagoReporte {
  return {
    id_pago_cita: id,
    id_cita: idCita,
    monto_total_calculado: 0,
    monto_adelanto_aplicado: 0,
    monto_final_pagado: 0,
    metodo_pago_final: 'Efectivo',
    referencia_pago_final: null,
    tratamientos_adicionales_info: [],
    fecha_pago: fecha,
    created_at: `${fecha}T15:00:00.000000Z`,
    ...extra,
  }
}

// Day 1: Rosa's massage + cream by card (the brief's example) and Luis's direct sale in cash.
// Day 2: Ana's massage in cash, S/ 10 below the suggested amount.
const pagos: PagoReporte[] = [
  pago('p-ana', 'c-ana', '2026-11-24', { monto_total_calculado: 150, monto_final_pagado: 140 }),
  pago('p-rosa', 'c-rosa', '2026-11-23', {
    monto_total_calculado: 190,
    monto_adelanto_aplicado: 50,
    monto_final_pagado: 140,
    metodo_pago_final: 'Tarjeta de Crédito',
    referencia_pago_final: 'OP-1',
    tratamientos_adicionales_info: [crema(1)],
  }),
  pago('p-luis', 'v-luis', '2026-11-23', { monto_total_calculado: 80, monto_final_pagado: 80, tratamientos_adicionales_info: [crema(2)], created_at: '2026-11-23T20:00:00.000000Z' }),
  pago('p-anulado', 'c-ana', '2026-11-23', { monto_total_calculado: 150, monto_final_pagado: 150, _deleted: true }),
]
const datos: DatosReporte = { pagos, citas, catalogo, metodos }
const todos: FiltrosReporte = { cliente: '', desde: '', hasta: '', metodo: '', detallado: false }

describe('filters', () => {
  it('opens on this month so far', () => {
    expect(filtrosIniciales('2026-11-24')).toEqual({ cliente: '', desde: '2026-11-01', hasta: '2026-11-24', metodo: '', detallado: false })
  })

  it('refuses impossible dates and a reversed range', () => {
    expect(validarFiltros(todos)).toBeNull()
    expect(validarFiltros({ ...todos, desde: '2026-13-01' })).toBe('La fecha "Desde" no es válida.')
    expect(validarFiltros({ ...todos, hasta: '24/11/2026' })).toBe('La fecha "Hasta" no es válida.')
    expect(validarFiltros({ ...todos, desde: '2026-11-25', hasta: '2026-11-24' })).toBe('La fecha "Desde" no puede ser posterior a la fecha "Hasta".')
    expect(validarFiltros({ ...todos, desde: '2026-11-24', hasta: '2026-11-24' })).toBeNull()
  })

  it('keeps live payments by date, then time of entry; voided ones never show', () => {
    expect(pagosFiltrados(datos, todos).map((p) => p.id_pago_cita)).toEqual(['p-rosa', 'p-luis', 'p-ana'])
  })

  it('filters by client (part of the name, no case or accents), dates (both ends included) and method', () => {
    const ids = (f: Partial<FiltrosReporte>) => pagosFiltrados(datos, { ...todos, ...f }).map((p) => p.id_pago_cita)
    expect(ids({ cliente: 'nique' })).toEqual(['p-luis'])
    expect(ids({ cliente: '  ROSA   huaman ' })).toEqual(['p-rosa'])
    expect(ids({ desde: '2026-11-24' })).toEqual(['p-ana'])
    expect(ids({ hasta: '2026-11-23' })).toEqual(['p-rosa', 'p-luis'])
    expect(ids({ desde: '2026-11-23', hasta: '2026-11-23', metodo: 'efectivo' })).toEqual(['p-luis'])
    expect(ids({ metodo: 'Yape' })).toEqual([])
  })
})

describe('one row per payment', () => {
  const r = reportePagos(datos, todos)

  it('Mixto row: the brief\'s example with its POS commission, sales commission and net', () => {
    expect(r.filas[0]).toMatchObject({
      id_pago_cita: 'p-rosa',
      fecha: '2026-11-23',
      cliente: 'Rosa Huamán',
      detalle: 'Masaje Relajante, Crema de Rosas',
      tipo: 'Mixto',
      metodo: 'Tarjeta de Crédito',
      referencia: 'OP-1',
      ventaDirecta: false,
      total: 19000,
      adelanto: 5000,
      pagado: 14000,
      comisionPos: 570,
      comisionVenta: 955,
      neto: 12475,
    })
  })

  it('a direct sale is a Producto row with no sales commission', () => {
    expect(r.filas[1]).toMatchObject({ id_pago_cita: 'p-luis', tipo: 'Producto', detalle: 'Crema de Rosas x2', ventaDirecta: true, pagado: 8000, comisionPos: 0, comisionVenta: 0, neto: 8000 })
  })

  it('a treatment alone is a Tratamiento row; commission on the list price (S/ 150 × 10 %)', () => {
    expect(r.filas[2]).toMatchObject({ id_pago_cita: 'p-ana', tipo: 'Tratamiento', pagado: 14000, comisionVenta: 1500, neto: 12500 })
  })

  it('totals add the rows', () => {
    expect(r.totales).toEqual({ pagos: 3, total: 42000, adelanto: 5000, pagado: 36000, comisionPos: 570, comisionVenta: 2455, neto: 32975 })
  })
})

describe('Detallado: one row per item', () => {
  const r = reportePagos(datos, { ...todos, detallado: true })

  it('lists each item with its share of POS commission, advance, sales commission and net', () => {
    expect(r.detalle.map((d) => [d.id_pago_cita, d.item, d.tipo, d.cantidad, d.precioUnitario, d.importe, d.comisionPos, d.adelanto, d.comisionVenta, d.neto])).toEqual([
      ['p-rosa', 'Masaje Relajante', 'Tratamiento', 1, 15000, 15000, 450, 5000, 955, 8595],
      ['p-rosa', 'Crema de Rosas', 'Producto', 1, 4000, 4000, 120, 0, 0, 3880],
      ['p-luis', 'Crema de Rosas', 'Producto', 2, 4000, 8000, 0, 0, 0, 8000],
      ['p-ana', 'Masaje Relajante', 'Tratamiento', 1, 15000, 15000, 0, 0, 1500, 13500],
      // Ana paid S/ 140 for S/ 150: the difference is its own row, so the items add up to the payment.
      ['p-ana', ITEM_DIFERENCIA, 'Ajuste', null, null, -1000, 0, 0, 0, -1000],
    ])
  })

  it('its nets add up to the payments\' nets, payment by payment and in total', () => {
    for (const fila of r.filas) {
      expect(r.detalle.filter((d) => d.id_pago_cita === fila.id_pago_cita).reduce((s, d) => s + d.neto, 0)).toBe(fila.neto)
    }
    expect(r.detalle.reduce((s, d) => s + d.neto, 0)).toBe(r.totales.neto)
  })

  it('carries the payment\'s date, client, method and reference on every item', () => {
    expect(r.detalle[1]).toMatchObject({ fecha: '2026-11-23', cliente: 'Rosa Huamán', metodo: 'Tarjeta de Crédito', referencia: 'OP-1' })
  })
})

describe('daily summary across two days', () => {
  it('adds payments, gross, POS commission, sales commission and net per payment date', () => {
    expect(reportePagos(datos, todos).resumenDiario).toEqual([
      { fecha: '2026-11-23', pagos: 2, bruto: 22000, comisionPos: 570, comisionVenta: 955, neto: 20475 },
      { fecha: '2026-11-24', pagos: 1, bruto: 14000, comisionPos: 0, comisionVenta: 1500, neto: 12500 },
    ])
  })

  it('follows the filters', () => {
    expect(reportePagos(datos, { ...todos, metodo: 'Efectivo' }).resumenDiario.map((d) => [d.fecha, d.pagos, d.bruto])).toEqual([
      ['2026-11-23', 1, 8000],
      ['2026-11-24', 1, 14000],
    ])
  })

  it('is empty with no payments', () => {
    expect(reportePagos({ ...datos, pagos: [] }, todos)).toEqual({
      filas: [],
      detalle: [],
      totales: { pagos: 0, total: 0, adelanto: 0, pagado: 0, comisionPos: 0, comisionVenta: 0, neto: 0 },
      resumenDiario: [],
    })
  })
})

describe('pending advances', () => {
  const cita = (id: string, extra: Partial<CitaAdelanto>): CitaAdelanto => ({
    id_cita: id,
    id_tratamiento: MASAJE,
    nombre_tratamiento: 'Masaje Relajante',
    nombre_cliente: 'Rosa Huamán',
    estado_cita: 'Confirmada',
    fecha_cita: '2026-11-25',
    hora_inicio: '10:00:00',
    monto_adelanto: 50,
    metodo_pago_adelanto: 'Yape',
    referencia_pago_adelanto: null,
    fecha_pago_adelanto: '2026-11-20',
    ...extra,
  })
  const lista = [
    cita('confirmada', {}),
    cita('sin-confirmar', { estado_cita: 'Pendiente de Pago', fecha_cita: '2026-11-28', nombre_cliente: 'Ana Pérez', monto_adelanto: '30.00' }),
    cita('cancelada', { estado_cita: 'Cancelada', fecha_cita: '2026-11-25', hora_inicio: '09:00:00' }),
    cita('completada', { estado_cita: 'Completada' }),
    cita('sin-adelanto', { monto_adelanto: 0 }),
    cita('pagada-aqui', {}),
    cita('borrada', { _deleted: true }),
  ]

  it('lists advances above 0 of appointments not Completada, newest appointment first', () => {
    const r = adelantosPendientes(lista, [{ id_cita: 'pagada-aqui' }])
    expect(r.map((f) => [f.id_cita, f.estado, f.adelanto])).toEqual([
      ['sin-confirmar', 'Sin Confirmar', 3000],
      ['cancelada', 'Cancelada', 5000],
      ['confirmada', 'Confirmada', 5000],
    ])
    expect(r[2]).toEqual({
      id_cita: 'confirmada',
      fechaCita: '2026-11-25',
      cliente: 'Rosa Huamán',
      tratamiento: 'Masaje Relajante',
      estado: 'Confirmada',
      adelanto: 5000,
      metodo: 'Yape',
      fechaPago: '2026-11-20',
      referencia: null,
    })
  })

  it('a voided payment does not count; the client filter applies', () => {
    expect(adelantosPendientes(lista, [{ id_cita: 'pagada-aqui', _deleted: true }]).map((f) => f.id_cita)).toContain('pagada-aqui')
    expect(adelantosPendientes(lista, [], 'perez').map((f) => f.id_cita)).toEqual(['sin-confirmar'])
  })

  it('shows Pendiente de Pago as Sin Confirmar', () => {
    expect(estadoVisible('Pendiente de Pago')).toBe('Sin Confirmar')
    expect(estadoVisible('Reprogramada')).toBe('Reprogramada')
  })
})

describe('Anular pago', () => {
  const r = reportePagos(datos, todos)
  it('asks before reopening the appointment and returning the stock', () => {
    expect(confirmacionAnularPago(r.filas[0]!)).toEqual({
      titulo: 'Anular pago',
      mensaje: '¿Anular el pago de Rosa Huamán del 23/11/2026 por S/ 140.00? La cita volverá a quedar pendiente de pago y se devolverá el stock de sus productos.',
      confirmar: 'Anular pago',
    })
    expect(confirmacionAnularPago(r.filas[2]!).mensaje).toBe('¿Anular el pago de Ana Pérez del 24/11/2026 por S/ 140.00? La cita volverá a quedar pendiente de pago.')
  })
  it('words a direct sale as a sale', () => {
    expect(confirmacionAnularPago(r.filas[1]!).mensaje).toBe(
      '¿Anular la venta de productos a Luis Ñique del 23/11/2026 por S/ 80.00? La venta desaparecerá de los reportes y se devolverá el stock de sus productos.',
    )
  })
})
