/**
 * Where a Chromium CPU profile spent its time: self time per function (name, file, line)
 * and per script, the largest first. `node --import tsx tests/bench/support/profile-summary.ts <file.cpuprofile> [n]`.
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const [file, top = '40'] = process.argv.slice(2)
if (!file) throw new Error('uso: profile-summary.ts <archivo.cpuprofile> [n]')
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const selfMs = new Map<number, number>()
profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000))

const perFunction = new Map<string, number>()
const perScript = new Map<string, number>()
for (const [id, ms] of selfMs) {
  const f = byId.get(id)!.callFrame
  const script = f.url.split('/').pop() || '(nativo)'
  const key = `${f.functionName || '(anónima)'}  ${script}:${f.lineNumber + 1}`
  perFunction.set(key, (perFunction.get(key) ?? 0) + ms)
  perScript.set(script, (perScript.get(script) ?? 0) + ms)
}
const total = [...selfMs.values()].reduce((a, b) => a + b, 0)
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(1)} s)`)
  for (const [k, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${(ms / 1000).toFixed(2).padStart(8)} s  ${k}`)
}
print('Por función', perFunction)
print('Por archivo', perScript)
