/** How a refused write or a conflict is described on 'Problemas de sincronización'. */

export const OPERATION_LABEL = { insert: 'Registro nuevo', update: 'Edición', delete: 'Eliminación' } as const

const SUMMARY_FIELDS = [['nombre', 'apellido'], ['nombre_cliente'], ['id_nombre'], ['descripcion'], ['fp_descripcion'], ['dia_semana']] as const

/** A human name for a record ('Ana Torres', 'Masaje Relajante'), or its id when there is none. */
export function recordSummary(row: Record<string, unknown> | null | undefined, fallbackId: string): string {
  if (row) {
    for (const group of SUMMARY_FIELDS) {
      const text = group
        .map((f) => row[f])
        .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
        .join(' ')
        .trim()
      if (text) return text
    }
  }
  return `registro ${fallbackId.slice(0, 8)}`
}

/** A value as staff should read it in the conflict list. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(vacío)'
  if (typeof value === 'boolean') return value ? 'Sí' : 'No'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * Writes parked under their author at a sign-out (docs/decisions/0035-estado-de-sincronizacion.md
 * §3–4): the title and sentence of their group on 'Problemas de sincronización'.
 */
export function parkedGroupText(email: string | null, count: number): { title: string; text: string } {
  const who = email ?? 'otra persona'
  const one = count === 1
  return {
    title: `Cambios retenidos de ${who}`,
    text: `${one ? '1 cambio hecho' : `${count} cambios hechos`} sin conexión que aún no ${one ? 'llega' : 'llegan'} al servidor. Se ${one ? 'subirá' : 'subirán'} a su nombre cuando ${who} vuelva a iniciar sesión en este equipo.`,
  }
}

export const PARKED_SET_ASIDE_HINT =
  'Si esa persona no volverá a este equipo, un administrador puede apartarlos: pasarán a «Cambios rechazados» con lo que se escribió, sin subirse a nombre de nadie.'
