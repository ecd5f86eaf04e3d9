import { describe, expect, it } from 'vitest'
import { createRxDatabase, addRxPlugin } from 'rxdb'
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv'
import { productTables } from '../tables/product-tables.ts'
import { defineTable, type TableDef } from '../tables/table-def.ts'
import { buildRxSchema } from './rxdb-schema.ts'

describe('buildRxSchema', () => {
  it('every product table gives a schema RxDB dev-mode accepts (12 collections, under the limit of 13)', async () => {
    disableWarnings()
    addRxPlugin(RxDBDevModePlugin)
    // A table past version 0 brings its migration strategies (as sync/database.ts opens it).
    addRxPlugin(RxDBMigrationSchemaPlugin)
    expect(productTables.length).toBeLessThanOrEqual(12)
    const db = await createRxDatabase({
      name: 'schema-check',
      storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
      multiInstance: false,
    })
    try {
      const config = Object.fromEntries(productTables.map((t: TableDef) => [t.name, { schema: buildRxSchema(t), migrationStrategies: t.migrationStrategies ?? {} }]))
      const collections = await db.addCollections(config)
      expect(Object.keys(collections).sort()).toEqual(productTables.map((t) => t.name).sort())
    } finally {
      await db.remove()
    }
  })

  it('indexed fields are required non-null columns with bounds (Dexie)', () => {
    for (const def of productTables) {
      const schema = buildRxSchema(def)
      for (const field of (schema.indexes ?? []).flat() as string[]) {
        expect(schema.required).toContain(field)
        const p = schema.properties[field] as Record<string, unknown>
        if (p.type === 'string') expect(p.maxLength).toBeGreaterThan(0)
        if (p.type === 'integer' || p.type === 'number') expect(p).toHaveProperty('maximum')
      }
    }
  })

  it('maps Postgres types and nullability', () => {
    const schema = buildRxSchema(
      defineTable({
        name: 'fx',
        label: 'F',
        entity: 'f',
        primaryKey: 'id',
        version: 2,
        columns: {
          id: { type: 'uuid' },
          n: { type: 'numeric', nullable: true },
          t: { type: 'text[]' },
          j: { type: 'jsonb', json: 'array' },
          w: { type: 'jsonb', nullable: true },
          s: { type: 'integer', serverOwned: true },
        },
      }),
    )
    expect(schema.version).toBe(2)
    expect(schema.properties).toMatchObject({
      id: { type: 'string', maxLength: 36 },
      n: { type: ['number', 'null'] },
      t: { type: 'array', items: { type: 'string' } },
      j: { type: 'array' },
      w: {},
      sync_xid: { type: ['string', 'null'] },
    })
    expect(schema.required).toEqual(['id', 't', 'j'])
  })

  it('refuses what Dexie cannot index', () => {
    const bad = (columns: Record<string, object>, indexes: string[]) =>
      () => buildRxSchema({ name: 'fx', label: 'F', entity: 'f', primaryKey: 'id', version: 0, columns: { id: { type: 'uuid' }, ...columns }, indexes } as never)
    expect(bad({ a: { type: 'text', nullable: true, maxLength: 5 } }, ['a'])).toThrow(/no nulas/)
    expect(bad({ a: { type: 'text' } }, ['a'])).toThrow(/maxLength/)
    expect(bad({}, ['zz'])).toThrow(/desconocida/)
  })
})
