/**
 * Business overrides of the field merge (docs/architecture.md §5, spec 2 §4): states that a stale
 * edit from an offline tablet must never undo, whatever its clock says. The server
 * enforces the same rules with triggers; these keep the device from even proposing
 * the reversal, so its view converges at once and the user is told why.
 */
import type { Row } from '../tables/rows.ts'

export interface RuleInput {
  base?: Row | undefined
  server: Row
  local: Row
  merged: Row
}

export interface BusinessRule {
  /** Spanish, shown in the conflict log. */
  description: string
  /** Fields whose merged value must be the given one. */
  pin(input: RuleInput): Array<{ field: string; value: unknown }>
}

const isPaid = (cita: Row) => cita.estado_cita === 'Completada' || (cita.id_pago_final !== null && cita.id_pago_final !== undefined)

/**
 * A Completada or paid appointment is never reverted (spec 2 §4 "Final payment"). The
 * payment fields themselves are derived by the server (never merged); the state is
 * what a stale edit could try to change.
 */
export const paidAppointmentStays: BusinessRule = {
  description: 'Una cita completada o pagada no se revierte con un cambio anterior.',
  pin({ server }) {
    return isPaid(server) ? [{ field: 'estado_cita', value: server.estado_cita }] : []
  },
}

/**
 * A cancelled reservation request is not brought back, and one already turned into an
 * appointment stays Procesada (spec 2 §4 "Reservation"; the server keeps Procesada too).
 */
export const settledReservationStays: BusinessRule = {
  description: 'Una reserva cancelada o ya procesada no vuelve a estar pendiente.',
  pin({ server }) {
    const estado = server.estado_reserva
    return estado === 'cancelada' || estado === 'Procesada' ? [{ field: 'estado_reserva', value: estado }] : []
  },
}

const RECORDATORIO = ['recordado_at', 'recordado_por', 'recordado_por_id'] as const
const marcada = (cita: Row) => cita.recordado_at !== null && cita.recordado_at !== undefined

/**
 * The first reminder's mark stays (docs/decisions/0056-recordatorios.md): when this device
 * marked a cita another tablet had already marked, the server's mark (who and when) is
 * kept whatever the clocks say, as the server's trigger does; the device then shows
 * 'Recordado por …' of the first. Removing a mark is an edit like any other (the server
 * lets only its author or an administrator do it).
 */
export const firstReminderStays: BusinessRule = {
  description: 'Otra persona ya había marcado este recordatorio: se mantiene la primera marca.',
  pin({ server, local }) {
    return marcada(server) && marcada(local) ? RECORDATORIO.map((field) => ({ field, value: server[field] ?? null })) : []
  },
}

const rulesByTable: Record<string, readonly BusinessRule[]> = {
  tb_citas: [paidAppointmentStays, firstReminderStays],
  tb_reservas: [settledReservationStays],
}

export function businessRules(table: string): readonly BusinessRule[] {
  return rulesByTable[table] ?? []
}
