/**
 * Go's `time.ParseDuration`, which GoTrue uses for the admin API's `ban_duration`
 * ("24h", "1h30m", "876000h", "-1.5h"). Returns milliseconds.
 */
const unitMs: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  'µs': 1e-3,
  'μs': 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}

const MAX_MS = 9_223_372_036_854 // 2^63 - 1 ns

const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/y

export function parseGoDuration(input: string): number {
  const invalid = () => new Error(`time: invalid duration "${input}"`)
  let s = input
  let sign = 1
  if (s.startsWith('-') || s.startsWith('+')) {
    sign = s.startsWith('-') ? -1 : 1
    s = s.slice(1)
  }
  if (s === '0') return 0
  if (s === '') throw invalid()
  let total = 0
  part.lastIndex = 0
  while (part.lastIndex < s.length) {
    const m = part.exec(s)
    if (!m) throw invalid()
    total += Number(m[1]) * unitMs[m[2]!]!
  }
  // Go durations are int64 nanoseconds: about 292 years at most.
  if (!(total <= MAX_MS)) throw invalid()
  return sign * total
}
