/**
 * 'Gestionar Citas Programadas' for one day (docs/spec/2-back-office.md §2.5, §7): the
 * appointments of that date with a specialist, not Cancelada (and never the virtual
 * Venta Directa ones), by start time; the search stays within the chosen day
 * (docs/spec/3-product-decisions.md "Agenda and slots") and matches client, e-mail,
 * treatment, state (as shown and as stored) and specialist name.
 */
import { nombreCompleto } from './nombre-completo.ts'
import { compararEs, fold } from './text.ts'
import { parseHoraReserva } from './hora-reserva.ts'
import { etiquetaEstado } from './citas.ts'
import { isIsoDate } from './peru-time.ts'

export interface CitaLista {
  id_cita: string
  id_especialista: string | null
  id_tratamiento: string | null
  nombre_cliente: string
  email_cliente: string | null
  nombre_tratamiento: string | null
  fecha_cita: string
  hora_inicio: string
  estado_cita: string
  _deleted?: boolean
}

export interface NombrePersona {
  nombre: string
  apellido: string
}

export interface CitasDiaContexto {
  /** The specialist of an id (the list shows and searches their name). */
  especialista: (id: string) => NombrePersona | null | undefined
  /** The treatment's current name, when the cita's own copy is missing. */
  tratamiento?: (id: string) => string | null | undefined
}

/** 'Ana Torres', or '' when unknown. */
export function nombreEspecialista(e: NombrePersona | null | undefined): string {
  return e ? nombreCompleto(e) : ''
}

export function citasDelDia<C extends CitaLista>(citas: readonly C[], fecha: string, termino: string, ctx: CitasDiaContexto): C[] {
  const needle = fold(termino)
  const rows: Array<{ cita: C; minuto: number; especialista: string }> = []
  for (const c of citas) {
    if (c._deleted || c.fecha_cita.slice(0, 10) !== fecha || !c.id_especialista) continue
    if (c.estado_cita === 'Cancelada' || c.estado_cita === 'Venta Directa') continue
    const especialista = nombreEspecialista(ctx.especialista(c.id_especialista))
    if (needle) {
      const tratamiento = c.nombre_tratamiento ?? (c.id_tratamiento ? ctx.tratamiento?.(c.id_tratamiento) : null)
      const campos = [c.nombre_cliente, c.email_cliente, tratamiento, etiquetaEstado(c.estado_cita), c.estado_cita, especialista]
      if (!campos.some((v) => fold(v).includes(needle))) continue
    }
    rows.push({ cita: c, minuto: parseHoraReserva(c.hora_inicio) ?? 24 * 60, especialista })
  }
  rows.sort((a, b) => a.minuto - b.minuto || compararEs(a.especialista, b.especialista) || compararEs(a.cita.nombre_cliente, b.cita.nombre_cliente))
  return rows.map((r) => r.cita)
}

/**
 * The days around `fecha` the agenda reads ahead (docs/decisions/0025-agenda-velocidad.md),
 * nearest first, the following day before the previous one: 'next day' is the usual step.
 * Two on each side, so the next open day is ready even across a closed Sunday. An invalid
 * date has none.
 */
export function diasVecinos(fecha: string, alcance = 2): string[] {
  if (!isIsoDate(fecha)) return []
  const t = Date.parse(`${fecha}T00:00:00Z`)
  const dia = (n: number) => new Date(t + n * 86_400_000).toISOString().slice(0, 10)
  const out: string[] = []
  for (let n = 1; n <= alcance; n++) out.push(dia(n), dia(-n))
  return out
}
