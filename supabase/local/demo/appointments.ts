/**
 * The appointments of the demo: each (specialist, day) agenda is packed from its opening
 * time on, a random agenda at a time, skipping what is already booked. A booked
 * appointment may come from a web reservation, may carry an advance, and when it is in
 * the past and completed gets its final payment (sometimes with products). Also the
 * reservations still waiting, for the reservations screen. Kept apart because this is
 * the generator's one long loop, and the part whose draw order is easiest to disturb.
 */
import { DAY_MS, type DemoContext, type DemoRows } from './context.ts'
import { agendaDays, hhmmss, isoDay, occupied, overlaps, stamp, type AgendaDay, type Especialista, type Horario } from './calendar.ts'
import { mensajes, slug, type PatientRef } from './people.ts'
import { addDemand, productItems, type Producto, type Tratamiento } from './sales.ts'

/** What booking needs besides the context: who works when, what is offered, who comes. */
export interface Booking {
  especialistas: Especialista[]
  horarios: Map<number, Horario>
  tratamientos: Tratamiento[]
  productos: Producto[]
  metodos: string[]
  pacientes: PatientRef[]
  /** Final payments wanted in total; appointments stop adding them once reached. */
  paymentsTarget: number
}

/** A (specialist, day) being packed: `cursor` is the next free minute in window `ventana`. */
interface Agenda {
  e: Especialista
  day: AgendaDay
  cursor: number
  ventana: number
}

export async function addAppointments(ctx: DemoContext, rows: DemoRows, count: number, b: Booking) {
  const { rnd, pick } = ctx
  const ocupado = await occupied(ctx.tx, ctx.firstDayMs, ctx.lastDayMs)
  const agendas: Agenda[] = b.especialistas.flatMap((e) =>
    agendaDays(e, b.horarios, ctx.firstDayMs, ctx.lastDayMs).map((day) => ({ e, day, cursor: day.ventanas[0]![0] + 15 * Math.floor(rnd() * 3), ventana: 0 })),
  )
  while (rows.citas.length < count && agendas.length > 0) {
    const k = Math.floor(rnd() * agendas.length)
    const a = agendas[k]!
    const t = pick(b.tratamientos)
    const duration = t.duracion > 0 ? t.duracion : 60
    const start = nextStart(ctx, a, duration, ocupado)
    if (start === null) {
      // This agenda is full: the last one takes its place (constant time).
      agendas[k] = agendas[agendas.length - 1]!
      agendas.pop()
    } else {
      book(ctx, rows, b, a, t, start, duration)
    }
  }
  if (rows.citas.length < count) {
    throw new Error(`Solo cupieron ${rows.citas.length} de ${count} citas en la agenda de dos años.`)
  }
}

/**
 * Moves the agenda's cursor past the next free slot of `duration` minutes (plus, at
 * times, a 15- or 30-minute gap) and returns its start, or null when the day is full.
 */
function nextStart({ rnd, chance }: DemoContext, a: Agenda, duration: number, ocupado: Map<string, Array<[number, number]>>): number | null {
  while (a.ventana < a.day.ventanas.length) {
    const [, end] = a.day.ventanas[a.ventana]!
    if (a.cursor + duration <= end) {
      const start = a.cursor
      a.cursor += duration + (chance(0.35) ? 15 * (1 + Math.floor(rnd() * 2)) : 0)
      if (overlaps(ocupado, a.e.id, a.day.ms, start, start + duration)) continue
      return start
    }
    a.ventana += 1
    if (a.ventana < a.day.ventanas.length) a.cursor = a.day.ventanas[a.ventana]![0]
  }
  return null
}

/** One appointment at `start`: its state, maybe its source reservation, maybe its payment. */
function book(ctx: DemoContext, rows: DemoRows, b: Booking, a: Agenda, t: Tratamiento, start: number, duration: number) {
  const { rnd, pick, chance, todayMs } = ctx
  const p = pick(b.pacientes)
  const past = a.day.ms < todayMs
  const estado = past
    ? chance(0.9) ? 'Completada' : chance(0.6) ? 'Cancelada' : 'Confirmada'
    : pick(['Pendiente de Pago', 'Pendiente de Pago', 'Confirmada', 'Confirmada', 'Reprogramada', 'Cancelada'])
  const adelanto = estado !== 'Pendiente de Pago' && chance(0.6) ? 50 : 0
  const idCita = crypto.randomUUID()
  const fecha = isoDay(a.day.ms)
  const idReserva = estado !== 'Cancelada' && chance(0.2) ? addSourceReservation(ctx, rows, p, t, a.day.ms, start) : null
  rows.citas.push({
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
  if (estado === 'Completada' && rows.pagos.length < b.paymentsTarget) {
    addFinalPayment(ctx, rows, b, { idCita, fecha, costo: t.costo, adelanto, paidAt: stamp(a.day.ms, start + duration) })
  }
}

/** The web reservation an appointment came from (the trigger marks it Procesada). */
function addSourceReservation({ rnd }: DemoContext, rows: DemoRows, p: PatientRef, t: Tratamiento, dayMs: number, start: number): string {
  const idReserva = crypto.randomUUID()
  rows.reservas.push({
    id_reserva: idReserva,
    nombre_cliente: `${p.nombre} ${p.apellido}`,
    email_cliente: p.email,
    telefono_cliente: p.telefono,
    id_tratamiento: t.id,
    nombre_tratamiento: t.nombre,
    fecha_reserva: isoDay(dayMs),
    hora_reserva: hhmmss(start),
    estado_reserva: 'pendiente',
    created_at: new Date(dayMs - (1 + Math.floor(rnd() * 10)) * DAY_MS).toISOString(),
  })
  return idReserva
}

/** The final payment of a completed appointment: its price less the advance, plus a quarter of the time some products. */
function addFinalPayment(
  { rnd, pick, chance }: DemoContext,
  rows: DemoRows,
  b: Booking,
  c: { idCita: string; fecha: string; costo: number; adelanto: number; paidAt: string },
) {
  const items = chance(0.25) ? productItems(b.productos, rnd, 2) : []
  addDemand(rows.demanda, items, c.fecha)
  const extras = items.reduce((s, i) => s + i.costo_al_momento_del_pago * i.cantidad, 0)
  const total = c.costo + extras
  rows.pagos.push({
    id_pago_cita: crypto.randomUUID(),
    id_cita: c.idCita,
    monto_total_calculado: total,
    monto_adelanto_aplicado: c.adelanto,
    monto_final_pagado: Math.max(total - c.adelanto, 0),
    metodo_pago_final: pick(b.metodos),
    referencia_pago_final: chance(0.5) ? `OP-${Math.floor(rnd() * 1e8)}` : null,
    tratamientos_adicionales_info: items,
    fecha_pago: c.fecha,
    created_at: c.paidAt,
  })
}

/** Reservations still waiting (and some cancelled) in the coming four weeks, for the reservations screen. */
export function addPendingReservations({ rnd, pick, chance, todayMs }: DemoContext, rows: DemoRows, count: number, b: Pick<Booking, 'pacientes' | 'tratamientos'>) {
  for (let i = 0; i < count; i++) {
    const p = pick(b.pacientes)
    const t = pick(b.tratamientos)
    const cancelada = chance(0.3)
    rows.reservas.push({
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
}
