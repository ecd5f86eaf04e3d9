/**
 * Starts the embedded server in a child process (stack-child.ts). A bench whose 50
 * clients run in the server's own process measures them too: their HTTP work shares the
 * server's one JavaScript thread, and their buffers its resident memory. Throughput,
 * sign-in cost and memory figures of the hardening bench come from a server alone
 * (docs/decisions/0030-superficie-anonima.md, 0032-bloqueo-carpeta-y-acceso.md).
 */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { DemoOptions } from '../../../supabase/local/seed-demo.ts'

export type ChildCommand =
  | { kind: 'query'; sql: string }
  | { kind: 'exec'; sql: string }
  | { kind: 'seedDemo'; volume: DemoOptions }
  | { kind: 'rss' }
  | { kind: 'close' }

export interface StackProcess {
  url: string
  anonKey: string
  serviceRoleKey: string
  query<T>(sql: string): Promise<T[]>
  exec(sql: string): Promise<void>
  seedDemo(volume: DemoOptions): Promise<void>
  /** Resident memory of the server's process, in MB. */
  rss(): Promise<number>
  close(): Promise<void>
}

const START_LIMIT_MS = 180_000

export async function spawnStack(options: { databaseUrl?: string } = {}): Promise<StackProcess> {
  const child = fork(fileURLToPath(new URL('./stack-child.ts', import.meta.url)), [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  let nextId = 0
  const ready = await new Promise<{ url: string; anonKey: string; serviceRoleKey: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('el servidor del benchmark no arrancó a tiempo')), START_LIMIT_MS)
    child.on('message', (message: { ready?: never; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) {
        clearTimeout(timer)
        resolve(message.ready)
        return
      }
      const waiter = pending.get(message.id!)
      pending.delete(message.id!)
      if (message.error !== undefined) waiter?.reject(new Error(message.error))
      else waiter?.resolve(message.result)
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`el servidor del benchmark terminó (código ${code})`))
      for (const waiter of pending.values()) waiter.reject(new Error(`el servidor del benchmark terminó (código ${code})`))
      pending.clear()
    })
  })
  const send = (command: ChildCommand) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      child.send({ id, command })
    })
  return {
    ...ready,
    query: async <T>(sql: string) => (await send({ kind: 'query', sql })) as T[],
    exec: async (sql) => void (await send({ kind: 'exec', sql })),
    seedDemo: async (volume) => void (await send({ kind: 'seedDemo', volume })),
    rss: async () => (await send({ kind: 'rss' })) as number,
    close: () => closeChild(child, send),
  }
}

async function closeChild(child: ChildProcess, send: (c: ChildCommand) => Promise<unknown>) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await send({ kind: 'close' }).catch(() => {})
  await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))])
  if (child.exitCode === null) child.kill('SIGKILL')
}
