import { afterEach, describe, expect, it } from 'vitest'
import type { RxDatabase } from 'rxdb'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { openDatabase } from '../database.ts'
import { createProblemLog, followProblems } from './problem-log.ts'
import { createSyncStatusStore } from './status-store.ts'
import type { RefusedWrite } from './types.ts'

const entry = (id: string, updated: string): RefusedWrite => ({
  id,
  collection: 'tb_pagos_citas',
  label: 'Pagos',
  docId: `p-${id}`,
  operation: 'insert',
  code: '23505',
  constraint: 'tb_pagos_citas_un_pago_final',
  reason: 'Cobro duplicado.',
  serverMessage: null,
  localVersion: { id_pago_cita: `p-${id}`, monto_final_pagado: 150, updated_at: updated },
  serverVersion: null,
  at: '2026-11-27T15:00:00.000Z',
})

let db: RxDatabase | null = null
afterEach(async () => {
  await db?.close()
  db = null
})

describe('problem log: resolutions', () => {
  it('a resolved entry stays in the log, keeps its first resolution and no longer counts as a problem', async () => {
    db = await openDatabase({ name: `log${Math.random().toString(36).slice(2)}`, storage: getRxStorageMemory(), multiInstance: false })
    const log = createProblemLog(db)
    const status = createSyncStatusStore([], true, false)
    const subs = followProblems(log, status)
    // Entries stored before resolutions existed have no `resolution` field.
    await log.add('refused', [entry('a', '1'), entry('b', '2')])
    await log.resolve('a', { tipo: 'devuelto', por: 'Ana Torres', at: '2026-11-27T16:00:00.000Z', nota: 'Se devolvieron.' })
    await log.resolve('a', { tipo: 'pago_adicional', por: 'Otra', at: '2026-11-27T17:00:00.000Z', nota: 'x' })

    const items = await log.list('refused')
    expect(items.map((e) => e.id)).toEqual(['a', 'b'])
    expect(items[0]?.resolution).toEqual({ tipo: 'devuelto', por: 'Ana Torres', at: '2026-11-27T16:00:00.000Z', nota: 'Se devolvieron.' })
    expect(items[1]?.resolution).toBeUndefined()
    await expect.poll(() => status.getState().model.refused).toBe(1)
    expect(status.getState().refused).toHaveLength(2)
    // The same refusal reported again is still one entry.
    await log.add('refused', [{ ...entry('a', '1'), id: 'a2' }])
    expect(await log.list('refused')).toHaveLength(2)
    for (const s of subs) s.unsubscribe()
  })
})
