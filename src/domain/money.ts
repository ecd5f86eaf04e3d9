/**
 * Money: soles in integer céntimos for arithmetic (no float drift), shown the es-PE way
 * as 'S/ 1,234.50' (docs/architecture.md §3). Postgres numeric(12,2) arrives as a number or a string.
 */
import { numeroValido } from './numero.ts'

const number2 = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true })

/** 12.5, '12.50' → 1250. Throws on text that is not a number. */
export function toCentimos(value: number | string): number {
  const n = typeof value === 'string' ? Number(value.trim().replace(',', '.')) : value
  if (typeof value === 'string' && value.trim() === '') throw new RangeError('Monto vacío')
  if (!Number.isFinite(n)) throw new RangeError(`Monto inválido: ${String(value)}`)
  return Math.round(n * 100)
}

/** Céntimos → 'S/ 1,234.50' (negative amounts as '-S/ 12.00'). */
export function formatCentimos(centimos: number, symbol = 'S/'): string {
  const sign = centimos < 0 ? '-' : ''
  return `${sign}${symbol} ${number2.format(Math.abs(centimos) / 100)}`
}

/** A soles amount as stored → 'S/ 1,234.50'. */
export function formatSoles(value: number | string): string {
  return formatCentimos(toCentimos(value))
}

/** A dollar amount → 'US$ 1,234.50'. */
export function formatDolares(value: number | string): string {
  return formatCentimos(toCentimos(value), 'US$')
}

/** Céntimos → soles as a number (12345 → 123.45), for the rows written to the database. */
export function centimosASoles(centimos: number): number {
  return centimos / 100
}

/**
 * `pct` percent of an amount in céntimos, rounded to the céntimo (half away from zero).
 * Percentages have at most three decimals (fp_comision is numeric(6,3), e.g. 4.071), so
 * the product is computed on integers and no float drift can move a half céntimo.
 */
export function porcentajeDe(centimos: number, pct: number): number {
  if (!Number.isInteger(centimos)) throw new RangeError(`Céntimos no enteros: ${centimos}`)
  const milesimas = Math.round(pct * 1000)
  const numerador = Math.abs(centimos * milesimas)
  const entero = Math.floor(numerador / 100000)
  const resto = numerador - entero * 100000
  const redondeado = resto * 2 >= 100000 ? entero + 1 : entero
  return Math.sign(centimos * milesimas) * redondeado
}

/**
 * Splits an integer amount in proportion to `pesos` (largest remainder), so the parts
 * always add up to the amount exactly. With no positive weight the whole amount goes to
 * the first part.
 */
export function repartirProporcional(monto: number, pesos: readonly number[]): number[] {
  if (pesos.length === 0) return []
  // Most payments carry no POS commission (cash, Yape): nothing to split.
  if (monto === 0) return pesos.map(() => 0)
  const positivos = pesos.map((p) => Math.max(p, 0))
  const suma = positivos.reduce((a, b) => a + b, 0)
  if (suma === 0) return pesos.map((_, i) => (i === 0 ? monto : 0))
  const signo = monto < 0 ? -1 : 1
  const absoluto = Math.abs(monto)
  const exactos = positivos.map((p) => (absoluto * p) / suma)
  const partes = exactos.map((x) => Math.floor(x))
  let faltan = absoluto - partes.reduce((a, b) => a + b, 0)
  // Largest remainders first; ties go to the earlier part, so the split is deterministic.
  const orden = exactos.map((x, i) => ({ i, resto: x - Math.floor(x) })).sort((a, b) => b.resto - a.resto || a.i - b.i)
  for (const { i } of orden) {
    if (faltan === 0) break
    partes[i]! += 1
    faltan -= 1
  }
  return partes.map((p) => p * signo)
}

/**
 * `valor × numerador / denominador` rounded to the nearest integer, halves away from
 * zero. Exact for any size (BigInt): céntimos times a rate in ten-thousandths or a
 * percentage in thousandths can pass 2^53, where float arithmetic would drift.
 */
export function escalarEntero(valor: number, numerador: number, denominador: number): number {
  for (const n of [valor, numerador, denominador]) {
    if (!Number.isSafeInteger(n)) throw new RangeError(`Se esperaba un entero: ${n}`)
  }
  if (denominador === 0) throw new RangeError('División por cero')
  const producto = BigInt(valor) * BigInt(numerador)
  const d = BigInt(denominador)
  const negativo = producto < 0n !== d < 0n
  const p = producto < 0n ? -producto : producto
  const q = d < 0n ? -d : d
  const redondeado = (p * 2n + q) / (q * 2n)
  return Number(negativo ? -redondeado : redondeado)
}

/**
 * What a person typed as an amount → céntimos; null when blank or not an amount a
 * numeric(…,2) column holds. A third decimal is refused, never rounded (the panel's
 * numeric rule, src/domain/numero.ts).
 */
export function centimosDeTexto(texto: string | number | null | undefined): number | null {
  const valor = numeroValido(texto, { decimales: 2 })
  return valor === null ? null : Math.round(valor * 100)
}

/** Céntimos → the text an amount input shows: 123450 → '1234.50' (no grouping). */
export function centimosATexto(centimos: number): string {
  if (!Number.isSafeInteger(centimos)) throw new RangeError(`Céntimos no enteros: ${centimos}`)
  const abs = Math.abs(centimos)
  return `${centimos < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
