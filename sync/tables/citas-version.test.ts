/**
 * tb_citas schema version 1 (docs/decisions/0056-recordatorios.md): a tablet that stored
 * citas under version 0 (before the reminder's mark) opens them under version 1 on the
 * device's own storage (docs/decisions/0052-almacen-en-memoria.md), unmarked, and can
 * mark them; an edit made offline before the update is kept.
 */
import { describe, expect, it } from 'vitest'
import { IDBFactory } from 'fake-indexeddb'
import { addTableCollections, openDatabase } from '../database.ts'
import { getRxStoragePersistedMemory } from '../storage/persisted-memory.ts'
import { tbCitas } from './product-tables.ts'
import type { TableDef } from './table-def.ts'

const { recordado_at: _a, recordado_por: _p, recordado_por_id: _i, ...columnasV0 } = tbCitas.columns
const citasV0: TableDef = { ...tbCitas, version: 0, migrationStrategies: {}, columns: columnasV0 }

const sinConflictos = () => ({ isEqual: () => true, resolve: (i: { realMasterState: Record<string, unknown> }) => i.realMasterState }) as never

describe('tb_citas version 1', () => {
  it('citas stored under version 0 open unmarked under version 1 and can be marked', async () => {
    expect(tbCitas.version).toBe(1)
    const indexedDB = new IDBFactory()
    const name = `citas-v0-${Date.now()}`
    const v0 = await openDatabase({ name, storage: getRxStoragePersistedMemory({ indexedDB }), multiInstance: false })
    const c0 = await addTableCollections(v0, [citasV0], sinConflictos)
    await c0.tb_citas!.insert({ id_cita: 'c1', nombre_cliente: 'Rosa Huamán', fecha_cita: '2026-12-01', hora_inicio: '10:00:00', notas_internas: 'sin conexión' })
    await v0.close()

    const v1 = await openDatabase({ name, storage: getRxStoragePersistedMemory({ indexedDB }), multiInstance: false })
    try {
      const c1 = await addTableCollections(v1, [tbCitas], sinConflictos)
      const cita = await c1.tb_citas!.findOne('c1').exec()
      expect(cita?.toJSON()).toMatchObject({ nombre_cliente: 'Rosa Huamán', notas_internas: 'sin conexión' })
      expect(cita?.get('recordado_at') ?? null).toBeNull()
      const marcada = await cita!.incrementalPatch({ recordado_at: '2026-11-30T23:05:00.000000Z', recordado_por: 'Ana', recordado_por_id: null })
      expect(marcada.get('recordado_por')).toBe('Ana')
    } finally {
      await v1.close()
    }
  })
})
