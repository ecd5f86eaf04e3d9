/**
 * Writing SQL safely. Identifiers are always double-quoted (and only ever names the
 * schema cache knows, or aliases the client chose, which quoting makes inert); every
 * value from a request becomes a bound parameter, so the SQL text depends only on the
 * shape of the request. That makes the text a good cache key for prepared statements.
 */
import { limitExceeded } from './errors.ts'

export type Param = string | null

/** Accumulates the parameters of one statement and hands out their `$n` placeholders. */
export class Params {
  readonly values: Param[] = []
  add(value: Param): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

export function ident(name: string): string {
  // A NUL would end the statement text early on the wire; no real identifier has one.
  if (name.includes('\u0000')) throw limitExceeded('identifier', 'Un identificador no puede contener el carácter NUL.')
  return `"${name.replaceAll('"', '""')}"`
}

/** A string literal for text taken from the catalog (never from a request). */
export function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

export const qualified = (table: string) => `"public".${ident(table)}`

/** A Postgres array literal (`{"a","b,c"}`) for `= ANY($n)`: every element quoted and escaped. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
}

/**
 * The columns every request statement returns, named so that node-postgres (which keys
 * rows by column name) and PGlite's positional rows read them alike.
 */
export function responseColumns(total: string, page: string, body: string): string {
  return `${total} AS total, ${page} AS page, ${body} AS body`
}
