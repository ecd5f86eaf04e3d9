/** A Chromium trace file as the bench writes it (`SPA_BENCH_TRAZA`), and its page's main thread. */
import { readFileSync } from 'node:fs'

export interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  id?: string
  args?: {
    name?: string
    data?: {
      functionName?: string
      type?: string
      url?: string
      startTime?: number
      timeDeltas?: number[]
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
    }
  }
}

export interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url?: string; lineNumber?: number }
}

export function readTrace(file: string): TraceEvent[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] }
  return Array.isArray(parsed) ? parsed : parsed.traceEvents
}

export const onThread = (e: TraceEvent, thread: TraceEvent): boolean => e.pid === thread.pid && e.tid === thread.tid

/** The renderer main thread with the most complete events: the page's. */
export function pageMainThread(events: TraceEvent[]): TraceEvent {
  const main = events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((m) => ({ m, n: events.filter((e) => onThread(e, m) && e.ph === 'X').length }))
    .sort((a, b) => b.n - a.n)[0]?.m
  if (!main) throw new Error('la traza no tiene un hilo CrRendererMain')
  return main
}
