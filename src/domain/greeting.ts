/** The hub's greeting (spec 1 §2, spec 2 §9), by the hour in Lima. */
import { peruMinutesOfDay } from './peru-time.ts'

export type Saludo = 'Buenos días' | 'Buenas tardes' | 'Buenas noches'

/** Morning before 12:00, afternoon before 18:00, otherwise evening — Peru time. */
export function saludo(now: Date = new Date()): Saludo {
  const hour = Math.floor(peruMinutesOfDay(now) / 60)
  if (hour < 12) return 'Buenos días'
  if (hour < 18) return 'Buenas tardes'
  return 'Buenas noches'
}

/** Display name, else the part of the email before '@', else 'Admin'. */
export function displayName(profile: { nombre?: string | null; email?: string | null }): string {
  const name = profile.nombre?.trim()
  if (name) return name
  const local = profile.email?.split('@')[0]?.trim()
  return local || 'Admin'
}
