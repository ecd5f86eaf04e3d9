import { describe, expect, it } from 'vitest'
import { productTables, tbCitas, tbPagosCitas, tbTratamientos, type CitaDoc } from './product-tables.ts'
import { docReader, fromServerRow, type Row } from './rows.ts'
import type { ColumnDef, DocOf, TableDef } from './table-def.ts'

/** A value of each Postgres type as a server row carries it. */
function sample(column: ColumnDef): unknown {
  switch (column.type) {
    case 'uuid':
      return '6F1C2B3A-0000-4000-8000-00000000000A'
    case 'integer':
    case 'bigint':
    case 'smallint':
      return 7
    case 'numeric':
    case 'double precision':
      return '12.50'
    case 'boolean':
      return !column.default
    case 'date':
      return '2026-11-30'
    case 'time':
      return '09:30:00'
    case 'timestamptz':
      return '2026-11-30T14:30:00.000Z'
    case 'jsonb':
      return column.json === 'object' ? { a: 1 } : [{ a: 1 }]
    case 'text[]':
      return ['Lunes', 'Martes']
    default:
      return 'texto'
  }
}

function fullDoc(def: TableDef): Row {
  const row: Row = { _xid: '42', _modified: '2026-11-30T14:30:00Z', _deleted: false, columna_nueva: 'x' }
  for (const [name, column] of Object.entries(def.columns)) row[name] = sample(column)
  return fromServerRow(def, row)
}

const cita = (fields: Partial<CitaDoc>) => fields as CitaDoc

describe('docReader: a screen row derived from the table registry', () => {
  it.each(productTables.map((t) => [t.name, t] as const))('%s: every column read back, nothing else', (_name, def: TableDef) => {
    const doc = fullDoc(def)
    const columns = Object.keys(def.columns)
    const row = docReader(def, columns)(doc as DocOf<TableDef>)
    expect(Object.keys(row).sort()).toEqual([...columns].sort())
    for (const name of columns) expect(row[name], name).toEqual(doc[name])
    expect(row).not.toHaveProperty('sync_xid')
    expect(row).not.toHaveProperty('_deleted')
    expect(row).not.toHaveProperty('columna_nueva')
  })

  it('reads only the columns asked for, typed by the registry', () => {
    const read = docReader(tbCitas, ['id_cita', 'hora_fin'])
    const row: { id_cita: string; hora_fin: string | null } = read(cita({ id_cita: 'c1', hora_fin: '10:00:00', nombre_cliente: 'Ana' }))
    expect(row).toEqual({ id_cita: 'c1', hora_fin: '10:00:00' })
  })

  it('an absent nullable column reads null; an absent or null column with a default reads its default', () => {
    const read = docReader(tbCitas, ['email_cliente', 'hora_fin', 'monto_adelanto', 'estado_cita'])
    expect(read(cita({}))).toEqual({ email_cliente: null, hora_fin: null, monto_adelanto: 0, estado_cita: 'Pendiente de Pago' })
    expect(read(cita({ monto_adelanto: null as unknown as number, email_cliente: null }))).toEqual({
      email_cliente: null,
      hora_fin: null,
      monto_adelanto: 0,
      estado_cita: 'Pendiente de Pago',
    })
    const tratamiento = docReader(tbTratamientos, ['tr_cantidad', 'stock_en_revision', 'comision'])
    expect(tratamiento({} as DocOf<typeof tbTratamientos>)).toEqual({ tr_cantidad: 0, stock_en_revision: false, comision: null })
  })

  it('keeps falsy values as they are (0, false, empty text are not absent)', () => {
    const read = docReader(tbTratamientos, ['tr_cantidad', 'activo', 'descripcion'])
    expect(read({ tr_cantidad: 0, activo: false, descripcion: '' } as DocOf<typeof tbTratamientos>)).toEqual({ tr_cantidad: 0, activo: false, descripcion: '' })
  })

  it('a default array is a fresh copy for each row', () => {
    const read = docReader(tbPagosCitas, ['tratamientos_adicionales_info'])
    const a = read({} as DocOf<typeof tbPagosCitas>)
    const b = read({} as DocOf<typeof tbPagosCitas>)
    expect(a.tratamientos_adicionales_info).toEqual([])
    expect(a.tratamientos_adicionales_info).not.toBe(b.tratamientos_adicionales_info)
  })

  it('a column the table does not have is refused when the reader is built', () => {
    expect(() => docReader(tbCitas as TableDef, ['no_existe'])).toThrow('tb_citas no tiene la columna no_existe')
  })
})
