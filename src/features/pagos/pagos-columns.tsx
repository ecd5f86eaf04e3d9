/** The pending-payment list's columns (spec 2 §2.6, §3 tb_citas): client, treatment, specialist, time, advance, status. */
import { Badge, Button } from '@mantine/core'
import { IconCash } from '@tabler/icons-react'
import { rangoHoras } from '@/domain/agenda-format.ts'
import { formatSoles } from '@/domain/money.ts'
import { CellNote, type Column } from '@/lib/ui/data-table.tsx'
import type { CitaPago } from './pagos-store.ts'

/** Spec 2 §4 badge colours: Confirmada green, Completada blue. */
const COLOR_ESTADO: Record<string, string> = { Confirmada: 'green.9', Completada: 'blue.9' }

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
        </>
      ),
    },
    { key: 'tratamiento', header: 'Tratamiento', minWidth: 130, sortValue: (c) => c.nombre_tratamiento, cell: (c) => c.nombre_tratamiento ?? '—' },
    { key: 'especialista', header: 'Especialista', minWidth: 120, sortValue: especialista, cell: especialista },
    { key: 'hora', header: 'Hora', nowrap: true, sortValue: (c) => c.hora_inicio, cell: (c) => rangoHoras(c.hora_inicio, c.hora_fin) },
    { key: 'adelanto', header: 'Adelanto', align: 'right', nowrap: true, sortValue: (c) => Number(c.monto_adelanto ?? 0), cell: (c) => formatSoles(c.monto_adelanto ?? 0) },
    {
      key: 'estado',
      header: 'Estado',
      nowrap: true,
      sortValue: (c) => c.estado_cita,
      cell: (c) => (
        <Badge variant="outline" color={COLOR_ESTADO[c.estado_cita] ?? 'gray.7'} radius="sm">
          {c.estado_cita}
        </Badge>
      ),
    },
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
