/**
 * The local schemas are derived from sync/tables/product-tables.ts; this test holds that
 * file to the migrations: every replicated table's columns, types and nullability as
 * the migrated database has them (information_schema), the sync conventions the pull
 * and push rely on, and real seeded rows passing the RxDB schema validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addRxPlugin, createRxDatabase } from 'rxdb'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { productTables } from '../../../sync/tables/product-tables.ts'
import type { PgType, TableDef } from '../../../sync/tables/table-def.ts'
import { buildRxSchema } from '../../../sync/schema/rxdb-schema.ts'
import { fromServerRow } from '../../../sync/tables/rows.ts'

const UDT: Record<PgType, string> = {
  uuid: 'uuid',
  text: 'text',
  integer: 'int4',
  bigint: 'int8',
  smallint: 'int2',
  numeric: 'numeric',
  'double precision': 'float8',
  boolean: 'bool',
  date: 'date',
  time: 'time',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
  'text[]': '_text',
}
const SYNC_COLUMNS = { _xid: 'xid8', _modified: 'timestamptz', _deleted: 'bool' }

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.close()
})

interface DbColumn {
  column_name: string
  udt_name: string
  is_nullable: 'YES' | 'NO'
}

async function columns(table: string): Promise<Map<string, DbColumn>> {
  const { rows } = await stack.db.query<DbColumn>(
    `select column_name, udt_name, is_nullable from information_schema.columns where table_schema = 'public' and table_name = $1`,
    [table],
  )
  return new Map(rows.map((r) => [r.column_name, r]))
}

describe('RxDB schemas agree with the migrations', () => {
  it('at most 12 replicated tables (RxDB open source: 13 collections per realm)', () => {
    expect(productTables.length).toBeLessThanOrEqual(12)
  })

  it.each(productTables.map((t) => [t.name, t] as [string, TableDef]))('%s: same columns, types and nullability', async (_name, def) => {
    const db = await columns(def.name)
    expect(db.size, `la tabla ${def.name} no existe en la base migrada`).toBeGreaterThan(0)
    const expected = Object.entries(def.columns).map(([name, c]) => ({ name, type: UDT[c.type], nullable: !!c.nullable }))
    const actual = [...db.values()]
      .filter((c) => !(c.column_name in SYNC_COLUMNS))
      .map((c) => ({ name: c.column_name, type: c.udt_name, nullable: c.is_nullable === 'YES' }))
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)
    expect(expected.sort(byName)).toEqual(actual.sort(byName))
    for (const [name, udt] of Object.entries(SYNC_COLUMNS)) {
      expect(db.get(name), `${def.name}.${name}`).toMatchObject({ udt_name: udt, is_nullable: 'NO' })
    }
  })

  it.each(productTables.map((t) => [t.name, t] as [string, TableDef]))('%s: key, checkpoint index and realtime publication', async (_name, def) => {
    const { rows: pk } = await stack.db.query<{ column_name: string }>(
      `select a.attname as column_name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = $1::regclass and i.indisprimary`,
      [`public.${def.name}`],
    )
    expect(pk.map((r) => r.column_name)).toEqual([def.primaryKey])
    const { rows: ix } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from pg_index i
        where i.indrelid = $1::regclass and i.indnatts = 2
          and i.indkey[0] = (select attnum from pg_attribute where attrelid = i.indrelid and attname = '_xid')
          and i.indkey[1] = (select attnum from pg_attribute where attrelid = i.indrelid and attname = $2)`,
      [`public.${def.name}`, def.primaryKey],
    )
    expect(ix[0]!.n, `índice (_xid, ${def.primaryKey})`).toBeGreaterThan(0)
    const { rows: pub } = await stack.db.query(`select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = $1`, [def.name])
    expect(pub.length).toBe(1)
  })

  it('rows as the server stores them pass the RxDB schema validation', async () => {
    // A table past its first schema version needs its migration strategies (sync/database.ts).
    addRxPlugin(RxDBMigrationSchemaPlugin)
    const db = await createRxDatabase({
      name: 'schema-agreement',
      storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
      multiInstance: false,
    })
    try {
      const collections = await db.addCollections(Object.fromEntries(productTables.map((t) => [t.name, { schema: buildRxSchema(t), migrationStrategies: (t as TableDef).migrationStrategies ?? {} }])))
      let checked = 0
      for (const def of productTables) {
        const { rows } = await stack.db.query<{ r: Record<string, unknown> }>(`select to_jsonb(t) as r from public.${def.name} t limit 200`)
        const docs = rows.map((row) => {
          const { _deleted, ...doc } = fromServerRow(def, row.r)
          return _deleted ? null : doc
        })
        const live = docs.filter((d): d is Record<string, unknown> => d !== null)
        const result = await collections[def.name]!.bulkInsert(live)
        expect(result.error, `${def.name}: ${JSON.stringify(result.error[0])}`).toEqual([])
        checked += live.length
      }
      // The seed has treatments, hours, specialists, payment methods and users.
      expect(checked).toBeGreaterThan(10)
    } finally {
      await db.remove()
    }
  })
})
