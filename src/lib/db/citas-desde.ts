/**
 * The citas dated from a day on, with their specialist's name, read once at the moment
 * of an action: Horarios' warning before saving new hours
 * (docs/decisions/0034-entradas-veraces.md). A selector on the indexed `fecha_cita`, so
 * only the days ahead are read, not the whole history.
 */
import type { MangoQuery } from 'rxdb'
import type { CitaHorario } from '@/domain/citas-fuera-de-horario.ts'
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import type { CitaDoc, EspecialistaDoc } from '@sync/tables/product-tables.ts'
import { findDocs } from './reads.ts'

/** A booked cita as a list of affected citas shows it. */
export interface CitaConEspecialista extends CitaHorario {
  nombre_cliente: string
  nombre_tratamiento: string | null
  /** The specialist's full name; '' when the cita has none or it is unknown here. */
  especialista: string
}

/** Citas with `fecha_cita` on or after `hoy` (YYYY-MM-DD). */
export function citasDesdeQuery(hoy: string): MangoQuery<CitaDoc> {
  return { selector: { fecha_cita: { $gte: hoy } } }
}

export function conEspecialista(citas: readonly CitaDoc[], especialistas: readonly EspecialistaDoc[]): CitaConEspecialista[] {
  const nombres = new Map(especialistas.map((e) => [e.id_especialista, nombreCompleto(e)]))
  return citas.map((c) => ({
    id_cita: c.id_cita,
    fecha_cita: c.fecha_cita,
    hora_inicio: c.hora_inicio,
    hora_fin: c.hora_fin ?? null,
    estado_cita: c.estado_cita,
    nombre_cliente: c.nombre_cliente,
    nombre_tratamiento: c.nombre_tratamiento ?? null,
    especialista: (c.id_especialista && nombres.get(c.id_especialista)) || '',
  }))
}

export async function citasDesde(hoy: string): Promise<CitaConEspecialista[]> {
  const [citas, especialistas] = await Promise.all([findDocs('tb_citas', citasDesdeQuery(hoy)), findDocs('tb_especialistas')])
  return conEspecialista(citas, especialistas)
}
