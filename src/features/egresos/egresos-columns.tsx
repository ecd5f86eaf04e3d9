/** The two tables of spec 2 §2.10: 'Lista de Egresos Fijos' and 'Lista de Egresos Variables'. */
import { leerTipoCambio, tipoCambioNumero, type Egreso } from '@/domain/egresos.ts'
import { nombreMes } from '@/domain/calendar.ts'
import { centimosDeTexto, formatDolares, formatSoles } from '@/domain/money.ts'
import { fechaLargaDe } from '@/domain/peru-time.ts'
import type { Column } from '@/lib/ui/data-table.tsx'

const tasa = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 4 })

function tipoCambio(e: Egreso): number | null {
  const tc = leerTipoCambio(e.tipo_cambio)
  return tc === null ? null : tipoCambioNumero(tc)
}

const descripcion: Column<Egreso> = { key: 'descripcion', header: 'Descripción', minWidth: 180, sortValue: (e) => e.descripcion, cell: (e) => <strong>{e.descripcion}</strong> }
const cambio: Column<Egreso> = {
  key: 'tipo_cambio',
  header: 'Tipo de cambio',
  align: 'right',
  nowrap: true,
  sortValue: tipoCambio,
  cell: (e) => {
    const tc = tipoCambio(e)
    return tc === null ? '—' : tasa.format(tc)
  },
}
const soles: Column<Egreso> = {
  key: 'soles',
  header: 'Monto Soles',
  align: 'right',
  nowrap: true,
  sortValue: (e) => centimosDeTexto(e.monto_soles),
  cell: (e) => formatSoles(e.monto_soles),
}
const dolares: Column<Egreso> = {
  key: 'dolares',
  header: 'Monto Dólares',
  align: 'right',
  nowrap: true,
  sortValue: (e) => centimosDeTexto(e.monto_dolares),
  cell: (e) => formatDolares(e.monto_dolares),
}
const adicional: Column<Egreso> = { key: 'adicional', header: 'Descripción Adicional', minWidth: 160, cell: (e) => e.descripcion_adicional ?? '' }

export const columnasFijos: Column<Egreso>[] = [
  descripcion,
  cambio,
  soles,
  dolares,
  adicional,
  { key: 'mes', header: 'Mes', nowrap: true, cell: (e) => nombreMes(e.mes) },
  { key: 'anio', header: 'Año', nowrap: true, cell: (e) => e.anio },
]

export const columnasVariables: Column<Egreso>[] = [
  { key: 'fecha', header: 'Fecha', nowrap: true, sortValue: (e) => e.fecha, cell: (e) => (e.fecha ? fechaLargaDe(e.fecha) : '') },
  descripcion,
  cambio,
  soles,
  dolares,
  adicional,
]
