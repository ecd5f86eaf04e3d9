/** The table's columns (spec 2 §2.1): name, type, duration, cost, quantity, status. */
import { Badge } from '@mantine/core'
import { formatSoles } from '@/domain/money.ts'
import { stockState, unidades, type Tratamiento } from '@/domain/tratamientos.ts'
import { CellNote, type Column } from '@/lib/ui/data-table.tsx'
import classes from './tratamientos.module.css'

export function tratamientoColumns(stock: ReadonlyMap<string, number>): Column<Tratamiento>[] {
  const units = (t: Tratamiento) => stock.get(t.id_tratamiento) ?? t.tr_cantidad
  return [
    {
      key: 'nombre',
      header: 'Nombre',
      minWidth: 200,
      sortValue: (t) => t.nombre,
      cell: (t) => (
        <>
          <strong>{t.nombre}</strong>
          {t.categoria && <CellNote>{t.categoria}</CellNote>}
        </>
      ),
    },
    {
      key: 'tipo',
      header: 'Tipo',
      nowrap: true,
      sortValue: (t) => t.tipo,
      cell: (t) => (
        <Badge variant="light" color={t.tipo === 'producto' ? 'arena' : 'salvia'} c={t.tipo === 'producto' ? 'arena.9' : 'salvia.9'} radius="sm">
          {t.tipo === 'producto' ? 'Producto' : 'Tratamiento'}
        </Badge>
      ),
    },
    {
      key: 'duracion',
      header: 'Duración (min)',
      align: 'right',
      nowrap: true,
      sortValue: (t) => t.duracion_estimada_minutos,
      cell: (t) => (t.tipo === 'tratamiento' && t.duracion_estimada_minutos ? t.duracion_estimada_minutos : 'N/A'),
    },
    { key: 'costo', header: 'Costo', align: 'right', nowrap: true, sortValue: (t) => t.costo, cell: (t) => formatSoles(t.costo) },
    {
      key: 'cantidad',
      header: 'Cantidad',
      nowrap: true,
      sortValue: (t) => (t.tipo === 'producto' ? units(t) : null),
      cell: (t) => (t.tipo === 'producto' ? <StockCell units={units(t)} flagged={t.stock_en_revision} /> : 'N/A'),
    },
    {
      key: 'estado',
      header: 'Estado',
      nowrap: true,
      sortValue: (t) => (t.activo ? 0 : 1),
      cell: (t) => (
        <Badge variant={t.activo ? 'filled' : 'outline'} color={t.activo ? 'salvia.7' : 'gray.7'} radius="sm">
          {t.activo ? 'Activo' : 'Inactivo'}
        </Badge>
      ),
    },
  ]
}

function StockCell({ units, flagged }: { units: number; flagged: boolean }) {
  const state = stockState(units, flagged)
  return (
    <span className={classes.stock} data-state={state}>
      {unidades(units)}
      {state === 'bajo' && <CellNote>Stock bajo</CellNote>}
      {state === 'revision' && <CellNote>Stock en revisión</CellNote>}
    </span>
  )
}
