/** The one-off read behind Horarios' warning, on a real (in-memory) RxDB with the app's schemas. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { buildRxSchema } from '@sync/schema/rxdb-schema.ts'
import { productTables, type CitaDoc, type EspecialistaDoc } from '@sync/tables/product-tables.ts'
import type { TableDef } from '@sync/tables/table-def.ts'
import { citasDesdeQuery, conEspecialista } from './citas-desde.ts'
import { citaDoc } from '@tests/support/agenda-fixtures.ts'

const STAMP = '2026-11-25T10:00:00.000000Z'
let db: RxDatabase
let citas: RxCollection<CitaDoc>
let especialistas: RxCollection<EspecialistaDoc>

const cita = (fecha: string, extra: Partial<CitaDoc> = {}) => citaDoc({ fecha_cita: fecha, hora_inicio: '17:00:00', ...extra })

const LUCIA = 'e0000000-0000-4000-8000-000000000001'

beforeAll(async () => {
  db = await createRxDatabase({ name: `citas-desde-${Date.now()}`, storage: getRxStorageMemory(), multiInstance: false })
  // tb_citas is past version 0: it opens with its migration strategies (as sync/database.ts does).
  addRxPlugin(RxDBMigrationSchemaPlugin)
  const def = (name: string): TableDef => productTables.find((t) => t.name === name)!
  const config = (name: string) => ({ schema: buildRxSchema(def(name)), migrationStrategies: def(name).migrationStrategies ?? {} })
  const cols = await db.addCollections({ tb_citas: config('tb_citas'), tb_especialistas: config('tb_especialistas') })
  citas = cols.tb_citas as unknown as RxCollection<CitaDoc>
  especialistas = cols.tb_especialistas as unknown as RxCollection<EspecialistaDoc>
  await especialistas.insert({
    id_especialista: LUCIA,
    nombre: 'Lucía',
    apellido: 'Ramos',
    especialidad: 'Masajes',
    activo: true,
    created_at: STAMP,
    updated_at: STAMP,
  } as EspecialistaDoc)
})
afterAll(async () => {
  await db?.close()
})

describe('citasDesde (Horarios’ warning)', () => {
  it('reads the citas from that day on, with client, treatment and the specialist’s name', async () => {
    const ayer = cita('2026-11-24')
    const hoy = cita('2026-11-25', { id_especialista: LUCIA, nombre_tratamiento: 'Masaje relajante', hora_fin: '18:00:00' })
    const sabado = cita('2026-11-28')
    const enero = cita('2027-01-09', { id_especialista: 'e0000000-0000-4000-8000-000000000099' })
    await citas.bulkInsert([ayer, hoy, sabado, enero])
    const docs = (await citas.find(citasDesdeQuery('2026-11-25')).exec()).map((d) => d.toJSON() as CitaDoc)
    const rows = conEspecialista(docs, [(await especialistas.findOne(LUCIA).exec())!.toJSON() as EspecialistaDoc])
    expect(rows.map((r) => r.id_cita).sort()).toEqual([hoy.id_cita, sabado.id_cita, enero.id_cita].sort())
    expect(rows.find((r) => r.id_cita === hoy.id_cita)).toEqual({
      id_cita: hoy.id_cita,
      fecha_cita: '2026-11-25',
      hora_inicio: '17:00:00',
      hora_fin: '18:00:00',
      estado_cita: 'Confirmada',
      nombre_cliente: hoy.nombre_cliente,
      nombre_tratamiento: 'Masaje relajante',
      especialista: 'Lucía Ramos',
    })
    // No specialist, or one this device does not hold: an empty name, never a crash.
    expect(rows.find((r) => r.id_cita === sabado.id_cita)).toMatchObject({ especialista: '', hora_fin: null, nombre_tratamiento: null })
    expect(rows.find((r) => r.id_cita === enero.id_cita)).toMatchObject({ especialista: '' })
  })
})
