/**
 * `npm run dev`: the embedded backend (APIs only) plus Vite's dev server with hot
 * reload. Vite proxies /rest, /auth, /functions, /realtime and /app-config.json to the
 * backend (vite.config.ts), so the app sees one origin exactly as under `npm start`.
 *
 *   npm run dev -- [--port N (backend, default 54321)] [--memory] [--data-dir DIR]
 */
import { spawn } from 'node:child_process'
import { parseArgs } from 'node:util'
import { defaultSeed, startStack } from './server.ts'
import { defaultDataDir, repoRoot } from './paths.ts'
import { lockDataDir } from './data-lock.ts'

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    port: { type: 'string' },
    memory: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  },
  strict: true,
})

// The data folder is locked before anything reads it, as for npm start
// (docs/decisions/0032-bloqueo-carpeta-y-acceso.md).
const dataLock =
  values.memory || process.env.DATABASE_URL
    ? undefined
    : await lockDataDir(values['data-dir'] ?? defaultDataDir, { command: 'npm run dev' }).catch((error: unknown) => {
        console.error(`No se pudo iniciar el backend: ${(error as Error).message}`)
        process.exit(1)
      })

const stack = await startStack({
  port: Number(values.port ?? 54321),
  host: '127.0.0.1',
  memory: values.memory,
  ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(dataLock ? { dataLock } : {}),
  seed: defaultSeed,
  log: (m) => console.log(`[backend] ${m}`),
})
console.log(`[backend] escuchando en ${stack.url}`)

const vite = spawn('npx', ['vite'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, SPA_BACKEND_URL: stack.url },
})

let stopping = false
async function stop(code: number) {
  if (stopping) return
  stopping = true
  vite.kill('SIGTERM')
  await stack.close().catch(() => {})
  process.exit(code)
}
vite.on('exit', (code) => void stop(code ?? 0))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0))
