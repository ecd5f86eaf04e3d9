/**
 * The one rule every numeric field of the panel follows (docs/decisions/0034-entradas-veraces.md):
 * what a person typed is read as it stands, or refused. Nothing is clamped, truncated,
 * rounded or made positive on the way: '2.5' is not 25 units, '-12' is not 12 soles,
 * '0' minutes is not 1 minute. The field keeps the text; the form shows the spec's
 * message for that field (spec 2 §5) and saves nothing until the text is a number the
 * column can hold.
 *
 * Accepted forms (es-PE writes '1,234.50'): digits with an optional sign, a decimal
 * point or a decimal comma ('12.5', '12,5'), and ',' as thousands grouping only when it
 * cannot be read otherwise ('1,234.50'). '1,234' alone is refused: it is 1234 in Lima's
 * grouping and 1.234 to someone who types a decimal comma, and guessing is what this
 * rule exists to stop.
 */

export interface ReglaNumero {
  /** Decimals the column stores: 0 for whole units, 2 for money. More are refused, never cut. */
  decimales: number
  /** Smallest value allowed (inclusive). */
  minimo?: number
  /** The value must be greater than this (exclusive): 'positive' is `mayorQue: 0`. */
  mayorQue?: number
  /** Largest value allowed (inclusive): the column's range, e.g. numeric(12,2). */
  maximo?: number
}

export type LecturaNumero = { estado: 'vacio' } | { estado: 'valido'; valor: number } | { estado: 'invalido' }

/** Largest amount a numeric(12,2) column holds. */
export const MAXIMO_MONTO = 9_999_999_999.99
/** Largest value of a Postgres integer column. */
export const MAXIMO_ENTERO = 2_147_483_647

const SIMPLE = /^[+-]?(\d+)?(?:[.,](\d*))?$/
const AGRUPADO = /^[+-]?\d{1,3}(?:,\d{3})+\.(\d+)$/

function decimalesDe(texto: string): { normal: string; decimales: number } | null {
  if (/^[+-]?[.,]?$/.test(texto)) return null
  const simple = SIMPLE.exec(texto)
  if (simple) {
    // One comma followed by exactly three digits and nothing else is ambiguous ('1,234').
    if (/^[+-]?\d+,\d{3}$/.test(texto)) return null
    return { normal: texto.replace(',', '.'), decimales: simple[2]?.length ?? 0 }
  }
  const agrupado = AGRUPADO.exec(texto)
  if (agrupado) return { normal: texto.replace(/,/g, ''), decimales: agrupado[1]!.length }
  return null
}

/** Decimals a number carries as JavaScript writes it (12.5 → 1, 3 → 0, 1e-7 → 7). */
function decimalesDeNumero(n: number): number {
  const [mantisa = '', exponente = '0'] = String(Math.abs(n)).split('e')
  const enMantisa = mantisa.split('.')[1]?.length ?? 0
  return Math.max(0, enMantisa - Number(exponente))
}

/**
 * Reads a field's value under a rule: empty ('' or blanks), a valid number, or invalid
 * (not a number, more decimals than the column keeps, out of range). Never changes it.
 */
export function leerNumero(entrada: string | number | null | undefined, regla: ReglaNumero): LecturaNumero {
  if (entrada === null || entrada === undefined) return { estado: 'vacio' }
  let valor: number
  let decimales: number
  if (typeof entrada === 'number') {
    if (!Number.isFinite(entrada)) return { estado: 'invalido' }
    valor = entrada
    decimales = decimalesDeNumero(entrada)
  } else {
    const texto = entrada.trim()
    if (texto === '') return { estado: 'vacio' }
    const leido = decimalesDe(texto)
    if (!leido) return { estado: 'invalido' }
    valor = Number(leido.normal)
    decimales = leido.decimales
    if (!Number.isFinite(valor)) return { estado: 'invalido' }
    // '-0' is zero; keep it positive so nobody stores a negative zero.
    if (valor === 0) valor = 0
  }
  if (decimales > regla.decimales) return { estado: 'invalido' }
  if (regla.minimo !== undefined && valor < regla.minimo) return { estado: 'invalido' }
  if (regla.mayorQue !== undefined && !(valor > regla.mayorQue)) return { estado: 'invalido' }
  if (regla.maximo !== undefined && valor > regla.maximo) return { estado: 'invalido' }
  if (Math.abs(valor) > Number.MAX_SAFE_INTEGER / 10 ** regla.decimales) return { estado: 'invalido' }
  return { estado: 'valido', valor }
}

/** The valid number, or null when empty or invalid (for callers that treat both alike). */
export function numeroValido(entrada: string | number | null | undefined, regla: ReglaNumero): number | null {
  const l = leerNumero(entrada, regla)
  return l.estado === 'valido' ? l.valor : null
}

/** Rules of the panel's fields (spec 2 §3 columns, §5 messages). */
export const REGLAS = {
  /** Soles or dollars, numeric(12,2), not negative. */
  monto: { decimales: 2, minimo: 0, maximo: MAXIMO_MONTO },
  /** Whole units of a product or treatment line, at least one. */
  cantidad: { decimales: 0, mayorQue: 0, maximo: MAXIMO_ENTERO },
  /** Stock shown when editing a product: 0 allowed (product decisions). */
  stock: { decimales: 0, minimo: 0, maximo: MAXIMO_ENTERO },
  /** A treatment's minutes: a positive whole number. */
  duracion: { decimales: 0, mayorQue: 0, maximo: MAXIMO_ENTERO },
  /** A treatment's commission, numeric(5,2) with its CHECK 0–100. */
  comision: { decimales: 2, minimo: 0, maximo: 100 },
} as const satisfies Record<string, ReglaNumero>
