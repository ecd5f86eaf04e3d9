/**
 * Binding filters compiled at join and matched in Node against each change's row
 * (docs/decisions/0031-realtime-filtros-en-node.md). A filter value is read once, by the
 * column's type (values.ts); a change's row is parsed once, and every filter of every
 * subscriber compares with it in memory — the database sees no filter at all, only the
 * per-role re-read that decides RLS visibility.
 */
import { parseJson, type JsonValue } from './json-text.ts'
import { codecFor, type Codec, type Settings } from './values.ts'
import type { Column, Filter, FilterOp } from './types.ts'

/** Longest filter a binding may carry (the app's bindings have none; hosted's are short). */
export const MAX_FILTER_LENGTH = 1000
/** Most values in one `in` list. */
export const MAX_IN_VALUES = 100

export interface CompiledFilter {
  column: string
  /** The column type it was compiled for: after an ALTER … TYPE it matches nothing. */
  type: string
  op: FilterOp
  codec: Codec | null
  /** The value (comparisons) or values (`in`; nulls dropped: they never match). */
  values: unknown[]
  /** `eq` only: the index key of the value. */
  key?: string
}

/** Compiles a binding's filter against one table column; a Spanish reason when it cannot be. */
export function compileFilter(filter: Filter, column: Column, settings: Settings): CompiledFilter | string {
  const base = { column: column.name, type: column.base, op: filter.op }
  if (filter.op === 'isnull' || filter.op === 'notnull') return { ...base, codec: null, values: [] }
  const codec = codecFor(column.base, settings)
  if (!codec) return `los filtros sobre la columna ${column.name} (tipo ${column.cast}) no están disponibles; se admiten números, texto, uuid, booleanos, fechas, horas y jsonb`
  const texts = filter.op === 'in' ? arrayElements(filter.value ?? '') : [filter.value ?? '']
  if (typeof texts === 'string') return texts
  if (texts.length > MAX_IN_VALUES) return `una lista in admite como máximo ${MAX_IN_VALUES} valores`
  const values: unknown[] = []
  for (const text of texts) {
    if (text === null) continue
    const parsed = codec.parse(text)
    if (typeof parsed === 'string') return `valor no válido para la columna ${column.name} (${column.cast}): ${parsed}`
    values.push(parsed.value)
  }
  return { ...base, codec, values, ...(filter.op === 'eq' ? { key: codec.key(values[0]) } : {}) }
}

/**
 * The elements of a Postgres array literal `{a,"b c",NULL}` as `in` lists are written:
 * double quotes with backslash escapes, unquoted elements trimmed, unquoted NULL a null.
 * Nested lists are refused (they never matched a scalar column either).
 */
function arrayElements(literal: string): Array<string | null> | string {
  const inner = literal.slice(1, -1)
  if (inner.trim() === '') return []
  const out: Array<string | null> = []
  let i = 0
  for (;;) {
    while (inner[i] === ' ') i++
    let text = ''
    let quoted = false
    if (inner[i] === '"') {
      quoted = true
      for (i++; i < inner.length && inner[i] !== '"'; i++) text += inner[i] === '\\' ? (inner[++i] ?? '') : inner[i]
      if (inner[i] !== '"') return 'una lista in tiene comillas sin cerrar'
      i++
      while (inner[i] === ' ') i++
    } else {
      for (; i < inner.length && inner[i] !== ','; i++) {
        if (inner[i] === '{' || inner[i] === '}' || inner[i] === '"') return 'una lista in no puede contener listas anidadas ni comillas sueltas'
        text += inner[i] === '\\' ? (inner[++i] ?? '') : inner[i]
      }
      text = text.trim()
    }
    out.push(!quoted && text.toUpperCase() === 'NULL' ? null : text)
    if (i >= inner.length) return out
    if (inner[i] !== ',') return 'una lista in está mal formada'
    i++
  }
}

/** A change's row, parsed once when first needed; each column's value is converted once for its type. */
export class RowValues {
  private parsed: Map<string, JsonValue> | null | undefined
  private readonly converted = new Map<string, unknown>()
  private readonly keys = new Map<string, string | undefined>()

  constructor(private readonly json: string) {}

  private get fields(): Map<string, JsonValue> | null {
    if (this.parsed === undefined) {
      const parsed = parseJson(this.json)
      this.parsed = parsed instanceof Map ? parsed : null
    }
    return this.parsed
  }

  /** The column's value for `codec`; undefined when null, absent or unreadable. */
  value(column: string, codec: Codec): unknown {
    if (this.converted.has(column)) return this.converted.get(column)
    const json = this.fields?.get(column)
    const value = json === undefined || json === null ? undefined : codec.fromJson(json)
    this.converted.set(column, value)
    return value
  }

  /** The column value's index key (see `Codec.key`); undefined when it has no value. */
  key(column: string, codec: Codec): string | undefined {
    if (this.keys.has(column)) return this.keys.get(column)
    const value = this.value(column, codec)
    const key = value === undefined ? undefined : codec.key(value)
    this.keys.set(column, key)
    return key
  }

  isNull(column: string): boolean {
    const json = this.fields?.get(column)
    return json === undefined || json === null
  }
}

/**
 * Whether the row passes a filter, as Postgres' `coalesce(col op value, false)` did: null
 * never compares. A column absent from the row (a delete knows only the key) is null.
 */
export function passes(filter: CompiledFilter, row: RowValues, columns: ReadonlyMap<string, Column>): boolean {
  if (columns.get(filter.column)?.base !== filter.type) return false
  if (filter.op === 'isnull') return row.isNull(filter.column)
  if (filter.op === 'notnull') return !row.isNull(filter.column)
  const codec = filter.codec!
  const value = row.value(filter.column, codec)
  if (value === undefined) return false
  switch (filter.op) {
    case 'eq':
      return row.key(filter.column, codec) === filter.key
    case 'in':
      return filter.values.some((v) => codec.compare(value, v) === 0)
    default: {
      const c = codec.compare(value, filter.values[0])
      return filter.op === 'neq' ? c !== 0 : filter.op === 'lt' ? c < 0 : filter.op === 'lte' ? c <= 0 : filter.op === 'gt' ? c > 0 : c >= 0
    }
  }
}
