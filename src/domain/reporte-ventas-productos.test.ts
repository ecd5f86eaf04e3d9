import { describe, expect, it } from 'vitest'
import type { CitaReporte, PagoReporte, TratamientoComision } from './comisiones.ts'
import type { FiltrosReporte } from './reporte-pagos-busqueda.ts'
import { celdas } from '@tests/support/celdas.ts'
import { MENSAJE_SIN_VENTAS_PRODUCTOS, hojaVentasProductos, nombreArchivoVentasProductos, ventasDeProductos } from './reporte-ventas-productos.ts'

const MASAJE = 'aaaaaaaa-0000-4000-8000-000000000001'
const CREMA = 'bbbbbbbb-0000-4000-8000-000000000002'
const ACEITE = 'bbbbbbbb-0000-4000-8000-000000000003'
const catalogo = new Map<string, TratamientoComision>([
  [MASAJE, { nombre: 'Masaje Relajante', tipo: 'tratamiento' }],
  [CREMA, { nombre: 'Crema de Rosas', tipo: 'producto' }],
  [ACEITE, { nombre: 'Aceite de Coco', tipo: 'producto' }],
])
const citas = new Map<string, CitaReporte>([
  ['c1', { id_cita: 'c1', id_tratamiento: MASAJE, nombre_tratamiento: 'Masaje Relajante', nombre_cliente: 'Rosa Huamán', estado_cita: 'Completada' }],
  ['v1', { id_cita: 'v1', id_tratamiento: null, nombre_tratamiento: 'VENTA PRODUCTOS', nombre_cliente: 'Luis Ñique', estado_cita: 'Venta Directa' }],
  ['v2', { id_cita: 'v2', id_tratamiento: null, nombre_tratamiento: 'VENTA PRODUCTOS', nombre_cliente: 'Ana Pérez', estado_cita: 'Venta Directa' }],
])
const item = (id: string, nombre: string, costo: number, cantidad: number, tipo = 'producto') => ({ id_tratamiento: id, nombre, costo_al_momento_del_pago: costo, cantidad, tipo })
function pago(id: string, idCita: string, fecha: string, items: unknown[], extra: Partial<PagoReporte> = {}): PagoReporte {
  return { id_pago_cita: id, id_cita: idCita, monto_total_calculado: 0, monto_adelanto_aplicado: 0, monto_final_pagado: 0, metodo_pago_final: 'Efectivo', referencia_pago_final: null, tratamientos_adicionales_info: items, fecha_pago: fecha, ...extra }
}
const pagos = [
  // A product added to an appointment's payment counts, its treatment does not.
  pago('p1', 'c1', '2026-11-23', [item(CREMA, 'Crema de Rosas', 40, 1), item(MASAJE, 'Masaje Relajante', 150, 1, 'tratamiento')]),
  pago('p2', 'v1', '2026-11-23', [item(CREMA, 'Crema Rosas (nombre antiguo)', 38, 2), item(ACEITE, 'Aceite de Coco', 25.5, 1)], { metodo_pago_final: 'Yape' }),
  pago('p3', 'v2', '2026-11-24', [item(CREMA, 'Crema de Rosas', 40, 3)]),
  pago('p4', 'v2', '2026-11-24', [item(CREMA, 'Crema de Rosas', 40, 9)], { _deleted: true }),
]
const todos: FiltrosReporte = { cliente: '', desde: '', hasta: '', metodo: '', detallado: false }

describe('ventasDeProductos', () => {
  it('groups product units and amounts by date and product, with totals', () => {
    const r = ventasDeProductos({ pagos, citas, catalogo }, todos)
    expect(r.filas).toEqual([
      { fecha: '2026-11-23', id_tratamiento: ACEITE, producto: 'Aceite de Coco', cantidad: 1, importe: 2550 },
      // 1 × 40.00 + 2 × 38.00 at the prices of each sale, under today's name.
      { fecha: '2026-11-23', id_tratamiento: CREMA, producto: 'Crema de Rosas', cantidad: 3, importe: 11600 },
      { fecha: '2026-11-24', id_tratamiento: CREMA, producto: 'Crema de Rosas', cantidad: 3, importe: 12000 },
    ])
    expect(r.totales).toEqual({ cantidad: 7, importe: 26150 })
  })

  it('follows the report filters (client, dates, method)', () => {
    expect(ventasDeProductos({ pagos, citas, catalogo }, { ...todos, metodo: 'Yape' }).totales).toEqual({ cantidad: 3, importe: 10150 })
    expect(ventasDeProductos({ pagos, citas, catalogo }, { ...todos, cliente: 'ana' }).filas.map((f) => f.fecha)).toEqual(['2026-11-24'])
    expect(ventasDeProductos({ pagos, citas, catalogo }, { ...todos, desde: '2026-11-25' })).toEqual({ filas: [], totales: { cantidad: 0, importe: 0 } })
    expect(MENSAJE_SIN_VENTAS_PRODUCTOS).toBe('No hay ventas de productos con estos filtros.')
  })

  it('keeps the sold name of a product no longer in the catalogue', () => {
    const r = ventasDeProductos({ pagos: [pagos[2]!], citas, catalogo: new Map() }, todos)
    expect(r.filas[0]!.producto).toBe('Crema de Rosas')
  })
})

describe('export', () => {
  it('sheet Ventas Productos: Fecha, Producto, Cantidad, Total and a total row', () => {
    const hoja = hojaVentasProductos(ventasDeProductos({ pagos, citas, catalogo }, todos))
    expect(hoja.name).toBe('Ventas Productos')
    expect(hoja.columns.map((c) => [c.header, c.format])).toEqual([
      ['Fecha', 'date'],
      ['Producto', 'text'],
      ['Cantidad', 'integer'],
      ['Total', 'money'],
    ])
    expect(celdas(hoja).slice(1)).toEqual([
      ['2026-11-23', 'Aceite de Coco', 1, 25.5],
      ['2026-11-23', 'Crema de Rosas', 3, 116],
      ['2026-11-24', 'Crema de Rosas', 3, 120],
      ['Total', null, 7, 261.5],
    ])
  })

  it('file name reporte_ventas_productos_{yyyymmdd-hhmm}.xlsx', () => {
    expect(nombreArchivoVentasProductos(new Date('2026-11-24T14:30:00Z'))).toBe('reporte_ventas_productos_20261124-0930.xlsx')
  })
})
