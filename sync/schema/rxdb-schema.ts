/**
 * RxDB JSON schema of a table, derived from its definition. Dexie's rules are checked
 * here, at build time, instead of failing on a tablet: an indexed field must be a
 * required, non-null column (DXE1), an indexed string needs maxLength and an indexed
 * number needs bounds.
 */
import type { RxJsonSchema } from 'rxdb'
import { SYNC_MODIFIED, SYNC_XID, type ColumnDef, type TableDef } from '../tables/table-def.ts'

type JsonSchemaProperty = Record<string, unknown>

/** Widths of fixed-format text columns (canonical spellings, values/canonical.ts). */
const FIXED_WIDTH: Partial<Record<ColumnDef['type'], number>> = {
  uuid: 36,
  date: 10,
  time: 15,
  timestamptz: 27,
}

const INTEGER_BOUNDS: Partial<Record<ColumnDef['type'], [number, number]>> = {
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
}

function baseProperty(column: ColumnDef): JsonSchemaProperty {
  switch (column.type) {
    case 'integer':
    case 'bigint':
    case 'smallint':
      return { type: 'integer' }
    case 'numeric':
    case 'double precision':
      return { type: 'number' }
    case 'boolean':
      return { type: 'boolean' }
    case 'text[]':
      return { type: 'array', items: { type: 'string' } }
    case 'jsonb':
      return column.json ? { type: column.json } : {}
    default: {
      const maxLength = column.maxLength ?? FIXED_WIDTH[column.type]
      return maxLength ? { type: 'string', maxLength } : { type: 'string' }
    }
  }
}

function property(column: ColumnDef): JsonSchemaProperty {
  const p = baseProperty(column)
  if (column.nullable && typeof p.type === 'string') p.type = [p.type, 'null']
  return p
}

export function buildRxSchema(def: TableDef): RxJsonSchema<Record<string, unknown>> {
  const pk = def.columns[def.primaryKey]
  if (!pk || pk.nullable) throw new Error(`${def.name}: la clave primaria ${def.primaryKey} debe ser una columna no nula`)

  const properties: Record<string, JsonSchemaProperty> = {}
  for (const [name, column] of Object.entries(def.columns)) properties[name] = property(column)
  properties[SYNC_XID] = { type: ['string', 'null'], maxLength: 20 }
  properties[SYNC_MODIFIED] = { type: ['string', 'null'], maxLength: 27 }

  const indexes = (def.indexes ?? []).map((ix) => (typeof ix === 'string' ? [ix] : [...ix]))
  for (const field of indexes.flat()) {
    const column = def.columns[field]
    if (!column) throw new Error(`${def.name}: el índice usa la columna desconocida ${field}`)
    if (column.nullable) throw new Error(`${def.name}: Dexie solo indexa columnas no nulas (${field})`)
    const p = properties[field]!
    if (p.type === 'string' && p.maxLength === undefined) {
      throw new Error(`${def.name}: la columna indexada ${field} necesita maxLength`)
    }
    if (p.type === 'integer' || p.type === 'number') {
      const [minimum, maximum] = INTEGER_BOUNDS[column.type] ?? [-1e12, 1e12]
      Object.assign(p, { minimum, maximum, multipleOf: p.type === 'integer' ? 1 : 0.01 })
    }
  }

  const required = [
    ...new Set([
      def.primaryKey,
      ...Object.entries(def.columns)
        .filter(([, c]) => !c.nullable && !c.serverOwned)
        .map(([name]) => name),
      ...indexes.flat(),
    ]),
  ]

  return {
    title: def.name,
    version: def.version,
    primaryKey: def.primaryKey,
    type: 'object',
    properties,
    required,
    indexes,
  } as RxJsonSchema<Record<string, unknown>>
}
