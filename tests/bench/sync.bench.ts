/**
 * Sync benchmark (docs/decisions/0003-sync.md): the embedded backend on PGlite with the demo
 * generator's 5,000 patients, 20,000 appointments and 20,000 payments, and simulated
 * tablets (worker threads, tests/sync/device.ts) signed in as the demo staff user.
 *
 *   first full sync of a new device          ≤ 15 s   (Dexie on fake-indexeddb, and memory)
 *   1,000 offline writes uploaded            ≤ 5 s    after reconnecting
 *   a write on one device seen on another    ≤ 1 s    p95 (realtime hint → pull)
 *   one day's appointments read locally      ≤ 10 ms  p95 (Dexie on fake-indexeddb)
 *
 * fake-indexeddb is a pure-JavaScript IndexedDB, much slower than a browser's: figures
 * on it are an upper bound for a tablet's Dexie storage.
 */
import { startStack, defaultSeed } from '../../supabase/local/server.ts'
import { seedDemoOnStack } from './support/demo-volume.ts'
import { Device } from '../sync/device.ts'
import type { Figure } from './run.ts'

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

async function until(probe: () => Promise<boolean>, timeoutMs: number, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('tiempo agotado en el benchmark')
    await new Promise((r) => setTimeout(r, everyMs))
  }
}

export default async function syncBench(): Promise<Figure[]> {
  const figures: Figure[] = []
  // Each figure is also printed as soon as it is measured (a later failure keeps them).
  figures.push = (...items: Figure[]) => {
    for (const f of items) console.log(`  · ${f.name}: ${Math.round(f.value * 100) / 100} ${f.unit}`)
    return Array.prototype.push.apply(figures, items)
  }
  const stack = await startStack({ memory: true, port: 0, host: '127.0.0.1', seed: defaultSeed, log: () => {} })
  const devices: Device[] = []
  try {
    const seeded = await seedDemoOnStack(stack.db, { patients: 5000, appointments: 20_000, payments: 20_000, seed: 7 })
    const { rows } = await stack.db.query<{ n: number }>(
      `select (select count(*) from tb_pacientes) + (select count(*) from tb_citas) + (select count(*) from tb_pagos_citas)
            + (select count(*) from tb_movimientos_stock) + (select count(*) from tb_reservas) + (select count(*) from tb_tratamientos) as n`,
    )
    console.log(`  datos demo: ${JSON.stringify({ ...seeded, ms: Math.round(seeded.ms) })}; filas replicadas ≈ ${rows[0]!.n}`)

    const open = (name: string, storage: 'dexie' | 'memory') =>
      Device.start({
        name,
        backendPort: stack.port,
        anonKey: stack.anonKey,
        email: defaultSeed.staffEmail,
        password: defaultSeed.staffPassword,
        isAdmin: false,
        storage,
      })

    // 1. First full sync of a new device, per storage.
    for (const storage of ['memory', 'dexie'] as const) {
      const t0 = performance.now()
      const device = await open(`bench-first-${storage}`, storage)
      devices.push(device)
      await until(async () => (await device.status()).initialSync?.done === true, 180_000, 50)
      const seconds = (performance.now() - t0) / 1000
      const status = await device.status()
      figures.push({
        name: `primera sincronización completa (${status.initialSync?.pulled} docs, ${storage === 'dexie' ? 'Dexie/fake-indexeddb' : 'memoria'})`,
        value: seconds,
        unit: 's',
        target: '≤ 15',
        ok: seconds <= 15,
      })
    }
    const [reader, tablet] = devices.slice(-2) as [Device, Device]
    // The memory device is the reader for the latency figure below.

    // 2. One day's appointments from the local database, 60 different days (no query
    // cache: each day is read once), on both storages.
    const days = await stack.db.query<{ d: string }>(`select distinct fecha_cita::text as d from tb_citas order by 1 desc limit 60`)
    const queries = days.rows.map((r) => ({ selector: { fecha_cita: r.d }, sort: [{ hora_inicio: 'asc' }] }))
    for (const [device, label] of [
      [tablet, 'Dexie/fake-indexeddb'],
      [reader, 'memoria'],
    ] as const) {
      const times = await device.call<number[]>({ cmd: 'timeQueries', collection: 'tb_citas', queries })
      const p95 = percentile(times, 95)
      figures.push({ name: `citas de un día leídas localmente p95 (${label})`, value: p95, unit: 'ms', target: '≤ 10', ok: p95 <= 10 })
      figures.push({ name: `citas de un día leídas localmente p50 (${label})`, value: percentile(times, 50), unit: 'ms' })
    }

    // fake-indexeddb runs every IndexedDB request in JavaScript on the device's own
    // thread: with 63,000 documents a Dexie device here spends seconds per query, which
    // measures the stand-in, not the sync. The next two figures use a second memory
    // device as the writing tablet (a browser's IndexedDB is measured by the frontend
    // benchmark: cold start and search over 5,000 local patients).
    devices.splice(devices.indexOf(tablet), 1)
    await tablet.stop()
    const writer = await open('bench-writer-memory', 'memory')
    devices.push(writer)
    await until(async () => (await writer.status()).initialSync?.done === true, 180_000, 50)

    // 3. A write on one online device visible on another (realtime hint → pull).
    const latencies: number[] = []
    for (let i = 0; i < 40; i++) {
      const id = crypto.randomUUID()
      const arrival = reader.call<{ at: number }>({ cmd: 'awaitDoc', collection: 'tb_pacientes', docId: id, timeoutMs: 15_000 })
      const t0 = Date.now()
      await writer.insert('tb_pacientes', { id_paciente: id, nombre: `Latencia ${i}`, apellido: 'Bench' })
      latencies.push((await arrival).at - t0)
      await new Promise((r) => setTimeout(r, 50))
    }
    figures.push({ name: 'escritura visible en otro dispositivo p95 (memoria → memoria)', value: percentile(latencies, 95), unit: 'ms', target: '≤ 1000', ok: percentile(latencies, 95) <= 1000 })
    figures.push({ name: 'escritura visible en otro dispositivo p50', value: percentile(latencies, 50), unit: 'ms' })

    // 4. 1,000 offline writes uploaded after reconnecting.
    const pending = async () => Object.values(await writer.pending()).reduce((a, b) => a + b, 0)
    await until(async () => (await pending()) === 0, 60_000)
    await writer.offline()
    const batch = Array.from({ length: 1000 }, (_, i) => ({ id_paciente: crypto.randomUUID(), nombre: `Sin red ${i}`, apellido: 'Bench' }))
    for (let i = 0; i < batch.length; i += 250) await writer.insert('tb_pacientes', ...batch.slice(i, i + 250))
    const t0 = performance.now()
    await writer.online()
    await until(async () => (await pending()) === 0, 120_000, 20)
    const uploadSeconds = (performance.now() - t0) / 1000
    const { rows: arrived } = await stack.db.query<{ n: number }>(`select count(*)::int as n from tb_pacientes where nombre like 'Sin red %'`)
    figures.push({ name: `1.000 escrituras offline subidas al reconectar (memoria; ${arrived[0]!.n} en el servidor)`, value: uploadSeconds, unit: 's', target: '≤ 5', ok: uploadSeconds <= 5 && arrived[0]!.n === 1000 })
  } finally {
    await Promise.all(devices.map((d) => d.stop()))
    await stack.close()
  }
  return figures
}
