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
