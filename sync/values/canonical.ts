/**
 * One textual form per value, on the device and from the server.
 *
 * The same instant reaches a device in several spellings: `2026-01-01T10:00:00.123Z`
 * from `Date#toISOString()`, `2026-01-01T10:00:00.123+00:00` or
 * `…00.123456+00:00` from Postgres (trailing zeros trimmed). Comparing spellings would
 * invent conflicts, and truncating Postgres' microseconds would make a value the device
 * sends back differ from the server's forever (an endless conflict loop). So every
 * timestamptz is stored as `YYYY-MM-DDTHH:MM:SS.ffffffZ` (UTC, always six fraction
 * digits): lossless, fixed width, and ordered the same as text and as time.
 */

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/

/** Canonical timestamptz text, or the input unchanged when it is not a timestamp. */
export function canonicalTimestamp(value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return fromEpochMillis(value.getTime(), '')
  if (typeof value === 'number') return fromEpochMillis(value, '')
  if (typeof value !== 'string') return value
  const m = TIMESTAMP.exec(value.trim())
  if (!m) return value
  const [, y, mo, d, h, mi, s = '00', frac = '', zone = 'Z'] = m
  const fraction = frac.padEnd(6, '0').slice(0, 6)
  const offsetMinutes = zoneMinutes(zone)
  if (offsetMinutes === 0) return `${y}-${mo}-${d}T${h}:${mi}:${s}.${fraction}Z`
  // Shift whole seconds through Date (which knows calendars); keep the fraction as text
  // so microseconds survive.
  const millis = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!) - offsetMinutes * 60_000
  return fromEpochMillis(millis, fraction)
}

function zoneMinutes(zone: string): number {
  if (zone === 'Z' || zone === 'z') return 0
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'))
}

function fromEpochMillis(millis: number, fraction: string): string {
  const iso = new Date(millis).toISOString() // YYYY-MM-DDTHH:MM:SS.mmmZ
  const frac = fraction || iso.slice(20, 23).padEnd(6, '0')
  return `${iso.slice(0, 19)}.${frac}Z`
}

/** The current instant in canonical form (the device clock: the last-writer-wins clock). */
export function nowTimestamp(): string {
  return fromEpochMillis(Date.now(), '')
}

/**
 * A timestamp strictly later than `previous` and not earlier than now: an edit must
 * never carry an older `updated_at` than the version it replaces, even if the device
 * clock stepped back, or last-writer-wins would prefer the stale value.
 */
export function nextTimestamp(previous: unknown): string {
  const now = nowTimestamp()
  const prev = typeof previous === 'string' ? (canonicalTimestamp(previous) as string) : null
  if (!prev || !TIMESTAMP.test(prev) || now > prev) return now
  const micros = Number(prev.slice(20, 26)) + 1
  if (micros < 1_000_000) return `${prev.slice(0, 20)}${String(micros).padStart(6, '0')}Z`
  const millis = Date.parse(prev.slice(0, 19) + 'Z') + 1000
  return fromEpochMillis(millis, '000000')
}

const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/

/** `HH:MM` → `HH:MM:SS` (Postgres' spelling of a time without fraction). */
export function canonicalTime(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null
  const m = TIME.exec(value.trim())
  if (!m) return value
  const [, h, mi, s = '00', frac = ''] = m
  const trimmed = frac.replace(/0+$/, '')
  return `${h}:${mi}:${s}${trimmed === '.' ? '' : trimmed}`
}

/** `YYYY-MM-DD`, also from a full timestamp. */
export function canonicalDate(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value
}

/** Numbers stay numbers; Postgres numeric text (some clients send it) becomes one. */
export function canonicalNumber(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return value ?? null
}

/**
 * Deep equality for document values: `null` and `undefined` are the same (a column the
 * server sends as null may be absent locally), object key order does not matter (jsonb
 * reorders keys), array order does.
 */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a === null || a === undefined) return b === null || b === undefined
  if (b === null || b === undefined) return false
  if (typeof a !== typeof b) return false
  if (typeof a !== 'object') return Number.isNaN(a) && Number.isNaN(b)
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const bb = b as unknown[]
    return a.length === bb.length && a.every((v, i) => valuesEqual(v, bb[i]))
  }
  const ao = a as Record<string, unknown>
  const bo = b as Record<string, unknown>
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)])
  for (const k of keys) if (!valuesEqual(ao[k], bo[k])) return false
  return true
}
