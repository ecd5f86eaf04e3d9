/**
 * The geometry of the agenda's day view, free of React so every rule is tested here:
 * one column per specialist, a vertical time axis from opening to closing, the break as a
 * band, each appointment as a block whose top and height come from its times, which free
 * slot a tap lands on, and the current-time line. Sizes are pixels for a given
 * pixels-per-minute scale; horizontal placement is a fraction of the column.
 *
 * Choices (docs/decisions/0008-agenda.md):
 *  - Columns are the active specialists who work that weekday, plus any specialist who
 *    has a live appointment that day (inactive or off that day), so no appointment is
 *    ever hidden; ordered by surname then first name. (An appointment whose specialist
 *    is not on this device yet has no column to go in until that row syncs.)
 *  - The axis runs opening → closing and widens to the hour to take in an appointment
 *    outside the hours (an edited or old one); a closed day with no appointment has none.
 *  - Blocks only overlap when the data does (two tablets booked offline and the server
 *    has not refused one yet): overlapping blocks share the column side by side in lanes,
 *    like a calendar, each `1 / carriles` wide.
 */
import { SLOT_STEP_MINUTES, parseTime } from './booking-slots.ts'
import { diaSemana, isIsoDate } from './peru-time.ts'
import { formatHora12 } from './agenda-format.ts'
import {
  citaOcupaHorario,
  especialistaTrabaja,
  finEnMinutos,
  horarioDelDia,
  intervaloCita,
  type CitaAgenda,
  type EspecialistaAgenda,
  type HorarioSemana,
} from './agenda-slots.ts'
import { compararPorApellido } from './text.ts'

export interface EspecialistaVista extends EspecialistaAgenda {
  nombre: string
  apellido: string
  activo: boolean
}

/** A horizontal band of the axis, in pixels from its top. */
export interface Banda {
  top: number
  alto: number
}

export interface EjeDia {
  /** Minutes since midnight at the top and at the bottom. */
  inicio: number
  fin: number
  /** Pixels. */
  alto: number
  pxPorMinuto: number
}

export interface MarcaHora {
  minutos: number
  top: number
  /** '09:00 AM' */
  etiqueta: string
  /** On the hour (a solid line) rather than at half past. */
  enPunto: boolean
}

export interface BloqueCita<C> {
  cita: C
  inicio: number
  fin: number
  top: number
  alto: number
  /** 0-based lane among the blocks it overlaps, and how many lanes they need. */
  carril: number
  carriles: number
}

export interface ColumnaEspecialista<E, C> {
  especialista: E
  /** Works this weekday; false for a column that is only there for its appointments. */
  trabaja: boolean
  /** Their working hours on the axis, to shade the rest. */
  turno: Banda | null
  bloques: BloqueCita<C>[]
}

export interface VistaDia<E, C> {
  eje: EjeDia | null
  marcas: MarcaHora[]
  descanso: Banda | null
  columnas: ColumnaEspecialista<E, C>[]
}

export interface VistaDiaInput<E extends EspecialistaVista, C extends CitaAgenda> {
  /** YYYY-MM-DD */
  fecha: string
  especialistas: readonly E[]
  horarios: readonly HorarioSemana[]
  /** That day's appointments (others are ignored). */
  citas: readonly C[]
  pxPorMinuto: number
}

const banda = (eje: EjeDia, inicio: number, fin: number): Banda | null => {
  const a = Math.max(inicio, eje.inicio)
  const b = Math.min(fin, eje.fin)
  return b > a ? { top: (a - eje.inicio) * eje.pxPorMinuto, alto: (b - a) * eje.pxPorMinuto } : null
}

/** Lays out intervals in lanes: each overlapping group gets as few lanes as it needs. */
export function carriles<T extends { inicio: number; fin: number }>(items: readonly T[]): Array<T & { carril: number; carriles: number }> {
  const sorted = [...items].sort((a, b) => a.inicio - b.inicio || b.fin - a.fin)
  const out: Array<T & { carril: number; carriles: number }> = []
  let group: Array<T & { carril: number; carriles: number }> = []
  let laneEnds: number[] = []
  let groupEnd = Number.NEGATIVE_INFINITY
  const flush = () => {
    for (const g of group) g.carriles = laneEnds.length
    out.push(...group)
    group = []
    laneEnds = []
  }
  for (const item of sorted) {
    if (group.length > 0 && item.inicio >= groupEnd) flush()
    let lane = laneEnds.findIndex((end) => end <= item.inicio)
    if (lane === -1) lane = laneEnds.push(item.fin) - 1
    else laneEnds[lane] = item.fin
    group.push({ ...item, carril: lane, carriles: 0 })
    groupEnd = group.length === 1 ? item.fin : Math.max(groupEnd, item.fin)
  }
  flush()
  return out
}

export function vistaDia<E extends EspecialistaVista, C extends CitaAgenda>(input: VistaDiaInput<E, C>): VistaDia<E, C> {
  const empty: VistaDia<E, C> = { eje: null, marcas: [], descanso: null, columnas: [] }
  if (!isIsoDate(input.fecha)) return empty
  const dia = diaSemana(input.fecha)

  const citas = input.citas.flatMap((c) => {
    if (c.fecha_cita.slice(0, 10) !== input.fecha || !citaOcupaHorario(c)) return []
    const span = intervaloCita(c)
    return span ? [{ cita: c, ...span }] : []
  })
  const conCitas = new Set(citas.map((c) => c.cita.id_especialista))
  const especialistas = input.especialistas
    .filter((e) => !e._deleted && ((e.activo && especialistaTrabaja(e, dia)) || conCitas.has(e.id_especialista)))
    .sort(compararPorApellido)

  const horario = horarioDelDia(input.horarios, dia)
  const open = horario?.esta_abierto ? parseTime(horario.hora_apertura) : null
  const close = horario?.esta_abierto ? finEnMinutos(horario.hora_cierre) : null
  const abierto = open !== null && close !== null && close > open
  const shown = citas.filter((c) => especialistas.some((e) => e.id_especialista === c.cita.id_especialista))
  if (!abierto && shown.length === 0) return { ...empty, columnas: especialistas.map((e) => ({ especialista: e, trabaja: especialistaTrabaja(e, dia), turno: null, bloques: [] })) }

  let inicio = abierto ? open : Number.POSITIVE_INFINITY
  let fin = abierto ? close : Number.NEGATIVE_INFINITY
  for (const c of shown) {
    if (c.inicio < inicio) inicio = Math.floor(c.inicio / 60) * 60
    if (c.fin > fin) fin = Math.min(Math.ceil(c.fin / 60) * 60, 24 * 60)
  }
  const px = input.pxPorMinuto
  const eje: EjeDia = { inicio, fin, alto: (fin - inicio) * px, pxPorMinuto: px }

  const marcas: MarcaHora[] = []
  for (let m = Math.ceil(inicio / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES; m <= fin; m += SLOT_STEP_MINUTES) {
    marcas.push({ minutos: m, top: (m - inicio) * px, etiqueta: formatHora12(m), enPunto: m % 60 === 0 })
  }

  const breakStart = abierto ? parseTime(horario!.descanso_inicio) : null
  const breakEnd = abierto ? parseTime(horario!.descanso_fin) : null
  const descanso = breakStart !== null && breakEnd !== null ? banda(eje, breakStart, breakEnd) : null

  const columnas = especialistas.map((e): ColumnaEspecialista<E, C> => {
    const trabaja = e.activo && especialistaTrabaja(e, dia)
    const ws = parseTime(e.hora_inicio_trabajo)
    const we = finEnMinutos(e.hora_fin_trabajo)
    const bloques = carriles(shown.filter((c) => c.cita.id_especialista === e.id_especialista)).map((b) => ({
      cita: b.cita,
      inicio: b.inicio,
      fin: b.fin,
      top: (b.inicio - inicio) * px,
      alto: (b.fin - b.inicio) * px,
      carril: b.carril,
      carriles: b.carriles,
    }))
    return { especialista: e, trabaja, turno: trabaja && ws !== null && we !== null ? banda(eje, ws, we) : null, bloques }
  })
  return { eje, marcas, descanso, columnas }
}

/** Top of the current-time line, or null when the day shown is not today or now is off the axis. */
export function lineaAhora(fecha: string, eje: EjeDia | null, ahora: { hoy: string; minutos: number }): number | null {
  if (!eje || fecha !== ahora.hoy || ahora.minutos < eje.inicio || ahora.minutos > eje.fin) return null
  return (ahora.minutos - eje.inicio) * eje.pxPorMinuto
}
