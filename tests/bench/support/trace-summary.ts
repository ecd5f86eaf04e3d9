/**
 * Where a Chromium trace's renderer main thread spent its time: the self time of each
 * kind of event (a task's own work, less what nested events took), the largest first,
 * with the script function for 'FunctionCall' and the event type for 'EventDispatch'.
 * `node --import tsx tests/bench/support/trace-summary.ts <file.trace.json> [n]`.
 */
import { pageMainThread, readTrace, type TraceEvent } from './trace-file.ts'

const [file, top = '40'] = process.argv.slice(2)
if (!file) throw new Error('uso: trace-summary.ts <archivo.trace.json> [n]')
const events = readTrace(file)
const main = pageMainThread(events)

const label = (e: TraceEvent) => {
  const d = e.args?.data
  if (e.name === 'FunctionCall' && d) return `FunctionCall ${d.functionName || '(anónima)'} ${(d.url ?? '').split('/').pop()}`
  if (e.name === 'EventDispatch' && d?.type) return `EventDispatch ${d.type}`
  return e.name
}
const spans = events
  .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number')
  .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
const self = new Map<string, number>()
const stack: Array<{ end: number; key: string }> = []
let first = Infinity
let last = 0
let busy = 0
for (const e of spans) {
  while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop()
  const key = label(e)
  self.set(key, (self.get(key) ?? 0) + e.dur!)
  const parent = stack.at(-1)
  if (parent) self.set(parent.key, self.get(parent.key)! - e.dur!)
  else busy += e.dur!
  first = Math.min(first, e.ts)
  last = Math.max(last, e.ts + e.dur!)
  stack.push({ end: e.ts + e.dur!, key })
}
console.log(`hilo principal: ${((last - first) / 1e6).toFixed(1)} s de traza, ocupado ${(busy / 1e6).toFixed(1)} s`)
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${(us / 1e6).toFixed(2).padStart(8)} s  ${k}`)
