/**
 * `npm run bench [-- name …]`: runs every `tests/bench/<name>.bench.ts` (or the named
 * ones) one after another and prints their figures. Benchmarks measure, they do not
 * assert: targets are printed beside the figures for a person to read.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { loadavg } from 'node:os'

export interface Figure {
  name: string
  value: number
  unit: string
  /** The issue's target, e.g. '≥ 1500' or '≤ 50'. */
  target?: string
  ok?: boolean
}

const here = dirname(fileURLToPath(import.meta.url))
const wanted = process.argv.slice(2)
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace('.bench.ts', '')))
  .sort()

const all: Array<Figure & { suite: string }> = []
for (const file of files) {
  const suite = file.replace('.bench.ts', '')
  console.log(`\n=== ${suite} ===`)
  let figures: Figure[]
  try {
    const mod = (await import(join(here, file))) as { default: () => Promise<Figure[]> }
    figures = await mod.default()
  } catch (error) {
    // A suite that cannot finish says why; the next ones still run.
    const message = (error as Error).message?.split('\n')[0] ?? String(error)
    // Where in the benches it stopped (the first frame of ours), to know which wait gave up.
    const at = ((error as Error).stack ?? '').split('\n').find((l) => l.includes('/tests/bench/'))?.trim()
    if (at) console.log(`  ✗ ${suite} se detuvo ${at}`)
    figures = [{ name: `no terminó (carga ${loadavg().map((l) => l.toFixed(1)).join(' ')}): ${message}`, value: Number.NaN, unit: '', ok: false }]
  }
  for (const f of figures) {
    all.push({ suite, ...f })
    console.log(`  ${f.ok === false ? '✗' : f.ok ? '✓' : '·'} ${f.name}: ${round(f.value)} ${f.unit}${f.target ? `  (objetivo ${f.target})` : ''}`)
  }
}

console.log('\nResumen')
console.table(all.map((f) => ({ suite: f.suite, medida: f.name, valor: `${round(f.value)} ${f.unit}`, objetivo: f.target ?? '', ok: f.ok === undefined ? '' : f.ok ? 'sí' : 'NO' })))
process.exit(0)

function round(v: number) {
  return Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100
}
