/**
 * Money: soles in integer céntimos for arithmetic (no float drift), shown the es-PE way
 * as 'S/ 1,234.50' (docs/architecture.md §3). Postgres numeric(12,2) arrives as a number or a string.
 */

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
