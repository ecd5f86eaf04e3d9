/**
 * Conversions between a Postgres row (as `to_jsonb` / PostgREST spell it) and a local
 * document, driven by the table definition. Both directions produce canonical values
 * (values/canonical.ts) so equal data always compares equal.
 */
import { canonicalDate, canonicalNumber, canonicalTime, canonicalTimestamp, valuesEqual } from '../values/canonical.ts'
import { SYNC_MODIFIED, SYNC_XID, writableColumns, type ColumnDef, type DocOf, type TableDef } from './table-def.ts'

export type Row = Record<string, unknown>
/** A local document as the replication sees it (no RxDB _meta/_rev). */
export type LocalDoc = Row & { _deleted: boolean }

export function canonicalValue(column: ColumnDef, value: unknown): unknown {
  if (value === undefined || value === null) return null
  switch (column.type) {
    case 'timestamptz':
      return canonicalTimestamp(value)
    case 'time':
      return canonicalTime(value)
    case 'date':
      return canonicalDate(value)
    case 'integer':
    case 'bigint':
    case 'smallint':
    case 'numeric':
    case 'double precision':
      return canonicalNumber(value)
    case 'uuid':
      return typeof value === 'string' ? value.toLowerCase() : value
    default:
      return value
  }
}

/**
 * A pulled row → local document. Unknown server columns are ignored (a newer server
 * may have more); missing ones become null, so every document has every field.
 */
export function fromServerRow(def: TableDef, row: Row): LocalDoc {
  const doc: Row = {}
  for (const [name, column] of Object.entries(def.columns)) doc[name] = canonicalValue(column, row[name])
  doc[SYNC_XID] = row._xid === undefined || row._xid === null ? null : String(row._xid)
  doc[SYNC_MODIFIED] = canonicalTimestamp(row._modified) as string | null
  return { ...doc, _deleted: row._deleted === true }
}

/** The columns a device sends in a push (the primary key included). */
export function pushColumns(def: TableDef): string[] {
  return [...writableColumns(def), '_deleted']
}

/** A local document → the row the device sends (writable columns and `_deleted`). */
export function toServerRow(def: TableDef, doc: Row): Row {
  const row: Row = {}
  for (const name of writableColumns(def)) {
    const v = doc[name]
    row[name] = v === undefined ? null : v
  }
  row._deleted = doc._deleted === true
  return row
}

/** Same data as far as a push is concerned (writable columns and the deleted flag). */
export function sameWritableState(def: TableDef, a: Row, b: Row): boolean {
  if ((a._deleted === true) !== (b._deleted === true)) return false
  return writableColumns(def).every((name) => valuesEqual(a[name], b[name]))
}

/** Full equality of two local documents (every column plus the sync fields). */
export function sameDocument(def: TableDef, a: Row, b: Row): boolean {
  if ((a._deleted === true) !== (b._deleted === true)) return false
  for (const name of Object.keys(def.columns)) if (!valuesEqual(a[name], b[name])) return false
  return valuesEqual(a[SYNC_XID], b[SYNC_XID]) && valuesEqual(a[SYNC_MODIFIED], b[SYNC_MODIFIED])
}

/**
 * Canonicalises a document written locally, in place: known columns get their
 * canonical spelling, absent ones their default or null.
 */
export function normaliseLocalWrite(def: TableDef, doc: Row): void {
  for (const [name, column] of Object.entries(def.columns)) {
    if (doc[name] === undefined) {
      doc[name] = column.default === undefined ? null : structuredClone(column.default)
    } else {
      doc[name] = canonicalValue(column, doc[name])
    }
  }
  if (doc[SYNC_XID] === undefined) doc[SYNC_XID] = null
  if (doc[SYNC_MODIFIED] === undefined) doc[SYNC_MODIFIED] = null
}

/** Non-null columns left null by a local write (server-owned ones excepted). */
export function missingRequired(def: TableDef, doc: Row): string[] {
  return Object.entries(def.columns)
    .filter(([name, c]) => !c.nullable && !c.serverOwned && (doc[name] === null || doc[name] === undefined))
    .map(([name]) => name)
}

/**
 * A reader of the columns a screen shows: `doc → { column: value }` for `columns` only,
 * derived from the table definition so no screen copies fields by hand
 * (docs/decisions/0048-casa-confiable.md). Every stored document has every column
 * (normaliseLocalWrite, fromServerRow); one that lacks a column (written before it
 * existed) reads its default, or null. Other fields (sync fields, RxDB's) are left out.
 */
export function docReader<T extends TableDef, const K extends keyof T['columns'] & string>(
  def: T,
  columns: readonly K[],
): (doc: DocOf<T>) => Pick<DocOf<T>, K> {
  const fill = columns.map((name) => {
    const column = def.columns[name]
    if (!column) throw new Error(`${def.name} no tiene la columna ${name}`)
    return { name, nullable: column.nullable === true, fallback: column.default ?? null }
  })
  return (doc) => {
    const source = doc as Row
    const row: Row = {}
    for (const { name, nullable, fallback } of fill) {
      const value = source[name]
      if (value === undefined || (value === null && !nullable)) row[name] = fallback === null ? null : structuredClone(fallback)
      else row[name] = value
    }
    return row as Pick<DocOf<T>, K>
  }
}
