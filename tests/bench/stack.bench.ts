/**
 * The embedded stack itself: how long the demo generator takes to write the benchmark
 * volume into a PGlite data dir, and how long `npm run backend` takes, as a fresh
 * process on that existing data dir, until it answers a REST read (target ≤ 2 s, the restart a
 * spa waits for after an update or a power cut; docs/decisions/0058-arranque-rapido.md);
 * and how long the API waits while a tablet downloads the app for the first time.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Figure } from './run.ts'
import { repoRoot } from '../../supabase/local/paths.ts'
import { coldAppDownload } from './support/descarga-en-frio.ts'

const PORT = 54391
const RUNS = 3

export default async function stackBench(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'spa-bench-stack-'))
  try {
    const seedStarted = Date.now()
    const seeded = spawnSync(
      'npx',
      ['tsx', 'supabase/local/seed-demo.ts', '--data-dir', dataDir, '--patients', '5000', '--appointments', '20000', '--payments', '20000'],
      { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DATABASE_URL: '' } },
    )
    if (seeded.status !== 0) throw new Error('seed:demo falló')
    const seedSeconds = (Date.now() - seedStarted) / 1000

    const restarts: number[] = []
    for (let i = 0; i < RUNS; i++) restarts.push(await timeToFirstRead(dataDir))
    restarts.sort((a, b) => a - b)
    const median = restarts[Math.floor(RUNS / 2)]!
    return [
      { name: 'seed:demo 5.000 pacientes, 20.000 citas, 20.000 pagos (PGlite, proceso completo)', value: seedSeconds, unit: 's' },
      {
        name: `reinicio sobre la carpeta de datos existente hasta la primera lectura REST (proceso nuevo, mediana de ${RUNS}; ${restarts.map((r) => r.toFixed(2)).join(' / ')} s)`,
        value: median,
        unit: 's',
        target: '≤ 2',
        ok: median <= 2,
      },
      ...(await coldAppDownload()),
    ]
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Spawns the backend on `dataDir` and polls a REST read until it answers 200. */
async function timeToFirstRead(dataDir: string): Promise<number> {
  const started = performance.now()
  // node itself (not npx): the signal below must reach the server, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', 'backend', '--data-dir', dataDir, '--port', String(PORT), '--host', '127.0.0.1', '--quiet'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: '' },
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  try {
    const config = await poll(async () => {
      const res = await fetch(`http://127.0.0.1:${PORT}/app-config.json`)
      return res.ok ? ((await res.json()) as { supabaseAnonKey: string }) : null
    })
    await poll(async () => {
      const res = await fetch(`http://127.0.0.1:${PORT}/rest/v1/tb_tratamientos?select=id_tratamiento&limit=1`, {
        headers: { apikey: config.supabaseAnonKey },
      })
      return res.status === 200 ? true : null
    })
    return (performance.now() - started) / 1000
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

async function poll<T>(attempt: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await attempt().catch(() => null)
    if (value !== null) return value
    if (Date.now() > deadline) throw new Error('el backend no respondió a tiempo')
    await new Promise((r) => setTimeout(r, 20))
  }
}
