/**
 * The 12 replicated tables of the product, column by column as the migrations create
 * them (tests/integration/sync/schema-agreement.int.test.ts fails when they differ).
 * RxDB open source allows 13 collections per realm: keep this list at 12 at most.
 */
import { defineTable, type ColumnDef, type DocOf } from './table-def.ts'

const uuid = { type: 'uuid' } as const satisfies ColumnDef
const uuidNull = { type: 'uuid', nullable: true } as const satisfies ColumnDef
const text = { type: 'text' } as const satisfies ColumnDef
const textNull = { type: 'text', nullable: true } as const satisfies ColumnDef
const money = { type: 'numeric' } as const satisfies ColumnDef
const moneyNull = { type: 'numeric', nullable: true } as const satisfies ColumnDef
const timeNull = { type: 'time', nullable: true } as const satisfies ColumnDef
const dateNull = { type: 'date', nullable: true } as const satisfies ColumnDef
const stamp = { type: 'timestamptz' } as const satisfies ColumnDef
const flag = (value: boolean) => ({ type: 'boolean', default: value }) as const satisfies ColumnDef

/** Columns every replicated table has besides _modified/_xid/_deleted. */
const audit = { created_at: stamp, updated_at: stamp } as const

export const tbTratamientos = defineTable({
  name: 'tb_tratamientos',
  label: 'Tratamientos y productos',
  entity: 'tratamiento',
  primaryKey: 'id_tratamiento',
  version: 0,
  columns: {
    id_tratamiento: uuid,
    nombre: text,
    descripcion: textNull,
    categoria: textNull,
    tipo: { type: 'text', maxLength: 20, default: 'tratamiento' },
    costo: money,
    duracion_estimada_minutos: { type: 'integer', nullable: true },
    comision: moneyNull,
    notas_internas: textNull,
    activo: flag(true),
    /** Derived from tb_movimientos_stock by a trigger; never written by devices. */
    tr_cantidad: { type: 'integer', default: 0, serverOwned: true },
    /** Derived: stock went negative (a late oversell) and needs a look. */
    stock_en_revision: { type: 'boolean', default: false, serverOwned: true },
    ...audit,
  },
  indexes: ['tipo'],
})

export const tbHorarios = defineTable({
  name: 'tb_horarios',
  label: 'Horarios',
  entity: 'horario',
  primaryKey: 'id_horario',
  version: 0,
  columns: {
    id_horario: uuid,
    dia_semana: text,
    orden_dia: { type: 'smallint' },
    esta_abierto: flag(true),
    hora_apertura: timeNull,
    hora_cierre: timeNull,
    descanso_inicio: timeNull,
    descanso_fin: timeNull,
    ...audit,
  },
})

export const tbEspecialistas = defineTable({
  name: 'tb_especialistas',
  label: 'Especialistas',
  entity: 'especialista',
  primaryKey: 'id_especialista',
  version: 0,
  columns: {
    id_especialista: uuid,
    nombre: text,
    apellido: text,
    especialidad: text,
    email: textNull,
    telefono: textNull,
    dias_trabajo: { type: 'text[]', nullable: true },
    hora_inicio_trabajo: timeNull,
    hora_fin_trabajo: timeNull,
    activo: flag(true),
    ...audit,
  },
})

export const tbReservas = defineTable({
  name: 'tb_reservas',
  label: 'Reservas',
  entity: 'reserva',
  primaryKey: 'id_reserva',
  version: 0,
  columns: {
    id_reserva: uuid,
    nombre_cliente: text,
    email_cliente: textNull,
    telefono_cliente: textNull,
    id_tratamiento: uuid,
    nombre_tratamiento: textNull,
    fecha_reserva: { type: 'date' },
    hora_reserva: textNull,
    mensaje_adicional: textNull,
    estado_reserva: { type: 'text', maxLength: 20, default: 'pendiente' },
    ...audit,
  },
  indexes: ['estado_reserva', 'fecha_reserva'],
})

export const tbCitas = defineTable({
  name: 'tb_citas',
  label: 'Citas',
  entity: 'cita',
  primaryKey: 'id_cita',
  // 1: the reminder's mark, recordado_* (docs/decisions/0056-recordatorios.md); a stored
  // cita has none yet. id_paciente stays unindexed: it is nullable (the same record says why).
  version: 1,
  migrationStrategies: { 1: (doc) => doc },
  columns: {
    id_cita: uuid,
    id_reserva_origen: uuidNull,
    id_paciente: uuidNull,
    id_especialista: uuidNull,
    id_tratamiento: uuidNull,
    nombre_cliente: text,
    email_cliente: textNull,
    telefono_cliente: textNull,
    nombre_tratamiento: textNull,
    fecha_cita: { type: 'date' },
    hora_inicio: { type: 'time' },
    hora_fin: timeNull,
    estado_cita: { type: 'text', maxLength: 30, default: 'Pendiente de Pago' },
    monto_adelanto: { type: 'numeric', default: 0 },
    metodo_pago_adelanto: textNull,
    referencia_pago_adelanto: textNull,
    fecha_pago_adelanto: dateNull,
    notas_internas: textNull,
    /** Derived from the appointment's payments by a trigger (the device never sets them). */
    id_pago_final: { type: 'uuid', nullable: true, serverOwned: true },
    monto_total_final: { type: 'numeric', nullable: true, serverOwned: true },
    /** The WhatsApp reminder's mark: the device writes it, the server decides who and keeps the first. */
    recordado_at: { type: 'timestamptz', nullable: true },
    recordado_por: textNull,
    recordado_por_id: uuidNull,
    ...audit,
  },
  indexes: ['fecha_cita', ['fecha_cita', 'hora_inicio']],
  // The agenda, Pagos and the 'Hoy' board read today and the days ahead.
  firstWindow: { column: 'fecha_cita', daysBefore: 1, daysAfter: 7 },
})

export const tbPacientes = defineTable({
  name: 'tb_pacientes',
  label: 'Pacientes',
  entity: 'paciente',
  primaryKey: 'id_paciente',
  // 1: 'alergias' (docs/decisions/0053-ficha-del-paciente.md); a stored patient has none yet.
  version: 1,
  migrationStrategies: { 1: (doc) => doc },
  columns: {
    id_paciente: uuid,
    nombre: text,
    apellido: text,
    dni: textNull,
    telefono: textNull,
    email: textNull,
    fecha_nacimiento: dateNull,
    direccion: textNull,
    historial_medico: textNull,
    alergias: textNull,
    nro_historia: textNull,
    ...audit,
  },
})

export const tbFormapago = defineTable({
  name: 'tb_formapago',
  label: 'Formas de pago',
  entity: 'forma de pago',
  primaryKey: 'id_forma_pago',
  version: 0,
  columns: {
    id_forma_pago: uuid,
    fp_descripcion: text,
    fp_comision: { type: 'numeric', default: 0 },
    ...audit,
  },
})

export const tbPagosCitas = defineTable({
  name: 'tb_pagos_citas',
  label: 'Pagos',
  entity: 'pago',
  primaryKey: 'id_pago_cita',
  version: 0,
  columns: {
    id_pago_cita: uuid,
    id_cita: uuid,
    monto_total_calculado: { type: 'numeric', default: 0 },
    monto_adelanto_aplicado: { type: 'numeric', default: 0 },
    monto_final_pagado: money,
    metodo_pago_final: text,
    referencia_pago_final: textNull,
    notas_pago: textNull,
    banco: textNull,
    tratamientos_adicionales_info: { type: 'jsonb', json: 'array', default: [] },
    fecha_pago: { type: 'date' },
    ...audit,
  },
  indexes: ['fecha_pago'],
  // Pagos' 'Cobrado el …', the report's day and the 'Hoy' board.
  firstWindow: { column: 'fecha_pago', daysBefore: 1, daysAfter: 0 },
})

export const tbMovimientosStock = defineTable({
  name: 'tb_movimientos_stock',
  label: 'Movimientos de stock',
  entity: 'movimiento de stock',
  primaryKey: 'id_movimiento',
  version: 0,
  columns: {
    id_movimiento: uuid,
    id_tratamiento: uuid,
    cantidad: { type: 'integer' },
    motivo: text,
    id_pago_cita: uuidNull,
    nota: textNull,
    /** Derived: a late sale that overdrew the stock (kept, flagged for review). */
    sobreventa: { type: 'boolean', default: false, serverOwned: true },
    stock_resultante: { type: 'integer', default: 0, serverOwned: true },
    ...audit,
  },
  indexes: ['id_tratamiento'],
})

export const tbUsuarios = defineTable({
  name: 'tbusuarios',
  label: 'Usuarios',
  entity: 'usuario',
  primaryKey: 'id_usuario',
  adminOnly: true,
  version: 0,
  columns: {
    id_usuario: uuid,
    auth_user_id: uuidNull,
    id_nombre: text,
    id_correo: text,
    is_admin: flag(false),
    is_active: flag(true),
    last_sign_in_at: { type: 'timestamptz', nullable: true, serverOwned: true },
    ...audit,
  },
})

export const tbEgresos = defineTable({
  name: 'tb_egresos',
  label: 'Egresos',
  entity: 'egreso',
  primaryKey: 'id_egreso',
  adminOnly: true,
  version: 0,
  columns: {
    id_egreso: uuid,
    tipo_egreso: text,
    descripcion: text,
    tipo_cambio: moneyNull,
    monto_soles: money,
    monto_dolares: money,
    descripcion_adicional: textNull,
    mes: { type: 'smallint' },
    anio: { type: 'smallint' },
    fecha: dateNull,
    id_egreso_origen: uuidNull,
    ...audit,
  },
  indexes: [['anio', 'mes']],
})

export const tbConciliacionBancaria = defineTable({
  name: 'tb_conciliacion_bancaria',
  label: 'Conciliación bancaria',
  entity: 'registro de conciliación',
  primaryKey: 'id_conciliacion',
  adminOnly: true,
  version: 0,
  columns: {
    id_conciliacion: uuid,
    anio: { type: 'smallint' },
    mes: { type: 'smallint' },
    fecha: dateNull,
    banco: textNull,
    descripcion: textNull,
    observaciones: textNull,
    saldo_inicial: moneyNull,
    saldo_final: moneyNull,
    ingresos_tratamientos: { type: 'jsonb', json: 'array', default: [] },
    egresos: { type: 'numeric', default: 0 },
    creado_en: stamp,
    actualizado_en: stamp,
    ...audit,
  },
})

export const productTables = [
  tbTratamientos,
  tbHorarios,
  tbEspecialistas,
  tbReservas,
  tbCitas,
  tbPacientes,
  tbFormapago,
  tbPagosCitas,
  tbMovimientosStock,
  tbUsuarios,
  tbEgresos,
  tbConciliacionBancaria,
] as const

export type ProductTable = (typeof productTables)[number]
export type CollectionName = ProductTable['name']

/** The definition of the table called `name`. */
export function productTable<N extends CollectionName>(name: N): Extract<ProductTable, { name: N }> {
  const def = productTables.find((t): t is Extract<ProductTable, { name: N }> => t.name === name)
  if (!def) throw new Error(`Tabla desconocida: ${name}`)
  return def
}

export type TratamientoDoc = DocOf<typeof tbTratamientos>
export type HorarioDoc = DocOf<typeof tbHorarios>
export type EspecialistaDoc = DocOf<typeof tbEspecialistas>
export type ReservaDoc = DocOf<typeof tbReservas>
export type CitaDoc = DocOf<typeof tbCitas>
export type PacienteDoc = DocOf<typeof tbPacientes>
export type FormaPagoDoc = DocOf<typeof tbFormapago>
export type PagoCitaDoc = DocOf<typeof tbPagosCitas>
export type MovimientoStockDoc = DocOf<typeof tbMovimientosStock>
export type UsuarioDoc = DocOf<typeof tbUsuarios>
export type EgresoDoc = DocOf<typeof tbEgresos>
export type ConciliacionDoc = DocOf<typeof tbConciliacionBancaria>

/** Document type of each collection, by name. */
export interface DocTypes {
  tb_tratamientos: TratamientoDoc
  tb_horarios: HorarioDoc
  tb_especialistas: EspecialistaDoc
  tb_reservas: ReservaDoc
  tb_citas: CitaDoc
  tb_pacientes: PacienteDoc
  tb_formapago: FormaPagoDoc
  tb_pagos_citas: PagoCitaDoc
  tb_movimientos_stock: MovimientoStockDoc
  tbusuarios: UsuarioDoc
  tb_egresos: EgresoDoc
  tb_conciliacion_bancaria: ConciliacionDoc
}

/** How the session notices its own user lost the admin flag (rows then leave its view). */
export const adminFlag = { table: 'tbusuarios', userColumn: 'auth_user_id', flagColumn: 'is_admin' } as const
