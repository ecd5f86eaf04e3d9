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
 * PGlite the script refuses to run while `npm start`/`npm run backend` has that data dir
 * open (detected by PGlite's `postmaster.pid`); stop the server (Ctrl+C), seed, start it
 * again. If the server was killed and left the file behind, pass `--force`. With
 * `DATABASE_URL` (a real Postgres) it can run while the server is up.
 *
 * Everything goes through the real triggers (payments complete their appointments and
 * move stock, no double booking…), in one transaction: a failure leaves nothing behind.
 * Rows are sent in batches as one JSON parameter per statement, expanded by
 * `jsonb_populate_recordset`, so a batch is one round trip whatever its size.
 *
 * `seedDemo(db, options)` is the same generator for benchmarks.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { openDb, type Db, type Queryable } from './db.ts'
import { migrate } from './migrate.ts'
import { defaultDataDir } from './paths.ts'
import { defaultSeed } from './server.ts'

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

export async function seedDemo(db: Db, options: DemoOptions): Promise<DemoResult> {
  const started = performance.now()
  const log = options.log ?? (() => {})
  const result = await db.transaction((tx) => generate(tx, options, log))
  return { ...result, ms: performance.now() - started }
}

// ---------------------------------------------------------------------------------
// Generation

interface Especialista {
  id: string
  dias: Set<number>
  inicio: number
  fin: number
}
interface Horario {
  apertura: number
  cierre: number
  descansoInicio: number | null
  descansoFin: number | null
}
interface Tratamiento {
  id: string
  nombre: string
  costo: number
  duracion: number
}
interface Item {
  id_tratamiento: string
  nombre: string
  costo_al_momento_del_pago: number
  cantidad: number
  tipo: 'producto'
}

const MINUTES_PER_DAY = 24 * 60
const DAY_MS = 86_400_000
const weekdayIndex: Record<string, number> = { Domingo: 0, Lunes: 1, Martes: 2, Miércoles: 3, Jueves: 4, Viernes: 5, Sábado: 6 }

/**
 * The shifts of the specialists the demo hires, in turn: a weekday morning shift, a
 * Tuesday–Saturday late shift and a long-day shift (the seed's three specialists work
 * like this too). Within the seed's spa hours, 09:00–19:00 Monday to Saturday.
 */
const TURNOS_DEMO = [
  { dias: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'], inicio: '09:00', fin: '17:00' },
  { dias: ['Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'], inicio: '11:00', fin: '19:00' },
  { dias: ['Lunes', 'Miércoles', 'Viernes', 'Sábado'], inicio: '09:00', fin: '19:00' },
] as const

async function generate(tx: Queryable, o: DemoOptions, log: (m: string) => void): Promise<Omit<DemoResult, 'ms'>> {
  const rnd = mulberry32(o.seed ?? 1)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!
  const chance = (p: number) => rnd() < p
  const batch = o.batchSize ?? 1000
  const today = o.today ?? peruToday()
  const todayMs = Date.parse(`${today}T00:00:00Z`)
  const firstDayMs = todayMs - 730 * DAY_MS
  const lastDayMs = todayMs + 30 * DAY_MS

  // --- catalogue and calendar from the database (seed.sql or the spa's own data)
  const tratamientos = (
    await tx.query<{ id: string; nombre: string; costo: string; duracion: number }>(
      `select id_tratamiento::text as id, nombre, costo::text, duracion_estimada_minutos as duracion
         from public.tb_tratamientos where tipo = 'tratamiento' and activo and not _deleted order by nombre`,
    )
  ).rows.map((r): Tratamiento => ({ ...r, costo: Number(r.costo) }))
  const productos = (
    await tx.query<{ id: string; nombre: string; costo: string }>(
      `select id_tratamiento::text as id, nombre, costo::text from public.tb_tratamientos
        where tipo = 'producto' and activo and not _deleted order by nombre`,
    )
  ).rows.map((r) => ({ ...r, costo: Number(r.costo) }))
  if (tratamientos.length === 0) throw new Error('No hay tratamientos activos: aplica seed.sql antes de generar la demostración.')
  const horarios = new Map<number, Horario>()
  for (const h of (
    await tx.query<{ dia: string; a: string; c: string; di: string | null; df: string | null }>(
      `select dia_semana as dia, hora_apertura::text as a, hora_cierre::text as c, descanso_inicio::text as di, descanso_fin::text as df
         from public.tb_horarios where esta_abierto and not _deleted`,
    )
  ).rows) {
    const day = weekdayIndex[h.dia]
    if (day === undefined) continue
    horarios.set(day, { apertura: minutes(h.a), cierre: minutes(h.c), descansoInicio: h.di ? minutes(h.di) : null, descansoFin: h.df ? minutes(h.df) : null })
  }
  if (horarios.size === 0) throw new Error('No hay días abiertos en tb_horarios.')
  const formas = (await tx.query<{ d: string }>(`select fp_descripcion as d from public.tb_formapago where not _deleted`)).rows.map((r) => r.d)
  const metodos = weightedMethods(formas)
  let especialistas = await loadSpecialists(tx)

  // --- how many agenda days are needed; the spa "hires" demo specialists if short
  const agendaOf = (e: Especialista) => agendaDays(e, horarios, firstDayMs, lastDayMs)
  const slotsPerDay = (e: Especialista) => {
    const any = [...horarios.values()][0]!
    return Math.floor((Math.min(e.fin, any.cierre) - Math.max(e.inicio, any.apertura) - 60) / 75)
  }
  const capacity = especialistas.reduce((n, e) => n + agendaOf(e).length * Math.max(slotsPerDay(e), 0), 0)
  let specialistsAdded = 0
  const needed = Math.ceil(o.appointments / 0.7)
  if (capacity < needed) {
    // Each hired specialist gets a real shift (days and hours), as staff would enter it
    // in Especialistas: without them the agenda offers no slots (docs/decisions/0017).
    // Only the spa's open days of each pattern are kept.
    const turnos = TURNOS_DEMO.map((t) => ({
      dias_trabajo: t.dias.filter((d) => horarios.has(weekdayIndex[d]!)),
      hora_inicio_trabajo: t.inicio,
      hora_fin_trabajo: t.fin,
    })).filter((t) => t.dias_trabajo.length > 0)
    if (turnos.length === 0) throw new Error('Ningún turno demo cae en un día abierto de tb_horarios.')
    const shift = (i: number) => turnos[i % turnos.length]!
    const asSpecialist = (i: number): Especialista => ({
      id: '',
      dias: new Set(shift(i).dias_trabajo.map((d) => weekdayIndex[d]!)),
      inicio: minutes(shift(i).hora_inicio_trabajo),
      fin: minutes(shift(i).hora_fin_trabajo),
    })
    if (turnos.every((_, i) => agendaOf(asSpecialist(i)).length * slotsPerDay(asSpecialist(i)) <= 0)) {
      throw new Error('Los turnos demo no dejan horas libres en tb_horarios.')
    }
    for (let added = capacity; added < needed; specialistsAdded++) {
      const e = asSpecialist(specialistsAdded)
      added += agendaOf(e).length * Math.max(slotsPerDay(e), 0)
    }
    const existentes = Number((await tx.query<{ n: string }>(`select count(*)::text as n from public.tb_especialistas`)).rows[0]!.n)
    const nuevos = Array.from({ length: specialistsAdded }, (_, i) => {
      const nombre = pick(nombresMujer.concat(nombresHombre))
      const apellido = pick(apellidos)
      return {
        nombre,
        apellido,
        especialidad: pick(['Masoterapia', 'Cosmiatría', 'Terapias corporales', 'Reflexología']),
        email: `${slug(nombre)}.${slug(apellido)}.${existentes + i + 1}@spa.local`,
        telefono: phone(rnd),
        ...shift(i),
      }
    })
    const columns = ['nombre', 'apellido', 'especialidad', 'email', 'telefono', 'dias_trabajo', 'hora_inicio_trabajo', 'hora_fin_trabajo']
    await insertJson(tx, 'tb_especialistas', columns, nuevos, batch)
    especialistas = await loadSpecialists(tx)
    log(`  + ${specialistsAdded} especialistas demo para tener agenda suficiente`)
  }

  // --- patients
  const offset = Number((await tx.query<{ n: string }>(`select count(*)::text as n from public.tb_pacientes`)).rows[0]!.n)
  const pacientes = Array.from({ length: o.patients }, (_, i) => {
    const n = offset + i
    const mujer = chance(0.62)
    const nombre = mujer ? pick(nombresMujer) : pick(nombresHombre)
    const segundo = chance(0.35) ? ` ${mujer ? pick(nombresMujer) : pick(nombresHombre)}` : ''
    const ap1 = pick(apellidos)
    const ap2 = pick(apellidos)
    const birth = new Date(Date.UTC(1950 + Math.floor(rnd() * 56), Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)))
    return {
      id_paciente: crypto.randomUUID(),
      nombre: nombre + segundo,
      apellido: `${ap1} ${ap2}`,
      dni: String(10_000_000 + ((n * 7_368_787 + 1_234_567) % 89_999_999)).padStart(8, '0'),
      telefono: chance(0.92) ? phone(rnd) : null,
      email: chance(0.85) ? `${slug(nombre)}.${slug(ap1)}${n}@${pick(dominios)}` : null,
      fecha_nacimiento: birth.toISOString().slice(0, 10),
      direccion: chance(0.7) ? `${pick(calles)} ${100 + Math.floor(rnd() * 2900)}, ${pick(distritos)}` : null,
      historial_medico: chance(0.2) ? pick(antecedentes) : null,
      nro_historia: `HC-${String(n + 1).padStart(6, '0')}`,
      created_at: new Date(firstDayMs + rnd() * (todayMs - firstDayMs)).toISOString(),
    }
  })
  await insertJson(tx, 'tb_pacientes', Object.keys(pacientes[0] ?? { id_paciente: 0 }), pacientes, batch)
  log(`  ${pacientes.length} pacientes`)
  const pacientesTodos = pacientes.length
    ? pacientes
    : (await tx.query<{ id_paciente: string; nombre: string; apellido: string; email: string | null; telefono: string | null }>(
        `select id_paciente::text, nombre, apellido, email, telefono from public.tb_pacientes where not _deleted limit 5000`,
      )).rows
  if (pacientesTodos.length === 0 && (o.appointments > 0 || (o.payments ?? 0) > 0)) {
    throw new Error('Hace falta al menos un paciente para generar citas o ventas.')
  }

  // --- appointments: pack each (specialist, day) agenda from the opening time on
  const ocupado = await occupied(tx, firstDayMs, lastDayMs)
  const agendas = especialistas.flatMap((e) =>
    agendaOf(e).map((day) => ({ e, day, cursor: day.ventanas[0]![0] + 15 * Math.floor(rnd() * 3), ventana: 0 })),
  )
  const citas: Array<Record<string, unknown>> = []
  const reservas: Array<Record<string, unknown>> = []
  const pagos: Array<Record<string, unknown>> = []
  const demanda = new Map<string, number>() // product|YYYY-MM → units
  const paymentsTarget = o.payments ?? o.appointments
  const stamp = (dayMs: number, minute: number) => new Date(dayMs + (minute + 5 * 60) * 60_000).toISOString()

  while (citas.length < o.appointments && agendas.length > 0) {
    const k = Math.floor(rnd() * agendas.length)
    const a = agendas[k]!
    const t = pick(tratamientos)
    const duration = t.duracion > 0 ? t.duracion : 60
    let placed = false
    while (a.ventana < a.day.ventanas.length) {
      const [, end] = a.day.ventanas[a.ventana]!
      if (a.cursor + duration <= end) {
        const start = a.cursor
        a.cursor += duration + (chance(0.35) ? 15 * (1 + Math.floor(rnd() * 2)) : 0)
        if (overlaps(ocupado, a.e.id, a.day.ms, start, start + duration)) continue
        placed = true
        const p = pick(pacientesTodos)
        const past = a.day.ms < todayMs
        const estado = past
          ? chance(0.9) ? 'Completada' : chance(0.6) ? 'Cancelada' : 'Confirmada'
          : pick(['Pendiente de Pago', 'Pendiente de Pago', 'Confirmada', 'Confirmada', 'Reprogramada', 'Cancelada'])
        const adelanto = estado !== 'Pendiente de Pago' && chance(0.6) ? 50 : 0
        const idCita = crypto.randomUUID()
        const fecha = isoDay(a.day.ms)
        const desdeReserva = estado !== 'Cancelada' && chance(0.2)
        let idReserva: string | null = null
        if (desdeReserva) {
          idReserva = crypto.randomUUID()
          reservas.push({
            id_reserva: idReserva,
            nombre_cliente: `${p.nombre} ${p.apellido}`,
            email_cliente: p.email,
            telefono_cliente: p.telefono,
            id_tratamiento: t.id,
            nombre_tratamiento: t.nombre,
            fecha_reserva: fecha,
            hora_reserva: hhmmss(start),
            estado_reserva: 'pendiente',
            created_at: new Date(a.day.ms - (1 + Math.floor(rnd() * 10)) * DAY_MS).toISOString(),
          })
        }
        citas.push({
          id_cita: idCita,
          id_reserva_origen: idReserva,
          id_paciente: p.id_paciente,
          id_especialista: a.e.id,
          id_tratamiento: t.id,
          nombre_cliente: `${p.nombre} ${p.apellido}`,
          email_cliente: p.email,
          telefono_cliente: p.telefono,
          nombre_tratamiento: t.nombre,
          fecha_cita: fecha,
          hora_inicio: hhmmss(start),
          hora_fin: hhmmss(start + duration),
          // Completada comes from the payment trigger, as in the app.
          estado_cita: estado === 'Completada' ? 'Confirmada' : estado,
          monto_adelanto: adelanto,
          metodo_pago_adelanto: adelanto ? pick(['Yape', 'Plin', 'Transferencia']) : null,
          fecha_pago_adelanto: adelanto ? isoDay(Math.min(a.day.ms, todayMs) - DAY_MS * Math.floor(rnd() * 5)) : null,
          created_at: new Date(a.day.ms - (1 + Math.floor(rnd() * 14)) * DAY_MS).toISOString(),
        })
        if (estado === 'Completada' && pagos.length < paymentsTarget) {
          const items = chance(0.25) ? productItems(productos, rnd, 2) : []
          addDemand(demanda, items, fecha)
          const extras = items.reduce((s, i) => s + i.costo_al_momento_del_pago * i.cantidad, 0)
          const total = t.costo + extras
          pagos.push({
            id_pago_cita: crypto.randomUUID(),
            id_cita: idCita,
            monto_total_calculado: total,
            monto_adelanto_aplicado: adelanto,
            monto_final_pagado: Math.max(total - adelanto, 0),
            metodo_pago_final: pick(metodos),
            referencia_pago_final: chance(0.5) ? `OP-${Math.floor(rnd() * 1e8)}` : null,
            tratamientos_adicionales_info: items,
            fecha_pago: fecha,
            created_at: stamp(a.day.ms, start + duration),
          })
        }
        break
      }
      a.ventana += 1
      if (a.ventana < a.day.ventanas.length) a.cursor = a.day.ventanas[a.ventana]![0]
    }
    if (!placed) {
      agendas[k] = agendas[agendas.length - 1]!
      agendas.pop()
    }
  }
  if (citas.length < o.appointments) {
    throw new Error(`Solo cupieron ${citas.length} de ${o.appointments} citas en la agenda de dos años.`)
  }

  // --- direct sales make up the payments that appointments did not
  const ventas = Math.max(paymentsTarget - pagos.length, 0)
  if (ventas > 0 && productos.length === 0) throw new Error('No hay productos activos para generar ventas directas.')
  for (let i = 0; i < ventas; i++) {
    const p = pick(pacientesTodos)
    const dayMs = firstDayMs + Math.floor(rnd() * ((todayMs - firstDayMs) / DAY_MS)) * DAY_MS
    const fecha = isoDay(dayMs)
    const items = productItems(productos, rnd, 3)
    addDemand(demanda, items, fecha)
    const total = items.reduce((s, it) => s + it.costo_al_momento_del_pago * it.cantidad, 0)
    const idCita = crypto.randomUUID()
    citas.push({
      id_cita: idCita,
      id_paciente: p.id_paciente,
      nombre_cliente: `${p.nombre} ${p.apellido}`,
      email_cliente: p.email,
      telefono_cliente: p.telefono,
      nombre_tratamiento: `VENTA PRODUCTOS: ${items.map((it) => `${it.nombre} x${it.cantidad}`).join(', ')}`.slice(0, 200),
      fecha_cita: fecha,
      hora_inicio: '00:00:00',
      hora_fin: '00:00:00',
      estado_cita: 'Venta Directa',
      monto_adelanto: 0,
      created_at: stamp(dayMs, 10 * 60 + Math.floor(rnd() * 540)),
    })
    pagos.push({
      id_pago_cita: crypto.randomUUID(),
      id_cita: idCita,
      monto_total_calculado: total,
      monto_adelanto_aplicado: 0,
      monto_final_pagado: total,
      metodo_pago_final: pick(metodos),
      referencia_pago_final: `VENTA_PRODUCTOS_${dayMs}_${Math.floor(rnd() * 1e6).toString(36)}`,
      tratamientos_adicionales_info: items,
      fecha_pago: fecha,
      created_at: stamp(dayMs, 10 * 60 + Math.floor(rnd() * 540)),
    })
  }

  // --- reservations still waiting and some cancelled ones, for the reservations screen
  const extraReservas = Math.min(Math.ceil(o.appointments / 200), 200)
  for (let i = 0; i < extraReservas; i++) {
    const p = pick(pacientesTodos)
    const t = pick(tratamientos)
    const cancelada = chance(0.3)
    reservas.push({
      id_reserva: crypto.randomUUID(),
      nombre_cliente: `${p.nombre} ${p.apellido}`,
      email_cliente: p.email ?? `${slug(p.nombre)}.${i}@gmail.com`,
      telefono_cliente: p.telefono,
      id_tratamiento: t.id,
      nombre_tratamiento: t.nombre,
      fecha_reserva: isoDay(todayMs + (1 + Math.floor(rnd() * 28)) * DAY_MS),
      hora_reserva: pick(['09:30 am', '10:00 am', '11:30 am', '03:00 pm', '04:30 pm', '06:00 pm']),
      mensaje_adicional: chance(0.3) ? pick(mensajes) : null,
      estado_reserva: cancelada ? 'cancelada' : 'pendiente',
      created_at: new Date(todayMs - Math.floor(rnd() * 5) * DAY_MS).toISOString(),
    })
  }

  // --- restocks: each month, what the month sells plus a margin, before the sales
  const restocks = [...demanda.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, units]) => {
      const [producto, mes] = key.split('|') as [string, string]
      return {
        id_tratamiento: producto,
        cantidad: units + 5 + Math.floor(rnd() * 10),
        motivo: 'ajuste',
        nota: `Reposición de ${mes}`,
        created_at: `${mes}-01T13:00:00.000Z`,
      }
    })

  await insertJson(tx, 'tb_movimientos_stock', ['id_tratamiento', 'cantidad', 'motivo', 'nota', 'created_at'], restocks, batch)
  log(`  ${restocks.length} reposiciones de stock`)
  await insertJson(tx, 'tb_reservas', reservationColumns, reservas, batch)
  log(`  ${reservas.length} reservas`)
  await insertJson(tx, 'tb_citas', appointmentColumns, citas, batch)
  log(`  ${citas.length} citas (${ventas} de venta directa)`)
  await insertJson(tx, 'tb_pagos_citas', paymentColumns, pagos, batch)
  log(`  ${pagos.length} pagos`)

  return {
    patients: pacientes.length,
    specialistsAdded,
    reservations: reservas.length,
    appointments: citas.length - ventas,
    directSales: ventas,
    payments: pagos.length,
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

/** Multi-row insert of `rows` (objects) in batches: one JSON parameter per statement. */
async function insertJson(tx: Queryable, table: string, columns: string[], rows: Array<Record<string, unknown>>, batch: number) {
  const list = columns.map((c) => `"${c}"`).join(', ')
  const sql = `insert into public.${table} (${list}) select ${list} from jsonb_populate_recordset(null::public.${table}, $1::jsonb)`
  for (let i = 0; i < rows.length; i += batch) {
    await tx.query(sql, [JSON.stringify(rows.slice(i, i + batch))])
  }
}

async function loadSpecialists(tx: Queryable): Promise<Especialista[]> {
  const { rows } = await tx.query<{ id: string; dias: string[] | null; inicio: string | null; fin: string | null }>(
    `select id_especialista::text as id, dias_trabajo as dias, hora_inicio_trabajo::text as inicio, hora_fin_trabajo::text as fin
       from public.tb_especialistas where activo and not _deleted order by id_especialista`,
  )
  return rows.map((r) => ({
    id: r.id,
    // No work days recorded: the specialist works whenever the spa is open.
    dias: new Set((r.dias ?? Object.keys(weekdayIndex)).map((d) => weekdayIndex[d]!).filter((d) => d !== undefined)),
    inicio: r.inicio ? minutes(r.inicio) : 0,
    fin: r.fin ? minutes(r.fin) : MINUTES_PER_DAY,
  }))
}

/** Days on which the specialist works and the spa is open, with the bookable windows. */
function agendaDays(e: Especialista, horarios: Map<number, Horario>, fromMs: number, toMs: number) {
  const days: Array<{ ms: number; ventanas: Array<[number, number]> }> = []
  for (let ms = fromMs; ms <= toMs; ms += DAY_MS) {
    const weekday = new Date(ms).getUTCDay()
    const h = horarios.get(weekday)
    if (!h || !e.dias.has(weekday)) continue
    const start = Math.max(h.apertura, e.inicio)
    const end = Math.min(h.cierre, e.fin)
    const ventanas: Array<[number, number]> = []
    if (h.descansoInicio !== null && h.descansoFin !== null) {
      if (h.descansoInicio > start) ventanas.push([start, Math.min(h.descansoInicio, end)])
      if (h.descansoFin < end) ventanas.push([Math.max(h.descansoFin, start), end])
    } else {
      ventanas.push([start, end])
    }
    const usable = ventanas.filter(([a, b]) => b - a >= 30)
    if (usable.length) days.push({ ms, ventanas: usable })
  }
  return days
}

/** Active appointments already in the database, so a second run never double-books. */
async function occupied(tx: Queryable, fromMs: number, toMs: number) {
  const map = new Map<string, Array<[number, number]>>()
  const { rows } = await tx.query<{ e: string; f: string; a: string; b: string }>(
    `select id_especialista::text as e, fecha_cita::text as f, hora_inicio::text as a, hora_fin::text as b
       from public.tb_citas
      where not _deleted and estado_cita not in ('Cancelada', 'Venta Directa') and id_especialista is not null
        and fecha_cita between $1::date and $2::date`,
    [isoDay(fromMs), isoDay(toMs)],
  )
  for (const r of rows) {
    const key = `${r.e}|${r.f}`
    const list = map.get(key) ?? []
    list.push([minutes(r.a), minutes(r.b)])
    map.set(key, list)
  }
  return map
}

function overlaps(map: Map<string, Array<[number, number]>>, especialista: string, dayMs: number, a: number, b: number) {
  return (map.get(`${especialista}|${isoDay(dayMs)}`) ?? []).some(([x, y]) => x < b && y > a)
}

function productItems(productos: Array<{ id: string; nombre: string; costo: number }>, rnd: () => number, max: number): Item[] {
  const n = 1 + Math.floor(rnd() * max)
  const chosen = new Map<string, Item>()
  for (let i = 0; i < n; i++) {
    const p = productos[Math.floor(rnd() * productos.length)]!
    const item = chosen.get(p.id) ?? { id_tratamiento: p.id, nombre: p.nombre, costo_al_momento_del_pago: p.costo, cantidad: 0, tipo: 'producto' as const }
    item.cantidad += 1 + (rnd() < 0.2 ? 1 : 0)
    chosen.set(p.id, item)
  }
  return [...chosen.values()]
}

function addDemand(demanda: Map<string, number>, items: Item[], fecha: string) {
  for (const it of items) {
    const key = `${it.id_tratamiento}|${fecha.slice(0, 7)}`
    demanda.set(key, (demanda.get(key) ?? 0) + it.cantidad)
  }
}

/** Payment methods weighted as a Lima spa sees them: cash and Yape first. */
function weightedMethods(available: string[]): string[] {
  const weights: Record<string, number> = { Efectivo: 6, Yape: 5, Plin: 2, Transferencia: 2, 'Tarjeta de Crédito': 2, 'Tarjeta de Débito': 2 }
  const list = available.flatMap((m) => Array.from({ length: weights[m] ?? 0 }, () => m))
  return list.length ? list : ['Efectivo']
}

// ---------------------------------------------------------------------------------
// Small helpers

/** Deterministic PRNG (mulberry32): the same seed gives the same demo. */
function mulberry32(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const minutes = (hhmmss: string) => {
  const [h = '0', m = '0'] = hhmmss.split(':')
  return Number(h) * 60 + Number(m)
}
const hhmmss = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const peruToday = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10)
const slug = (s: string) =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]+/g, '')
const phone = (rnd: () => number) => `9${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`

const nombresMujer = [
  'María', 'Rosa', 'Carmen', 'Ana', 'Lucía', 'Sofía', 'Valeria', 'Camila', 'Daniela', 'Gabriela', 'Milagros',
  'Fiorella', 'Rocío', 'Patricia', 'Jimena', 'Andrea', 'Claudia', 'Karla', 'Mariela', 'Ximena', 'Luz', 'Elena',
  'Giuliana', 'Alessandra', 'Vanessa', 'Pilar', 'Yesenia', 'Nataly', 'Flor', 'Teresa',
]
const nombresHombre = [
  'José', 'Luis', 'Carlos', 'Jorge', 'Juan', 'Miguel', 'Diego', 'Renzo', 'Piero', 'César', 'Víctor', 'Manuel',
  'Ricardo', 'Alonso', 'Gonzalo', 'Sebastián', 'Raúl', 'Walter', 'Fernando', 'Martín',
]
const apellidos = [
  'Quispe', 'Flores', 'Sánchez', 'Rodríguez', 'García', 'Huamán', 'Mamani', 'Chávez', 'Rojas', 'Vargas', 'Ramírez',
  'Torres', 'Mendoza', 'Castillo', 'Gutiérrez', 'Espinoza', 'Díaz', 'Vásquez', 'Ríos', 'Salazar', 'Paredes',
  'Cárdenas', 'Condori', 'Ccori', 'Huanca', 'Villanueva', 'Cruz', 'Ramos', 'Medina', 'Aguilar', 'Palacios',
  'Zevallos', 'Benavides', 'Delgado', 'Alvarado', 'Herrera', 'Núñez', 'Córdova', 'Tello', 'Soto',
]
const dominios = ['gmail.com', 'gmail.com', 'gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.es']
const distritos = [
  'Miraflores', 'San Isidro', 'Surco', 'San Borja', 'Barranco', 'La Molina', 'Jesús María', 'Lince', 'Magdalena del Mar',
  'Pueblo Libre', 'San Miguel', 'Chorrillos', 'Los Olivos', 'Surquillo',
]
const calles = ['Av. Larco', 'Av. Arequipa', 'Jr. Junín', 'Av. Benavides', 'Calle Los Pinos', 'Av. Javier Prado', 'Jr. Huiracocha', 'Av. La Mar', 'Calle Schell']
const antecedentes = [
  'Hipertensión controlada.', 'Alergia al látex.', 'Piel sensible, evitar ácidos.', 'Gestante (segundo trimestre).',
  'Hernia lumbar L4-L5.', 'Diabetes tipo 2.', 'Alergia a frutos secos.', 'Varices en miembros inferiores.',
]
const mensajes = [
  'Es para mi aniversario, ¿tienen paquete para parejas?', 'Prefiero una especialista mujer.', '¿Puedo pagar con Yape?',
  'Tengo una lesión en el hombro derecho.', 'Voy con mi mamá, ¿pueden atendernos a la misma hora?',
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
      force: { type: 'boolean', default: false },
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
  const dataDir = join(values['data-dir'] ?? defaultDataDir, 'pg')
  if (!databaseUrl && existsSync(join(dataDir, 'postmaster.pid')) && !values.force) {
    console.error(
      `La base ${dataDir} está abierta por otro proceso (¿npm start o npm run backend?).\n` +
        'PGlite no admite dos procesos sobre la misma carpeta: detén el servidor (Ctrl+C) y vuelve a ejecutar.\n' +
        'Si el servidor ya no corre (se cerró a la fuerza), repite con --force.',
    )
    process.exit(1)
  }

  const db = await openDb(databaseUrl ? { databaseUrl } : { dataDir })
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
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(`No se pudieron generar los datos demo: ${(error as Error).message}`)
    process.exit(1)
  })
}
