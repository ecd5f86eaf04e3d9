/**
 * When the demo's appointments can happen: the spa's opening hours and the specialists'
 * shifts read from the database, the bookable windows of each (specialist, day), the
 * appointments already booked (so a second run never double-books), and the demo
 * specialists the spa "hires" when its own cannot hold the requested appointments.
 * Kept apart because it is the one part with calendar arithmetic: minutes of the day,
 * Peru dates, break times.
 */
import type { Queryable } from '../db.ts'
import { DAY_MS, insertJson, type DemoContext } from './context.ts'
import { apellidos, nombresHombre, nombresMujer, phone, slug } from './people.ts'

export interface Especialista {
  id: string
  dias: Set<number>
  inicio: number
  fin: number
}
export interface Horario {
  apertura: number
  cierre: number
  descansoInicio: number | null
  descansoFin: number | null
}
/** A (specialist, day) the spa is open and the specialist works: bookable windows in minutes. */
export interface AgendaDay {
  ms: number
  ventanas: Array<[number, number]>
}

const MINUTES_PER_DAY = 24 * 60
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

/** The spa's open days (0 = Sunday) with their hours and break. */
export async function loadHorarios(tx: Queryable): Promise<Map<number, Horario>> {
  const horarios = new Map<number, Horario>()
  const { rows } = await tx.query<{ dia: string; a: string; c: string; di: string | null; df: string | null }>(
    `select dia_semana as dia, hora_apertura::text as a, hora_cierre::text as c, descanso_inicio::text as di, descanso_fin::text as df
       from public.tb_horarios where esta_abierto and not _deleted`,
  )
  for (const h of rows) {
    const day = weekdayIndex[h.dia]
    if (day === undefined) continue
    horarios.set(day, { apertura: minutes(h.a), cierre: minutes(h.c), descansoInicio: h.di ? minutes(h.di) : null, descansoFin: h.df ? minutes(h.df) : null })
  }
  if (horarios.size === 0) throw new Error('No hay días abiertos en tb_horarios.')
  return horarios
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

/**
 * The active specialists, after hiring demo ones if the agenda of the two years (plus
 * the month ahead) cannot hold `appointments` at 70 % occupancy.
 */
export async function staffFor(ctx: DemoContext, horarios: Map<number, Horario>, appointments: number) {
  const agendaOf = (e: Especialista) => agendaDays(e, horarios, ctx.firstDayMs, ctx.lastDayMs)
  const slotsPerDay = (e: Especialista) => {
    const any = [...horarios.values()][0]!
    return Math.floor((Math.min(e.fin, any.cierre) - Math.max(e.inicio, any.apertura) - 60) / 75)
  }
  const capacityOf = (e: Especialista) => agendaOf(e).length * Math.max(slotsPerDay(e), 0)
  const especialistas = await loadSpecialists(ctx.tx)
  const capacity = especialistas.reduce((n, e) => n + capacityOf(e), 0)
  const needed = Math.ceil(appointments / 0.7)
  if (capacity >= needed) return { especialistas, specialistsAdded: 0 }

  const turnos = demoShifts(horarios)
  const asSpecialist = (i: number): Especialista => {
    const t = turnos[i % turnos.length]!
    return { id: '', dias: new Set(t.dias_trabajo.map((d) => weekdayIndex[d]!)), inicio: minutes(t.hora_inicio_trabajo), fin: minutes(t.hora_fin_trabajo) }
  }
  if (turnos.every((_, i) => agendaOf(asSpecialist(i)).length * slotsPerDay(asSpecialist(i)) <= 0)) {
    throw new Error('Los turnos demo no dejan horas libres en tb_horarios.')
  }
  let specialistsAdded = 0
  for (let added = capacity; added < needed; specialistsAdded++) added += capacityOf(asSpecialist(specialistsAdded))
  await hireSpecialists(ctx, specialistsAdded, turnos)
  ctx.log(`  + ${specialistsAdded} especialistas demo para tener agenda suficiente`)
  return { especialistas: await loadSpecialists(ctx.tx), specialistsAdded }
}

/**
 * Each hired specialist gets a real shift (days and hours), as staff would enter it in
 * Especialistas: without them the agenda offers no slots (docs/decisions/0017). Only the
 * spa's open days of each pattern are kept.
 */
function demoShifts(horarios: Map<number, Horario>) {
  const turnos = TURNOS_DEMO.map((t) => ({
    dias_trabajo: t.dias.filter((d) => horarios.has(weekdayIndex[d]!)),
    hora_inicio_trabajo: t.inicio,
    hora_fin_trabajo: t.fin,
  })).filter((t) => t.dias_trabajo.length > 0)
  if (turnos.length === 0) throw new Error('Ningún turno demo cae en un día abierto de tb_horarios.')
  return turnos
}

async function hireSpecialists(ctx: DemoContext, count: number, turnos: ReturnType<typeof demoShifts>) {
  const { tx, pick, rnd } = ctx
  const existentes = Number((await tx.query<{ n: string }>(`select count(*)::text as n from public.tb_especialistas`)).rows[0]!.n)
  const nuevos = Array.from({ length: count }, (_, i) => {
    const nombre = pick(nombresMujer.concat(nombresHombre))
    const apellido = pick(apellidos)
    return {
      nombre,
      apellido,
      especialidad: pick(['Masoterapia', 'Cosmiatría', 'Terapias corporales', 'Reflexología']),
      email: `${slug(nombre)}.${slug(apellido)}.${existentes + i + 1}@spa.local`,
      telefono: phone(rnd),
      ...turnos[i % turnos.length]!,
    }
  })
  const columns = ['nombre', 'apellido', 'especialidad', 'email', 'telefono', 'dias_trabajo', 'hora_inicio_trabajo', 'hora_fin_trabajo']
  await insertJson(tx, 'tb_especialistas', columns, nuevos, ctx.batch)
}

/** Days on which the specialist works and the spa is open, with the bookable windows. */
export function agendaDays(e: Especialista, horarios: Map<number, Horario>, fromMs: number, toMs: number): AgendaDay[] {
  const days: AgendaDay[] = []
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
export async function occupied(tx: Queryable, fromMs: number, toMs: number) {
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

export function overlaps(map: Map<string, Array<[number, number]>>, especialista: string, dayMs: number, a: number, b: number) {
  return (map.get(`${especialista}|${isoDay(dayMs)}`) ?? []).some(([x, y]) => x < b && y > a)
}

export const minutes = (hhmmss: string) => {
  const [h = '0', m = '0'] = hhmmss.split(':')
  return Number(h) * 60 + Number(m)
}
export const hhmmss = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
export const peruToday = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10)
/** A timestamp `minute` minutes into the Peru day `dayMs` (Peru is UTC−5). */
export const stamp = (dayMs: number, minute: number) => new Date(dayMs + (minute + 5 * 60) * 60_000).toISOString()
