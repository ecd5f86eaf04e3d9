/**
 * One process per PGlite data folder, whatever the process is: `npm start`, `npm run
 * backend`, `npm run dev` and `npm run seed:demo` (which migrates too) all take this lock
 * before they read anything in the folder (docs/decisions/0020-backend-hardening.md,
 * 0032-bloqueo-carpeta-y-acceso.md).
 *
 * PGlite has no postmaster: two processes that open the same folder both run as the
 * only writer, and each overwrites the other's pages (acknowledged writes lost, catalog
 * indexes corrupted). So the folder carries `backend.lock`, naming its owner.
 *
 * A lock is stale when its owner is gone, decided as follows:
 * - Written on this machine (same host name, boot and pid namespace): stale when its pid
 *   no longer runs, or runs a process started at another time (the pid was reused, e.g.
 *   by the same program after a container restart).
 * - Written anywhere else (another container sharing the volume, another host): its pid
 *   means nothing here, so the owner proves it is alive by touching the file every
 *   `heartbeatMs` from a worker thread (a long PGlite statement on the main thread does
 *   not stop it). The lock is stale when its mtime does not move while we watch it for
 *   `observeMs`. Watching, not comparing clocks, works whatever the clocks of two hosts say.
 *
 * Creation is atomic (the full content is written to a private file, then hard-linked
 * into place: `link` fails if a lock exists). Removing a stale lock happens only under a
 * short mutex (`mkdir backend.lock.takeover`) and only if the file is still the very one
 * judged stale, so of two starters racing on a stale lock exactly one wins; the other
 * then finds the winner's live lock and is refused.
 */
import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, readlinkSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import { Worker } from 'node:worker_threads'

export const LOCK_FILE = 'backend.lock'
const TAKEOVER_DIR = `${LOCK_FILE}.takeover`

export interface LockContent {
  pid: number
  host: string
  startedAt: string
  /** What took the lock, for the refusal message ('npm start', 'npm run seed:demo'…). */
  command?: string
  /** Linux: /proc/sys/kernel/random/boot_id. Absent in locks of older versions. */
  bootId?: string | null
  /** Linux: the pid namespace (`pid:[4026531836]`): containers have their own. */
  pidNs?: string | null
  /** Linux: the process start time in clock ticks since boot (/proc/<pid>/stat field 22). */
  procStart?: string | null
  /** Random: tells this lock apart from any other with the same pid. */
  token?: string
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly command?: string,
  ) {
    const who = `pid ${pid}${command ? `, ${command}` : ''}`
    super(
      `La carpeta de datos ${dataDir} ya está en uso por otro proceso (${who}). ` +
        `Detén ese proceso antes de iniciar otro sobre la misma carpeta, o usa --data-dir con otra carpeta.\n` +
        `The data folder ${dataDir} is already in use by another process (${who}).`,
    )
    this.name = 'DataDirBusyError'
  }
}

export interface DataDirLock {
  readonly path: string
  release(): void
}

export interface LockOptions {
  /** Named in the refusal another process gets. */
  command?: string
  /** How often the owner touches the lock. Default 2 s. */
  heartbeatMs?: number
  /** How long a lock from elsewhere is watched before it is judged stale. Default 2.5 heartbeats. */
  observeMs?: number
  /** Told when a foreign lock is being watched (the start waits a few seconds). */
  log?: (message: string) => void
}

function readOptional(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim()
  } catch {
    return null
  }
}

/** The start time of a running process (Linux), or null when it cannot be read. */
export function processStartTime(pid: number): string | null {
  const stat = readOptional(`/proc/${pid}/stat`)
  if (!stat) return null
  // The command name (field 2) may hold spaces and parentheses: fields follow the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fields[19] ?? null
}

function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid')
  } catch {
    return null
  }
}

/** True when a process with this pid exists (EPERM: it exists but belongs to another user). */
function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

interface Seen {
  raw: string
  ino: number
  mtimeMs: number
  content: LockContent | null
}

function look(path: string): Seen | null {
  try {
    const st = statSync(path)
    const raw = readFileSync(path, 'utf8')
    let content: LockContent | null = null
    try {
      const parsed = JSON.parse(raw) as Partial<LockContent>
      if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') content = parsed as LockContent
    } catch {
      content = null // damaged: judged by its heartbeat like a foreign lock
    }
    return { raw, ino: st.ino, mtimeMs: st.mtimeMs, content }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

const same = (a: Seen, b: Seen | null) => b !== null && a.ino === b.ino && a.raw === b.raw

type Verdict = 'busy' | 'stale' | 'gone'

async function judge(path: string, seen: Seen, me: LockContent, observeMs: number, log: (m: string) => void): Promise<Verdict> {
  const h = seen.content
  // Missing fields (locks written by older versions) fall back to the host name alone.
  const local =
    h !== null && h.host === me.host && (h.bootId == null || h.bootId === me.bootId) && (h.pidNs == null || h.pidNs === me.pidNs)
  if (local) {
    if (!isAlive(h.pid)) return 'stale' // killed without a clean stop
    const now = processStartTime(h.pid)
    // The pid runs, but a process started at another time holds it: it was reused.
    if (h.procStart && now && now !== h.procStart) return 'stale'
    return 'busy'
  }
  log(
    `La carpeta de datos tiene un bloqueo de otra máquina o contenedor (${h?.host ?? 'ilegible'}, pid ${h?.pid ?? '?'}); ` +
      `comprobando durante ${Math.round(observeMs / 1000)} s si su dueño sigue vivo…`,
  )
  await new Promise((r) => setTimeout(r, observeMs))
  const later = look(path)
  if (!later) return 'gone'
  if (!same(seen, later)) return 'gone' // replaced meanwhile: judge the new one
  return later.mtimeMs === seen.mtimeMs ? 'stale' : 'busy'
}

/** Runs `fn` holding the takeover mutex (a directory: `mkdir` is atomic). */
async function withTakeoverMutex<T>(dir: string, fn: () => T): Promise<T> {
  const mutex = join(dir, TAKEOVER_DIR)
  for (;;) {
    try {
      mkdirSync(mutex)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      // Held for a few file operations only; one older than 10 s belongs to a process
      // killed inside them.
      const st = statSync(mutex, { throwIfNoEntry: false })
      if (st && Date.now() - st.mtimeMs > 10_000) rmSync(mutex, { recursive: true, force: true })
      else await new Promise((r) => setTimeout(r, 20))
    }
  }
  try {
    return fn()
  } finally {
    rmSync(mutex, { recursive: true, force: true })
  }
}

/** Places `content` as the lock if there is none; false when one exists. */
function create(dir: string, path: string, content: LockContent): boolean {
  const temp = join(dir, `${LOCK_FILE}.${content.token}`)
  writeFileSync(temp, JSON.stringify(content) + '\n')
  try {
    linkSync(temp, path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return false
  } finally {
    unlinkSync(temp)
  }
}

/**
 * Locks `dataDir` for this process or throws DataDirBusyError naming the owner; never
 * opens the database. A lock from another machine costs `observeMs` of watching.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<DataDirLock> {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, LOCK_FILE)
  const heartbeatMs = options.heartbeatMs ?? 2_000
  const observeMs = options.observeMs ?? heartbeatMs * 2.5
  const log = options.log ?? ((m: string) => console.log(m))
  const me: LockContent = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    ...(options.command ? { command: options.command } : {}),
    bootId: readOptional('/proc/sys/kernel/random/boot_id'),
    pidNs: pidNamespace(),
    procStart: processStartTime(process.pid),
    token: randomBytes(12).toString('hex'),
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    if (create(dir, path, me)) return held(path, me, heartbeatMs)
    const seen = look(path)
    if (!seen) continue // released meanwhile
    const verdict = await judge(path, seen, me, observeMs, log)
    if (verdict === 'busy') throw new DataDirBusyError(dir, seen.content?.pid ?? 0, seen.content?.command)
    if (verdict === 'gone') continue
    // Stale: remove it only if it is still the file judged, under the mutex, so a
    // racer's fresh lock is never removed in its place.
    const won = await withTakeoverMutex(dir, () => {
      if (!same(seen, look(path))) return false
      unlinkSync(path)
      return create(dir, path, me)
    })
    if (won) return held(path, me, heartbeatMs)
  }
  const last = look(path)?.content
  throw new DataDirBusyError(dir, last?.pid ?? 0, last?.command)
}

// The heartbeat runs in its own thread: PGlite runs statements synchronously on the
// main thread, and a long one must not make a live lock look abandoned.
const heartbeatSource = `
const { workerData } = require('node:worker_threads')
const fs = require('node:fs')
setInterval(() => {
  try {
    if (!fs.readFileSync(workerData.path, 'utf8').includes(workerData.token)) return
    const now = new Date()
    fs.utimesSync(workerData.path, now, now)
  } catch {}
}, workerData.ms)
`

function held(path: string, me: LockContent, heartbeatMs: number): DataDirLock {
  // No inherited flags (tsx's loader, --input-type): the source is plain CommonJS.
  const worker = new Worker(heartbeatSource, { eval: true, execArgv: [], workerData: { path, token: me.token, ms: heartbeatMs } })
  worker.unref()
  // A failing heartbeat only makes the lock look abandoned to other hosts; never a crash here.
  worker.on('error', () => {})
  let released = false
  return {
    path,
    release() {
      if (released) return
      released = true
      void worker.terminate()
      // Only our own lock: one taken over by another process must survive.
      const now = look(path)
      if (now?.content?.token === me.token) unlinkSync(path)
    },
  }
}
