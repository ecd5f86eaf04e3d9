/**
 * 'Reporte Ventas Productos' (spec 2 §2.7, §9 "Exports": reporte_ventas_productos_ plus a
 * timestamp, sheet 'Ventas Productos', grouped by date and product with totals). Every
 * product item of the filtered payments counts: direct sales and products added to an
 * appointment's payment alike. Amounts are the items' price × quantity at sale time.
 */
import { peruMarcaArchivo } from './peru-time.ts'
import { importeItem, leerItems } from './items-pago.ts'
import type { HojaSpec } from './hoja-excel.ts'
import { diaCelda, hojaConTotal, soles, type Celda } from './tabla-excel.ts'
import type { TratamientoComision } from './comisiones.ts'
import { compararTexto, pagosFiltrados, type DatosReporte } from './reporte-pagos.ts'
import type { FiltrosReporte } from './reporte-pagos-busqueda.ts'
import { compararEs } from './text.ts'

export interface FilaVentaProducto {
  fecha: string
  id_tratamiento: string
  producto: string
  cantidad: number
  /** Céntimos. */
  importe: number
}

export interface VentasProductos {
  filas: FilaVentaProducto[]
  totales: { cantidad: number; importe: number }
}

export const MENSAJE_SIN_VENTAS_PRODUCTOS = 'No hay ventas de productos con estos filtros.'

/** Units and amount per (payment date, product), oldest date first, products by name. */
export function ventasDeProductos(datos: Pick<DatosReporte, 'pagos' | 'citas'> & { catalogo: ReadonlyMap<string, TratamientoComision> }, filtros: FiltrosReporte): VentasProductos {
  const grupos = new Map<string, FilaVentaProducto>()
  for (const p of pagosFiltrados(datos, filtros)) {
    for (const item of leerItems(p.tratamientos_adicionales_info)) {
      if (item.tipo !== 'producto') continue
      const clave = `${p.fecha_pago}|${item.id_tratamiento}`
      const fila = grupos.get(clave) ?? {
        fecha: p.fecha_pago,
        id_tratamiento: item.id_tratamiento,
        // Today's name, so a renamed product is one group; the sold name if it is gone.
        producto: datos.catalogo.get(item.id_tratamiento)?.nombre ?? item.nombre,
        cantidad: 0,
        importe: 0,
      }
      fila.cantidad += item.cantidad
      fila.importe += importeItem(item)
      grupos.set(clave, fila)
    }
  }
  const filas = [...grupos.values()].sort((a, b) => compararTexto(a.fecha, b.fecha) || compararEs(a.producto, b.producto) || compararTexto(a.id_tratamiento, b.id_tratamiento))
  return {
    filas,
    totales: { cantidad: filas.reduce((s, f) => s + f.cantidad, 0), importe: filas.reduce((s, f) => s + f.importe, 0) },
  }
}

/** reporte_ventas_productos_{yyyymmdd-hhmm}.xlsx in Lima time. */
export function nombreArchivoVentasProductos(ahora: Date): string {
  return `reporte_ventas_productos_${peruMarcaArchivo(ahora)}.xlsx`
}

export function hojaVentasProductos(ventas: VentasProductos): HojaSpec<Celda[]> {
  return hojaConTotal(
    'Ventas Productos',
    [
      { titulo: 'Fecha', tipo: 'fecha' },
      { titulo: 'Producto', tipo: 'texto' },
      { titulo: 'Cantidad', tipo: 'entero', total: true },
      { titulo: 'Total', tipo: 'dinero', total: true },
    ],
    ventas.filas.map((f) => [diaCelda(f.fecha), f.producto, f.cantidad, soles(f.importe)]),
  )
}
