/**
 * New online bookings announce themselves on the tablet
 * (docs/decisions/0054-reservas-nuevas-avisan.md): which reservations are news to this
 * device, what the toast says, and the page title with the count. Pure: the device's
 * memory of what it has seen is kept by `src/lib/db/reservas-vistas.ts`.
 */
import { fechaLargaDia } from './agenda-format.ts'
import { parseHoraReserva } from './hora-reserva.ts'

export interface ReservaAviso {
  id_reserva: string
  nombre_cliente: string
  nombre_tratamiento: string | null
  fecha_reserva: string
  hora_reserva: string | null
  estado_reserva: string
  _deleted?: boolean
}

/** Up to this many arrivals at once get one toast each; more get one summary toast. */
export const AVISOS_INDIVIDUALES_MAX = 3
/** The device remembers at most this many seen ids (the oldest are forgotten first). */
export const VISTAS_MAX = 500

/** '09:30 am' / '09:30 pm': the public form's spelling (the schema's comment on hora_reserva). */
const HORA_DEL_SITIO = /^\d{1,2}:\d{2}\s*[ap]\.?\s*m\.?$/i

/**
 * A request made on the public site. The column has no origin; its time tells it: the
 * public form writes '09:30 am', staff's 'Crear Reserva' writes '09:30:00' (documented on
 * `tb_reservas.hora_reserva` and in hora-reserva.ts).
 */
export function esReservaDelSitio(r: Pick<ReservaAviso, 'hora_reserva'>): boolean {
  return typeof r.hora_reserva === 'string' && HORA_DEL_SITIO.test(r.hora_reserva.trim()) && parseHoraReserva(r.hora_reserva) !== null
}

/** Pending, live, from the public site: the requests a receptionist must act on. */
export function esAvisable(r: ReservaAviso): boolean {
  return !r._deleted && r.estado_reserva === 'pendiente' && esReservaDelSitio(r)
}

/**
 * The requests this device has not opened yet: avisable and not among `vistas`, in the
 * order they are listed (requested day, then time, then name).
 */
export function reservasNoVistas<R extends ReservaAviso>(reservas: readonly R[], vistas: ReadonlySet<string>): R[] {
  const minuto = (r: R) => parseHoraReserva(r.hora_reserva) ?? 24 * 60
  return reservas
    .filter((r) => esAvisable(r) && !vistas.has(r.id_reserva))
    .sort((a, b) => (a.fecha_reserva < b.fecha_reserva ? -1 : a.fecha_reserva > b.fecha_reserva ? 1 : 0) || minuto(a) - minuto(b) || a.nombre_cliente.localeCompare(b.nombre_cliente, 'es'))
}

/**
 * The seen list kept after adding `nuevas`: ids already there keep their place, the new
 * ones go last, and only the last VISTAS_MAX stay (a spa never has that many requests
 * pending at once, so the forgotten ones are long processed or cancelled).
 */
export function agregarVistas(vistas: readonly string[], nuevas: readonly string[], max = VISTAS_MAX): string[] {
  const presentes = new Set(vistas)
  const agregadas = nuevas.filter((id, i) => !presentes.has(id) && nuevas.indexOf(id) === i)
  if (agregadas.length === 0 && vistas.length <= max) return [...vistas]
  return [...vistas, ...agregadas].slice(-max)
}

export interface TextoAviso {
  title: string
  description: string
  /** The request 'Ver reserva' opens; absent on the summary. */
  id_reserva?: string
  /** What the Reservas search is set to, so the list shows that request. */
  busqueda?: string
}

export const TEXTOS_AVISO = {
  titulo: 'Nueva reserva del sitio web',
  titulos: (n: number) => `${n} reservas nuevas del sitio web`,
  resumen: 'Ábralas en Reservas para confirmarlas.',
  verReserva: 'Ver reserva',
  verReservas: 'Ver reservas',
  sonido: 'Sonido al llegar una reserva',
  sonidoDetalle: 'Un tono suave. Se recuerda solo en este equipo.',
  menu: 'Avisos de reservas',
} as const

/**
 * 'Ana Pérez — Masaje Relajante, martes, 1 de diciembre de 2026, 09:30 am': the day in
 * Spanish as the agenda writes it, the time as the public site offered it.
 */
export function textoReserva(r: Pick<ReservaAviso, 'nombre_cliente' | 'nombre_tratamiento' | 'fecha_reserva' | 'hora_reserva'>): string {
  const detalle = [r.nombre_tratamiento?.trim(), fechaLargaDia(r.fecha_reserva) || r.fecha_reserva, r.hora_reserva?.trim()].filter(Boolean)
  return `${r.nombre_cliente.trim()} — ${detalle.join(', ')}`
}

/**
 * The toasts for requests that arrived together: one each up to AVISOS_INDIVIDUALES_MAX,
 * otherwise one summary (a tablet coming back online must not read ten toasts in turn).
 */
export function avisosDeLlegada(nuevas: readonly ReservaAviso[]): TextoAviso[] {
  if (nuevas.length === 0) return []
  if (nuevas.length > AVISOS_INDIVIDUALES_MAX) {
    return [{ title: TEXTOS_AVISO.titulos(nuevas.length), description: TEXTOS_AVISO.resumen }]
  }
  return nuevas.map((r) => ({ title: TEXTOS_AVISO.titulo, description: textoReserva(r), id_reserva: r.id_reserva, busqueda: r.nombre_cliente.trim() }))
}

/** '(2) Pacientes — Spa Lima'; the title unchanged when nothing waits. */
export function tituloConAvisos(pendientes: number, titulo: string): string {
  return pendientes > 0 ? `(${pendientes}) ${titulo}` : titulo
}
