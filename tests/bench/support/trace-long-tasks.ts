/**
 * What a Chromium trace's longest main-thread tasks spent their time on, read from the CPU
 * profiler's samples inside each task (`SPA_BENCH_TRAZA` records them, on an unminified
 * build): per task, the functions with the most samples of their own, and those on the
 * stack of the most samples (docs/decisions/0062-descarga-en-tareas-cortas.md).
 * `node --import tsx tests/bench/support/trace-long-tasks.ts <file.trace.json> [tasks] [rows]`.
 */
import { onThread, pageMainThread, readTrace, type ProfileNode } from './trace-file.ts'

const [file, taskCount = '3', rows = '25'] = process.argv.slice(2)
if (!file) throw new Error('uso: trace-long-tasks.ts <archivo.trace.json> [tareas] [filas]')
const events = readTrace(file)
const main = pageMainThread(events)
const profile = events.find((e) => e.name === 'Profile' && onThread(e, main))
if (!profile) throw new Error("la traza no tiene muestras de CPU (categoría 'disabled-by-default-v8.cpu_profiler')")

const nodes = new Map<number, ProfileNode>()
const samples: Array<{ node: number; ts: number }> = []
let ts = profile.args?.data?.startTime ?? 0
for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === main.pid)) {
  const data = chunk.args?.data
  for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
  const deltas = data?.timeDeltas ?? []
  ;(data?.cpuProfile?.samples ?? []).forEach((node, i) => samples.push({ node, ts: (ts += deltas[i] ?? 0) }))
}

const start = Math.min(...events.filter((e) => onThread(e, main) && e.ph === 'X').map((e) => e.ts))
const label = (n: ProfileNode) => `${n.callFrame.functionName || '(anónima)'} ${(n.callFrame.url ?? '').split('/').pop()}:${n.callFrame.lineNumber ?? ''}`
const top = (counts: Map<string, number>) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(rows))
    .map(([name, n]) => `  ${String(n).padStart(5)}  ${name}`)
    .join('\n')

const tasks = events.filter((e) => onThread(e, main) && e.ph === 'X' && e.name === 'RunTask').sort((a, b) => b.dur! - a.dur!)
for (const task of tasks.slice(0, Number(taskCount))) {
  const own = new Map<string, number>()
  const onStack = new Map<string, number>()
  const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur!)
  for (const sample of inside) {
    let node = nodes.get(sample.node)
    if (node) own.set(label(node), (own.get(label(node)) ?? 0) + 1)
    const seen = new Set<string>()
    for (; node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
      const key = label(node)
      if (!seen.has(key)) onStack.set(key, (onStack.get(key) ?? 0) + 1)
      seen.add(key)
    }
  }
  console.log(`\ntarea de ${Math.round(task.dur! / 1000)} ms a +${((task.ts - start) / 1e6).toFixed(2)} s: ${inside.length} muestras`)
  console.log(`propias:\n${top(own)}\nen la pila:\n${top(onStack)}`)
}
