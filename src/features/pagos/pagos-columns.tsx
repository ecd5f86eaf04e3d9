/**
 * The pending-payment list's columns (spec 2 §2.6, §3 tb_citas): client with the cita's
 * state, treatment with its specialist, time, advance, and the 'Procesar Pago' button.
 * Five columns, so the button stays in view on a portrait tablet (820 px) without
 * scrolling sideways.
 */
import { Badge, Button } from '@mantine/core'
import { IconCash } from '@tabler/icons-react'
import { rangoHoras } from '@/domain/agenda-format.ts'
import { formatSoles } from '@/domain/money.ts'
import { CellNote, type Column } from '@/lib/ui/data-table.tsx'
import type { CitaPago } from './pagos-store.ts'

/**
 * Spec 2 §4 badge colours: Confirmada green, Completada blue — dark shades, so the small
 * white label keeps a 4.5:1 contrast (Mantine's green.9 gives 4.3:1).
 */
const COLOR_ESTADO: Record<string, string> = { Confirmada: '#1f6a36', Completada: '#1d4f91' }

export function pagoColumns(especialista: (c: CitaPago) => string, onPagar: (c: CitaPago) => void): Column<CitaPago>[] {
  return [
    {
      key: 'cliente',
      header: 'Cliente',
      minWidth: 170,
      sortValue: (c) => c.nombre_cliente,
      cell: (c) => (
        <>
          <strong>{c.nombre_cliente}</strong>
          {c.email_cliente && <CellNote>{c.email_cliente}</CellNote>}
          <Badge display="block" mt={4} w="fit-content" variant="filled" color={COLOR_ESTADO[c.estado_cita] ?? 'gray.8'} radius="sm">
            {c.estado_cita}
          </Badge>
        </>
      ),
    },
    {
      key: 'tratamiento',
      header: 'Tratamiento',
      minWidth: 140,
      sortValue: (c) => c.nombre_tratamiento,
      cell: (c) => (
        <>
          {c.nombre_tratamiento ?? '—'}
          <CellNote>{especialista(c)}</CellNote>
        </>
      ),
    },
    { key: 'hora', header: 'Hora', nowrap: true, sortValue: (c) => c.hora_inicio, cell: (c) => rangoHoras(c.hora_inicio, c.hora_fin) },
    { key: 'adelanto', header: 'Adelanto', align: 'right', nowrap: true, sortValue: (c) => Number(c.monto_adelanto ?? 0), cell: (c) => formatSoles(c.monto_adelanto ?? 0) },
    {
      key: 'pago',
      header: 'Pago',
      nowrap: true,
      cell: (c) => (
        <Button size="sm" radius="xl" leftSection={<IconCash size={16} aria-hidden />} onClick={() => onPagar(c)} aria-label={`Procesar Pago de ${c.nombre_cliente}`}>
          Procesar Pago
        </Button>
      ),
    },
  ]
}
