/** The table's columns (spec 2 §2.4): client, email, phone, treatment, requested date and time. */
import { Badge } from '@mantine/core'
import { fechaLargaDia, formatHoraTexto } from '@/domain/agenda-format.ts'
import { parseHoraReserva } from '@/domain/hora-reserva.ts'
import { CellNote, type Column } from '@/lib/ui/data-table.tsx'
import { EmailText } from '@/lib/ui/email-text.tsx'
import type { Reserva } from './reservas-store.ts'

export function reservaColumns(nombreTratamiento: (r: Reserva) => string): Column<Reserva>[] {
  return [
    {
      key: 'cliente',
      header: 'Cliente',
      minWidth: 150,
      sortValue: (r) => r.nombre_cliente,
      cell: (r) => (
        <>
          <strong>{r.nombre_cliente}</strong>
          {/* Cancelled requests stay listed until deleted (spec 2 §4): say which ones they are. */}
          {r.estado_reserva === 'cancelada' && (
            <Badge display="block" mt={4} w="fit-content" variant="outline" color="red.9" radius="sm">
              Cancelada
            </Badge>
          )}
          {r.mensaje_adicional && <CellNote>{r.mensaje_adicional}</CellNote>}
        </>
      ),
    },
    { key: 'email', header: 'Email', minWidth: 140, sortValue: (r) => r.email_cliente, cell: (r) => (r.email_cliente ? <EmailText email={r.email_cliente} /> : '—') },
    { key: 'telefono', header: 'Teléfono', nowrap: true, cell: (r) => r.telefono_cliente ?? '—' },
    { key: 'tratamiento', header: 'Tratamiento', minWidth: 120, sortValue: nombreTratamiento, cell: nombreTratamiento },
    { key: 'fecha', header: 'Fecha solicitada', minWidth: 130, sortValue: (r) => r.fecha_reserva, cell: (r) => fechaLargaDia(r.fecha_reserva) || r.fecha_reserva },
    {
      key: 'hora',
      header: 'Hora solicitada',
      nowrap: true,
      sortValue: (r) => parseHoraReserva(r.hora_reserva),
      cell: (r) => formatHoraTexto(r.hora_reserva) || (r.hora_reserva ?? '—'),
    },
  ]
}
