/**
 * The embedded backend in a child process (`npm run backend`), so a test can kill it
 * with SIGKILL in the middle of a push and start it again on the same port and data:
 * the PGlite data directory or the PostgreSQL database survives, and so does the JWT
 * secret (kept in the data directory), so the devices' sessions stay valid.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import { openDb, type Db } from '../../supabase/local/db.ts'
import { startStack } from '../../supabase/local/server.ts'
import { cloneTemplate } from '../support/template.ts'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

export interface BackendProcess {
  readonly port: number
  readonly url: string
  readonly anonKey: string
  /** Direct SQL for assertions (PostgreSQL only; PGlite allows one process). */
  sql(): Promise<Db>
  /** kill -9, then nothing answers on the port. */
  kill(): Promise<void>
  /** Starts it again on the same port, data and secret. */
  restart(): Promise<void>
  /** Stops it for good and returns a Db over its data for final assertions. */
  stopAndOpen(): Promise<Db>
  dispose(): Promise<void>
}

/**
 * A port below Linux's ephemeral range (32768–60999): a fixed port inside it was taken,
 * on a busy CI machine, by another test's port-0 server or an outgoing connection, and the
 * backend could not start. Below the range only a test choosing the same way can take
 * it, so it is checked free when chosen and stays ours across a kill and restart.
 */
async function portBelowEphemeralRange(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error('no hay un puerto libre para el backend de la prueba')
}

export async function startBackendProcess(): Promise<BackendProcess> {
  const port = await portBelowEphemeralRange()
  const dataDir = mkdtempSync(join(tmpdir(), 'spa-sync-backend-'))
  const clone = await cloneTemplate(inject('spaTemplate'))
  if (clone.loadDataDir) {
    // PGlite: unpack the migrated template into the data directory the process will own.
    const stack = await startStack({ port: 0, host: '127.0.0.1', dataDir, loadDataDir: clone.loadDataDir, seed: null, log: () => {} })
    await stack.close()
  } else {
    writeFileSync(join(dataDir, 'jwt-secret'), 'sync-scenario-secret-' + crypto.randomUUID() + '\n')
  }

  let child: ChildProcess | null = null
  let anonKey = ''
  const url = `http://127.0.0.1:${port}`

  async function start() {
    child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', 'backend', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir, '--quiet'], {
      cwd: repoRoot,
      env: { ...process.env, ...(clone.databaseUrl ? { DATABASE_URL: clone.databaseUrl } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', (b: Buffer) => (output += b.toString()))
    child.stderr!.on('data', (b: Buffer) => (output += b.toString()))
    const deadline = Date.now() + 60_000
    for (;;) {
      try {
        const res = await fetch(`${url}/app-config.json`)
        if (res.ok) {
          anonKey = ((await res.json()) as { supabaseAnonKey: string }).supabaseAnonKey
          return
        }
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`el backend no arrancó:\n${output}`)
      await new Promise((r) => setTimeout(r, 200))
    }
  }

  async function kill() {
    const c = child
    if (!c || c.exitCode !== null) return
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve())
      c.kill('SIGKILL')
    })
    child = null
  }

  await start()
  return {
    port,
    url,
    get anonKey() {
      return anonKey
    },
    async sql() {
      if (!clone.databaseUrl) throw new Error('solo PostgreSQL admite otra conexión mientras el backend corre')
      return openDb({ databaseUrl: clone.databaseUrl, poolSize: 2 })
    },
    kill,
    restart: start,
    async stopAndOpen() {
      // A graceful stop (SIGTERM closes PGlite) so the data directory can be opened here.
      const c = child
      if (c && c.exitCode === null) {
        await new Promise<void>((resolve) => {
          c.once('exit', () => resolve())
          c.kill('SIGTERM')
        })
      }
      child = null
      return clone.databaseUrl ? openDb({ databaseUrl: clone.databaseUrl, poolSize: 2 }) : openDb({ dataDir: join(dataDir, 'pg') })
    },
    async dispose() {
      await kill()
      await clone.drop()
    },
  }
}
