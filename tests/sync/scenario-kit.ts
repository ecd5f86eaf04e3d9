/**
 * Shared pieces of the device scenarios: devices signed in as the demo users, data made
 * directly on the server (superuser SQL: setup and assertions only), and the final-state
 * comparison every scenario ends with.
 */
import { expect } from 'vitest'
import type { Queryable } from '../../supabase/local/db.ts'
import { demo } from '../support/stack.ts'
import { productTables } from '../../sync/tables/product-tables.ts'
import { fromServerRow } from '../../sync/tables/rows.ts'
import { SYNC_MODIFIED, SYNC_XID } from '../../sync/tables/table-def.ts'
import { Device, type StartDeviceOptions } from './device.ts'
import { waitFor } from './wait.ts'

export interface Backend {
  port: number
  anonKey: string
  db: Queryable
}

type DeviceExtras = Partial<Omit<StartDeviceOptions, 'name' | 'backendPort' | 'anonKey' | 'email' | 'password'>>

export function staffDevice(backend: Pick<Backend, 'port' | 'anonKey'>, name: string, extras: DeviceExtras = {}): Promise<Device> {
  return Device.start({
    name,
    backendPort: backend.port,
    anonKey: backend.anonKey,
    email: demo.staff.email,
    password: demo.staff.password,
    isAdmin: false,
    verbose: true,
    ...extras,
  })
}

export function adminDevice(backend: Pick<Backend, 'port' | 'anonKey'>, name: string, extras: DeviceExtras = {}): Promise<Device> {
  return Device.start({
    name,
    backendPort: backend.port,
    anonKey: backend.anonKey,
    email: demo.admin.email,
    password: demo.admin.password,
    isAdmin: true,
    verbose: true,
    ...extras,
  })
}

/** What each device says about itself: printed when a scenario fails. */
export async function describeDevices(devices: Device[]): Promise<string> {
  const parts = await Promise.all(
    devices.map(async (d) => {
      const s = (await d.status().catch((e: Error) => ({ error: e.message }))) as unknown as Record<string, unknown>
      const { pendingTotal, error, refused, conflicts, online, initialSync } = s
      const pending = await d.pending().catch(() => null)
      return `--- ${d.name}: ${JSON.stringify({ online, pendingTotal, pending, error, initialSync, refused, conflicts })}\n${d.logs.slice(-25).join('\n')}`
    }),
  )
  return parts.join('\n')
}

export const newId = () => crypto.randomUUID()

export async function serverRows(db: Queryable, table: string, where = 'true', params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const def = productTables.find((t) => t.name === table)
  const { rows } = await db.query<{ r: Record<string, unknown> }>(`select to_jsonb(t) as r from public.${table} t where ${where}`, params)
  return def ? rows.map((row) => fromServerRow(def, row.r)) : rows.map((row) => row.r)
}

export async function serverRow(db: Queryable, table: string, id: string): Promise<Record<string, unknown> | undefined> {
  const def = productTables.find((t) => t.name === table)!
  return (await serverRows(db, table, `${def.primaryKey} = $1`, [id]))[0]
}

/** A patient created on the server (as if by another tablet long ago). */
export async function createPatient(db: Queryable, fields: Record<string, unknown> = {}): Promise<string> {
  const id = newId()
  const row = { id_paciente: id, nombre: 'Lucía', apellido: 'Quispe', ...fields }
  const cols = Object.keys(row)
  await db.query(
    `insert into public.tb_pacientes (${cols.join(', ')}) select ${cols.map((c) => `r.${c}`).join(', ')} from jsonb_populate_record(null::public.tb_pacientes, $1) r`,
    [JSON.stringify(row)],
  )
  return id
}

export async function anySpecialist(db: Queryable): Promise<{ id: string; nombre: string; apellido: string }> {
  const { rows } = await db.query<{ id: string; nombre: string; apellido: string }>(
    `select id_especialista as id, nombre, apellido from public.tb_especialistas where not _deleted and activo order by nombre limit 1`,
  )
  return rows[0]!
}

export async function anyTreatment(db: Queryable): Promise<{ id: string; nombre: string; duracion: number }> {
  const { rows } = await db.query<{ id: string; nombre: string; duracion: number }>(
    `select id_tratamiento as id, nombre, duracion_estimada_minutos as duracion from public.tb_tratamientos
      where tipo = 'tratamiento' and activo and not _deleted order by nombre limit 1`,
  )
  return rows[0]!
}

/** A product with exactly `units` in stock (an 'inicial' ledger row). */
export async function createProduct(db: Queryable, units: number): Promise<string> {
  const id = newId()
  await db.query(`insert into public.tb_tratamientos (id_tratamiento, nombre, tipo, costo) values ($1, $2, 'producto', 25)`, [
    id,
    `Crema de prueba ${id.slice(0, 8)}`,
  ])
  if (units > 0) {
    await db.query(`insert into public.tb_movimientos_stock (id_movimiento, id_tratamiento, cantidad, motivo) values ($1, $2, $3, 'inicial')`, [newId(), id, units])
  }
  return id
}

/** Fields compared between devices and the server (everything but the sync bookkeeping). */
export function comparable(doc: Record<string, unknown>): Record<string, unknown> {
  const { [SYNC_XID]: _x, [SYNC_MODIFIED]: _m, _meta, _rev, _attachments, _deleted, ...rest } = doc
  return rest
}

/** Waits until `device` holds exactly the server's live rows of `table` (matching `where`). */
export async function expectSameAsServer(device: Device, db: Queryable, table: string, where = 'not _deleted', selector?: Record<string, unknown>) {
  const def = productTables.find((t) => t.name === table)!
  const byId = (docs: Record<string, unknown>[]) => new Map(docs.map((d) => [String(d[def.primaryKey]), comparable(d)]))
  let server = new Map<string, Record<string, unknown>>()
  let local = new Map<string, Record<string, unknown>>()
  await waitFor(
    `${device.name}: ${table} igual que el servidor`,
    async () => {
      server = byId(await serverRows(db, table, where))
      local = byId(await device.find(table, selector))
      if (server.size !== local.size) return false
      for (const [id, row] of server) if (JSON.stringify(sorted(row)) !== JSON.stringify(sorted(local.get(id) ?? {}))) return false
      return true
    },
    30_000,
    200,
  ).catch((error: unknown) => {
    // Show the difference, ordered by key.
    const list = (m: Map<string, Record<string, unknown>>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => sorted(v))
    expect(list(local)).toEqual(list(server))
    throw error
  })
}

function sorted(o: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)))
}
