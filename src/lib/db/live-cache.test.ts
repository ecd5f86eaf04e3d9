/**
 * The live cache as the agenda's days use it, over a real RxDB collection (memory storage, the device's
 * tb_citas schema): prefetched days answer from memory, stay live when citas are
 * written, and memory stays bounded (docs/decisions/0025-agenda-velocidad.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { buildRxSchema } from '@sync/schema/rxdb-schema.ts'
import { productTables, type CitaDoc } from '@sync/tables/product-tables.ts'
import { waitFor } from '../../../tests/sync/wait.ts'
import { LiveCache } from './live-cache.ts'
import { citasDiaQuery } from './use-citas-dia.ts'

let db: RxDatabase
let citas: RxCollection<CitaDoc>
let n = 0

function cita(fecha: string, extra: Partial<CitaDoc> = {}): CitaDoc {
  n++
  const stamp = '2026-11-25T10:00:00.000000Z'
  return {
    id_cita: `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    nombre_cliente: `Cliente ${n}`,
    fecha_cita: fecha,
    hora_inicio: '10:00:00',
    estado_cita: 'Confirmada',
    monto_adelanto: 0,
    created_at: stamp,
    updated_at: stamp,
    ...extra,
  } as CitaDoc
}

const ids = (cache: LiveCache<CitaDoc>, fecha: string) => cache.snapshot(fecha)?.rows.map((r) => r.id_cita).sort() ?? null

beforeAll(async () => {
  db = await createRxDatabase({ name: `citas-dia-cache-${Date.now()}`, storage: getRxStorageMemory(), multiInstance: false })
  const def = productTables.find((t) => t.name === 'tb_citas')!
  // tb_citas is past version 0: it opens with its migration strategies (as sync/database.ts does).
  addRxPlugin(RxDBMigrationSchemaPlugin)
  const collections = await db.addCollections({ tb_citas: { schema: buildRxSchema(def), migrationStrategies: def.migrationStrategies ?? {} } })
  citas = collections.tb_citas as unknown as RxCollection<CitaDoc>
})
afterAll(async () => {
  await db?.close()
})

describe('LiveCache (the agenda\'s days)', () => {
  it('a prefetched day answers from memory with that day only, before anyone shows it', async () => {
    const a = cita('2026-12-01')
    const b = cita('2026-12-01', { hora_inicio: '11:00:00' })
    await citas.bulkInsert([a, b, cita('2026-12-02')])
    const cache = new LiveCache(citasDiaQuery(citas))
    expect(cache.snapshot('2026-12-01')).toBeNull()
    cache.prefetch(['2026-12-01'])
    expect(await waitFor('el día leído', () => ids(cache, '2026-12-01'))).toEqual([a.id_cita, b.id_cita].sort())
    // Shown afterwards: the first answer is already there, no 'loading' first.
    let calls = 0
    const stop = cache.subscribe('2026-12-01', () => calls++)
    expect(ids(cache, '2026-12-01')).toEqual([a.id_cita, b.id_cita].sort())
    stop()
    expect(calls).toBe(0)
    cache.close()
  })

  it('stays live: a cita written to an idle (prefetched) day, or moved out of it, shows without asking again', async () => {
    const cache = new LiveCache(citasDiaQuery(citas))
    cache.prefetch(['2026-12-05'])
    await waitFor('el día vacío leído', () => cache.snapshot('2026-12-05'))
    expect(ids(cache, '2026-12-05')).toEqual([])

    const nueva = cita('2026-12-05')
    await citas.insert(nueva) // as the sync or another tab would
    expect(await waitFor('la cita nueva', () => ids(cache, '2026-12-05')?.includes(nueva.id_cita))).toBe(true)

    const doc = await citas.findOne(nueva.id_cita).exec()
    await doc!.incrementalPatch({ fecha_cita: '2026-12-06' })
    expect(await waitFor('la cita movida a otro día', () => ids(cache, '2026-12-05')?.length === 0)).toBe(true)
    cache.close()
  })

  it('tells a shown day\'s listeners about each change', async () => {
    const cache = new LiveCache(citasDiaQuery(citas))
    let calls = 0
    const stop = cache.subscribe('2026-12-10', () => calls++)
    await waitFor('la primera respuesta', () => calls > 0)
    const before = calls
    await citas.insert(cita('2026-12-10'))
    await waitFor('el aviso del cambio', () => calls > before)
    expect(ids(cache, '2026-12-10')).toHaveLength(1)
    stop()
    cache.close()
  })

  it('keeps at most maxIdle idle days, dropping the least recently used; shown days are never dropped', () => {
    const cache = new LiveCache(citasDiaQuery(citas), { keepAliveMs: 60_000, maxIdle: 2 })
    const stop = cache.subscribe('2026-12-20', () => {})
    cache.prefetch(['2026-12-21', '2026-12-22'])
    cache.prefetch(['2026-12-21']) // used again: now the most recent
    cache.prefetch(['2026-12-23'])
    expect(cache.liveKeys()).toEqual(['2026-12-20', '2026-12-21', '2026-12-23'])
    // The shown day becomes idle when its screen leaves, and counts from then on.
    stop()
    expect(cache.liveKeys()).toEqual(['2026-12-20', '2026-12-23'])
    cache.close()
    expect(cache.liveKeys()).toEqual([])
  })

  it('lets an idle day go after the keep-alive, and re-reads it when asked again', async () => {
    const cache = new LiveCache(citasDiaQuery(citas), { keepAliveMs: 1, maxIdle: 8 })
    const stop = cache.subscribe('2026-12-01', () => {})
    await waitFor('la respuesta', () => cache.snapshot('2026-12-01'))
    stop()
    await waitFor('el día soltado', () => cache.liveKeys().length === 0)
    expect(cache.snapshot('2026-12-01')).toBeNull()
    const again = cache.subscribe('2026-12-01', () => {})
    expect(await waitFor('el día leído de nuevo', () => ids(cache, '2026-12-01'))).toHaveLength(2)
    again()
    cache.close()
  })

  it('records the first read of each key as a User Timing measure, once', async () => {
    const cache = new LiveCache(citasDiaQuery(citas), { keepAliveMs: 60_000, maxIdle: 8, measure: 'prueba: leer día' })
    const stop = cache.subscribe('2026-12-01', () => {})
    await waitFor('la respuesta', () => cache.snapshot('2026-12-01'))
    await citas.insert(cita('2026-12-01', { hora_inicio: '15:00:00' }))
    await waitFor('la segunda respuesta', () => cache.snapshot('2026-12-01')!.rows.length === 3)
    const entries = performance.getEntriesByName('prueba: leer día 2026-12-01', 'measure')
    expect(entries).toHaveLength(1)
    expect(entries[0]!.duration).toBeGreaterThanOrEqual(0)
    stop()
    cache.close()
  })
})
