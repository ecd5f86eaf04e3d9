/**
 * The `filter` of a `postgres_changes` binding, as hosted Realtime reads it:
 * `column=op.value` conditions joined by commas and ANDed, with `op` one of eq, neq,
 * lt, lte, gt, gte, in, plus `is.null` / `not.is.null`.
 *
 * Values may be written the way realtime-js' `postgresChangesFilter()` builder writes
 * them: PostgREST-style double quotes (`eq."Lima, Perú"`, `in.(1,"a,b")`), or with a
 * backslash before a comma (`eq.Lima\, Perú`, hosted's own escape). `in` lists become
 * Postgres array literals (whose quoting rules are the same). The values are read by
 * the column's type and compared in Node (matcher.ts), never cast by the database.
 */
import type { Filter, FilterOp } from './types.ts'

const scalarOps = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte'])

export type FilterParse = { ok: true; filters: Filter[] } | { ok: false; message: string }

export function parseFilter(text: string | null | undefined): FilterParse {
  if (text === null || text === undefined || text.trim() === '') return { ok: true, filters: [] }
  const filters: Filter[] = []
  for (const part of splitConditions(text)) {
    const parsed = parseCondition(part)
    if (typeof parsed === 'string') return { ok: false, message: `Error parsing \`filter\` params: ${parsed}` }
    filters.push(parsed)
  }
  return { ok: true, filters }
}

/** Splits on commas that are outside quotes and parentheses and not escaped with `\`. */
function splitConditions(text: string): string[] {
  const parts: string[] = []
  let current = ''
  let depth = 0
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (ch === '\\' && i + 1 < text.length) {
      const next = text[i + 1]!
      // Inside quotes the escape belongs to the value (unquoted later); outside, `\,` is a comma.
      current += quoted ? ch + next : next === ',' ? ',' : ch + next
      i++
    } else if (ch === '"') {
      quoted = !quoted
      current += ch
    } else if (!quoted && ch === '(') {
      depth++
      current += ch
    } else if (!quoted && ch === ')') {
      depth = Math.max(0, depth - 1)
      current += ch
    } else if (!quoted && depth === 0 && ch === ',') {
      parts.push(current)
      current = ''
    } else {
      current += ch
    }
  }
  parts.push(current)
  return parts.map((p) => p.trim()).filter((p) => p !== '')
}

function parseCondition(part: string): Filter | string {
  const eq = part.indexOf('=')
  if (eq < 0) return `missing '=' in filter part: '${part}'`
  const column = part.slice(0, eq).trim()
  const rest = part.slice(eq + 1).trim()
  if (!column) return `missing column in filter part: '${part}'`
  if (rest === 'is.null') return { column, op: 'isnull', value: null }
  if (rest === 'not.is.null') return { column, op: 'notnull', value: null }

  const dot = rest.indexOf('.')
  if (dot < 0) return `invalid filter format, expected 'is.null', 'not.is.null', or '<op>.<value>' in '${part}'`
  const op = rest.slice(0, dot)
  const value = rest.slice(dot + 1)
  if (op === 'in') {
    const list = /^\((.*)\)$/s.exec(value)
    if (!list) return '`in` filter value must be wrapped by parentheses'
    return { column, op: 'in', value: `{${list[1]}}` }
  }
  if (!scalarOps.has(op as FilterOp)) {
    return `unsupported filter type '${op}' for part: '${part}'. supported: eq, neq, lt, lte, gt, gte, in, is.null, not.is.null`
  }
  return { column, op: op as FilterOp, value: unquote(value) }
}

/** `"a \"b\""` → `a "b"`; anything not wrapped in double quotes is taken verbatim. */
function unquote(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value
  return value.slice(1, -1).replace(/\\(.)/gs, '$1')
}

/** Filters as hosted Realtime prints them in its error messages. */
export function describeFilters(filters: readonly Filter[]): string {
  const op = (f: Filter) => (f.op === 'isnull' ? 'is' : f.op === 'notnull' ? 'not.is' : f.op)
  return `[${filters.map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(op(f))}, ${JSON.stringify(f.value ?? 'null')}}`).join(', ')}]`
}
