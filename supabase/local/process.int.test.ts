// The backend as a process: one process per PGlite data folder (a second start refuses
// before opening anything, a stale lock is taken over), the banner never shows the
// service_role key, and a stop lets running requests finish (docs/decisions/0020-backend-hardening.md).
// The data-folder lock only exists for PGlite, so these tests always use a PGlite
// folder, also in the PostgreSQL run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack } from './server.ts'
import { LOCK_FILE } from './data-lock.ts'
import { repoRoot } from './paths.ts'
import { migratedFolder } from '../../tests/support/stack.ts'

const tmp = () => mkdtempSync(join(tmpdir(), 'spa-process-'))

/** A pid that certainly does not run any more. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  return Number(r.stdout.toString())
}

async function busyPort(): Promise<{ port: number; close(): Promise<void> }> {
  const srv = createServer()
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve))
  return { port: (srv.address() as AddressInfo).port, close: () => new Promise((r) => srv.close(() => r())) }
}

describe('one process per data folder', () => {
  it('refuses a folder locked by a live process, naming folder and pid, before opening it', async () => {
    const dir = tmp()
    // Our parent (the test runner) is alive and is not this process.
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, host: (await import('node:os')).hostname() }))
    const port = await busyPort()
    try {
      // Also on a busy port: the folder's owner is what the operator needs to hear about.
      await expect(startStack({ dataDir: dir, port: port.port, host: '127.0.0.1', seed: null, log: () => {} })).rejects.toThrow(
        new RegExp(`${dir}.*en uso por otro proceso \\(pid ${process.ppid}\\)`),
      )
    } finally {
      await port.close()
    }
    expect(existsSync(join(dir, 'pg'))).toBe(false)
    expect(existsSync(join(dir, 'jwt-secret'))).toBe(false)
  })

  it('a start that fails on a busy port opens nothing and leaves no lock behind', async () => {
    const dir = tmp()
    const port = await busyPort()
    try {
      await expect(startStack({ dataDir: dir, port: port.port, host: '127.0.0.1', seed: null, log: () => {} })).rejects.toThrow(
        /puerto .* ya está en uso/,
      )
    } finally {
      await port.close()
    }
    expect(existsSync(join(dir, 'pg'))).toBe(false)
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })
})

describe('the backend process', () => {
  let dir: string
  let first: ChildProcess | null = null
  let firstOut = ''
  let url = ''
  let serviceRoleKey = ''

  beforeAll(async () => {
    dir = tmp()
    // A migrated PGlite folder (the PGlite template when there is one), locked by a
    // process that was killed: the next start must take the stale lock over.
    serviceRoleKey = (await migratedFolder(dir)).serviceRoleKey
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false) // removed on a clean stop
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), host: (await import('node:os')).hostname() }))

    first = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', 'backend', '--port', '0', '--host', '127.0.0.1', '--data-dir', dir], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    first.stderr!.on('data', (b: Buffer) => (firstOut += b.toString()))
    await new Promise<void>((resolve, reject) => {
      first!.stdout!.on('data', (b: Buffer) => {
        firstOut += b.toString()
        const m = /URL:\s+(http:\/\/\S+)/.exec(firstOut)
        if (m && firstOut.includes('Usuarios demo')) {
          url = m[1]!
          resolve()
        }
      })
      first!.once('exit', () => reject(new Error(`el backend no arrancó:\n${firstOut}`)))
    })
  })

  afterAll(() => {
    if (first && first.exitCode === null) first.kill('SIGKILL')
  })

  it('took over the stale lock and wrote its own pid', () => {
    const lock = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number }
    expect(lock.pid).toBe(first!.pid)
  })

  it('never prints the service_role key, and says where it is stored', () => {
    expect(firstOut).not.toContain(serviceRoleKey)
    expect(firstOut).toMatch(/service_role key:\s+no se muestra.*jwt-secret/)
  })

  it('a second process on the same folder and port exits at once naming both', () => {
    const port = new URL(url).port
    const second = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'supabase/local/cli.ts', 'backend', '--port', port, '--host', '127.0.0.1', '--data-dir', dir],
      { cwd: repoRoot, encoding: 'utf8' },
    )
    expect(second.status).toBe(1)
    expect(second.stderr).toContain(`La carpeta de datos ${dir} ya está en uso por otro proceso (pid ${first!.pid}, npm run backend)`)
    expect(second.stderr).toContain(`The data folder ${dir} is already in use`)
    expect(second.stdout).not.toContain('backend local listo')
  })

  it('npm run seed:demo on the folder of a running backend is refused, naming it', () => {
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'supabase/local/seed-demo.ts', '--data-dir', dir, '--patients', '1', '--appointments', '0'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
    expect(seed.status).toBe(1)
    expect(seed.stderr).toContain(`La carpeta de datos ${dir} ya está en uso por otro proceso (pid ${first!.pid}, npm run backend)`)
    expect(seed.stderr).toContain(`The data folder ${dir} is already in use`)
    expect(seed.stdout).not.toContain('Generando datos demo')
  })

  it('SIGTERM lets a running request finish, then exits and removes the lock', async () => {
    // A request whose body is still arriving when the stop begins.
    const body = JSON.stringify({ email: 'nadie@spa.local', password: 'x'.repeat(20) })
    const anonKey = ((await (await fetch(`${url}/app-config.json`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      // 'Expect: 100-continue': the server answers "continue" once it holds the request,
      // so the stop begins while the request is certainly running on the server.
      const req = request(`${url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
      })
      req.on('response', (res) => {
        let text = ''
        res.on('data', (b: Buffer) => (text += b.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      })
      req.on('error', reject)
      req.on('continue', () => {
        first!.kill('SIGTERM')
        // The body arrives only after the server stopped accepting connections.
        waitForStopping(url).then(() => req.end(body), reject)
      })
      req.flushHeaders()
    })
    const res = await answer
    expect(res.status).toBe(400)
    expect(res.text).toContain('invalid_credentials')
    await new Promise<void>((resolve) => (first!.exitCode !== null ? resolve() : first!.once('exit', () => resolve())))
    expect(first!.exitCode).toBe(0)
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })
})

describe('npm run seed:demo holds the folder too', () => {
  let seed: ChildProcess | null = null
  afterAll(() => {
    if (seed && seed.exitCode === null) seed.kill('SIGKILL')
  })

  it('a backend started while the seed runs is refused, naming the seed', async () => {
    const dir = tmp()
    seed = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/seed-demo.ts', '--data-dir', dir, '--patients', '50', '--appointments', '200'], {
      cwd: repoRoot,
      stdio: 'ignore',
    })
    // Once the seed holds the lock it is paused, so it is certainly still running (and
    // still holding) when the backend starts.
    const lock = join(dir, LOCK_FILE)
    while (!(existsSync(lock) && readFileSync(lock, 'utf8').includes(`"pid":${seed.pid}`))) {
      expect(seed.exitCode).toBeNull()
      await new Promise((r) => setTimeout(r, 20))
    }
    seed.kill('SIGSTOP')
    const start = spawnSync(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', 'backend', '--port', '0', '--host', '127.0.0.1', '--data-dir', dir], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
    expect(start.status).toBe(1)
    expect(start.stderr).toContain(`La carpeta de datos ${dir} ya está en uso por otro proceso (pid ${seed.pid}, npm run seed:demo)`)
    expect(start.stdout).not.toContain('backend local listo')
    expect(readFileSync(lock, 'utf8')).toContain(`"pid":${seed.pid}`)
  })
})

/** Resolves once the server no longer accepts new connections (its stop has begun). */
async function waitForStopping(url: string): Promise<void> {
  for (;;) {
    const refused = await fetch(`${url}/app-config.json`, { headers: { connection: 'close' } }).then(
      () => false,
      () => true,
    )
    if (refused) return
    await new Promise((r) => setTimeout(r, 20))
  }
}
