import { describe, expect, it } from 'vitest'
import { defineTable } from '../tables/table-def.ts'
import type { LocalDoc } from '../tables/rows.ts'
import { tbCitas, tbReservas } from '../tables/product-tables.ts'
import { mergedFields, threeWayMerge } from './three-way-merge.ts'

const def = defineTable({
  name: 'fx',
  label: 'Fixture',
  entity: 'registro',
  primaryKey: 'id',
  version: 0,
  columns: {
    id: { type: 'uuid' },
    a: { type: 'text', nullable: true },
    b: { type: 'text', nullable: true },
    tags: { type: 'jsonb', nullable: true },
    stock: { type: 'integer', serverOwned: true, default: 0 },
    updated_at: { type: 'timestamptz' },
  },
})

const T0 = '2026-01-01T10:00:00.000000Z'
const T1 = '2026-01-01T10:01:00.000000Z'
const T2 = '2026-01-01T10:02:00.000000Z'
const STAMP = '2026-01-01T11:00:00.000000Z'
const stamp = () => STAMP

function doc(fields: Partial<LocalDoc>, updated_at = T0): LocalDoc {
  return { id: 'x', a: 'a0', b: 'b0', tags: null, stock: 5, updated_at, sync_xid: '10', sync_modified: T0, _deleted: false, ...fields } as LocalDoc
}

const base = doc({})

describe('threeWayMerge: one side changed a field', () => {
  it('takes the server side when only the server changed it', () => {
    const out = threeWayMerge(def, { base, server: doc({ a: 'server' }, T1), local: doc({}, T0), stamp })
    expect(out.doc.a).toBe('server')
    expect(out.lost).toEqual([])
    // Nothing of ours survived: the result is the server's version, clock included.
    expect(out.doc.updated_at).toBe(T1)
  })

  it('takes the local side when only the device changed it, even if the server is later', () => {
    const out = threeWayMerge(def, { base, server: doc({ b: 'server' }, T2), local: doc({ a: 'local' }, T1), stamp })
    expect(out.doc).toMatchObject({ a: 'local', b: 'server' })
    expect(out.lost).toEqual([])
    expect(out.overwrote).toEqual([])
    // A new version on top of the server's: a clock later than both.
    expect(out.doc.updated_at).toBe(STAMP)
  })

  it('keeps the device delete when the server only edited other fields', () => {
    const out = threeWayMerge(def, { base, server: doc({ a: 'server' }, T1), local: doc({ _deleted: true }, T2), stamp })
    expect(out.doc).toMatchObject({ a: 'server', _deleted: true })
  })

  it('keeps the server delete when the device only edited other fields', () => {
    const out = threeWayMerge(def, { base, server: doc({ _deleted: true }, T1), local: doc({ b: 'local' }, T2), stamp })
    expect(out.doc).toMatchObject({ b: 'local', _deleted: true })
  })
})

describe('threeWayMerge: both sides changed a field', () => {
  it('the later updated_at wins: the device, overwriting the server value', () => {
    const out = threeWayMerge(def, { base, server: doc({ a: 'server' }, T1), local: doc({ a: 'local' }, T2), stamp })
    expect(out.doc.a).toBe('local')
    expect(out.lost).toEqual([])
    expect(out.overwrote).toEqual([{ field: 'a', serverValue: 'server', localValue: 'local' }])
  })

  it('the later updated_at wins: the server, and the lost local value is reported', () => {
    const out = threeWayMerge(def, { base, server: doc({ a: 'server' }, T2), local: doc({ a: 'local' }, T1), stamp })
    expect(out.doc.a).toBe('server')
    expect(out.lost).toEqual([{ field: 'a', localValue: 'local', serverValue: 'server', reason: 'later-edit' }])
    expect(out.doc.updated_at).toBe(T2)
  })

  it('a tie goes to the server on every device (deterministic)', () => {
    const out = threeWayMerge(def, { base, server: doc({ a: 'server' }, T1), local: doc({ a: 'local' }, T1), stamp })
    expect(out.doc.a).toBe('server')
  })

  it('an identical clock on both sides is this very write reshaped by the server: no loss reported', () => {
    // e.g. a trigger trimmed the text; the device retries after a lost acknowledgement.
    const out = threeWayMerge(def, { base, server: doc({ a: 'trimmed' }, T1), local: doc({ a: ' trimmed ' }, T1), stamp })
    expect(out.doc.a).toBe('trimmed')
    expect(out.lost).toEqual([])
  })

  it('both changed to the same value: no conflict', () => {
    const out = threeWayMerge(def, { base, server: doc({ a: 'same' }, T1), local: doc({ a: 'same' }, T2), stamp })
    expect(out.doc.a).toBe('same')
    expect(out.lost).toEqual([])
    expect(out.overwrote).toEqual([])
  })

  it('mixes per field: each field decided on its own', () => {
    const out = threeWayMerge(def, {
      base,
      server: doc({ a: 'server-a', b: 'server-b' }, T2),
      local: doc({ a: 'local-a', tags: ['x'] }, T1),
      stamp,
    })
    expect(out.doc).toMatchObject({ a: 'server-a', b: 'server-b', tags: ['x'] })
    expect(out.lost.map((l) => l.field)).toEqual(['a'])
  })

  it('compares jsonb by value, not key order', () => {
    const out = threeWayMerge(def, {
      base: doc({ tags: { p: 1, q: 2 } }),
      server: doc({ tags: { q: 2, p: 1 }, a: 'server' }, T1),
      local: doc({ tags: { p: 1, q: 2 } }, T0),
      stamp,
    })
    expect(out.lost).toEqual([])
    expect(out.doc.a).toBe('server')
  })
})

describe('threeWayMerge: no common version (an insert that met an existing row)', () => {
  it('every differing field is a both-sides change decided by the clock', () => {
    const out = threeWayMerge(def, { server: doc({ a: 'server', b: 'same' }, T1), local: doc({ a: 'local', b: 'same' }, T2), stamp })
    expect(out.doc).toMatchObject({ a: 'local', b: 'same' })
    const older = threeWayMerge(def, { server: doc({ a: 'server' }, T2), local: doc({ a: 'local' }, T1), stamp })
    expect(older.doc.a).toBe('server')
    expect(older.lost).toHaveLength(1)
  })
})

describe('threeWayMerge: fields the merge does not decide', () => {
  it('server-owned columns, the key and the sync fields always come from the server', () => {
    const out = threeWayMerge(def, {
      base,
      server: { ...doc({ stock: 9 }, T1), sync_xid: '20', sync_modified: T1 },
      local: doc({ stock: 1, a: 'local' }, T2),
      stamp,
    })
    expect(out.doc).toMatchObject({ stock: 9, sync_xid: '20', sync_modified: T1, a: 'local' })
    expect(mergedFields(def)).toEqual(['a', 'b', 'tags', '_deleted'])
  })
})

describe('business rules', () => {
  const cita = (fields: Record<string, unknown>, updated_at: string) =>
    ({
      id_cita: 'c1',
      estado_cita: 'Confirmada',
      id_pago_final: null,
      monto_total_final: null,
      notas_internas: null,
      updated_at,
      sync_xid: '1',
      sync_modified: T0,
      _deleted: false,
      ...fields,
    }) as LocalDoc

  it('a paid appointment is not reverted by a later-clocked stale edit, and the device is told', () => {
    const out = threeWayMerge(tbCitas, {
      base: cita({}, T0),
      server: cita({ estado_cita: 'Completada', id_pago_final: 'p1', monto_total_final: 100 }, T1),
      local: cita({ estado_cita: 'Cancelada', notas_internas: 'se fue' }, T2),
      stamp,
    })
    expect(out.doc).toMatchObject({ estado_cita: 'Completada', id_pago_final: 'p1', monto_total_final: 100, notas_internas: 'se fue' })
    expect(out.lost).toEqual([
      expect.objectContaining({ field: 'estado_cita', localValue: 'Cancelada', serverValue: 'Completada', reason: 'rule' }),
    ])
    expect(out.overwrote).toEqual([])
  })

  it('an unpaid appointment follows the clock', () => {
    const out = threeWayMerge(tbCitas, {
      base: cita({}, T0),
      server: cita({ estado_cita: 'Reprogramada' }, T1),
      local: cita({ estado_cita: 'Cancelada' }, T2),
      stamp,
    })
    expect(out.doc.estado_cita).toBe('Cancelada')
  })

  // docs/decisions/0056-recordatorios.md: two tablets marked the same cita's reminder offline.
  const marca = (at: string, por: string, id: string) => ({ recordado_at: at, recordado_por: por, recordado_por_id: id })
  const sinMarca = marca(null as never, null as never, null as never)

  it('the first reminder mark stays when a later-clocked device marked the cita too', () => {
    const out = threeWayMerge(tbCitas, {
      base: cita(sinMarca, T0),
      server: cita(marca(T1, 'Ana', 'u-ana'), T1),
      local: cita({ ...marca(T2, 'Luis', 'u-luis'), notas_internas: 'llamar antes' }, T2),
      stamp,
    })
    expect(out.doc).toMatchObject({ ...marca(T1, 'Ana', 'u-ana'), notas_internas: 'llamar antes' })
    expect(out.lost.map((l) => [l.field, l.reason])).toEqual([
      ['recordado_at', 'rule'],
      ['recordado_por', 'rule'],
      ['recordado_por_id', 'rule'],
    ])
    expect(out.overwrote).toEqual([])
  })

  it('a device may still mark a cita nobody marked, and its author may remove the mark', () => {
    const marcada = threeWayMerge(tbCitas, { base: cita(sinMarca, T0), server: cita({ notas_internas: 'x' }, T1), local: cita(marca(T2, 'Luis', 'u-luis'), T2), stamp })
    expect(marcada.doc).toMatchObject({ ...marca(T2, 'Luis', 'u-luis'), notas_internas: 'x' })
    const quitada = threeWayMerge(tbCitas, {
      base: cita(marca(T0, 'Luis', 'u-luis'), T0),
      server: cita({ ...marca(T0, 'Luis', 'u-luis'), notas_internas: 'x' }, T1),
      local: cita(sinMarca, T2),
      stamp,
    })
    expect(quitada.doc).toMatchObject(sinMarca)
  })

  const reserva = (estado: string, updated_at: string) =>
    ({ id_reserva: 'r1', estado_reserva: estado, mensaje_adicional: null, updated_at, sync_xid: '1', sync_modified: T0, _deleted: false }) as LocalDoc

  it('a cancelled reservation is not resurrected', () => {
    const out = threeWayMerge(tbReservas, { base: reserva('pendiente', T0), server: reserva('cancelada', T1), local: reserva('Procesada', T2), stamp })
    expect(out.doc.estado_reserva).toBe('cancelada')
    expect(out.lost).toEqual([expect.objectContaining({ field: 'estado_reserva', reason: 'rule' })])
  })

  it('a processed reservation stays processed', () => {
    const out = threeWayMerge(tbReservas, { base: reserva('pendiente', T0), server: reserva('Procesada', T1), local: reserva('cancelada', T2), stamp })
    expect(out.doc.estado_reserva).toBe('Procesada')
  })

  it('a device may still cancel a pending reservation', () => {
    const out = threeWayMerge(tbReservas, { base: reserva('pendiente', T0), server: reserva('pendiente', T1), local: reserva('cancelada', T2), stamp })
    expect(out.doc.estado_reserva).toBe('cancelada')
  })
})
