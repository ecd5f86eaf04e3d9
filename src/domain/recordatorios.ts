/**
 * 'Recordatorios' (docs/decisions/0056-recordatorios.md): the WhatsApp reminders reception
 * sends for the next day the spa opens. Which day (the next open day of tb_horarios after
 * today, Peru time: Monday on a Saturday when Sunday is closed), which citas (Confirmada
 * and Sin Confirmar), the message (greeting by the hour in Lima, day, time, treatment,
 * specialist and the spa's address), the wa.me link (docs/spec/3-product-decisions.md: 51
 * in front of a 9-digit mobile, src/domain/whatsapp.ts) and the mark 'Recordado por Ana ·
 * 18:05' (who and when are the server's, the first mark stays).
 */
import { parseTime, type HorarioDia } from './booking-slots.ts'
import { horarioDelDia } from './agenda-slots.ts'
import { formatHoraTexto } from './agenda-format.ts'
import { saludo } from './greeting.ts'
import { diaSemana, isIsoDate } from './peru-time.ts'
import { numeroWhatsapp } from './whatsapp.ts'

/** The states reminded: 'Confirmada' and 'Pendiente de Pago' (shown as 'Sin Confirmar'). */
export const ESTADOS_A_RECORDAR: readonly string[] = ['Confirmada', 'Pendiente de Pago']

/** How many days ahead the next open day is looked for (a week: every weekday once). */
const DIAS_BUSCADOS = 7

export const TEXTOS_RECORDATORIOS = {
  titulo: 'Recordatorios',
  enlace: 'Recordatorios de mañana',
  lead: (dia: string) => `Citas del ${dia}: envía el recordatorio por WhatsApp y márcalo para que nadie lo repita.`,
  conTelefono: 'Por WhatsApp',
  sinTelefono: 'Sin teléfono: avisar por correo o llamada',
  sinTelefonoNota: 'Estas citas no tienen un número de teléfono; su correo, si lo tiene, está al lado.',
  sinCorreo: 'Sin correo registrado',
  enviar: 'Enviar WhatsApp',
  marcar: 'Marcar como recordado',
  quitar: 'Quitar marca',
  pendientes: (n: number) => (n === 1 ? 'Falta recordar 1 cita' : `Faltan recordar ${n} citas`),
  todas: 'Todas las citas están recordadas.',
  sinCitas: 'No hay citas por recordar',
  sinCitasTexto: (dia: string) => `Ninguna cita Confirmada ni Sin Confirmar para el ${dia}.`,
  cargando: 'Cargando citas…',
  error: 'No se pudieron cargar las citas a recordar.',
  marcada: 'Recordatorio marcado.',
  quitada: 'Marca quitada.',
  noMarcar: 'No se pudo marcar el recordatorio.',
  noQuitar: 'No se pudo quitar la marca.',
} as const

export interface HorarioRecordatorio extends HorarioDia {
  dia_semana: string
}

/** 'YYYY-MM-DD' plus `n` days (calendar arithmetic on UTC: no time zone moves it). */
export function sumarDias(fecha: string, n: number): string {
  return new Date(Date.parse(`${fecha}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
}

/** True when tb_horarios opens the spa on that date's weekday (open, with readable hours). */
function abre(horarios: readonly HorarioRecordatorio[], fecha: string): boolean {
  const h = horarioDelDia(horarios, diaSemana(fecha))
  const apertura = parseTime(h?.hora_apertura)
  const cierre = parseTime(h?.hora_cierre)
  return !!h && h.esta_abierto && apertura !== null && cierre !== null && cierre > apertura
}

/**
 * The day whose citas are reminded today: the first day after `hoy` the spa opens by
 * tb_horarios (the source the agenda's slots read). With no open day in the coming week
 * (hours not configured, or not downloaded yet) it is tomorrow.
 */
export function diaDeRecordatorio(hoy: string, horarios: readonly HorarioRecordatorio[]): string {
  for (let n = 1; n <= DIAS_BUSCADOS; n++) {
    const fecha = sumarDias(hoy, n)
    if (abre(horarios, fecha)) return fecha
  }
  return sumarDias(hoy, 1)
}

export interface CitaRecordatorio {
  id_cita: string
  nombre_cliente: string
  telefono_cliente: string | null
  email_cliente: string | null
  nombre_tratamiento: string | null
  id_especialista: string | null
  fecha_cita: string
  hora_inicio: string
  estado_cita: string
  recordado_at: string | null
  recordado_por: string | null
  recordado_por_id: string | null
}

export interface Recordatorios<C extends CitaRecordatorio> {
  /** With a phone WhatsApp can take: one-tap reminder. By time, then client. */
  conTelefono: C[]
  /** Without a phone: listed apart with their e-mail. */
  sinTelefono: C[]
  /** Citas of either list not marked yet. */
  pendientes: number
}

const porHora = (a: CitaRecordatorio, b: CitaRecordatorio) =>
  a.hora_inicio.localeCompare(b.hora_inicio) || a.nombre_cliente.localeCompare(b.nombre_cliente, 'es') || a.id_cita.localeCompare(b.id_cita)

/** The day's citas to remind, split by whether WhatsApp can reach them. */
export function recordatoriosDelDia<C extends CitaRecordatorio>(citas: readonly C[], fecha: string): Recordatorios<C> {
  const aRecordar = citas.filter((c) => c.fecha_cita === fecha && ESTADOS_A_RECORDAR.includes(c.estado_cita)).sort(porHora)
  return {
    conTelefono: aRecordar.filter((c) => numeroWhatsapp(c.telefono_cliente) !== null),
    sinTelefono: aRecordar.filter((c) => numeroWhatsapp(c.telefono_cliente) === null),
    pendientes: aRecordar.filter((c) => !c.recordado_at).length,
  }
}

const diaYMes = new Intl.DateTimeFormat('es-PE', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' })

/** 'YYYY-MM-DD' → 'martes 1 de diciembre' (no comma, no year: it sits inside a sentence). */
export function diaDelMensaje(fecha: string): string {
  return isIsoDate(fecha) ? diaYMes.format(new Date(`${fecha}T12:00:00Z`)).replace(',', '') : ''
}

export interface MensajeRecordatorioOpciones {
  /** Today in Lima: the day after it is 'mañana'. */
  hoy: string
  spa: string
  direccion: string
  /** 'Ana Torres', or null when the cita has no specialist. */
  especialista: string | null
  now?: Date
}

/**
 * 'Buenas tardes, Rosa Huamán. Le recordamos su cita en Spa Lima mañana, martes 1 de
 * diciembre, a las 10:00 AM: Masaje Relajante con Ana Torres. Le esperamos en Av. José
 * Larco 1150, Miraflores, Lima. Si necesita cambiar la hora, responda a este mensaje.'
 * A day further than tomorrow reads 'el lunes 7 de diciembre'; parts the cita lacks are
 * left out.
 */
export function mensajeRecordatorio(cita: Pick<CitaRecordatorio, 'nombre_cliente' | 'nombre_tratamiento' | 'fecha_cita' | 'hora_inicio'>, o: MensajeRecordatorioOpciones): string {
  const nombre = cita.nombre_cliente.trim()
  const dia = diaDelMensaje(cita.fecha_cita)
  const cuando = cita.fecha_cita === sumarDias(o.hoy, 1) ? `mañana, ${dia},` : `el ${dia},`
  const hora = formatHoraTexto(cita.hora_inicio)
  const tratamiento = cita.nombre_tratamiento?.trim()
  const especialista = o.especialista?.trim()
  const que = [tratamiento, especialista ? `con ${especialista}` : ''].filter(Boolean).join(' ')
  return [
    `${saludo(o.now)}${nombre ? `, ${nombre}` : ''}.`,
    ` Le recordamos su cita en ${o.spa} ${cuando}`,
    hora ? ` a las ${hora}` : '',
    que ? `: ${que}.` : '.',
    ` Le esperamos en ${o.direccion}.`,
    ' Si necesita cambiar la hora, responda a este mensaje.',
  ].join('')
}

/** The wa.me link with the reminder, or null when the cita has no phone WhatsApp can take. */
export function enlaceRecordatorio(cita: Pick<CitaRecordatorio, 'telefono_cliente' | 'nombre_cliente' | 'nombre_tratamiento' | 'fecha_cita' | 'hora_inicio'>, o: MensajeRecordatorioOpciones): string | null {
  const numero = numeroWhatsapp(cita.telefono_cliente)
  return numero ? `https://wa.me/${numero}?text=${encodeURIComponent(mensajeRecordatorio(cita, o))}` : null
}

const horaLima = new Intl.DateTimeFormat('es-PE', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const fechaLima = new Intl.DateTimeFormat('es-PE', { timeZone: 'America/Lima', day: '2-digit', month: '2-digit' })
const diaLima = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' })

/**
 * 'Recordado por Ana · 18:05' (Lima time); a mark from another day than `hoy` carries its
 * date: 'Recordado por Ana · 28/11 18:05'. Null when the cita is not marked.
 */
export function textoRecordado(cita: Pick<CitaRecordatorio, 'recordado_at' | 'recordado_por'>, hoy: string): string | null {
  if (!cita.recordado_at) return null
  const t = new Date(cita.recordado_at)
  if (Number.isNaN(t.getTime())) return null
  const dia = diaLima.format(t) === hoy ? '' : `${fechaLima.format(t)} `
  return `Recordado por ${cita.recordado_por?.trim() || 'otra persona'} · ${dia}${horaLima.format(t)}`
}

/** 'Quitar marca' is offered to the one who marked (as the server allows), and to administrators. */
export function puedeQuitarMarca(cita: Pick<CitaRecordatorio, 'recordado_at' | 'recordado_por_id'>, usuario: { id: string; isAdmin: boolean } | null): boolean {
  return !!cita.recordado_at && !!usuario && (usuario.isAdmin || cita.recordado_por_id === usuario.id)
}
