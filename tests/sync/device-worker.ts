/**
 * One simulated tablet, in its own worker thread (its own JavaScript realm: RxDB's
 * 13-collection limit is per realm, and a real tablet shares nothing with another).
 * It signs in with supabase-js like the app, opens a SyncSession over Dexie on
 * fake-indexeddb (the browser's storage stack, in memory), and executes the commands
 * the test sends (tests/sync/device.ts) — writes, reads, going offline, reloading.
 */
import { parentPort } from 'node:worker_threads'
import ws from 'ws'
import { indexedDB, IDBKeyRange } from 'fake-indexeddb'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { createPanelClient } from '../../src/lib/supabase/panel-client.ts'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { firstValueFrom } from 'rxjs'
import type { CloseOptions } from '../../sync/session-options.ts'
import { SyncSession } from '../../sync/session.ts'
import { stock$ } from '../../sync/stock.ts'
import { manualNetwork } from '../../sync/runtime/network.ts'
import { productTables } from '../../sync/tables/product-tables.ts'
import { fixtureTables } from './fixture-tables.ts'
import type { DeviceCommand, DeviceOpenOptions } from './device-protocol.ts'

const port = parentPort!
const network = manualNetwork(true)
const storage = { dexie: getRxStorageDexie({ indexedDB, IDBKeyRange }), memory: getRxStorageMemory() }
let supabase: SupabaseClient | null = null
let session: SyncSession | null = null
let openOptions: DeviceOpenOptions | null = null
const authEvents: string[] = []

function log(message: string) {
  port.postMessage({ event: 'log', message })
}

async function ensureClient(o: DeviceOpenOptions): Promise<SupabaseClient> {
  if (supabase) return supabase
  supabase = o.appClient
    ? createPanelClient(o.url, o.anonKey, {
        auth: { persistSession: false },
        env: { online: () => network.isOnline(), onWake: (listener) => network.subscribe((online) => online && listener()) },
        realtimeTransport: ws,
      }).client
    : createClient(o.url, o.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: ws as unknown as typeof WebSocket },
      })
  supabase.auth.onAuthStateChange((event) => authEvents.push(event))
  const { error } = await supabase.auth.signInWithPassword({ email: o.email, password: o.password })
  if (error) throw new Error(`no se pudo iniciar sesión como ${o.email}: ${error.message}`)
  return supabase
}

async function openSession(o: DeviceOpenOptions) {
  openOptions = o
  const client = await ensureClient(o)
  const { data } = await client.auth.getSession()
  const user = data.session?.user
  if (!user) throw new Error('sin sesión')
  network.set(o.online ?? true)
  session = await SyncSession.open({
    supabase: client,
    user: { id: user.id, email: user.email ?? null, isAdmin: o.isAdmin },
    databaseName: o.databaseName,
    storage: storage[o.storage ?? 'dexie'] as never,
    tables: o.tables === 'fixture' ? fixtureTables : productTables,
    network,
    multiInstance: false,
    serverUrl: o.serverIdentity ?? o.url,
    batchSize: o.batchSize,
    periodicPullMs: o.periodicPullMs,
    realtime: o.realtime ?? true,
    requestTimeoutMs: o.requestTimeoutMs,
    log: o.verbose ? log : undefined,
  })
  return session.status.getState()
}

function requireSession(): SyncSession {
  if (!session) throw new Error('la sesión de sincronización no está abierta')
  return session
}

function collection(name: string) {
  const c = requireSession().collection(name)
  if (!c) throw new Error(`colección desconocida: ${name}`)
  return c
}

async function handle(cmd: DeviceCommand): Promise<unknown> {
  switch (cmd.cmd) {
    case 'open':
      return openSession(cmd.options)
    case 'reopen':
      // A reload: the tab's database is closed (perhaps mid-push) and opened again.
      if (session) await session.close({ upload: false })
      session = null
      return openSession(openOptions!)
    case 'close': {
      const result = await requireSession().close(cmd.options as CloseOptions)
      if (result.removed || !cmd.options.upload) session = null
      return result
    }
    case 'setOnline':
      network.set(cmd.online)
      return null
    case 'insert':
      await collection(cmd.collection).bulkInsert(cmd.docs)
      return null
    case 'patch': {
      const doc = await collection(cmd.collection).findOne(cmd.id).exec()
      if (!doc) throw new Error(`${cmd.collection}/${cmd.id} no existe en el dispositivo`)
      await doc.incrementalPatch(cmd.patch)
      return null
    }
    case 'remove': {
      const doc = await collection(cmd.collection).findOne(cmd.id).exec()
      if (!doc) throw new Error(`${cmd.collection}/${cmd.id} no existe en el dispositivo`)
      await doc.incrementalRemove()
      return null
    }
    case 'find': {
      const docs = await collection(cmd.collection)
        .find(cmd.selector ? { selector: cmd.selector } : undefined)
        .exec()
      return docs.map((d) => d.toJSON())
    }
    case 'get': {
      const doc = await collection(cmd.collection).findOne(cmd.id).exec()
      return doc ? doc.toJSON() : null
    }
    case 'status':
      return requireSession().status.getState()
    case 'pending':
      return requireSession().pendingCounts()
    case 'waitUpload':
      return requireSession().waitForUpload(cmd.timeoutMs)
    case 'resync':
      requireSession().resync()
      return null
    case 'authEvents':
      return [...authEvents]
    case 'session': {
      const { data } = await supabase!.auth.getSession()
      return data.session ? { expiresAt: data.session.expires_at, accessToken: data.session.access_token } : null
    }
    case 'stock': {
      const c = requireSession().collections
      const stock = await firstValueFrom(stock$(c as never))
      return Object.fromEntries(stock)
    }
    case 'awaitDoc': {
      const c = collection(cmd.collection)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          sub.unsubscribe()
          reject(new Error(`${cmd.collection}/${cmd.docId} no llegó en ${cmd.timeoutMs} ms`))
        }, cmd.timeoutMs)
        const sub = c.findOne(cmd.docId).$.subscribe((doc) => {
          if (!doc) return
          const at = Date.now()
          clearTimeout(timer)
          queueMicrotask(() => sub.unsubscribe())
          resolve({ at })
        })
      })
    }
    case 'timeQueries': {
      const c = collection(cmd.collection)
      const times: number[] = []
      for (const q of cmd.queries) {
        const t0 = performance.now()
        await c.find(q).exec()
        times.push(performance.now() - t0)
      }
      return times
    }
    case 'dismiss':
      await requireSession().problems.dismiss(cmd.kind, cmd.id)
      return null
  }
}

port.on('message', ({ rpc, command }: { rpc: number; command: DeviceCommand }) => {
  handle(command).then(
    (result) => port.postMessage({ rpc, ok: true, result: JSON.parse(JSON.stringify(result ?? null)) }),
    (error: unknown) => port.postMessage({ rpc, ok: false, error: { message: (error as Error)?.message ?? String(error), stack: (error as Error)?.stack } }),
  )
})
port.postMessage({ event: 'ready' })
