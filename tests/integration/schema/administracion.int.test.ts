/**
 * Expenses and bank reconciliation on the server (docs/decisions/0010-administracion.md):
 * admin-only through the sync RPCs too, the fixed expense's derived date, and what
 * happens when two tablets upload the same deterministic copy or reconciliation — sent
 * exactly as a device sends it (the sync layer's backend, row conversion and merge), so
 * the server's answer is the one a tablet gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { insertar, leer, valor } from './support/datos.ts'
import { createSupabaseBackend, type PushRow } from '../../../sync/replication/backend.ts'
import { fromServerRow, normaliseLocalWrite, pushColumns, toServerRow, type LocalDoc } from '../../../sync/tables/rows.ts'
import { tbConciliacionBancaria, tbEgresos } from '../../../sync/tables/product-tables.ts'
import { threeWayMerge } from '../../../sync/merge/three-way-merge.ts'
import type { TableDef } from '../../../sync/tables/table-def.ts'
import { copiaAutomatica, type CopiaEgreso } from '../../../src/domain/egresos-copias.ts'
import { idConciliacion, idCopiaEgresoFijo } from '../../../src/domain/ids-deterministas.ts'
import { registrarConciliacion, saldoInicial, type Conciliacion } from '../../../src/domain/conciliacion.ts'
import type { IngresoFila } from '../../../src/domain/conciliacion-ingresos.ts'
import type { Egreso } from '../../../src/domain/egresos.ts'

let stack: TestStack
let actores: Actores

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
})
afterAll(async () => {
  await stack?.close()
})

const COPIA_ELIMINADA = 'Este egreso fijo copiado de otro mes fue eliminado y no vuelve a copiarse. Regístralo de nuevo si lo necesitas.'

/** A document as a tablet's write hooks leave it (canonical values, its own clock; created_at when not given). */
function documento(def: TableDef, campos: Record<string, unknown>, updatedAt: string): LocalDoc {
  const doc: Record<string, unknown> = { created_at: updatedAt, ...campos, updated_at: updatedAt, _deleted: false }
  normaliseLocalWrite(def, doc)
  return doc as LocalDoc
}

/** One push of `rows` by `client`, exactly as the sync layer sends it. */
function subir(client: SupabaseClient, def: TableDef, rows: Array<{ local: LocalDoc; assumed?: LocalDoc }>) {
  const payload: PushRow[] = rows.map((r) => ({ n: toServerRow(def, r.local), a: r.assumed ? toServerRow(def, r.assumed) : null }))
  return createSupabaseBackend(client).push(def.name, pushColumns(def), payload)
}

async function egresosDelServidor(where: string, params: unknown[] = []): Promise<Egreso[]> {
  const { rows } = await stack.db.query<{ r: Egreso }>(`select to_jsonb(e) as r from public.tb_egresos e where ${where}`, params)
  return rows.map((x) => x.r)
}

describe('deterministic ids: the app and SQL compute the same ones', () => {
  it('for a copy of a fixed expense and for a month\'s reconciliation', async () => {
    const origen = '0b6f5a8e-3c1d-4e2f-9a7b-123456789abc'
    for (const periodo of [{ anio: 2026, mes: 3 }, { anio: 2026, mes: 11 }, { anio: 2027, mes: 1 }]) {
      const sqlCopia = await valor<string>(
        stack.db,
        `select private.uuid_v5(private.espacio_uuid(), format('egreso-fijo:%s:%s-%s', $1::uuid, $2::int, $3::int))::text as v`,
        [origen, periodo.anio, periodo.mes],
      )
      expect(idCopiaEgresoFijo(origen, periodo)).toBe(sqlCopia)
      const sqlConciliacion = await valor<string>(
        stack.db,
        `select private.uuid_v5(private.espacio_uuid(), format('conciliacion:%s-%s', $1::int, $2::int))::text as v`,
        [periodo.anio, periodo.mes],
      )
      expect(idConciliacion(periodo)).toBe(sqlConciliacion)
    }
  })
})

const reloj = '2031-05-02T10:00:00.000000Z'
/** A complete new row per table (so only permissions can refuse it). */
const filaInventada: Record<string, Record<string, unknown>> = {
  tb_egresos: { id_egreso: crypto.randomUUID(), tipo_egreso: 'Variable', descripcion: 'Inventado', monto_soles: 1, monto_dolares: 1, mes: 5, anio: 2031, fecha: '2031-05-02' },
  tb_conciliacion_bancaria: { id_conciliacion: crypto.randomUUID(), anio: 2031, mes: 6, creado_en: reloj, actualizado_en: reloj },
}

describe('admin only, through the sync RPCs as well', () => {
  it('staff and users without a profile pull nothing and cannot push; anon cannot call them; admins can', async () => {
    const egreso = await insertar(stack.db, 'tb_egresos', { tipo_egreso: 'Fijo', descripcion: 'Alquiler RLS', monto_soles: 100, monto_dolares: 27, mes: 5, anio: 2031 })
    const conciliacion = await insertar(stack.db, 'tb_conciliacion_bancaria', { anio: 2031, mes: 5, saldo_inicial: 10 })
    for (const [def, id] of [
      [tbEgresos, egreso.id_egreso],
      [tbConciliacionBancaria, conciliacion.id_conciliacion],
    ] as const) {
      for (const nombre of ['personal', 'sinPerfil'] as const) {
        const backend = createSupabaseBackend(actores[nombre])
        const page = await backend.pull(def.name, { afterXid: '0', afterId: null, limit: 5000, floor: null, fresh: false })
        expect(page.rows, `${nombre} pull ${def.name}`).toEqual([])
        expect(await backend.ids(def.name, null, 5000), `${nombre} ids ${def.name}`).toEqual([])
        const crafted = documento(def, filaInventada[def.name]!, reloj)
        const insert = await subir(actores[nombre], def, [{ local: crafted }])
        expect(insert.results, `${nombre} push ${def.name}`).toEqual([expect.objectContaining({ s: 'refused', code: '42501' })])
        const existing = fromServerRow(def, (await leer(stack.db, def.name, def.primaryKey, String(id)))!)
        const update = await subir(actores[nombre], def, [{ local: { ...existing, _deleted: true, updated_at: '2031-05-03T10:00:00.000000Z' }, assumed: existing }])
        expect(update.results, `${nombre} update ${def.name}`).toEqual([expect.objectContaining({ s: 'refused', code: '42501' })])
      }
      const anon = await actores.anon.rpc('sync_pull', { p_table: def.name })
      expect(anon.error, `anon ${def.name}`).not.toBeNull()
      const admin = await createSupabaseBackend(actores.admin).ids(def.name, null, 5000)
      expect(admin).toContain(String(id))
    }
    expect(await leer(stack.db, 'tb_egresos', 'id_egreso', String(egreso.id_egreso))).toMatchObject({ _deleted: false })
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_egresos where descripcion = 'Inventado'`)).toBe(0)
  })
})

describe('the date of a fixed expense is always the last day of its month', () => {
  it.each([
    [2026, 2, '2026-02-10', '2026-02-28'],
    [2028, 2, null, '2028-02-29'],
    [2026, 4, '2026-04-01', '2026-04-30'],
    [2026, 12, '2026-12-31', '2026-12-31'],
  ])('%i-%i sent with %s is stored on %s', async (anio, mes, fecha, esperada) => {
    const id = crypto.randomUUID()
    const { error } = await actores.admin.from('tb_egresos').insert({ id_egreso: id, tipo_egreso: 'Fijo', descripcion: 'Luz', tipo_cambio: 3.75, monto_soles: 90, monto_dolares: 24, mes, anio, fecha })
    expect(error).toBeNull()
    expect(await valor<string>(stack.db, `select fecha::text as v from public.tb_egresos where id_egreso = $1`, [id])).toBe(esperada)
  })

  it('moves with the month when the month changes; a variable expense keeps its own date', async () => {
    const id = crypto.randomUUID()
    await actores.admin.from('tb_egresos').insert({ id_egreso: id, tipo_egreso: 'Fijo', descripcion: 'Agua', monto_soles: 60, monto_dolares: 16, mes: 1, anio: 2027 })
    expect((await actores.admin.from('tb_egresos').update({ mes: 2 }).eq('id_egreso', id)).error).toBeNull()
    expect(await valor<string>(stack.db, `select fecha::text as v from public.tb_egresos where id_egreso = $1`, [id])).toBe('2027-02-28')

    const v = crypto.randomUUID()
    await actores.admin.from('tb_egresos').insert({ id_egreso: v, tipo_egreso: 'Variable', descripcion: 'Toallas', monto_soles: 37.5, monto_dolares: 10, mes: 2, anio: 2027, fecha: '2027-02-03' })
    expect(await valor<string>(stack.db, `select fecha::text as v from public.tb_egresos where id_egreso = $1`, [v])).toBe('2027-02-03')
    const fuera = await actores.admin.from('tb_egresos').update({ mes: 3 }).eq('id_egreso', v)
    expect(fuera.error?.message).toBe('La fecha debe corresponder al mes y año seleccionados.')
  })
})

describe('two tablets copy the same fixed expenses offline', () => {
  /** October's fixed expenses on the server, and the copies each tablet makes into November. */
  async function preparar(anio: number) {
    for (const descripcion of ['Alquiler', 'Internet']) {
      await insertar(stack.db, 'tb_egresos', { tipo_egreso: 'Fijo', descripcion, tipo_cambio: 3.75, monto_soles: 4500, monto_dolares: 1200, mes: 10, anio })
    }
    const egresos = await egresosDelServidor('anio = $1', [anio])
    const copias = copiaAutomatica(egresos, { anio, mes: 11 })
    expect(copias).toHaveLength(2)
    return copias
  }
  const tablet = (copias: CopiaEgreso[], reloj: string) => copias.map((c) => ({ local: documento(tbEgresos, { ...c }, reloj) }))

  it('the second upload meets the first: one row each, a conflict the merge resolves to the server row with nothing lost', async () => {
    const copias = await preparar(2032)
    const a = tablet(copias, '2025-11-01T14:00:00.000000Z')
    const b = tablet(copias, '2025-11-01T15:30:00.000000Z') // B copied later, by its clock

    expect((await subir(actores.admin, tbEgresos, a)).results).toEqual([])
    const second = await subir(actores.admin, tbEgresos, b)
    // Not an error and not a refusal: the existing row comes back for the device's merge.
    expect(second.results.map((r) => r.s)).toEqual(['conflict', 'conflict'])
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_egresos where anio = 2032 and mes = 11`)).toBe(2)

    for (const [i, r] of second.results.entries()) {
      const server = fromServerRow(tbEgresos, r.row!)
      const merged = threeWayMerge(tbEgresos, { base: undefined, server, local: b[i]!.local })
      // Same deterministic content and creation time: only the clocks differ, so the
      // device simply takes the server's row (no second upload, no conflict log entry).
      expect(merged.lost).toEqual([])
      expect(merged.overwrote).toEqual([])
      expect(merged.doc).toEqual(server)
    }
  })

  it('a retry of the same upload (lost acknowledgement) is simply applied', async () => {
    const copias = await preparar(2033)
    const a = tablet(copias, '2025-11-01T14:00:00.000000Z')
    expect((await subir(actores.admin, tbEgresos, a)).results).toEqual([])
    expect((await subir(actores.admin, tbEgresos, a)).results).toEqual([])
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_egresos where anio = 2033 and mes = 11`)).toBe(2)
  })

  it('a copy deleted by hand stays deleted, whichever way the other tablet sends it again', async () => {
    const copias = await preparar(2034)
    const a = tablet(copias, '2025-11-01T14:00:00.000000Z')
    expect((await subir(actores.admin, tbEgresos, a)).results).toEqual([])
    const alquiler = copias[0]!.id_egreso
    // Tablet A deletes 'Alquiler' for November.
    const vivo = fromServerRow(tbEgresos, (await leer(stack.db, 'tb_egresos', 'id_egreso', alquiler))!)
    expect((await subir(actores.admin, tbEgresos, [{ local: { ...vivo, _deleted: true, updated_at: '2025-11-02T09:00:00.000000Z' }, assumed: vivo }])).results).toEqual([])

    // Tablet B never heard of it and copies the month again, later by its clock.
    const b = tablet(copias, '2025-11-03T10:00:00.000000Z')
    const again = await subir(actores.admin, tbEgresos, b)
    expect(again.results.map((r) => r.s)).toEqual(['conflict', 'conflict'])
    const conflicto = again.results.find((r) => r.i === 0)
    // The insert left the tombstone as it was and hands it back.
    expect(conflicto).toMatchObject({ s: 'conflict', row: expect.objectContaining({ id_egreso: alquiler, _deleted: true }) })

    // The device's merge takes its own later "live" state over the deletion…
    const tombstone = fromServerRow(tbEgresos, conflicto!.row!)
    const merged = threeWayMerge(tbEgresos, { base: undefined, server: tombstone, local: b[0]!.local })
    expect(merged.doc._deleted).toBe(false)
    // …and uploads it as an update on top of the tombstone: the server refuses it.
    const revive = await subir(actores.admin, tbEgresos, [{ local: merged.doc, assumed: tombstone }])
    expect(revive.results).toEqual([expect.objectContaining({ s: 'refused', code: 'P0001', message: COPIA_ELIMINADA, row: expect.objectContaining({ _deleted: true }) })])

    // A tablet that pulled the tombstone and re-inserts over it locally sends the same update.
    const local = documento(tbEgresos, { ...copias[0]! }, '2025-11-04T10:00:00.000000Z')
    expect((await subir(actores.admin, tbEgresos, [{ local, assumed: tombstone }])).results).toEqual([expect.objectContaining({ s: 'refused', code: 'P0001' })])
    // And through PostgREST.
    const rest = await actores.admin.from('tb_egresos').update({ _deleted: false }).eq('id_egreso', alquiler)
    expect(rest.error).toMatchObject({ code: 'P0001', message: COPIA_ELIMINADA })

    expect(await leer(stack.db, 'tb_egresos', 'id_egreso', alquiler)).toMatchObject({ _deleted: true })
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_egresos where anio = 2034 and mes = 11 and not _deleted`)).toBe(1)
  })

  it('the rule is for copies only: an expense registered by hand can be restored', async () => {
    const manual = await insertar(stack.db, 'tb_egresos', { tipo_egreso: 'Variable', descripcion: 'Caja chica', monto_soles: 20, monto_dolares: 5, mes: 3, anio: 2034, fecha: '2034-03-03', _deleted: true })
    expect((await actores.admin.from('tb_egresos').update({ _deleted: false }).eq('id_egreso', manual.id_egreso)).error).toBeNull()
    expect(await leer(stack.db, 'tb_egresos', 'id_egreso', String(manual.id_egreso))).toMatchObject({ _deleted: false })
  })
})

describe('two tablets register the same month\'s reconciliation offline', () => {
  const ingresos: IngresoFila[] = [
    { fecha: '2035-11-01', metodo: 'Yape', importe: 12_050, banco: 'BBVA', observacion: null },
    { fecha: '2035-11-30', metodo: 'Tarjeta de Crédito', importe: 35_494, banco: null, observacion: 'POS' },
  ]
  const egresosMes: Egreso[] = [
    { id_egreso: crypto.randomUUID(), tipo_egreso: 'Fijo', descripcion: 'Alquiler', tipo_cambio: 3.75, monto_soles: 1000, monto_dolares: 266.67, descripcion_adicional: null, mes: 11, anio: 2035, fecha: '2035-11-30' },
  ]

  it('write the same row (one per month, no duplicate-key refusal); the next month starts from its saldo final', async () => {
    await insertar(stack.db, 'tb_conciliacion_bancaria', { anio: 2035, mes: 10, saldo_inicial: 100, saldo_final: 500 })
    const conciliaciones = (await stack.db.query<{ r: Conciliacion }>(`select to_jsonb(c) as r from public.tb_conciliacion_bancaria c where anio = 2035`)).rows.map((x) => x.r)
    const periodo = { anio: 2035, mes: 11 }
    const saldo = saldoInicial(conciliaciones, periodo)
    expect(saldo).toMatchObject({ valor: 50_000, editable: false })

    const registro = (ahora: string) => {
      const r = registrarConciliacion({ conciliaciones, periodo, ahora, hoy: '2035-11-30', saldo, ingresos, egresosMes })
      if (!r.ok) throw new Error(r.mensaje)
      expect(r.valor).toMatchObject({ id_conciliacion: idConciliacion(periodo), nuevo: true })
      return documento(tbConciliacionBancaria, { id_conciliacion: r.valor.id_conciliacion, ...r.valor.campos }, ahora)
    }
    expect((await subir(actores.admin, tbConciliacionBancaria, [{ local: registro('2025-11-30T20:00:00.000000Z') }])).results).toEqual([])
    const second = await subir(actores.admin, tbConciliacionBancaria, [{ local: registro('2025-11-30T21:00:00.000000Z') }])
    expect(second.results.map((r) => r.s)).toEqual(['conflict'])
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_conciliacion_bancaria where anio = 2035 and mes = 11`)).toBe(1)

    const stored = await leer(stack.db, 'tb_conciliacion_bancaria', 'id_conciliacion', idConciliacion(periodo))
    // 500 + 120.50 + 354.94 − 1000 = −24.56; the income list passes the table's check.
    expect(stored).toMatchObject({ saldo_inicial: 500, saldo_final: -24.56, egresos: 1000, fecha: '2035-11-30' })
    expect(stored!.ingresos_tratamientos).toEqual([
      { fecha: '2035-11-01', metodo: 'Yape', importe: 120.5, banco: 'BBVA', observacion: null },
      { fecha: '2035-11-30', metodo: 'Tarjeta de Crédito', importe: 354.94, banco: null, observacion: 'POS' },
    ])
    const despues = (await stack.db.query<{ r: Conciliacion }>(`select to_jsonb(c) as r from public.tb_conciliacion_bancaria c where anio in (2035, 2036)`)).rows.map((x) => x.r)
    expect(saldoInicial(despues, { anio: 2035, mes: 12 })).toEqual({ valor: -2_456, editable: false, origen: 'mes-anterior' })
  })
})
