/**
 * The table's columns (spec 2 §2.5): client (with e-mail), treatment, specialist, date
 * and time range, advance (S/), state badge in its spec 2 §4 colour.
 */
import { fechaLargaDia, rangoHoras } from '@/domain/agenda-format.ts'
import { etiquetaEstado } from '@/domain/citas.ts'
import { parseHoraReserva } from '@/domain/hora-reserva.ts'
import { formatSoles } from '@/domain/money.ts'
import { CellNote, type Column } from '@/lib/ui/data-table.tsx'
import { EstadoBadge } from '@/lib/ui/estado-badge.tsx'
import type { Cita } from './citas-store.ts'

export interface CitaNombres {
  tratamiento: (c: Cita) => string
  especialista: (c: Cita) => string
}

export function citaColumns(nombres: CitaNombres): Column<Cita>[] {
  return [
    {
      key: 'cliente',
      header: 'Cliente',
      minWidth: 130,
      sortValue: (c) => c.nombre_cliente,
      cell: (c) => (
        <>
          <strong>{c.nombre_cliente}</strong>
          {c.email_cliente && <CellNote>{c.email_cliente}</CellNote>}
        </>
      ),
    },
    { key: 'tratamiento', header: 'Tratamiento', minWidth: 100, sortValue: nombres.tratamiento, cell: nombres.tratamiento },
    { key: 'especialista', header: 'Especialista', minWidth: 100, sortValue: nombres.especialista, cell: (c) => nombres.especialista(c) || '—' },
    {
      key: 'horario',
      header: 'Fecha y hora',
      minWidth: 130,
      sortValue: (c) => parseHoraReserva(c.hora_inicio),
      cell: (c) => (
        <>
          {fechaLargaDia(c.fecha_cita) || c.fecha_cita}
          <br />
          <span style={{ whiteSpace: 'nowrap' }}>{rangoHoras(c.hora_inicio, c.hora_fin)}</span>
        </>
      ),
    },
    // The state before the advance: on a portrait tablet it is what must stay in view (docs/decisions/0008-agenda.md).
    { key: 'estado', header: 'Estado', nowrap: true, sortValue: (c) => etiquetaEstado(c.estado_cita), cell: (c) => <EstadoBadge estado={c.estado_cita} /> },
    { key: 'adelanto', header: 'Adelanto', align: 'right', nowrap: true, sortValue: (c) => c.monto_adelanto, cell: (c) => formatSoles(c.monto_adelanto) },
  ]
}
