/**
 * The report's tables (spec 2 §2.7, §6; docs/spec/3-product-decisions.md "Payments, sales,
 * reports"): one row per payment or, with 'Detallado', per item; the pending advances; the
 * daily summary. The POS commission, sales commission and net columns exist only for
 * administrators. Column headers are the export's, so screen and spreadsheet read alike.
 */
import { Badge } from '@mantine/core'
import { fechaLargaDia } from '@/domain/agenda-format.ts'
import { formatCentimos } from '@/domain/money.ts'
import type { FilaAdelanto, FilaReporteDetalle, FilaReportePago, ResumenDia } from '@/domain/reporte-pagos.ts'
import { CellNote, type Column } from '@/lib/ui/data-table.tsx'

const fecha = (iso: string | null) => (iso ? fechaLargaDia(iso) || iso : '—')

function dinero<T>(key: string, header: string, valor: (r: T) => number): Column<T> {
  return { key, header, align: 'right', nowrap: true, wrapHeader: true, sortValue: valor, cell: (r) => formatCentimos(valor(r)) }
}

type ConMontosAdmin = { comisionPos: number; comisionVenta: number; neto: number }

function columnasAdmin<T extends ConMontosAdmin>(): Column<T>[] {
  return [dinero<T>('pos', 'Comisión POS', (r) => r.comisionPos), dinero<T>('venta', 'Comisión Venta', (r) => r.comisionVenta), dinero<T>('neto', 'Neto', (r) => r.neto)]
}

const COLOR_TIPO: Record<string, string> = { Producto: 'arena.9', Tratamiento: 'salvia.9', Mixto: 'grape.9', Ajuste: 'gray.8' }
const tipoBadge = (tipo: string) => (
  <Badge variant="outline" color={COLOR_TIPO[tipo] ?? 'gray.8'} radius="sm" mt={4} display="block" w="fit-content">
    {tipo}
  </Badge>
)

/**
 * Client first (the row's name stays in view while a wide table scrolls sideways), with
 * what was paid and its type under it: one column fewer, so an administrator's figures fit
 * a landscape tablet.
 */
export function columnasPagos(esAdmin: boolean): Column<FilaReportePago>[] {
  return [
    {
      key: 'cliente',
      header: 'Cliente',
      minWidth: 150,
      sortValue: (r) => r.cliente,
      cell: (r) => (
        <>
          <strong>{r.cliente || '—'}</strong>
          <CellNote>{r.detalle}</CellNote>
          {tipoBadge(r.tipo)}
        </>
      ),
    },
    { key: 'fecha', header: 'Fecha', minWidth: 120, sortValue: (r) => r.fecha, cell: (r) => fecha(r.fecha) },
    {
      key: 'metodo',
      header: 'Método de Pago',
      wrapHeader: true,
      minWidth: 110,
      sortValue: (r) => r.metodo,
      cell: (r) => (
        <>
          {r.metodo}
          {r.referencia && <CellNote>Ref. {r.referencia}</CellNote>}
        </>
      ),
    },
    dinero('total', 'Total', (r) => r.total),
    dinero('adelanto', 'Adelanto', (r) => r.adelanto),
    dinero('pagado', 'Monto Pagado', (r) => r.pagado),
    ...(esAdmin ? columnasAdmin<FilaReportePago>() : []),
  ]
}

export function columnasDetalle(esAdmin: boolean): Column<FilaReporteDetalle>[] {
  return [
    {
      key: 'item',
      header: 'Ítem',
      minWidth: 150,
      sortValue: (r) => r.item,
      cell: (r) => (
        <>
          <strong>{r.item}</strong>
          <CellNote>{r.cliente}</CellNote>
          {tipoBadge(r.tipo)}
        </>
      ),
    },
    { key: 'fecha', header: 'Fecha', minWidth: 120, sortValue: (r) => r.fecha, cell: (r) => fecha(r.fecha) },
    { key: 'cantidad', header: 'Cantidad', align: 'right', nowrap: true, sortValue: (r) => r.cantidad, cell: (r) => r.cantidad ?? '—' },
    {
      key: 'precio',
      header: 'Precio Unitario',
      align: 'right',
      wrapHeader: true,
      nowrap: true,
      sortValue: (r) => r.precioUnitario,
      cell: (r) => (r.precioUnitario === null ? '—' : formatCentimos(r.precioUnitario)),
    },
    dinero('importe', 'Importe', (r) => r.importe),
    dinero('adelanto', 'Adelanto Aplicado', (r) => r.adelanto),
    { key: 'metodo', header: 'Método de Pago', wrapHeader: true, minWidth: 110, sortValue: (r) => r.metodo, cell: (r) => r.metodo },
    ...(esAdmin ? columnasAdmin<FilaReporteDetalle>() : []),
  ]
}

export const COLUMNAS_ADELANTOS: Column<FilaAdelanto>[] = [
  {
    key: 'cliente',
    header: 'Cliente',
    minWidth: 150,
    sortValue: (r) => r.cliente,
    cell: (r) => (
      <>
        <strong>{r.cliente}</strong>
        <CellNote>{r.tratamiento}</CellNote>
      </>
    ),
  },
  { key: 'fecha', header: 'Fecha Cita', minWidth: 120, sortValue: (r) => r.fechaCita, cell: (r) => fecha(r.fechaCita) },
  { key: 'estado', header: 'Estado', nowrap: true, sortValue: (r) => r.estado, cell: (r) => r.estado },
  dinero('adelanto', 'Adelanto', (r) => r.adelanto),
  {
    key: 'metodo',
    header: 'Método Adelanto',
    wrapHeader: true,
    minWidth: 110,
    sortValue: (r) => r.metodo,
    cell: (r) => (
      <>
        {r.metodo ?? '—'}
        {r.referencia && <CellNote>Ref. {r.referencia}</CellNote>}
      </>
    ),
  },
  { key: 'pago', header: 'Fecha Pago Adelanto', wrapHeader: true, minWidth: 120, sortValue: (r) => r.fechaPago, cell: (r) => fecha(r.fechaPago) },
]

export const COLUMNAS_RESUMEN: Column<ResumenDia>[] = [
  { key: 'fecha', header: 'Fecha', minWidth: 150, sortValue: (r) => r.fecha, cell: (r) => <strong>{fecha(r.fecha)}</strong> },
  { key: 'pagos', header: 'Pagos', align: 'right', nowrap: true, sortValue: (r) => r.pagos, cell: (r) => r.pagos },
  dinero('bruto', 'Monto Bruto', (r) => r.bruto),
  ...columnasAdmin<ResumenDia>(),
]
