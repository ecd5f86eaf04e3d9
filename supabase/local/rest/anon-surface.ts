/**
 * Everything the anonymous role (the internet-facing caller) may ask `/rest/v1`: the
 * public site's and booking form's own requests (src/features/booking/booking-api.ts)
 * and nothing else. A blocklist of costly shapes (guards.ts) is always one shape behind;
 * this list is closed, so a shape nobody thought of is refused before any SQL runs
 * (docs/decisions/0030-superficie-anonima.md). Data only: the checks are anon-guard.ts.
 *
 * To let the public site make a new request, add exactly what it sends here.
 */

/** The filter operators the list can name (PostgREST's, as the grammar parses them). */
export type AnonOperator = 'eq' | 'in' | 'is'

export interface AnonRead {
  /** Columns a `select` may name (no `*`, casts, JSON paths, aliases or embeds). */
  select: readonly string[]
  /** Columns that may be filtered on the top level, and with which operators (never negated). */
  filters: Readonly<Record<string, readonly AnonOperator[]>>
  /** Columns `order` may name. */
  order: readonly string[]
  /** Whether a top-level `limit` (never `offset`) may narrow the answer. */
  limit: boolean
}

export interface AnonInsert {
  /** Columns a body (or `columns=`) may carry; the server still checks grants, RLS and triggers. */
  columns: readonly string[]
}

export interface AnonSurface {
  tables: Readonly<Record<string, { read?: AnonRead; insert?: AnonInsert }>>
  /** Functions anon may call through `/rpc`: POST with named arguments, nothing else. */
  rpc: readonly string[]
}

/** Spa Lima's public surface. */
export const spaAnonSurface: AnonSurface = {
  tables: {
    // fetchTratamientos: the catalogue of active treatments, by name.
    tb_tratamientos: {
      read: {
        select: ['id_tratamiento', 'nombre', 'costo', 'duracion_estimada_minutos'],
        filters: { activo: ['eq'], tipo: ['eq'], id_tratamiento: ['eq', 'in'] },
        order: ['nombre'],
        limit: true,
      },
    },
    // fetchHorario: one day's opening hours; the week in order for a listing of the hours.
    tb_horarios: {
      read: {
        select: ['id_horario', 'dia_semana', 'orden_dia', 'hora_apertura', 'hora_cierre', 'descanso_inicio', 'descanso_fin', 'esta_abierto'],
        filters: { dia_semana: ['eq'], esta_abierto: ['eq'], id_horario: ['eq'] },
        // The week in its order (Lunes…Domingo), as the site's hours table shows it.
        order: ['orden_dia'],
        limit: true,
      },
    },
    // insertReserva: one booking request, no read-back. id_reserva is granted too
    // (20261122000400_seguridad.sql): a client may choose its row's uuid.
    tb_reservas: {
      insert: {
        columns: [
          'id_reserva', 'nombre_cliente', 'email_cliente', 'telefono_cliente', 'id_tratamiento', 'nombre_tratamiento',
          'fecha_reserva', 'hora_reserva', 'mensaje_adicional', 'estado_reserva',
        ],
      },
    },
  },
  // fetchHorasDisponibles: one treatment's free start times on one day (bounded in SQL;
  // times only: docs/decisions/0039-reserva-publica-honesta.md).
  rpc: ['horas_disponibles'],
}
