/**
 * One backend process per PGlite data folder (docs/decisions/0020-backend-hardening.md).
 *
 * PGlite has no postmaster: two processes that open the same folder both run as the
 * only writer, and each overwrites the other's pages (acknowledged writes lost, indexes
 * corrupted). So the folder carries a lock file with the owner's pid, taken before the
 * database is opened and removed on a clean stop. A lock whose pid no longer runs (a
 * process killed with SIGKILL) is stale and taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'

export const LOCK_FILE = 'backend.lock'

interface LockContent {
  pid: number
  host: string
  startedAt: string
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `La carpeta de datos ${dataDir} ya está en uso por otro proceso del backend (pid ${pid}). ` +
        `Detén ese proceso antes de iniciar otro sobre la misma carpeta, o usa --data-dir con otra carpeta.\n` +
        `The data folder ${dataDir} is already in use by another backend process (pid ${pid}).`,
    )
    this.name = 'DataDirBusyError'
  }
}

export interface DataDirLock {
  readonly path: string
  release(): void
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

function readLock(path: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>
    return typeof parsed.pid === 'number' ? (parsed as LockContent) : null
  } catch {
    return null // unreadable or half-written: treated as stale
  }
}

/** Locks `dataDir` for this process or throws DataDirBusyError; never opens the database. */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, LOCK_FILE)
  const content: LockContent = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number
    try {
      // 'wx' creates atomically: of two processes starting at once, exactly one wins.
      fd = openSync(path, 'wx')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readLock(path)
      // The same process counts as busy too: two stacks in one process would be as
      // harmful as two processes.
      if (holder && holder.host === content.host && isAlive(holder.pid)) throw new DataDirBusyError(dir, holder.pid)
      if (holder && holder.host !== content.host) throw new DataDirBusyError(dir, holder.pid)
      unlinkSync(path) // stale: its owner was killed without a clean stop
      continue
    }
    writeSync(fd, JSON.stringify(content) + '\n')
    closeSync(fd)
    let released = false
    return {
      path,
      release() {
        if (released) return
        released = true
        // Only our own lock: a stale-lock takeover by another process must survive.
        if (readLock(path)?.pid === process.pid) unlinkSync(path)
      },
    }
  }
  throw new DataDirBusyError(dir, readLock(path)?.pid ?? 0)
}
