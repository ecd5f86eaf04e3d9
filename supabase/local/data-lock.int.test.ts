// The data-folder lock between real processes (docs/decisions/0032-bloqueo-carpeta-y-acceso.md):
// a stale lock from another host or container, or naming a pid now reused by another
// program, is taken over; a live one is not; of several processes racing on a stale
// lock exactly one wins. Each contender is its own Node process calling lockDataDir.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, readlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LOCK_FILE, processStartTime, type LockContent } from './data-lock.ts'
import { repoRoot } from './paths.ts'

const tmp = () => mkdtempSync(join(tmpdir(), 'spa-lock-'))
const children: ChildProcess[] = []

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
})

/** A process that tries to lock `dir` and, if it wins, holds the lock until killed. */
function contender(dir: string): { child: ChildProcess; outcome: Promise<string> } {
  const script = `
    import { lockDataDir } from './supabase/local/data-lock.ts'
    try {
      await lockDataDir(${JSON.stringify(dir)}, { command: 'prueba', heartbeatMs: 200, observeMs: 1500, log: () => {} })
      console.log('GANÓ ' + process.pid)
      setInterval(() => {}, 1000)
    } catch (error) {
      console.log('RECHAZADO ' + error.message.split('\\n')[0])
      process.exit(1)
    }`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let out = ''
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()))
  const outcome = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString()
      const line = /(GANÓ|RECHAZADO)[^\n]*/.exec(out)
      if (line) resolve(line[0])
    })
    child.once('exit', () => (/(GANÓ|RECHAZADO)/.test(out) ? undefined : reject(new Error(`sin resultado:\n${out}`))))
  })
  return { child, outcome }
}

function writeLock(dir: string, content: Partial<LockContent>, ageMs = 0) {
  const path = join(dir, LOCK_FILE)
  writeFileSync(path, JSON.stringify({ startedAt: new Date().toISOString(), ...content }))
  if (ageMs) {
    const t = new Date(Date.now() - ageMs)
    utimesSync(path, t, t)
  }
}

const owner = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as LockContent
const local = () => ({
  host: hostname(),
  bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
  pidNs: readlinkSync('/proc/self/ns/pid'),
})

describe('a lock written by another host or container', () => {
  it('is taken over when nobody keeps it alive', async () => {
    const dir = tmp()
    // Its pid runs here (our parent), which must not matter: the pid is another machine's.
    writeLock(dir, { pid: process.ppid, host: 'contenedor-anterior', bootId: 'otro-arranque', pidNs: 'pid:[1]', token: 'viejo' }, 60_000)
    const c = contender(dir)
    expect(await c.outcome).toBe(`GANÓ ${c.child.pid}`)
    expect(owner(dir)).toMatchObject({ pid: c.child.pid, host: hostname() })
  })

  it('is refused while its owner keeps touching it (a live container on the same volume)', async () => {
    const dir = tmp()
    writeLock(dir, { pid: 4242, host: 'contenedor-vivo', bootId: 'otro-arranque', pidNs: 'pid:[1]', token: 'vivo' })
    const path = join(dir, LOCK_FILE)
    const heartbeat = spawn(process.execPath, ['-e', `setInterval(() => { const t = new Date(); require('fs').utimesSync(${JSON.stringify(path)}, t, t) }, 100)`])
    children.push(heartbeat)
    const c = contender(dir)
    expect(await c.outcome).toContain(`RECHAZADO La carpeta de datos ${dir} ya está en uso por otro proceso (pid 4242).`)
    expect(owner(dir).token).toBe('vivo')
  })
})

describe('a lock of this machine', () => {
  it('naming a pid now reused by another program is taken over', async () => {
    const dir = tmp()
    // Our parent runs, but it started at another time than the lock says.
    const start = processStartTime(process.ppid)!
    writeLock(dir, { pid: process.ppid, ...local(), procStart: String(Number(start) - 1), token: 'reusado' })
    const c = contender(dir)
    expect(await c.outcome).toBe(`GANÓ ${c.child.pid}`)
    expect(owner(dir).pid).toBe(c.child.pid)
  })

  it('naming a live pid with its own start time is refused', async () => {
    const dir = tmp()
    writeLock(dir, { pid: process.ppid, ...local(), procStart: processStartTime(process.ppid)!, command: 'npm start', token: 'vivo' })
    const c = contender(dir)
    expect(await c.outcome).toContain(`RECHAZADO La carpeta de datos ${dir} ya está en uso por otro proceso (pid ${process.ppid}, npm start).`)
  })

  it('four processes racing on a stale lock: exactly one wins, the others name it', async () => {
    const dir = tmp()
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString())
    writeLock(dir, { pid: dead, ...local(), token: 'muerto' })
    const racers = Array.from({ length: 4 }, () => contender(dir))
    const outcomes = await Promise.all(racers.map((r) => r.outcome))
    const winners = racers.filter((_, i) => outcomes[i]!.startsWith('GANÓ'))
    expect(winners).toHaveLength(1)
    const winner = winners[0]!.child.pid
    expect(owner(dir).pid).toBe(winner)
    for (const o of outcomes.filter((o) => o.startsWith('RECHAZADO'))) expect(o).toContain(`(pid ${winner}, prueba)`)
  })
})
