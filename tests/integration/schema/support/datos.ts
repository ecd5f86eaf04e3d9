/**
 * Direct SQL for setting up and checking the schema tests (superuser: `stack.db`).
 * What is being tested always goes through supabase-js; these helpers only prepare
 * rows and read the database's real state afterwards.
 */
import { randomUUID } from 'node:crypto'
import type { Db, Queryable } from '../../../../supabase/local/db.ts'

export type Fila = Record<string, unknown>

/** Inserts `fila` (only the keys given, so defaults and triggers apply) and returns the stored row. */
export async function insertar(db: Queryable, tabla: string, fila: Fila): Promise<Fila> {
  const columnas = Object.keys(fila).map((c) => `"${c}"`).join(', ')
  const { rows } = await db.query<{ r: Fila }>(
    `insert into public.${tabla} (${columnas})
     select ${columnas} from jsonb_populate_record(null::public.${tabla}, $1::jsonb)
     returning to_jsonb(${tabla}.*) as r`,
    [JSON.stringify(fila)],
  )
  return rows[0]!.r
}

/** The stored row, or null. */
export async function leer(db: Queryable, tabla: string, pk: string, id: string): Promise<Fila | null> {
  const { rows } = await db.query<{ r: Fila }>(`select to_jsonb(t.*) as r from public.${tabla} t where "${pk}" = $1::uuid`, [id])
  return rows[0]?.r ?? null
}

export async function valor<T = unknown>(db: Queryable, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query<{ v: T }>(sql, params)
  return rows[0]!.v
}

/**
 * Turns a row into a tombstone old enough for an admin to purge (more days than
 * private.dias_conservacion_tombstones()). The soft delete goes through the normal
 * rules; only the backdating of `_modified` skips the triggers, because the server
 * never lets anyone write that column.
 */
export async function tombstoneAntiguo(db: Db, tabla: string, pk: string, id: string) {
  await db.query(`update public.${tabla} set _deleted = true where "${pk}" = $1::uuid`, [id])
  await db.transaction(async (tx) => {
    await tx.exec(`set local session_replication_role = replica`)
    await tx.query(`update public.${tabla} set _modified = now() - interval '400 days' where "${pk}" = $1::uuid`, [id])
  })
}

/** Peru's date (UTC−5) shifted by `dias`, as YYYY-MM-DD. */
export function fechaPeru(dias = 0): string {
  return new Date(Date.now() - 5 * 3_600_000 + dias * 86_400_000).toISOString().slice(0, 10)
}

/**
 * Peru's date shifted by `dias`, moved to the Monday when it falls on a Sunday: the
 * seed's one closed day, where the server refuses public requests
 * (20261125200000_reservas_horario.sql).
 */
export function diaAbiertoPeru(dias = 0): string {
  const fecha = fechaPeru(dias)
  return new Date(`${fecha}T12:00:00Z`).getUTCDay() === 0 ? fechaPeru(dias + 1) : fecha
}

/** A weekday date ≥ 30 days ahead (the seed's specialists work Monday–Friday or so). */
export function lunesFuturo(semanas = 5): string {
  const d = new Date(Date.now() - 5 * 3_600_000 + semanas * 7 * 86_400_000)
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7))
  return d.toISOString().slice(0, 10)
}

export const unico = (prefijo: string) => `${prefijo}-${randomUUID().slice(0, 8)}`

// ---------------------------------------------------------------------------------
// Seed rows (supabase/seed.sql) by name

export async function idTratamiento(db: Queryable, nombre: string): Promise<string> {
  return valor<string>(db, `select id_tratamiento::text as v from public.tb_tratamientos where nombre = $1`, [nombre])
}
export async function idEspecialista(db: Queryable, nombre: string): Promise<string> {
  return valor<string>(db, `select id_especialista::text as v from public.tb_especialistas where nombre = $1`, [nombre])
}
export async function stock(db: Queryable, idProducto: string): Promise<{ tr_cantidad: number; stock_en_revision: boolean; libro: number }> {
  const { rows } = await db.query<{ tr_cantidad: number; stock_en_revision: boolean; libro: number }>(
    `select t.tr_cantidad, t.stock_en_revision,
            (select coalesce(sum(m.cantidad), 0)::int from public.tb_movimientos_stock m where m.id_tratamiento = t.id_tratamiento) as libro
       from public.tb_tratamientos t where t.id_tratamiento = $1::uuid`,
    [idProducto],
  )
  return rows[0]!
}

// ---------------------------------------------------------------------------------
// Fixtures: valid rows for each table

export async function crearPaciente(db: Queryable, extra: Fila = {}): Promise<Fila> {
  return insertar(db, 'tb_pacientes', { nombre: 'Rosa', apellido: 'Huamán Quispe', ...extra })
}

export async function crearProducto(db: Queryable, stockInicial: number, extra: Fila = {}): Promise<Fila> {
  const p = await insertar(db, 'tb_tratamientos', { nombre: unico('Crema de prueba'), tipo: 'producto', costo: 40, ...extra })
  if (stockInicial > 0) {
    await insertar(db, 'tb_movimientos_stock', { id_tratamiento: p.id_tratamiento, cantidad: stockInicial, motivo: 'inicial' })
  }
  return p
}

export async function crearTratamiento(db: Queryable, extra: Fila = {}): Promise<Fila> {
  return insertar(db, 'tb_tratamientos', { nombre: unico('Masaje de prueba'), tipo: 'tratamiento', costo: 120, duracion_estimada_minutos: 60, ...extra })
}

/** A specialist of its own, so appointments of different tests never collide. */
export async function crearEspecialista(db: Queryable, extra: Fila = {}): Promise<Fila> {
  return insertar(db, 'tb_especialistas', { nombre: 'Elena', apellido: unico('Salazar'), especialidad: 'Masoterapia', ...extra })
}

export async function crearCita(db: Queryable, extra: Fila = {}): Promise<Fila> {
  const especialista = extra.id_especialista ?? (await crearEspecialista(db)).id_especialista
  const tratamiento = extra.id_tratamiento ?? (await idTratamiento(db, 'Masaje Relajante'))
  return insertar(db, 'tb_citas', {
    id_especialista: especialista,
    id_tratamiento: tratamiento,
    nombre_cliente: 'Rosa Huamán',
    nombre_tratamiento: 'Masaje Relajante',
    fecha_cita: lunesFuturo(),
    hora_inicio: '10:00:00',
    hora_fin: '11:00:00',
    estado_cita: 'Confirmada',
    ...extra,
  })
}

export function itemProducto(producto: Fila, cantidad: number) {
  return { id_tratamiento: producto.id_tratamiento, nombre: producto.nombre, costo_al_momento_del_pago: Number(producto.costo), cantidad, tipo: 'producto' }
}

export async function crearPago(db: Queryable, idCita: unknown, extra: Fila = {}): Promise<Fila> {
  return insertar(db, 'tb_pagos_citas', {
    id_cita: idCita,
    monto_total_calculado: 150,
    monto_adelanto_aplicado: 0,
    monto_final_pagado: 150,
    metodo_pago_final: 'Efectivo',
    ...extra,
  })
}

export async function crearReserva(db: Queryable, extra: Fila = {}): Promise<Fila> {
  return insertar(db, 'tb_reservas', {
    nombre_cliente: 'Carmen Rojas',
    email_cliente: `${unico('carmen')}@gmail.com`,
    id_tratamiento: await idTratamiento(db, 'Facial Hidratante'),
    nombre_tratamiento: 'Facial Hidratante',
    fecha_reserva: fechaPeru(7),
    hora_reserva: '10:00 am',
    ...extra,
  })
}
