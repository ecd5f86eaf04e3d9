/**
 * One registry of how each table's columns read to staff on 'Problemas de sincronización'
 * (docs/decisions/0036): Spanish labels per table and column, and which columns point to
 * another table's row, so a refused record shows 'Especialista: Lucía Paredes', never
 * `id_especialista` or a UUID. Pure: the screen passes the names it read from the local database.
 */
import { formatSoles } from './money.ts'
import { formatFechaCorta } from './peru-time.ts'
import { displayValue, recordSummary } from './sync-problems.ts'

/** Labels shared by every table (the forms' own words). */
const COMUNES: Readonly<Record<string, string>> = {
  nombre: 'Nombre',
  apellido: 'Apellido',
  dni: 'DNI',
  email: 'Correo electrónico',
  telefono: 'Teléfono',
  direccion: 'Dirección',
  historial_medico: 'Historial médico',
  alergias: 'Alergias y contraindicaciones',
  fecha_nacimiento: 'Fecha de nacimiento',
  nro_historia: 'Nº de historia clínica',
  nombre_cliente: 'Cliente',
  email_cliente: 'Correo del cliente',
  telefono_cliente: 'Teléfono del cliente',
  nombre_tratamiento: 'Tratamiento (nombre)',
  notas_internas: 'Notas internas',
  descripcion: 'Descripción',
  activo: 'Activo',
  banco: 'Banco',
  fecha: 'Fecha',
  mes: 'Mes',
  anio: 'Año',
  created_at: 'Creado',
  updated_at: 'Modificado',
  _deleted: 'Eliminado',
}

/** Per-table labels where a column reads differently from the shared one. */
const POR_TABLA: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  tb_citas: {
    id_paciente: 'Paciente',
    id_especialista: 'Especialista',
    id_tratamiento: 'Tratamiento',
    id_reserva_origen: 'Reserva de origen',
    fecha_cita: 'Fecha',
    hora_inicio: 'Hora de inicio',
    hora_fin: 'Hora de fin',
    estado_cita: 'Estado',
    monto_adelanto: 'Adelanto',
    metodo_pago_adelanto: 'Método del adelanto',
    referencia_pago_adelanto: 'Referencia del adelanto',
    fecha_pago_adelanto: 'Fecha del adelanto',
    id_pago_final: 'Pago final',
    monto_total_final: 'Total final',
    recordado_at: 'Recordatorio enviado',
    recordado_por: 'Recordado por',
    recordado_por_id: 'Recordado por',
  },
  tb_reservas: {
    id_tratamiento: 'Tratamiento',
    fecha_reserva: 'Fecha',
    hora_reserva: 'Hora',
    mensaje_adicional: 'Mensaje',
    estado_reserva: 'Estado',
  },
  tb_pagos_citas: {
    id_cita: 'Cita',
    monto_total_calculado: 'Total calculado',
    monto_adelanto_aplicado: 'Adelanto aplicado',
    monto_final_pagado: 'Monto pagado',
    metodo_pago_final: 'Método de pago',
    referencia_pago_final: 'Referencia',
    notas_pago: 'Notas',
    tratamientos_adicionales_info: 'Ítems',
    fecha_pago: 'Fecha de pago',
  },
  tb_tratamientos: { costo: 'Precio', comision: 'Comisión', categoria: 'Categoría', duracion_estimada_minutos: 'Duración (min)', tipo: 'Tipo' },
  tb_especialistas: { especialidad: 'Especialidad', dias_trabajo: 'Días de trabajo', hora_inicio_trabajo: 'Entrada', hora_fin_trabajo: 'Salida' },
  tb_movimientos_stock: { id_tratamiento: 'Producto', id_pago_cita: 'Pago', cantidad: 'Cantidad', motivo: 'Motivo', nota: 'Nota' },
  tb_egresos: { tipo_egreso: 'Tipo', monto_soles: 'Monto (S/)', monto_dolares: 'Monto (US$)', tipo_cambio: 'Tipo de cambio', descripcion_adicional: 'Detalle', id_egreso_origen: 'Egreso de origen' },
  tb_formapago: { fp_descripcion: 'Forma de pago', fp_comision: 'Comisión (%)' },
  tbusuarios: { id_nombre: 'Nombre', id_correo: 'Correo electrónico', is_admin: 'Administrador', is_active: 'Activo', auth_user_id: 'Cuenta' },
  tb_horarios: { dia_semana: 'Día', orden_dia: 'Orden', esta_abierto: 'Abierto', hora_apertura: 'Apertura', hora_cierre: 'Cierre', descanso_inicio: 'Inicio del descanso', descanso_fin: 'Fin del descanso' },
}

/** Columns that hold another table's key: shown by that row's name. */
export const REFERENCIAS: Readonly<Record<string, string>> = {
  id_paciente: 'tb_pacientes',
  id_especialista: 'tb_especialistas',
  id_tratamiento: 'tb_tratamientos',
  id_cita: 'tb_citas',
  id_reserva_origen: 'tb_reservas',
  id_pago_cita: 'tb_pagos_citas',
  id_pago_final: 'tb_pagos_citas',
  id_forma_pago: 'tb_formapago',
  id_egreso_origen: 'tb_egresos',
}

/** Money columns, shown 'S/ 150.00'. */
const MONTOS = new Set(['costo', 'comision', 'monto_adelanto', 'monto_total_final', 'monto_total_calculado', 'monto_adelanto_aplicado', 'monto_final_pagado', 'monto_soles', 'saldo_inicial', 'saldo_final', 'egresos'])

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A column's label without its table: the shared words, else derived ('precio_venta' → 'Precio venta'). */
export function fieldLabel(field: string): string {
  const known = COMUNES[field]
  if (known) return known
  const text = field.replace(/^_+/, '').replace(/_/g, ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** The Spanish label of a column of a table ('tb_citas', 'id_especialista' → 'Especialista'). */
export function columnLabel(table: string, column: string): string {
  return POR_TABLA[table]?.[column] ?? (COMUNES[column] ? fieldLabel(column) : fieldLabel(column.replace(/^id_/, '')))
}

/** Which table a column refers to, or null. */
export function referencedTable(column: string): string | null {
  return REFERENCIAS[column] ?? null
}

/** Finds a referenced row's name: (table, id) → 'Lucía Paredes', or null when this device does not hold it. */
export type NameLookup = (table: string, id: string) => string | null

/**
 * A value as staff read it: a referenced row by its name ('(registro no disponible en
 * este equipo)' when the device lacks it), money in soles, never a raw UUID.
 */
export function readableValue(column: string, value: unknown, names: NameLookup): string {
  const table = referencedTable(column)
  if (table && typeof value === 'string' && value !== '') return names(table, value.toLowerCase()) ?? '(registro no disponible en este equipo)'
  if (MONTOS.has(column) && (typeof value === 'number' || (typeof value === 'string' && value.trim() !== ''))) {
    try {
      return formatSoles(value)
    } catch {
      return String(value)
    }
  }
  if (typeof value === 'string' && UUID.test(value)) return '(registro no disponible en este equipo)'
  // Dates and times as the forms show them: '28/11/2026', '10:00'.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatFechaCorta(value) || value
  if (typeof value === 'string' && /^\d{2}:\d{2}:\d{2}$/.test(value)) return value.slice(0, 5)
  return displayValue(value)
}

/** The references of a set of rows: which ids of which tables the screen must name. */
export function referencesOf(rows: ReadonlyArray<Record<string, unknown>>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>()
  for (const row of rows) {
    for (const [column, value] of Object.entries(row)) {
      const table = referencedTable(column)
      if (!table || typeof value !== 'string' || value === '') continue
      const ids = out.get(table) ?? new Set<string>()
      ids.add(value.toLowerCase())
      out.set(table, ids)
    }
  }
  return out
}

/**
 * The name a referenced row is shown by: a cita by its client and time, a payment by its
 * amount and method, other rows by their human fields; null when there is none.
 */
export function rowName(table: string, row: Record<string, unknown>): string | null {
  const t = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
  if (table === 'tb_citas') {
    const cuando = [formatFechaCorta(t(row.fecha_cita)), t(row.hora_inicio).slice(0, 5)].filter(Boolean).join(' ')
    return [t(row.nombre_cliente), cuando].filter(Boolean).join(' · ') || null
  }
  if (table === 'tb_pagos_citas') {
    const monto = readableValue('monto_final_pagado', row.monto_final_pagado, () => null)
    return `Pago de ${monto}${t(row.metodo_pago_final) ? ` (${t(row.metodo_pago_final)})` : ''}`
  }
  const summary = recordSummary(row, '')
  return summary.startsWith('registro ') ? null : summary
}
