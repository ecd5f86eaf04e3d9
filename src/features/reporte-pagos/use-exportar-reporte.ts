/**
 * The report's two downloads, built on the device from what the report shows (spec 2 §9
 * "Exports"; docs/decisions/0009-caja.md "Exports"): 'Exportar a Excel' (sheets 'Pagos',
 * 'Adelantos Pendientes', for administrators only 'Resumen Diario', then 'Cierres de caja'
 * of the same days: docs/decisions/0038-cierre-de-caja.md) and 'Reporte Ventas Productos'. The xlsx wrapper loads SheetJS from the service worker's cache, so both work
 * offline once the panel was opened; a long export reports its progress (0…1).
 */
import { useState } from 'react'
import { hojaCierresCaja } from '@/domain/cierre-caja.ts'
import { peruToday } from '@/domain/peru-time.ts'
import { hojasReportePagos, nombreArchivoReportePagos } from '@/domain/reporte-pagos-export.ts'
import type { DatosReporte, FilaAdelanto, ReportePagos } from '@/domain/reporte-pagos.ts'
import type { FiltrosReporte } from '@/domain/reporte-pagos-busqueda.ts'
import { hojaVentasProductos, MENSAJE_SIN_VENTAS_PRODUCTOS, nombreArchivoVentasProductos, ventasDeProductos } from '@/domain/reporte-ventas-productos.ts'
import { countLabel } from '@/domain/text.ts'
import type { HojaSpec } from '@/domain/hoja-excel.ts'
import type { Celda } from '@/domain/tabla-excel.ts'
import { useLeerCierres } from '@/lib/db/use-cierres-caja.ts'
import { downloadWorkbook, sheet } from '@/lib/excel/workbook.ts'
import { errorText, toast, toastError } from '@/lib/toast/toast-store.ts'


export const TEXTOS_EXPORTACION = {
  exito: 'Exportación exitosa',
  pagos: (n: number) => `Se ha descargado el reporte de pagos con ${countLabel(n, 'pago', 'pagos')}.`,
  ventas: (n: number) => `Se ha descargado el reporte de ventas de productos con ${countLabel(n, 'fila', 'filas')}.`,
  sinVentas: 'Sin ventas de productos',
  error: (m: string) => `Error al generar el reporte: ${m}`,
} as const

export type Exportando = null | { cual: 'pagos' | 'ventas'; progreso: number }

export interface ExportarReporte {
  exportando: Exportando
  exportarPagos(): Promise<void>
  exportarVentas(): Promise<void>
}

export function useExportarReporte(p: { datos: DatosReporte; filtros: FiltrosReporte; reporte: ReportePagos; adelantos: readonly FilaAdelanto[]; esAdmin: boolean }): ExportarReporte {
  const [exportando, setExportando] = useState<Exportando>(null)
  const leerCierres = useLeerCierres()

  async function descargar(cual: 'pagos' | 'ventas', archivo: string, hojas: ReadonlyArray<HojaSpec<Celda[]>>, exito: string) {
    setExportando({ cual, progreso: 0 })
    try {
      await downloadWorkbook(archivo, hojas.map((h) => sheet(h)), (progreso) => setExportando({ cual, progreso }))
      toast({ title: TEXTOS_EXPORTACION.exito, description: exito, variant: 'success' })
    } catch (e) {
      toastError(TEXTOS_EXPORTACION.error(errorText(e)))
    } finally {
      setExportando(null)
    }
  }

  return {
    exportando,
    async exportarPagos() {
      // The report's days ('' = no bound: from the first close kept to today).
      const cierres = await leerCierres(p.filtros.desde || '2000-01-01', p.filtros.hasta || peruToday()).catch(() => [])
      const hojas = [...hojasReportePagos({ reporte: p.reporte, adelantos: p.adelantos, detallado: p.filtros.detallado, esAdmin: p.esAdmin }), hojaCierresCaja(cierres)]
      await descargar('pagos', nombreArchivoReportePagos(new Date()), hojas, TEXTOS_EXPORTACION.pagos(p.reporte.filas.length))
    },
    async exportarVentas() {
      const ventas = ventasDeProductos(p.datos, p.filtros)
      if (ventas.filas.length === 0) {
        toast({ title: TEXTOS_EXPORTACION.sinVentas, description: MENSAJE_SIN_VENTAS_PRODUCTOS, variant: 'info' })
        return
      }
      await descargar('ventas', nombreArchivoVentasProductos(new Date()), [hojaVentasProductos(ventas)], TEXTOS_EXPORTACION.ventas(ventas.filas.length))
    },
  }
}
