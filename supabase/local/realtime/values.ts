/**
 * Column values as Postgres compares them, computed in Node: a filter value is read once,
 * at join, with the input rules of the column's type, and each change compares the row's
 * `to_jsonb` values with it. The database never casts a subscriber's text
 * (docs/decisions/0031-realtime-filtros-en-node.md): one jsonb value nested 10,000 levels
 * deep overflowed PGlite's stack in that cast and left the server spinning.
 *
 * Each type has a codec: `parse` (filter text, Postgres input syntax, or a Spanish reason),
 * `fromJson` (the row's value; undefined for null), `compare`, and `key` (equal values,
 * equal keys: the index of `eq` filters is keyed by it).
 */
import { bracketDepth, MAX_VALUE_NESTING } from '../rest/guards.ts'
import { JsonNumber, parseJson, tooDeep, type JsonValue } from './json-text.ts'
import { bigCodec, readDate, readTime, readTimestamp } from './time-values.ts'

export interface Codec {
  parse(text: string): { value: unknown } | string
  fromJson(json: JsonValue): unknown
  compare(a: unknown, b: unknown): number
  key(value: unknown): string
  /** Ordering comparisons (lt, gt…) are meaningful. */
  ordered: boolean
}

/** What the database's settings decide about comparisons, read with the catalogue. */
export interface Settings {
  /** `TimeZone`: the zone of a timestamptz filter value written without an offset. */
  timeZone: string
  /** The database's default collation (`datcollate`): order of text values. */
  collation: string
}

// --- numbers ---------------------------------------------------------------------------

/** A decimal as sign, significant digits and the position of the point: exact for any numeric. */
type Decimal = { special: 'nan' | 'inf' | '-inf' } | { special: null; sign: -1 | 0 | 1; digits: string; point: number }

const decimalPattern = /^([+-]?)(\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d{1,6}))?$/
/** Points further out than this are beyond any numeric Postgres stores (its weight limit). */
const maxPoint = 140_000

function parseDecimal(raw: string): Decimal | null {
  const text = raw.trim()
  const special = /^([+-]?)(inf|infinity)$/i.exec(text)
  if (special) return { special: special[1] === '-' ? '-inf' : 'inf' }
  if (/^nan$/i.test(text)) return { special: 'nan' }
  const m = decimalPattern.exec(text)
  if (!m) return null
  const [whole = '', frac = ''] = m[2]!.split('.')
  let digits = whole + frac
  let point = whole.length + Number(m[3] ?? 0)
  const lead = digits.length - digits.replace(/^0+/, '').length
  digits = digits.slice(lead).replace(/0+$/, '')
  point -= lead
  if (digits === '') return { special: null, sign: 0, digits: '', point: 0 }
  if (Math.abs(point) > maxPoint) return null
  return { special: null, sign: m[1] === '-' ? -1 : 1, digits, point }
}

const specialRank = { '-inf': 0, nan: 3, inf: 2 } as const

function compareDecimal(a: Decimal, b: Decimal): number {
  const ra = a.special ? specialRank[a.special] : 1
  const rb = b.special ? specialRank[b.special] : 1
  if (ra !== rb || a.special || b.special) return ra - rb
  const fa = a as Extract<Decimal, { special: null }>
  const fb = b as Extract<Decimal, { special: null }>
  if (fa.sign !== fb.sign) return fa.sign - fb.sign
  if (fa.sign === 0) return 0
  let magnitude = fa.point - fb.point
  if (magnitude === 0) magnitude = fa.digits < fb.digits ? -1 : fa.digits > fb.digits ? 1 : 0
  return fa.sign * Math.sign(magnitude)
}

const decimalKey = (d: Decimal) => (d.special ? d.special : `${d.sign}e${d.point}:${d.digits}`)
const decimalFromJson = (json: JsonValue) =>
  json instanceof JsonNumber ? parseDecimal(json.text) ?? undefined : typeof json === 'string' ? parseDecimal(json) ?? undefined : undefined

const intRanges: Record<string, bigint> = { int2: 2n ** 15n, int4: 2n ** 31n, int8: 2n ** 63n }

function intCodec(type: string): Codec {
  const limit = intRanges[type]!
  return {
    ordered: true,
    parse(text) {
      const t = text.trim()
      if (!/^[+-]?\d+$/.test(t)) return `«${text}» no es un número entero`
      const n = BigInt(t)
      if (n >= limit || n < -limit) return `«${text}» está fuera del rango del tipo ${type}`
      return { value: parseDecimal(t) }
    },
    fromJson: decimalFromJson,
    compare: (a, b) => compareDecimal(a as Decimal, b as Decimal),
    key: (v) => decimalKey(v as Decimal),
  }
}

const numericCodec: Codec = {
  ordered: true,
  parse(text) {
    const d = parseDecimal(text)
    return d ? { value: d } : `«${text}» no es un número válido`
  },
  fromJson: decimalFromJson,
  compare: (a, b) => compareDecimal(a as Decimal, b as Decimal),
  key: (v) => decimalKey(v as Decimal),
}

/** float4/float8 compare as binary floats (0.1 is the double nearest 0.1), NaN above everything, as Postgres orders them. */
function floatCodec(type: string): Codec {
  const round = type === 'float4' ? Math.fround : (x: number) => x
  const read = (text: string): number | null => {
    const d = parseDecimal(text)
    if (!d) return null
    if (d.special) return d.special === 'nan' ? NaN : d.special === 'inf' ? Infinity : -Infinity
    const x = round(Number(text.trim()))
    return Number.isFinite(x) ? x : null
  }
  const rank = (x: number) => (Number.isNaN(x) ? 1 : 0)
  return {
    ordered: true,
    parse(text) {
      const x = read(text)
      return x === null ? `«${text}» no es un número válido para el tipo ${type}` : { value: x }
    },
    fromJson: (json) => (json instanceof JsonNumber ? read(json.text) : typeof json === 'string' ? read(json) : null) ?? undefined,
    compare: (a, b) => {
      const x = a as number
      const y = b as number
      return rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0)
    },
    key: (v) => (Number.isNaN(v) ? 'NaN' : String((v as number) + 0)),
  }
}

// --- text and identifiers ---------------------------------------------------------------

/** Code-point order: what the C collation (PGlite's) does with UTF-8 bytes. */
function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!
    const y = b.codePointAt(i)!
    if (x !== y) return x - y
    if (x > 0xffff) i++
  }
  return a.length - b.length
}

function textCompare(collation: string): (a: string, b: string) => number {
  if (/^(c|posix|ucs_basic)([._-]|$)/i.test(collation) || collation === '') return compareCodePoints
  // A linguistic collation: ICU's order as an approximation of the database's (only
  // lt/lte/gt/gte on text see the difference); equal strings stay equal, as in Postgres'
  // deterministic collations, which break ties by bytes.
  let collator: Intl.Collator
  try {
    collator = new Intl.Collator(collation.split(/[.@]/)[0]!.replace('_', '-'))
  } catch {
    return compareCodePoints
  }
  return (a, b) => collator.compare(a, b) || compareCodePoints(a, b)
}

function textCodec(type: string, settings: Settings): Codec {
  // character(n) ignores trailing spaces when comparing.
  const norm = type === 'bpchar' ? (s: string) => s.replace(/ +$/, '') : (s: string) => s
  const compare = textCompare(settings.collation)
  return {
    ordered: true,
    parse: (text) => ({ value: norm(text) }),
    fromJson: (json) => (typeof json === 'string' ? norm(json) : undefined),
    compare: (a, b) => compare(a as string, b as string),
    key: (v) => v as string,
  }
}

const uuidCodec: Codec = {
  ordered: true,
  parse(text) {
    const m = /^(\{)?((?:[0-9a-f]{4}-?){7}[0-9a-f]{4})(\})?$/i.exec(text.trim())
    if (!m || Boolean(m[1]) !== Boolean(m[3]) || m[2]!.endsWith('-')) return `«${text}» no es un uuid válido`
    return { value: m[2]!.replaceAll('-', '').toLowerCase() }
  },
  fromJson: (json) => (typeof json === 'string' ? json.replaceAll('-', '').toLowerCase() : undefined),
  compare: (a, b) => ((a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0),
  key: (v) => v as string,
}

const boolCodec: Codec = {
  ordered: true,
  parse(text) {
    // boolin: any unambiguous prefix of true/false/yes/no, on/off, 1/0, in any case.
    const t = text.trim().toLowerCase()
    const is = (word: string, min = 1) => t.length >= min && word.startsWith(t)
    if (is('true') || is('yes') || is('on', 2) || t === '1') return { value: 1 }
    if (is('false') || is('no') || is('off', 2) || t === '0') return { value: 0 }
    return `«${text}» no es un valor booleano (true o false)`
  },
  fromJson: (json) => (json === true ? 1 : json === false ? 0 : undefined),
  compare: (a, b) => (a as number) - (b as number),
  key: (v) => String(v),
}

// --- jsonb --------------------------------------------------------------------------------

/** jsonb's ordering: Object > Array > Boolean > Number > String > Null; containers by size first. */
function jsonRank(v: JsonValue): number {
  if (v === null) return 0
  if (typeof v === 'string') return 1
  if (v instanceof JsonNumber) return 2
  if (typeof v === 'boolean') return 3
  return Array.isArray(v) ? 4 : 5
}

function compareJson(a: JsonValue, b: JsonValue, text: (a: string, b: string) => number): number {
  const r = jsonRank(a) - jsonRank(b)
  if (r !== 0) return r
  if (typeof a === 'string') return text(a, b as string)
  if (a instanceof JsonNumber) return compareDecimal(parseDecimal(a.text)!, parseDecimal((b as JsonNumber).text)!)
  if (typeof a === 'boolean') return Number(a) - Number(b)
  if (Array.isArray(a)) {
    const y = b as JsonValue[]
    if (a.length !== y.length) return a.length - y.length
    for (let i = 0; i < a.length; i++) {
      const c = compareJson(a[i]!, y[i]!, text)
      if (c !== 0) return c
    }
    return 0
  }
  if (a instanceof Map) {
    const y = b as Map<string, JsonValue>
    if (a.size !== y.size) return a.size - y.size
    // jsonb stores keys shorter first, then bytewise; pairs compare in that order.
    const keysA = storageOrder([...a.keys()])
    const keysB = storageOrder([...y.keys()])
    for (let i = 0; i < keysA.length; i++) {
      const c = keysA[i]!.length - keysB[i]!.length || compareCodePoints(keysA[i]!, keysB[i]!) || compareJson(a.get(keysA[i]!)!, y.get(keysB[i]!)!, text)
      if (c !== 0) return c
    }
  }
  return 0
}

const storageOrder = (keys: string[]) => keys.sort((x, y) => Buffer.byteLength(x) - Buffer.byteLength(y) || compareCodePoints(x, y))

function jsonKey(v: JsonValue): string {
  if (v === null) return 'n'
  if (typeof v === 'boolean') return v ? 't' : 'f'
  if (typeof v === 'string') return JSON.stringify(v)
  if (v instanceof JsonNumber) return `#${decimalKey(parseDecimal(v.text)!)}`
  if (Array.isArray(v)) return `[${v.map(jsonKey).join(',')}]`
  if (v instanceof Map) return `{${storageOrder([...v.keys()]).map((k) => `${JSON.stringify(k)}:${jsonKey(v.get(k)!)}`).join(',')}}`
  return '?'
}

function hasTooDeep(v: JsonValue): boolean {
  if (v === tooDeep) return true
  if (Array.isArray(v)) return v.some(hasTooDeep)
  if (v instanceof Map) return [...v.values()].some(hasTooDeep)
  return false
}

function jsonbCodec(settings: Settings): Codec {
  const text = textCompare(settings.collation)
  return {
    ordered: true,
    parse(raw) {
      // REST's nesting cap (rest/guards.ts), checked before anything walks the value.
      if (bracketDepth(raw) > MAX_VALUE_NESTING) return `el valor anida paréntesis, corchetes o llaves más de ${MAX_VALUE_NESTING} niveles`
      const v = parseJson(raw)
      return v === undefined ? `«${raw.slice(0, 40)}» no es JSON válido` : { value: v }
    },
    // A stored value nested beyond the cap is never compared: it matches nothing.
    fromJson: (json) => (json === null || hasTooDeep(json) ? undefined : json),
    compare: (a, b) => compareJson(a as JsonValue, b as JsonValue, text),
    key: (v) => jsonKey(v as JsonValue),
  }
}

/** The codec of a column type (`pg_type.typname`), or null when filters on it are not offered. */
export function codecFor(type: string, settings: Settings): Codec | null {
  switch (type) {
    case 'int2':
    case 'int4':
    case 'int8':
      return intCodec(type)
    case 'numeric':
      return numericCodec
    case 'float4':
    case 'float8':
      return floatCodec(type)
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'name':
      return textCodec(type, settings)
    case 'uuid':
      return uuidCodec
    case 'bool':
      return boolCodec
    case 'date':
      return bigCodec(readDate, 'una fecha (AAAA-MM-DD)')
    case 'time':
      return bigCodec(readTime, 'una hora (HH:MM[:SS])')
    case 'timestamp':
      return bigCodec((t) => readTimestamp(t, false, settings.timeZone), 'una fecha y hora (AAAA-MM-DD HH:MM[:SS])')
    case 'timestamptz':
      return bigCodec((t) => readTimestamp(t, true, settings.timeZone), 'una fecha y hora (AAAA-MM-DD HH:MM[:SS][+HH:MM])')
    case 'jsonb':
      return jsonbCodec(settings)
    default:
      return null
  }
}
