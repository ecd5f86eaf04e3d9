/**
 * A simulated tablet as the test sees it: a worker thread running the sync layer
 * (tests/sync/device-worker.ts) behind its own network proxy. `offline()` cuts the
 * proxy and tells the device, as a browser's offline event would; `proxy` gives the
 * finer faults (cut, drop, delay) without telling the device.
 */
import { Worker } from 'node:worker_threads'
import { startNetworkProxy, type NetworkProxy } from './network-proxy.ts'
import type { DeviceCommand, DeviceOpenOptions } from './device-protocol.ts'
import type { SyncStatus } from '../../sync/status/types.ts'
import type { CloseResult } from '../../sync/session-options.ts'

type Doc = Record<string, unknown>

export interface StartDeviceOptions extends Omit<DeviceOpenOptions, 'url' | 'databaseName'> {
  name: string
  /** Port of the backend the proxy forwards to. */
  backendPort: number
  databaseName?: string
}

export class Device {
  private nextId = 1
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  readonly logs: string[] = []

  private constructor(
    readonly name: string,
    readonly proxy: NetworkProxy,
    private readonly worker: Worker,
  ) {
    worker.on('message', (msg: { rpc?: number; ok?: boolean; result?: unknown; error?: { message: string }; event?: string; message?: string }) => {
      if (msg.event === 'log') {
        this.logs.push(msg.message ?? '')
        return
      }
      if (msg.rpc === undefined) return
      const w = this.waiting.get(msg.rpc)
      if (!w) return
      this.waiting.delete(msg.rpc)
      if (msg.ok) w.resolve(msg.result)
      else w.reject(new Error(`[${name}] ${msg.error?.message}`))
    })
    worker.on('error', (error) => {
      for (const w of this.waiting.values()) w.reject(error)
      this.waiting.clear()
    })
  }

  static async start(options: StartDeviceOptions): Promise<Device> {
    const proxy = await startNetworkProxy(options.backendPort)
    const worker = new Worker(new URL('./device-worker-entry.mjs', import.meta.url))
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject)
      worker.on('message', function ready(msg: { event?: string }) {
        if (msg.event === 'ready') {
          worker.off('message', ready)
          resolve()
        }
      })
    })
    const device = new Device(options.name, proxy, worker)
    const { name, backendPort, ...open } = options
    void backendPort
    // A device that starts offline signed in earlier, when it had network: the sign-in
    // goes through; the sync session itself starts offline and the proxy cuts right after.
    await device.call({
      cmd: 'open',
      options: {
        ...open,
        url: proxy.url,
        serverIdentity: open.serverIdentity ?? `backend:${options.backendPort}`,
        databaseName: options.databaseName ?? `device-${name}`,
      },
    })
    if (open.online === false) proxy.setOffline(true)
    return device
  }

  call<T = unknown>(command: DeviceCommand, timeoutMs = 120_000): Promise<T> {
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      // A device that stops answering must fail the test with a reason, not hang it.
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        reject(new Error(`[${this.name}] sin respuesta a '${command.cmd}' en ${timeoutMs} ms`))
      }, timeoutMs)
      this.waiting.set(id, {
        resolve: (v) => {
          clearTimeout(timer)
          resolve(v as T)
        },
        reject: (e) => {
          clearTimeout(timer)
          reject(e)
        },
      })
      // `rpc`, not `id`: several commands carry a document `id` of their own.
      this.worker.postMessage({ rpc: id, command })
    })
  }

  async offline(): Promise<void> {
    this.proxy.setOffline(true)
    await this.call({ cmd: 'setOnline', online: false })
  }

  async online(): Promise<void> {
    this.proxy.setOffline(false)
    await this.call({ cmd: 'setOnline', online: true })
  }

  insert(collection: string, ...docs: Doc[]) {
    return this.call({ cmd: 'insert', collection, docs })
  }
  patch(collection: string, id: string, patch: Doc) {
    return this.call({ cmd: 'patch', collection, id, patch })
  }
  remove(collection: string, id: string) {
    return this.call({ cmd: 'remove', collection, id })
  }
  find(collection: string, selector?: Doc) {
    return this.call<Doc[]>({ cmd: 'find', collection, selector })
  }
  get(collection: string, id: string) {
    return this.call<Doc | null>({ cmd: 'get', collection, id })
  }
  status() {
    return this.call<SyncStatus>({ cmd: 'status' })
  }
  pending() {
    return this.call<Record<string, number>>({ cmd: 'pending' })
  }
  waitUpload(timeoutMs = 30_000) {
    return this.call<boolean>({ cmd: 'waitUpload', timeoutMs })
  }
  resync() {
    return this.call({ cmd: 'resync' })
  }
  reopen() {
    return this.call<SyncStatus>({ cmd: 'reopen' })
  }
  close(options: { upload: boolean; force?: boolean; timeoutMs?: number }) {
    return this.call<CloseResult>({ cmd: 'close', options })
  }
  /** Units per product as the device shows them (server stock minus unacknowledged sales). */
  stock() {
    return this.call<Record<string, number>>({ cmd: 'stock' })
  }
  authEvents() {
    return this.call<string[]>({ cmd: 'authEvents' })
  }

  async stop(): Promise<void> {
    await this.call({ cmd: 'close', options: { upload: false } }).catch(() => {})
    await this.worker.terminate()
    await this.proxy.close()
  }
}
