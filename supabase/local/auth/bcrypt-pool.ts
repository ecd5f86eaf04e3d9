/**
 * bcrypt off the serving thread. One sign-in costs ~80 ms of bcrypt (cost 10); on the
 * thread that also serves REST, Realtime and (on PGlite) the database, 5 % sign-ins in a
 * 50-client mix cut the throughput from 434 to 77 requests/s. So hash and compare run in
 * a small pool of worker threads (1, or 2 where there are more than 2 cores: the
 * database needs a core too) with the same bcryptjs, so the hashes are the very ones
 * GoTrue and pgcrypto write and read (docs/decisions/0032-bloqueo-carpeta-y-acceso.md).
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
}

export class BcryptPool {
  private readonly slots: Slot[] = []
  private readonly queue: Job[] = []
  private nextId = 0

  constructor(private readonly size = Math.min(2, Math.max(1, availableParallelism() - 1))) {}

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
      this.queue.push({ id: this.nextId++, op, a, b, resolve, reject })
      this.dispatch()
    })
  }

  private dispatch() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null)
      if (!slot && this.slots.length < this.size) slot = this.spawn()
      if (!slot) return
      const job = this.queue.shift()!
      slot.job = job
      // Kept referenced only while working: an idle pool never holds a process open.
      slot.worker.ref()
      slot.worker.postMessage({ id: job.id, op: job.op, a: job.a, b: job.b })
    }
  }

  private spawn(): Slot {
    const worker = new Worker(workerSource, { eval: true, execArgv: [], workerData: { base: import.meta.url } })
    const slot: Slot = { worker, job: null }
    worker.on('message', (m: { id: number; result?: string | boolean; error?: string; threadId: number }) => {
      const job = slot.job
      if (!job || job.id !== m.id) return
      slot.job = null
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
