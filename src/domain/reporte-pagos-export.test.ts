import { describe, expect, it } from 'vitest'
import type { CitaReporte, PagoReporte, TratamientoComision } from './comisiones.ts'
import { adelantosPendientes, reportePagos, type CitaAdelanto } from './reporte-pagos.ts'
import type { FiltrosReporte } from './reporte-pagos-busqueda.ts'
import { hojasReportePagos, nombreArchivoReportePagos } from './reporte-pagos-export.ts'
import type { HojaSpec } from './hoja-excel.ts'
import { celdas } from '@tests/support/celdas.ts'

/** The data rows and the total row, without the header. */
const filas = <T>(hoja: HojaSpec<T>) => celdas(hoja).slice(1)

const MASAJE = 'aaaaaaaa-0000-4000-8000-000000000001'
const CREMA = 'bbbbbbbb-0000-4000-8000-000000000002'
const catalogo = new Map<string, TratamientoComision>([
  [MASAJE, { nombre: 'Masaje Relajante', tipo: 'tratamiento', comision: 10 }],
  [CREMA, { nombre: 'Crema de Rosas', tipo: 'producto' }],
])
const citas = new Map<string, CitaReporte>([
  ['c-rosa', { id_cita: 'c-rosa', id_tratamiento: MASAJE, nombre_tratamiento: 'Masaje Relajante', nombre_cliente: 'Rosa Huamán', estado_cita: 'Completada' }],
  ['v-luis', { id_cita: 'v-luis', id_tratamiento: null, nombre_tratamiento: 'VENTA PRODUCTOS: Crema de Rosas x2', nombre_cliente: 'Luis Ñique', estado_cita: 'Venta Directa' }],
])
const pagos: PagoReporte[] = [
  {
    id_pago_cita: 'p-rosa',
    id_cita: 'c-rosa',
    monto_total_calculado: 190,
    monto_adelanto_aplicado: 50,
    monto_final_pagado: 140,
    metodo_pago_final: 'Tarjeta de Crédito',
    referencia_pago_final: 'OP-1',
    tratamientos_adicionales_info: [{ id_tratamiento: CREMA, nombre: 'Crema de Rosas', costo_al_momento_del_pago: 40, cantidad: 1, tipo: 'producto' }],
    fecha_pago: '2026-11-23',
  },
  {
    id_pago_cita: 'p-luis',
    id_cita: 'v-luis',
    monto_total_calculado: 80,
    monto_adelanto_aplicado: 0,
    monto_final_pagado: 80,
    metodo_pago_final: 'Efectivo',
    referencia_pago_final: 'VENTA_PRODUCTOS_1_a',
    tratamientos_adicionales_info: [{ id_tratamiento: CREMA, nombre: 'Crema de Rosas', costo_al_momento_del_pago: 40, cantidad: 2, tipo: 'producto' }],
    fecha_pago: '2026-11-24',
  },
]
const metodos = [{ descripcion: 'Tarjeta de Crédito', comision: 4.071 }]
const filtros: FiltrosReporte = { cliente: '', desde: '', hasta: '', metodo: '', detallado: false }
const reporte = reportePagos({ pagos, citas, catalogo, metodos }, filtros)
const detallado = reportePagos({ pagos, citas, catalogo, metodos }, { ...filtros, detallado: true })
const adelanto: CitaAdelanto = {
  id_cita: 'c-ana',
  id_tratamiento: MASAJE,
  nombre_tratamiento: 'Masaje Relajante',
  nombre_cliente: 'Ana Pérez',
  estado_cita: 'Pendiente de Pago',
  fecha_cita: '2026-11-28',
  hora_inicio: '10:00:00',
  monto_adelanto: 50,
  metodo_pago_adelanto: 'Yape',
  referencia_pago_adelanto: 'Y-9',
  fecha_pago_adelanto: '2026-11-22',
}
const adelantos = adelantosPendientes([adelanto], pagos)

describe('nombreArchivoReportePagos', () => {
  it('is reporte_pagos_{yyyymmdd-hhmm}.xlsx in Lima time', () => {
    expect(nombreArchivoReportePagos(new Date('2026-11-25T02:05:00Z'))).toBe('reporte_pagos_20261124-2105.xlsx')
  })
})

describe('hojasReportePagos, administrator', () => {
  const hojas = hojasReportePagos({ reporte, adelantos, detallado: false, esAdmin: true })

  it('has Pagos, Adelantos Pendientes and Resumen Diario', () => {
    expect(hojas.map((h) => h.name)).toEqual(['Pagos', 'Adelantos Pendientes', 'Resumen Diario'])
  })

  it('Pagos: one row per payment with the admin columns, numbers as numbers, dates as date cells, and a total', () => {
    const [pagosHoja] = hojas
    expect(pagosHoja!.columns.map((c) => c.header)).toEqual([
      'Fecha',
      'Cliente',
      'Detalle',
      'Tipo',
      'Método de Pago',
      'Referencia',
      'Total',
      'Adelanto',
      'Monto Pagado',
      'Comisión POS',
      'Comisión Venta',
      'Neto',
    ])
    expect(filas(pagosHoja!)).toEqual([
      ['2026-11-23', 'Rosa Huamán', 'Masaje Relajante, Crema de Rosas', 'Mixto', 'Tarjeta de Crédito', 'OP-1', 190, 50, 140, 5.7, 9.55, 124.75],
      ['2026-11-24', 'Luis Ñique', 'Crema de Rosas x2', 'Producto', 'Efectivo', 'VENTA_PRODUCTOS_1_a', 80, 0, 80, 0, 0, 80],
      ['Total', null, null, null, null, null, 270, 50, 220, 5.7, 9.55, 204.75],
    ])
  })

  it('Adelantos Pendientes lists the advances with their total', () => {
    expect(filas(hojas[1]!)).toEqual([
      ['2026-11-28', 'Ana Pérez', 'Masaje Relajante', 'Sin Confirmar', 50, 'Yape', '2026-11-22', 'Y-9'],
      ['Total', null, null, null, 50, null, null, null],
    ])
  })

  it('Resumen Diario gives per day payments, gross, commissions and net', () => {
    expect(hojas[2]!.columns.map((c) => c.header)).toEqual(['Fecha', 'Pagos', 'Monto Bruto', 'Comisión POS', 'Comisión Venta', 'Neto'])
    expect(filas(hojas[2]!)).toEqual([
      ['2026-11-23', 1, 140, 5.7, 9.55, 124.75],
      ['2026-11-24', 1, 80, 0, 0, 80],
      ['Total', 2, 220, 5.7, 9.55, 204.75],
    ])
  })
})

describe('hojasReportePagos, staff', () => {
  const hojas = hojasReportePagos({ reporte, adelantos, detallado: false, esAdmin: false })

  it('has no daily summary and no commission or net column', () => {
    expect(hojas.map((h) => h.name)).toEqual(['Pagos', 'Adelantos Pendientes'])
    const titulos = hojas.flatMap((h) => h.columns.map((c) => c.header))
    for (const oculto of ['Comisión POS', 'Comisión Venta', 'Neto']) expect(titulos).not.toContain(oculto)
    expect(filas(hojas[0]!)[0]).toEqual(['2026-11-23', 'Rosa Huamán', 'Masaje Relajante, Crema de Rosas', 'Mixto', 'Tarjeta de Crédito', 'OP-1', 190, 50, 140])
  })
})

describe('Detallado', () => {
  it('one row per item, admin columns for an administrator', () => {
    const [hoja] = hojasReportePagos({ reporte: detallado, adelantos, detallado: true, esAdmin: true })
    expect(hoja!.columns.map((c) => c.header)).toEqual([
      'Fecha',
      'Cliente',
      'Ítem',
      'Tipo',
      'Cantidad',
      'Precio Unitario',
      'Importe',
      'Adelanto Aplicado',
      'Método de Pago',
      'Referencia',
      'Comisión POS',
      'Comisión Venta',
      'Neto',
    ])
    expect(filas(hoja!)).toEqual([
      ['2026-11-23', 'Rosa Huamán', 'Masaje Relajante', 'Tratamiento', 1, 150, 150, 50, 'Tarjeta de Crédito', 'OP-1', 4.5, 9.55, 85.95],
      ['2026-11-23', 'Rosa Huamán', 'Crema de Rosas', 'Producto', 1, 40, 40, 0, 'Tarjeta de Crédito', 'OP-1', 1.2, 0, 38.8],
      ['2026-11-24', 'Luis Ñique', 'Crema de Rosas', 'Producto', 2, 40, 80, 0, 'Efectivo', 'VENTA_PRODUCTOS_1_a', 0, 0, 80],
      // The detailed total equals the per-payment total.
      ['Total', null, null, null, 4, null, 270, 50, null, null, 5.7, 9.55, 204.75],
    ])
  })

  it('staff see the items without commissions', () => {
    const [hoja] = hojasReportePagos({ reporte: detallado, adelantos, detallado: true, esAdmin: false })
    expect(hoja!.columns).toHaveLength(10)
    expect(filas(hoja!)[0]).toEqual(['2026-11-23', 'Rosa Huamán', 'Masaje Relajante', 'Tratamiento', 1, 150, 150, 50, 'Tarjeta de Crédito', 'OP-1'])
  })
})
