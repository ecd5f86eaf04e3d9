/**
 * Dates, times and timestamps for filter matching (values.ts): read as Postgres reads
 * ISO input, compared as integers (days or microseconds), infinities beyond every
 * finite value (docs/decisions/0031-realtime-filtros-en-node.md).
 */
import type { Codec } from './values.ts'

const dayMicros = 86_400_000_000n
/** Infinite dates and timestamps sort beyond every finite one, as in Postgres. */
const infinity = 2n ** 80n

/** Days since 1970-01-01 of a calendar date, or null when the date does not exist. */
function days(year: number, month: number, day: number): number | null {
  const d = new Date(0)
  d.setUTCFullYear(year, month - 1, day)
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null
  return d.getTime() / 86_400_000
}

/** `YYYY-MM-DD` (optionally ` BC`) → days, ±infinity → ±infinity; null otherwise. */
export function readDate(text: string): bigint | null {
  const t = text.trim().toLowerCase()
  if (t === 'infinity' || t === '+infinity') return infinity
  if (t === '-infinity') return -infinity
  const m = /^(\d{4,6})-(\d{1,2})-(\d{1,2})( bc)?$/.exec(t)
  if (!m) return null
  const year = m[4] ? 1 - Number(m[1]) : Number(m[1])
  const d = days(year, Number(m[2]), Number(m[3]))
  return d === null ? null : BigInt(d)
}

/** `HH:MM[:SS[.ffffff]]` with an optional am/pm → microseconds of the day. */
export function readTime(text: string): bigint | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(am|pm)?$/i.exec(text.trim())
  if (!m) return null
  let hour = Number(m[1])
  const [minute, second] = [Number(m[2]), Number(m[3] ?? 0)]
  const half = m[5]?.toLowerCase()
  if (half) {
    if (hour < 1 || hour > 12) return null
    hour = (hour % 12) + (half === 'pm' ? 12 : 0)
  }
  const micros = Math.round(Number(`0.${m[4] ?? '0'}`) * 1e6)
  if (minute > 59 || second > 60 || hour > 24 || (hour === 24 && (minute > 0 || second > 0 || micros > 0))) return null
  return BigInt(((hour * 60 + minute) * 60 + second) * 1e6 + micros)
}

/** Offset from UTC (in minutes) of a named zone at a UTC instant, or null for a zone Intl does not know. */
function zoneOffset(zone: string, utcMs: number): number | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(utcMs))
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
    return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000)
  } catch {
    return null
  }
}

/**
 * An ISO timestamp → microseconds since the epoch (UTC for timestamptz, wall-clock for
 * timestamp, whose input ignores an offset as Postgres' does). A timestamptz without an
 * offset is in the database's TimeZone.
 */
export function readTimestamp(text: string, withZone: boolean, timeZone: string): bigint | null | 'zone' {
  const t = text.trim()
  const special = readDate(t)
  if (special === infinity || special === -infinity) return special
  const m = /^(\d{4,6}-\d{1,2}-\d{1,2})(?:[T ](\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?\s*(z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(t)
  if (!m) return null
  const date = readDate(m[1]!)
  const time = m[2] ? readTime(m[2]) : 0n
  if (date === null || time === null) return null
  const local = date * dayMicros + time
  if (!withZone) return local
  if (m[3]) {
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(m[3])
    const offset = z ? (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3] ?? 0)) : 0
    return local - BigInt(offset) * 60_000_000n
  }
  const localMs = Number(local / 1000n)
  const first = zoneOffset(timeZone, localMs)
  if (first === null) return 'zone'
  const second = zoneOffset(timeZone, localMs - first * 60_000) ?? first
  return local - BigInt(second) * 60_000_000n
}

export function bigCodec(read: (text: string) => bigint | null | 'zone', what: string): Codec {
  return {
    ordered: true,
    parse(text) {
      const v = read(text)
      if (v === 'zone') return `«${text}» necesita una zona horaria explícita (por ejemplo +00:00 o Z)`
      return v === null ? `«${text}» no es ${what} válida` : { value: v }
    },
    fromJson: (json) => {
      const v = typeof json === 'string' ? read(json) : null
      return typeof v === 'bigint' ? v : undefined
    },
    compare: (a, b) => ((a as bigint) < (b as bigint) ? -1 : (a as bigint) > (b as bigint) ? 1 : 0),
    key: (v) => String(v),
  }
}

