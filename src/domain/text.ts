/** Text helpers shared by the rules: Spanish-friendly comparisons. */

/** Lowercase without accents or surrounding spaces: 'María ' → 'maria'. */
export function fold(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
}

/** Trimmed text, or null when nothing is left (optional columns are sent as null). */
export function emptyToNull(value: string | null | undefined): string | null {
  const t = (value ?? '').trim()
  return t === '' ? null : t
}

/** A pragmatic e-mail check (one @, a dot in the domain, no spaces), as browsers do for type=email. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
}

/** '1 paciente', '5,000 pacientes' (es-PE groups thousands with a comma). */
export function countLabel(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('es-PE')} ${n === 1 ? singular : plural}`
}

/**
 * A list's count beside its search box: the total, or while searching how many of it
 * match ('3 de 5,000 pacientes').
 */
export function searchCountLabel(searching: boolean, found: number, total: number, singular: string, plural: string): string {
  return searching ? `${found.toLocaleString('es-PE')} de ${countLabel(total, singular, plural)}` : countLabel(total, singular, plural)
}
