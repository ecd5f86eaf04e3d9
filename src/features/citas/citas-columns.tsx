/**
 * The table's columns (spec 2 §2.5): client (with e-mail), treatment, specialist, date
 * and time range, advance (S/), state badge in its spec 2 §4 colour.
 */
import type { CSSProperties } from 'react'
import { Badge } from '@mantine/core'
import { fechaLargaDia, rangoHoras } from '@/domain/agenda-format.ts'
import { colorEstado, etiquetaEstado, type ColorEstado } from '@/domain/citas.ts'
import { parseHoraReserva } from '@/domain/hora-reserva.ts'
import { formatSoles } from '@/domain/money.ts'
import { CellNote, type Column } from '@/lib/ui/data-table.tsx'
import type { Cita } from './citas-store.ts'

export interface CitaNombres {
  tratamiento: (c: Cita) => string
  especialista: (c: Cita) => string
}

/**
 * Text on the light badge of each colour: Mantine's own darkest shades (yellow.9 is
 * orange) do not reach 4.5:1 on their light tint, so the text is darkened by hand.
 */
export const TEXTO_ESTADO: Record<ColorEstado, string> = {
  yellow: '#5c3d00',
  green: '#1d5a2b',
  blue: '#17457a',
  red: '#8a1c1c',
  purple: '#55287d',
  gray: '#3b3f44',
}

/**
 * The state badge: what <Badge variant="light" radius="sm"> draws — Mantine's own badge
 * classes with its colour variables set here — as two plain spans, because a table page
 * mounts one per row and the themed component was a measurable part of a day switch
 * (docs/decisions/0025-agenda-velocidad.md).
 */
export function EstadoBadge({ estado }: { estado: string }) {
  return (
    <span className={BADGE} data-variant="light" data-size="md" style={VARS[colorEstado(estado)]}>
      {/* The label never truncates ('REPROG…' says nothing). */}
      <span className={BADGE_LABEL} style={{ overflow: 'visible' }}>
        {etiquetaEstado(estado)}
      </span>
    </span>
  )
}

const BADGE = `mantine-Badge-root ${Badge.classes.root}`
/** Each colour's badge variables, built once. Mantine has no colour named 'purple': its purple is 'grape'. */
const VARS = Object.fromEntries(
  (Object.keys(TEXTO_ESTADO) as ColorEstado[]).map((color) => [
    color,
    {
      '--badge-bg': `var(--mantine-color-${color === 'purple' ? 'grape' : color}-light)`,
      '--badge-color': TEXTO_ESTADO[color],
      '--badge-radius': 'var(--mantine-radius-sm)',
    } as CSSProperties,
  ]),
) as Record<ColorEstado, CSSProperties>
const BADGE_LABEL = `mantine-Badge-label ${Badge.classes.label}`

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
