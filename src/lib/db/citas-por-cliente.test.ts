/**
 * The client card's lookups (docs/decisions/0053-ficha-del-paciente.md, "Update") on a real
 * in-memory RxDB with the app's schemas: built from what is stored, then following
 * inserts, updates (a cita whose e-mail changes moves) and deletes, and writes made while
 * the first scan runs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { buildRxSchema } from '@sync/schema/rxdb-schema.ts'
import { productTables, type CitaDoc, type PagoCitaDoc } from '@sync/tables/product-tables.ts'
import type { TableDef } from '@sync/tables/table-def.ts'
import { clavesCita, clavesCliente } from '@/domain/ficha-paciente.ts'
import { clavePagoDeCita, lookupFor } from './citas-por-cliente.ts'
import { LocalLookup } from './local-lookup.ts'
import { citaDoc } from '@tests/support/agenda-fixtures.ts'

const STAMP = '2026-11-25T10:00:00.000000Z'
const ANA = { id_paciente: 'a0000000-0000-4000-8000-000000000001', email: 'Ana.Perez@Mail.com', telefono: '987 654 321' }
const OTRO = 'a0000000-0000-4000-8000-000000000002'

let db: RxDatabase
let citas: RxCollection<CitaDoc>
let pagos: RxCollection<PagoCitaDoc>
let n = 0

const uuid = (prefijo: string) => `${prefijo}0000000-0000-4000-8000-${String(++n).padStart(12, '0')}`

const cita = (extra: Partial<CitaDoc> = {}) => citaDoc({ nombre_cliente: 'Ana Pérez', ...extra })

function pago(idCita: string): PagoCitaDoc {
  return {
    id_pago_cita: uuid('b'),
    id_cita: idCita,
    monto_total_calculado: 150,
    monto_adelanto_aplicado: 0,
    monto_final_pagado: 150,
    metodo_pago_final: 'Efectivo',
    referencia_pago_final: null,
    notas_pago: null,
    banco: null,
    sync_xid: null,
    sync_modified: null,
    tratamientos_adicionales_info: [],
    fecha_pago: '2026-11-20',
    created_at: STAMP,
    updated_at: STAMP,
  }
}

/** Resolves once the lookup's first scan has answered. */
function built<T>(lookup: LocalLookup<T>): Promise<void> {
  return new Promise((resolve, reject) => {
    if (lookup.ready) return resolve()
    const stop = lookup.subscribe([], () => {
      stop()
      if (lookup.error) reject(lookup.error)
      else resolve()
    })
  })
}

const deAna = (lookup: LocalLookup<CitaDoc>) => lookup.ids(clavesCliente(ANA))

beforeEach(async () => {
  db = await createRxDatabase({ name: `citas-por-cliente-${Date.now()}-${++n}`, storage: getRxStorageMemory(), multiInstance: false })
  addRxPlugin(RxDBMigrationSchemaPlugin)
  const def = (name: string): TableDef => productTables.find((t) => t.name === name)!
  const config = (name: string) => ({ schema: buildRxSchema(def(name)), migrationStrategies: def(name).migrationStrategies ?? {} })
  const cols = await db.addCollections({ tb_citas: config('tb_citas'), tb_pagos_citas: config('tb_pagos_citas') })
  citas = cols.tb_citas as unknown as RxCollection<CitaDoc>
  pagos = cols.tb_pagos_citas as unknown as RxCollection<PagoCitaDoc>
})
afterEach(async () => {
  await db?.close()
})

describe('the citas lookup by client', () => {
  it('is built from the stored citas: by id, else by the normalised e-mail or phone; an id beats a shared contact', async () => {
    const porId = cita({ id_paciente: ANA.id_paciente.toUpperCase() })
    const porCorreo = cita({ email_cliente: ' ANA.perez@mail.com ' })
    const porTelefono = cita({ email_cliente: 'otra@mail.com', telefono_cliente: '+51 987-654-321' })
    const deOtro = cita({ id_paciente: OTRO, email_cliente: 'ana.perez@mail.com', telefono_cliente: '987654321' })
    const ajena = cita({ email_cliente: 'otra@mail.com', telefono_cliente: '912 345 678' })
    await citas.bulkInsert([porId, porCorreo, porTelefono, deOtro, ajena])
    const lookup = lookupFor('tb_citas', citas)
    expect(lookup.ids(clavesCliente(ANA))).toBeNull()
    await built(lookup)
    expect(deAna(lookup)).toEqual([porId.id_cita, porCorreo.id_cita, porTelefono.id_cita].sort())
    expect(lookup.ids([`p:${OTRO}`])).toEqual([deOtro.id_cita])
    expect(lookup.ids([])).toEqual([])
  })

  it('follows inserts, updates and deletes, telling only the readers of the keys that changed', async () => {
    const primera = cita({ id_paciente: ANA.id_paciente })
    await citas.insert(primera)
    const lookup = lookupFor('tb_citas', citas)
    await built(lookup)
    let avisosAna = 0
    let avisosOtro = 0
    const stopAna = lookup.subscribe(clavesCliente(ANA), () => avisosAna++)
    lookup.subscribe([`p:${OTRO}`], () => avisosOtro++)

    // A web booking with her e-mail arrives (the sync, another tab or this one).
    const web = cita({ email_cliente: 'ana.perez@mail.com' })
    await citas.insert(web)
    expect(deAna(lookup)).toEqual([primera.id_cita, web.id_cita].sort())
    expect(avisosAna).toBe(1)
    expect(avisosOtro).toBe(0)

    // A change that keeps its keys (the state) leaves the ids as they were: the card's
    // query by primary key reads the new state itself.
    await citas.findOne(web.id_cita).exec().then((d) => d!.incrementalPatch({ estado_cita: 'Completada' }))
    expect(deAna(lookup)).toEqual([primera.id_cita, web.id_cita].sort())
    expect(avisosAna).toBe(1)

    // Its e-mail is corrected to someone else's: it moves out.
    await citas.findOne(web.id_cita).exec().then((d) => d!.incrementalPatch({ email_cliente: 'otra@mail.com' }))
    expect(deAna(lookup)).toEqual([primera.id_cita])
    expect(lookup.ids(['e:otra@mail.com'])).toEqual([web.id_cita])
    expect(avisosAna).toBe(2)

    // The first cita is given to another patient: it moves to that patient.
    await citas.findOne(primera.id_cita).exec().then((d) => d!.incrementalPatch({ id_paciente: OTRO }))
    expect(deAna(lookup)).toEqual([])
    expect(lookup.ids([`p:${OTRO}`])).toEqual([primera.id_cita])
    expect(avisosAna).toBe(3)
    expect(avisosOtro).toBe(1)

    // Deleted ('Eliminar' is a soft delete): it leaves.
    await citas.findOne(primera.id_cita).exec().then((d) => d!.remove())
    expect(lookup.ids([`p:${OTRO}`])).toEqual([])
    expect(avisosOtro).toBe(2)

    // A reader that left is not told any more.
    stopAna()
    await citas.insert(cita({ telefono_cliente: '987654321' }))
    expect(deAna(lookup)).toHaveLength(1)
    expect(avisosAna).toBe(3)
  })

  it('a cita without an id that is later tied to the patient moves from the contact keys to the id', async () => {
    const web = cita({ email_cliente: 'ana.perez@mail.com' })
    await citas.insert(web)
    const lookup = lookupFor('tb_citas', citas)
    await built(lookup)
    expect(lookup.ids(['e:ana.perez@mail.com'])).toEqual([web.id_cita])
    await citas.findOne(web.id_cita).exec().then((d) => d!.incrementalPatch({ id_paciente: ANA.id_paciente }))
    expect(lookup.ids(['e:ana.perez@mail.com'])).toEqual([])
    expect(lookup.ids([`p:${ANA.id_paciente}`])).toEqual([web.id_cita])
  })

  it('writes made while the first scan runs are all there, each with its newest keys', async () => {
    // More citas than one slice of the build (2,000), so the build spans several tasks;
    // the two changed ones sort last (by date), so the scan's older copies are filed after
    // the change events: the events must win.
    const previous = Array.from({ length: 4500 }, () => cita({ id_paciente: ANA.id_paciente }))
    const movida = cita({ id_paciente: ANA.id_paciente, fecha_cita: '2026-12-31' })
    const borrada = cita({ id_paciente: ANA.id_paciente, fecha_cita: '2026-12-31' })
    await citas.bulkInsert([...previous, movida, borrada])
    const lookup = lookupFor('tb_citas', citas)
    // Not awaited one by one: they interleave with the scan.
    const durante = Array.from({ length: 300 }, () => cita({ email_cliente: 'ana.perez@mail.com' }))
    await Promise.all([
      citas.bulkInsert(durante),
      citas.findOne(movida.id_cita).exec().then((d) => d!.incrementalPatch({ id_paciente: OTRO })),
      citas.findOne(borrada.id_cita).exec().then((d) => d!.remove()),
    ])
    expect(lookup.ready).toBe(false)
    await built(lookup)
    expect(deAna(lookup)).toEqual([...previous, ...durante].map((c) => c.id_cita).sort())
    expect(lookup.ids([`p:${OTRO}`])).toEqual([movida.id_cita])
  })

  it('files a large bulk of changes a share per task, in order, telling its readers as each share is filed', async () => {
    const lookup = new LocalLookup(citas, clavesCita, 2)
    await built(lookup)
    let avisos = 0
    lookup.subscribe(clavesCliente(ANA), () => avisos++)
    const cinco = Array.from({ length: 5 }, () => cita({ id_paciente: ANA.id_paciente }))
    await citas.bulkInsert(cinco)
    // The first share is filed with the write; a change to one of the later ones, made
    // before they are filed, is filed after them: the newest keys win.
    expect(deAna(lookup)).toHaveLength(2)
    await citas.findOne(cinco[4]!.id_cita).exec().then((d) => d!.incrementalPatch({ id_paciente: OTRO }))
    expect(deAna(lookup)).toHaveLength(2)
    await vi.waitFor(() => expect(lookup.ids([`p:${OTRO}`])).toEqual([cinco[4]!.id_cita]))
    expect(deAna(lookup)).toEqual(cinco.slice(0, 4).map((c) => c.id_cita).sort())
    // Three shares: two new citas, two more, then the last one and its change together.
    expect(avisos).toBe(3)
  })

  it('one lookup per collection: a second reader shares it', () => {
    expect(lookupFor('tb_citas', citas)).toBe(lookupFor('tb_citas', citas))
  })
})

describe('the payments lookup by cita', () => {
  it('files each payment under its cita (any case) and follows new and deleted payments', async () => {
    const c1 = citaDoc().id_cita
    const c2 = citaDoc().id_cita
    const p1 = pago(c1)
    await pagos.insert(p1)
    const lookup = lookupFor('tb_pagos_citas', pagos)
    await built(lookup)
    expect(lookup.ids([clavePagoDeCita(c1.toUpperCase())])).toEqual([p1.id_pago_cita])
    const p2 = pago(c2)
    await pagos.insert(p2)
    expect(lookup.ids([clavePagoDeCita(c1), clavePagoDeCita(c2)])).toEqual([p1.id_pago_cita, p2.id_pago_cita].sort())
    await pagos.findOne(p1.id_pago_cita).exec().then((d) => d!.remove())
    expect(lookup.ids([clavePagoDeCita(c1), clavePagoDeCita(c2)])).toEqual([p2.id_pago_cita])
  })
})
