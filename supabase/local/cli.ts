/**
 * `npm start` and `npm run backend`: run the embedded stack from the command line.
 *
 *   npm start   -- [--port N] [--memory] [--data-dir DIR] [--host H] [--jwt-expiry S] [--trust-proxy] [--public-url URL] [--demo]
 *
 * --demo: on a database with no patients or citas yet, load the small demo volume
 * (seed-demo.ts `smallDemo`) before serving; on one with data, nothing is added.
 *
 * --trust-proxy (or SPA_TRUST_PROXY=1): behind a reverse proxy, take the client address
 * from X-Forwarded-For and the public origin from X-Forwarded-Host/-Proto.
 * --public-url (or SPA_PUBLIC_URL): the URL the app is told to use for the APIs; without
 * either, /app-config.json never takes it from the request (docs/decisions/0030-superficie-anonima.md).
 *   npm run backend -- (same flags; APIs only, no app)
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { defaultDataDir, distDir, repoRoot } from './paths.ts'
import { lockDataDir, type DataDirLock } from './data-lock.ts'
import { prestart } from './pglite/threads.ts'
import { preopenPglite } from './db.ts'
import { appIsBuilt } from './static.ts'

const [command = 'start', ...rest] = process.argv.slice(2)
const { values } = parseArgs({
  args: rest,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    memory: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'jwt-expiry': { type: 'string' },
    quiet: { type: 'boolean', default: false },
    'trust-proxy': { type: 'boolean', default: process.env.SPA_TRUST_PROXY === '1' },
    'public-url': { type: 'string' },
    demo: { type: 'boolean', default: false },
  },
  strict: true,
})

if (command !== 'start' && command !== 'backend') {
  console.error(`Comando desconocido: ${command} (usa start o backend)`)
  process.exit(2)
}

const serveApp = command === 'start'
/** A refused start (folder in use, port busy) is a message for the operator, not a stack trace. */
function refuse(error: unknown): never {
  console.error(`No se pudo iniciar el backend: ${(error as Error).message}`)
  process.exit(1)
}

// PGlite's thread starts loading now, while this thread loads the server's modules
// (docs/decisions/0058-arranque-rapido.md).
const pgDir = !values.memory && !process.env.DATABASE_URL ? join(values['data-dir'] ?? defaultDataDir, 'pg') : null
if (pgDir) prestart(pgDir)
const server = import('./server.ts')
server.catch(() => {}) // awaited below, after the lock

// The data folder first, before building or reading anything: a second process on it
// is refused at once (docs/decisions/0032-bloqueo-carpeta-y-acceso.md).
let dataLock: DataDirLock | undefined
if (pgDir) {
  dataLock = await lockDataDir(values['data-dir'] ?? defaultDataDir, { command: `npm ${serveApp ? 'start' : 'run backend'}` }).catch(refuse)
}
const build = serveApp && needsBuild()
// A restart, with the lock held and nothing to build: the existing cluster opens while the
// server's modules still load. startStack closes it again if the port is taken. A new
// folder is created only by startStack, after the port (docs/decisions/0058-arranque-rapido.md).
if (pgDir && !build && existsSync(join(pgDir, 'PG_VERSION'))) void preopenPglite(pgDir)
const { startStack } = await server

if (build) {
  console.log('Construyendo la aplicación (vite build)…')
  const r = spawnSync('npx', ['vite', 'build'], { cwd: repoRoot, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const dataDirLabel = values['data-dir'] ?? '.data/'
const stack = await startStack({
  port: Number(values.port ?? process.env.PORT ?? 54321),
  host: values.host ?? process.env.HOST ?? '0.0.0.0',
  memory: values.memory,
  ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(dataLock ? { dataLock } : {}),
  trustProxy: values['trust-proxy'],
  ...(values['public-url'] ?? process.env.SPA_PUBLIC_URL ? { publicUrl: publicUrlOption(values['public-url'] ?? process.env.SPA_PUBLIC_URL!) } : {}),
  jwtExpiry: Number(values['jwt-expiry'] ?? process.env.JWT_EXPIRY ?? 3600),
  serveApp,
  log: values.quiet ? () => {} : (m) => console.log(m),
}).catch(refuse)

if (values.demo) {
  const { seedDemoIfEmpty, smallDemo } = await import('./seed-demo.ts')
  console.log('Cargando los datos de demostración (solo en una base sin pacientes ni citas)…')
  const demo = await seedDemoIfEmpty(stack.db, smallDemo).catch(async (error: unknown) => {
    await stack.close()
    refuse(error)
  })
  console.log(
    demo
      ? `  ${demo.patients} pacientes, ${demo.appointments} citas, ${demo.payments} pagos, ${demo.directSales} ventas directas y ${demo.reservations} reservas (${Math.round(demo.ms / 1000)} s).`
      : '  La base ya tiene datos: no se agregó nada.',
  )
}

const admin = process.env.SPA_ADMIN_EMAIL ?? 'admin@spa.local'
const staff = process.env.SPA_STAFF_EMAIL ?? 'recepcion@spa.local'
console.log(`
Spa Lima — backend local listo${serveApp ? ' con la aplicación' : ''}
  URL:               ${stack.url}${serveApp ? `\n  Panel:             ${stack.url}/control-citas` : ''}
  Base de datos:     ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : values.memory ? 'PGlite en memoria' : `PGlite en ${values['data-dir'] ?? '.data/'}`}
  anon key:          ${stack.anonKey}
  service_role key:  no se muestra (solo servidor). ${
    values.memory
      ? 'Con --memory se deriva de un secreto JWT nuevo en cada arranque.'
      : `Se deriva del secreto JWT guardado en ${dataDirLabel}${dataDirLabel.endsWith('/') ? '' : '/'}jwt-secret.`
  }
  Usuarios demo:     ${admin} / ${process.env.SPA_ADMIN_PASSWORD ?? 'admin1234'} (admin)
                     ${staff} / ${process.env.SPA_STAFF_PASSWORD ?? 'recepcion1234'} (recepción)
`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    stack.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}

/** True when dist/ is missing or older than any source of the app. */
function needsBuild(): boolean {
  if (!appIsBuilt()) return true
  const built = statSync(join(distDir, 'index.html')).mtimeMs
  const newer = (path: string): boolean => {
    const st = statSync(path, { throwIfNoEntry: false })
    if (!st) return false
    if (st.isFile()) return st.mtimeMs > built
    return readdirSync(path).some((f) => newer(join(path, f)))
  }
  return ['src', 'sync', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].some((p) => newer(join(repoRoot, p)))
}

/** --public-url must be an http(s) origin (a path would break the API paths under it). */
function publicUrlOption(text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    console.error(`--public-url no es una URL válida: ${text}`)
    process.exit(2)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash) {
    console.error(`--public-url debe ser un origen http(s) sin ruta, por ejemplo https://spa.example: ${text}`)
    process.exit(2)
  }
  return url.origin
}
