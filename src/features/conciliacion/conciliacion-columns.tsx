/**
 * Columns of the screen's three tables (spec 2 §2.11): the editable income list with a
 * bank selector per row, the informative computed income, and the month's expenses.
 * Dates in Spanish long form, money as 'S/ 1,234.50' (docs/spec/3-product-decisions.md).
 */
import { NativeSelect } from '@mantine/core'
import { BANCOS, type IngresoCalculado, type IngresoFila } from '@/domain/conciliacion-ingresos.ts'
import type { Egreso } from '@/domain/egresos.ts'
import { centimosDeTexto, formatCentimos } from '@/domain/money.ts'
import { fechaLargaDe } from '@/domain/peru-time.ts'
import type { Column } from '@/lib/ui/data-table.tsx'

/** A row of the editable list with its position (the domain's edits work by index). */
export interface FilaIndexada {
  indice: number
  fila: IngresoFila
}

const fecha = (iso: string | null) => (iso ? fechaLargaDe(iso) || iso : '—')
const soles = (texto: number | string | null) => formatCentimos(centimosDeTexto(texto) ?? 0)
const dolares = (texto: number | string | null) => formatCentimos(centimosDeTexto(texto) ?? 0, 'US$')

export const nombreIngreso = ({ fila }: FilaIndexada) => `${fecha(fila.fecha)} ${fila.metodo}`

/** The editable list; the bank cell writes at once through `onBanco` (spec 2 §8 'Banco guardado…'). */
export function ingresosColumns(onBanco: (indice: number, banco: string | null) => void, deshabilitado: boolean): Column<FilaIndexada>[] {
  return [
    { key: 'fecha', header: 'Fecha', cell: ({ fila }) => fecha(fila.fecha), sortValue: ({ fila }) => fila.fecha, minWidth: 200 },
    { key: 'metodo', header: 'Método de Pago', cell: ({ fila }) => fila.metodo, minWidth: 140 },
    { key: 'importe', header: 'Importe Total', cell: ({ fila }) => formatCentimos(fila.importe), align: 'right', nowrap: true },
    {
      key: 'banco',
      header: 'Banco',
      minWidth: 180,
      cell: (r) => (
        <NativeSelect
          aria-label={`Banco de ${nombreIngreso(r)}`}
          value={r.fila.banco ?? ''}
          disabled={deshabilitado}
          data={[{ value: '', label: 'Sin banco' }, ...BANCOS.map((b) => ({ value: b, label: b }))]}
          onChange={(e) => onBanco(r.indice, e.currentTarget.value || null)}
        />
      ),
    },
    { key: 'observacion', header: 'Observación', cell: ({ fila }) => fila.observacion ?? '', minWidth: 160 },
  ]
}

export const informativoColumns: Column<IngresoCalculado>[] = [
  { key: 'fecha', header: 'Fecha', cell: (c) => fecha(c.fecha), sortValue: (c) => c.fecha, minWidth: 200 },
  { key: 'metodo', header: 'Método de Pago', cell: (c) => c.metodo, minWidth: 140 },
  { key: 'movimientos', header: 'Pagos', cell: (c) => c.movimientos, align: 'right' },
  { key: 'bruto', header: 'Monto Recibido', cell: (c) => formatCentimos(c.bruto), align: 'right', nowrap: true },
  { key: 'comision', header: 'Comisión', cell: (c) => `${formatCentimos(c.comision)} (${c.comisionPorcentaje}%)`, align: 'right', nowrap: true },
  { key: 'importe', header: 'Importe Neto', cell: (c) => formatCentimos(c.importe), align: 'right', nowrap: true },
]

export const egresosColumns: Column<Egreso>[] = [
  { key: 'fecha', header: 'Fecha', cell: (e) => fecha(e.fecha), sortValue: (e) => e.fecha ?? '', minWidth: 200 },
  { key: 'descripcion', header: 'Descripción', cell: (e) => e.descripcion, minWidth: 160 },
  { key: 'tipo', header: 'Tipo', cell: (e) => e.tipo_egreso, nowrap: true },
  { key: 'soles', header: 'Monto Soles', cell: (e) => soles(e.monto_soles), align: 'right', nowrap: true },
  { key: 'dolares', header: 'Monto Dólares', cell: (e) => dolares(e.monto_dolares), align: 'right', nowrap: true },
  { key: 'adicional', header: 'Descripción Adicional', cell: (e) => e.descripcion_adicional ?? '', minWidth: 160 },
]
