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

// One collator and one number format for every call: localeCompare(…, 'es') and
// toLocaleString('es-PE') build a new one each time, which showed in the agenda's
// profile (docs/decisions/0027-pantalla-sin-trabajo-de-mas.md).
const es = new Intl.Collator('es')
const esBase = new Intl.Collator('es', { sensitivity: 'base' })
const esNatural = new Intl.Collator('es', { sensitivity: 'base', numeric: true })
const numero = new Intl.NumberFormat('es-PE')

/** Spanish alphabetical order, as localeCompare(…, 'es'): 'Ángela' beside 'Andrea'. */
export const compararEs: (a: string, b: string) => number = es.compare
/** The same, with case and accents equal ('perez' = 'Pérez'). */
export const compararEsBase: (a: string, b: string) => number = esBase.compare
/** The same, with numbers by value ('Cabina 2' before 'Cabina 10'). */
export const compararEsNatural: (a: string, b: string) => number = esNatural.compare

/** People by surname, then name ('Díaz, Ana' before 'Gómez, Ana'). */
export function compararPorApellido(a: { apellido: string; nombre: string }, b: { apellido: string; nombre: string }): number {
  return esBase.compare(a.apellido, b.apellido) || esBase.compare(a.nombre, b.nombre)
}

/** '5,000' (es-PE groups thousands with a comma), as toLocaleString('es-PE'). */
export function numeroEs(n: number): string {
  return numero.format(n)
}

/** '1 paciente', '5,000 pacientes'. */
export function countLabel(n: number, singular: string, plural: string): string {
  return `${numero.format(n)} ${n === 1 ? singular : plural}`
}

/**
 * A list's count beside its search box: the total, or while searching how many of it
 * match ('3 de 5,000 pacientes').
 */
export function searchCountLabel(searching: boolean, found: number, total: number, singular: string, plural: string): string {
  return searching ? `${numero.format(found)} de ${countLabel(total, singular, plural)}` : countLabel(total, singular, plural)
}
