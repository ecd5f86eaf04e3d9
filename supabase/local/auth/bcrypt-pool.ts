/**
 * bcrypt off the serving thread. One sign-in costs ~80 ms of bcrypt (cost 10); on the
 * thread that also serves REST, Realtime and (on PGlite) the database, 5 % sign-ins in a
 * 50-client mix cut the throughput from 434 to 77 requests/s. So hash and compare run in
 * a small pool of worker threads (1, or 2 where there are more than 2 cores: the
 * database needs a core too) with the same bcryptjs, so the hashes are the very ones
 * GoTrue and pgcrypto write and read (docs/decisions/0032-bloqueo-carpeta-y-acceso.md).
 *
 * Two bounds keep a burst of sign-ins from taking the machine from everyone else: each
 * thread works at most half the time (after a job it rests as long as the job took), and
 * at most `maxQueue` jobs wait; beyond that a job is refused at once (`PoolBusyError`,
 * answered 429 by Auth) instead of waiting tens of seconds. Measured in the hardening
 * bench (docs/decisions/0032).
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

// Plain CommonJS run with no inherited flags (tsx, vitest), bcryptjs resolved from here.
const workerSource = `
const { parentPort, workerData, threadId } = require('node:worker_threads')
const bcrypt = require('node:module').createRequire(workerData.base)('bcryptjs')
parentPort.on('message', ({ id, op, a, b }) => {
  try {
    const result = op === 'hash' ? bcrypt.hashSync(a, b) : bcrypt.compareSync(a, b)
    parentPort.postMessage({ id, result, threadId })
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error), threadId })
  }
})
`

interface Job {
  id: number
  op: 'hash' | 'compare'
  a: string
  b: string | number
  resolve(value: { result: string | boolean; threadId: number }): void
  reject(error: Error): void
}

interface Slot {
  worker: Worker
  job: Job | null
  startedAt: number
  /** Resting after a job until this time (the busy share). */
  restUntil: number
}

/** More sign-ins are waiting than the pool takes: try again in a moment. */
export class PoolBusyError extends Error {
  constructor() {
    super('cola de bcrypt llena')
    this.name = 'PoolBusyError'
  }
}

export class BcryptPool {
  private readonly slots: Slot[] = []
  private readonly queue: Job[] = []
  private nextId = 0
  private wakeTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly size = Math.min(2, Math.max(1, availableParallelism() - 1)),
    private readonly options: { maxQueue: number; busyShare: number } = { maxQueue: 16, busyShare: 0.5 },
  ) {}

  hash(password: string, cost: number): Promise<string> {
    // GoTrue (Go's x/crypto/bcrypt) writes '$2a$', and pgcrypto's crypt() reads only
    // '$2a$'; bcryptjs writes '$2b$', which differs only for passwords over 255 bytes
    // (we refuse more than 72), so the hash is the same under GoTrue's prefix.
    return this.run('hash', password, cost).then((r) => (r.result as string).replace(/^\$2b\$/, '$2a$'))
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.run('compare', password, hash).then((r) => r.result as boolean)
  }

  /** Like `compare`, also telling which thread did the work (tests). */
  compareOn(password: string, hash: string): Promise<{ result: boolean; threadId: number }> {
    return this.run('compare', password, hash) as Promise<{ result: boolean; threadId: number }>
  }

  private run(op: Job['op'], a: string, b: string | number) {
    return new Promise<{ result: string | boolean; threadId: number }>((resolve, reject) => {
      if (this.queue.length >= this.options.maxQueue) {
        reject(new PoolBusyError())
        return
      }
      this.queue.push({ id: this.nextId++, op, a, b, resolve, reject })
      this.dispatch()
    })
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const now = Date.now()
      let slot = this.slots.find((s) => s.job === null && s.restUntil <= now)
      if (!slot && this.slots.length < this.size) slot = this.spawn()
      if (!slot) {
        this.wakeWhenRested()
        return
      }
      const job = this.queue.shift()!
      slot.job = job
      slot.startedAt = now
      // Kept referenced only while working: an idle pool never holds a process open.
      slot.worker.ref()
      slot.worker.postMessage({ id: job.id, op: job.op, a: job.a, b: job.b })
    }
  }

  /** Dispatches again when the first resting thread may work. */
  private wakeWhenRested() {
    const resting = this.slots.filter((s) => s.job === null).map((s) => s.restUntil)
    if (resting.length === 0 || this.wakeTimer) return
    this.wakeTimer = setTimeout(
      () => {
        this.wakeTimer = null
        this.dispatch()
      },
      Math.max(0, Math.min(...resting) - Date.now()),
    )
  }

  private spawn(): Slot {
    const worker = new Worker(workerSource, { eval: true, execArgv: [], workerData: { base: import.meta.url } })
    const slot: Slot = { worker, job: null, startedAt: 0, restUntil: 0 }
    worker.on('message', (m: { id: number; result?: string | boolean; error?: string; threadId: number }) => {
      const job = slot.job
      if (!job || job.id !== m.id) return
      slot.job = null
      const took = Date.now() - slot.startedAt
      slot.restUntil = Date.now() + took * (1 / this.options.busyShare - 1)
      worker.unref()
      if (m.error !== undefined) job.reject(new Error(m.error))
      else job.resolve({ result: m.result!, threadId: m.threadId })
      this.dispatch()
    })
    const lost = (error: Error) => {
      const i = this.slots.indexOf(slot)
      if (i >= 0) this.slots.splice(i, 1)
      slot.job?.reject(error)
      slot.job = null
      this.dispatch()
    }
    worker.on('error', lost)
    worker.on('exit', (code) => lost(new Error(`el hilo de bcrypt terminó (código ${code})`)))
    worker.unref()
    this.slots.push(slot)
    return slot
  }
}

/** The process's pool: every stack in it shares the same few threads. */
export const bcryptPool = new BcryptPool()
