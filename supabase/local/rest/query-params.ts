/**
 * Sorts a request's query string into what PostgREST reads from it: `select`, filters
 * and logic trees per embedding level, `order`, `limit`/`offset`, `columns`,
 * `on_conflict`, and the remaining plain parameters (arguments of `GET /rpc/fn`).
 * The classification follows PostgREST's: a parameter is a filter when its key is an
 * embed path (`rel.col`) or its value starts with an operator; otherwise it is ignored
 * for tables (so `?apikey=…` is harmless) and is an argument for functions.
 */
import {
  looksLikeFilter,
  parseColumns,
  parseFilterValue,
  parseLogicTree,
  parseOrder,
  parseSelect,
  parseTreePath,
  type Filter,
  type LogicTree,
  type OrderTerm,
  type SelectItem,
} from './grammar.ts'
import { rangeNotSatisfiable, parseError } from './errors.ts'

export interface Range {
  offset: number
  /** null: no limit. */
  limit: number | null
}

export interface QueryParams {
  select: SelectItem[]
  /** Whether `select` was absent or exactly `*` (PostgREST's default select). */
  defaultSelect: boolean
  filters: Array<{ path: string[]; filter: Filter }>
  logic: Array<{ path: string[]; tree: LogicTree }>
  order: Array<{ path: string[]; terms: OrderTerm[] }>
  /** Keyed by the embed path joined with '.', '' for the top level. */
  ranges: Map<string, Range>
  columns: string[] | null
  onConflict: string[] | null
  /** Plain parameters in order of appearance: arguments of GET/HEAD /rpc calls. */
  params: Array<[string, string]>
}

const reserved = new Set(['select', 'columns', 'on_conflict'])

// An app sends the same few `select` and `order` strings over and over; their parse
// trees are immutable, so each is parsed once (bounded, so hostile variety cannot grow it).
const MAX_MEMO = 500
const selectMemo = new Map<string, SelectItem[]>()
const orderMemo = new Map<string, OrderTerm[]>()
function memo<T>(cache: Map<string, T>, key: string, parse: (s: string) => T): T {
  let value = cache.get(key)
  if (value === undefined) {
    value = parse(key)
    if (cache.size >= MAX_MEMO) cache.clear()
    cache.set(key, value)
  }
  return value
}
const reservedLast = new Set(['order', 'limit', 'offset', 'and', 'or'])

export function parseQueryParams(search: URLSearchParams): QueryParams {
  const q: QueryParams = {
    select: [{ kind: 'star' }],
    defaultSelect: true,
    filters: [],
    logic: [],
    order: [],
    ranges: new Map(),
    columns: null,
    onConflict: null,
    params: [],
  }
  const limits = new Map<string, string>()
  const offsets = new Map<string, string>()
  let selectSeen = false

  for (const [key, value] of search) {
    if (reserved.has(key)) {
      // The first occurrence wins, as in PostgREST.
      if (key === 'select' && !selectSeen) {
        selectSeen = true
        q.select = memo(selectMemo, value, parseSelect)
        q.defaultSelect = value.trim() === '*'
      } else if (key === 'columns' && !q.columns) q.columns = parseColumns('columns parameter', value)
      else if (key === 'on_conflict' && !q.onConflict) q.onConflict = parseColumns('on_conflict parameter', value)
      continue
    }
    const segments = key.split('.')
    const last = segments[segments.length - 1]!
    if (reservedLast.has(last)) {
      if (value === '') continue
      const path = embedPath(key, segments.slice(0, -1))
      if (last === 'order') q.order.push({ path, terms: memo(orderMemo, value, parseOrder) })
      else if (last === 'limit') limits.set(path.join('.'), value)
      else if (last === 'offset') offsets.set(path.join('.'), value)
      else {
        const not = path.includes('not')
        q.logic.push({ path: path.filter((p) => p !== 'not'), tree: parseLogicTree(last as 'and' | 'or', not, value) })
      }
      continue
    }
    if (key.includes('.') || looksLikeFilter(value)) {
      const { path, field } = parseTreePath(key)
      q.filters.push({ path, filter: { field, expr: parseFilterValue(value) } })
    } else q.params.push([key, value])
  }

  for (const path of new Set([...limits.keys(), ...offsets.keys()])) {
    q.ranges.set(path, toRange(limits.get(path), offsets.get(path)))
  }
  return q
}

function embedPath(key: string, segments: string[]): string[] {
  if (segments.some((s) => s === '')) throw parseError('tree path', key, 1, 'unexpected "." expecting field name (* or [a..z0..9_$])')
  return segments
}

/** PostgREST ignores a limit or offset that is not an integer; a negative limit is an error. */
function toRange(limit: string | undefined, offset: string | undefined): Range {
  const int = (s: string | undefined) => (s !== undefined && /^-?[0-9]+$/.test(s.trim()) ? Number(s.trim()) : null)
  const l = int(limit)
  const o = int(offset)
  if (l !== null && l < 0) throw rangeNotSatisfiable('Limit should be greater than or equal to zero.')
  return { offset: o !== null && o > 0 ? o : 0, limit: l }
}

/**
 * The `Range: 0-9` request header intersected with limit/offset, PostgREST-style.
 * Returns null when the header is absent or not an items range.
 */
export function headerRange(header: string | undefined): Range | null {
  if (!header) return null
  const m = /^(?:items=)?\s*(\d+)\s*-\s*(\d*)\s*$/.exec(header.trim())
  if (!m) return null
  const lower = Number(m[1])
  const upper = m[2] === '' ? null : Number(m[2])
  if (upper !== null && upper < lower) {
    throw rangeNotSatisfiable('The lower boundary must be lower than or equal to the upper boundary in the Range header.')
  }
  return { offset: lower, limit: upper === null ? null : upper - lower + 1 }
}

export function intersectRanges(a: Range, b: Range | null): Range {
  if (!b) return a
  const start = Math.max(a.offset, b.offset)
  const endA = a.limit === null ? Infinity : a.offset + a.limit
  const endB = b.limit === null ? Infinity : b.offset + b.limit
  const end = Math.min(endA, endB)
  return { offset: start, limit: end === Infinity ? null : Math.max(0, end - start) }
}
