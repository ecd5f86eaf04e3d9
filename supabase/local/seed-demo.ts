/**
 * Demo volume for benchmarks and manual testing: patients with Peruvian names and DNIs,
 * two years of appointments spread over the specialists without overlaps, final payments
 * (some with product items), direct product sales, reservations and monthly restocks.
 *
 *   npm run seed:demo -- --patients 5000 --appointments 20000 [--payments N] [--seed 42]
 *                        [--data-dir DIR]
 *
 * Where it writes: the PostgreSQL of `DATABASE_URL` when set, else the PGlite data dir
 * (`.data/` by default, the same one `npm start` uses). Migrations and seed.sql are
 * applied first if the database is new or behind.
 *
 * With the server running: a PGlite data dir can only be open in one process, so on
 * PGlite the script takes the same lock as `npm start` (`<data-dir>/backend.lock`, see
 * data-lock.ts) before it reads anything, and is refused while the server holds it —
 * and the server is refused while the seed runs. Stop the server (Ctrl+C), seed, start
 * it again. A lock left by a killed process is taken over. With `DATABASE_URL` (a real
 * Postgres) no lock is taken: it can run while the server is up.
 *
 * Everything goes through the real triggers (payments complete their appointments and
 * move stock, no double booking…), in one transaction: a failure leaves nothing behind.
 * Rows are sent in batches as one JSON parameter per statement, expanded by
 * `jsonb_populate_recordset`, so a batch is one round trip whatever its size.
 *
 * `seedDemo(db, options)` is the same generator for benchmarks. The phases live in
 * demo/: context.ts (PRNG, two-year window, batched insert), people.ts (names and
 * patients), calendar.ts (hours, shifts, agendas, hiring), appointments.ts (appointments
 * with their reservations and payments), sales.ts (catalogue, direct sales, restocks).
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { openDb, type Db, type Queryable } from './db.ts'
import { migrate } from './migrate.ts'
import { defaultDataDir } from './paths.ts'
import { lockDataDir, type DataDirLock } from './data-lock.ts'
import { defaultSeed } from './server.ts'
import { demoContext, insertJson, type DemoRows } from './demo/context.ts'
import { addPatients } from './demo/people.ts'
import { loadHorarios, peruToday, staffFor } from './demo/calendar.ts'
import { addAppointments, addPendingReservations } from './demo/appointments.ts'
import { addDirectSales, loadCatalogue, loadPaymentMethods, monthlyRestocks } from './demo/sales.ts'

export interface DemoOptions {
  patients: number
  /** Appointments with a specialist (direct sales come on top). */
  appointments: number
  /** Final payments in total; paid appointments first, direct sales make up the rest. Default: `appointments`. */
  payments?: number
  /** PRNG seed: the same seed on the same database gives the same data. Default 1. */
  seed?: number
  /** Rows per INSERT statement. Default 1000. */
  batchSize?: number
  /** The day the two years end at (Peru date, YYYY-MM-DD). Default: today in Peru. */
  today?: string
  log?: (message: string) => void
}

export interface DemoResult {
  patients: number
  specialistsAdded: number
  reservations: number
  appointments: number
  directSales: number
  payments: number
  restocks: number
  ms: number
}

/**
 * The small volume `npm start -- --demo` loads: a spa's work at a glance
 * (about 3 citas a day over two years and the month ahead), quick to seed and to sync to
 * a tablet. The benches use their own, larger volumes.
 */
export const smallDemo: DemoOptions = { patients: 300, appointments: 2400, seed: 1 }

/**
 * Seeds `options` only on a database without patients or citas (a fresh folder): a
 * restart with `--demo` never adds a second demo on top of the first, nor on a spa's
 * real data. Returns null when it left the database as it was.
 */
export async function seedDemoIfEmpty(db: Db, options: DemoOptions): Promise<DemoResult | null> {
  const { rows } = await db.query<{ vacia: boolean }>(
    `select not exists (select 1 from public.tb_pacientes) and not exists (select 1 from public.tb_citas) as vacia`,
  )
  return rows[0]?.vacia ? seedDemo(db, options) : null
}

export async function seedDemo(db: Db, options: DemoOptions): Promise<DemoResult> {
  const started = performance.now()
  const log = options.log ?? (() => {})
  const result = await db.transaction((tx) => generate(tx, options, log))
  return { ...result, ms: performance.now() - started }
}

// ---------------------------------------------------------------------------------
// Generation: the phases in the order they draw from the PRNG (changing it changes the data)

async function generate(tx: Queryable, o: DemoOptions, log: (m: string) => void): Promise<Omit<DemoResult, 'ms'>> {
  const ctx = demoContext(tx, o.seed ?? 1, o.today ?? peruToday(), o.batchSize ?? 1000, log)
  const { tratamientos, productos } = await loadCatalogue(tx)
  const horarios = await loadHorarios(tx)
  const metodos = await loadPaymentMethods(tx)
  const { especialistas, specialistsAdded } = await staffFor(ctx, horarios, o.appointments)
  const pacientes = await addPatients(ctx, o.patients)
  if (pacientes.all.length === 0 && (o.appointments > 0 || (o.payments ?? 0) > 0)) {
    throw new Error('Hace falta al menos un paciente para generar citas o ventas.')
  }

  const rows: DemoRows = { citas: [], reservas: [], pagos: [], demanda: new Map() }
  const paymentsTarget = o.payments ?? o.appointments
  const booking = { especialistas, horarios, tratamientos, productos, metodos, pacientes: pacientes.all, paymentsTarget }
  await addAppointments(ctx, rows, o.appointments, booking)
  const ventas = Math.max(paymentsTarget - rows.pagos.length, 0)
  addDirectSales(ctx, rows, ventas, booking)
  addPendingReservations(ctx, rows, Math.min(Math.ceil(o.appointments / 200), 200), booking)
  const restocks = monthlyRestocks(ctx, rows.demanda)

  // Restocks first: stock arrives before the payments' triggers take it out.
  const batch = ctx.batch
  await insertJson(tx, 'tb_movimientos_stock', ['id_tratamiento', 'cantidad', 'motivo', 'nota', 'created_at'], restocks, batch)
  log(`  ${restocks.length} reposiciones de stock`)
  await insertJson(tx, 'tb_reservas', reservationColumns, rows.reservas, batch)
  log(`  ${rows.reservas.length} reservas`)
  await insertJson(tx, 'tb_citas', appointmentColumns, rows.citas, batch)
  log(`  ${rows.citas.length} citas (${ventas} de venta directa)`)
  await insertJson(tx, 'tb_pagos_citas', paymentColumns, rows.pagos, batch)
  log(`  ${rows.pagos.length} pagos`)

  return {
    patients: pacientes.added,
    specialistsAdded,
    reservations: rows.reservas.length,
    appointments: rows.citas.length - ventas,
    directSales: ventas,
    payments: rows.pagos.length,
    restocks: restocks.length,
  }
}

const reservationColumns = [
  'id_reserva', 'nombre_cliente', 'email_cliente', 'telefono_cliente', 'id_tratamiento', 'nombre_tratamiento',
  'fecha_reserva', 'hora_reserva', 'mensaje_adicional', 'estado_reserva', 'created_at',
]
const appointmentColumns = [
  'id_cita', 'id_reserva_origen', 'id_paciente', 'id_especialista', 'id_tratamiento', 'nombre_cliente', 'email_cliente',
  'telefono_cliente', 'nombre_tratamiento', 'fecha_cita', 'hora_inicio', 'hora_fin', 'estado_cita', 'monto_adelanto',
  'metodo_pago_adelanto', 'fecha_pago_adelanto', 'created_at',
]
const paymentColumns = [
  'id_pago_cita', 'id_cita', 'monto_total_calculado', 'monto_adelanto_aplicado', 'monto_final_pagado', 'metodo_pago_final',
  'referencia_pago_final', 'tratamientos_adicionales_info', 'fecha_pago', 'created_at',
]

// ---------------------------------------------------------------------------------
// CLI

async function main() {
  const { values } = parseArgs({
    options: {
      patients: { type: 'string', default: '500' },
      appointments: { type: 'string', default: '2000' },
      payments: { type: 'string' },
      seed: { type: 'string', default: '1' },
      'data-dir': { type: 'string' },
    },
    strict: true,
  })
  const count = (name: string, v: string | undefined) => {
    const n = Number(v)
    if (!Number.isInteger(n) || n < 0) {
      console.error(`--${name} debe ser un entero mayor o igual a 0 (recibido: ${v}).`)
      process.exit(2)
    }
    return n
  }
  const options = {
    patients: count('patients', values.patients),
    appointments: count('appointments', values.appointments),
    ...(values.payments !== undefined ? { payments: count('payments', values.payments) } : {}),
    seed: count('seed', values.seed),
  }
  const databaseUrl = process.env.DATABASE_URL
  const folder = values['data-dir'] ?? defaultDataDir
  const dataDir = join(folder, 'pg')
  // The same lock as npm start, before anything is read (docs/decisions/0032-bloqueo-carpeta-y-acceso.md).
  let lock: DataDirLock | null = null
  if (!databaseUrl) {
    try {
      lock = await lockDataDir(folder, { command: 'npm run seed:demo' })
    } catch (error) {
      console.error(`No se pudieron generar los datos demo: ${(error as Error).message}`)
      process.exit(1)
    }
  }

  const db = await openDb(databaseUrl ? { databaseUrl } : { dataDir }).catch((error: unknown) => {
    lock?.release()
    throw error
  })
  try {
    await migrate(db, defaultSeed)
    console.log(`Generando datos demo en ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : dataDir}…`)
    const r = await seedDemo(db, { ...options, log: (m) => console.log(m) })
    console.log(
      `Listo en ${(r.ms / 1000).toFixed(1)} s: ${r.patients} pacientes, ${r.appointments} citas, ${r.directSales} ventas directas, ` +
        `${r.payments} pagos, ${r.reservations} reservas, ${r.restocks} reposiciones.`,
    )
  } finally {
    await db.close()
    lock?.release()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(`No se pudieron generar los datos demo: ${(error as Error).message}`)
    process.exit(1)
  })
}
