/**
 * The device database's storage (docs/decisions/0052-almacen-en-memoria.md) over
 * fake-indexeddb: what a write acknowledged is on the device, a reopen sees exactly it,
 * a fold keeps everything, and two tabs converge on the same versions.
 */
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { createRevision, createRxDatabase, fillWithDefaultSettings, now, type RxDatabase, type RxJsonSchema, type RxStorageInstance } from 'rxdb'
import { filesName, getRxStoragePersistedMemory, keeps } from './persisted-memory.ts'
import { openFiles, type Doc } from './memory-files.ts'

const schema = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: { type: 'string', maxLength: 40 }, monto: { type: 'number' } },
  required: ['id', 'monto'],
} as const

const open: Array<{ close(): Promise<unknown> }> = []
afterEach(async () => {
  for (const o of open.splice(0)) await o.close()
})

async function database(factory: IDBFactory, name = 'equipo') {
  const db: RxDatabase = await createRxDatabase({ name, storage: getRxStoragePersistedMemory({ indexedDB: factory }), multiInstance: false })
  open.push(db)
  const { pagos } = await db.addCollections({ pagos: { schema } })
  return { close: () => db.close(), pagos }
}

type Instance = RxStorageInstance<Doc, unknown, unknown>

async function instance(factory: IDBFactory, options: { multiInstance?: boolean; compactAfter?: number } = {}): Promise<Instance> {
  const storage = getRxStoragePersistedMemory({ indexedDB: factory, compactAfter: options.compactAfter })
  const i = (await storage.createStorageInstance({
    databaseName: 'equipo',
    databaseInstanceToken: 'token',
    collectionName: 'pagos',
    schema: fillWithDefaultSettings(schema as unknown as RxJsonSchema<Doc>),
    options: {},
    multiInstance: options.multiInstance ?? false,
    devMode: false,
  })) as unknown as Instance
  open.push(i)
  return i
}

let clock = now()
function doc(id: string, monto: number, previous?: Doc): Doc {
  const base = { id, monto, _deleted: false, _attachments: {}, _meta: { lwt: ++clock }, _rev: '' } as unknown as Doc
  return { ...base, _rev: createRevision('tok', previous) }
}

async function rawFiles(factory: IDBFactory) {
  const files = await openFiles(factory, filesName('equipo', 'pagos', 0))
  const read = (store: string) =>
    new Promise<unknown[]>((resolve) => {
      const r = files.db.transaction(store).objectStore(store).getAll()
      r.onsuccess = () => resolve(r.result as unknown[])
    })
  const [pages, log] = [(await read('pages')) as Doc[][], (await read('log')) as Doc[][]]
  files.db.close()
  return { pages, log }
}

describe('almacén en memoria guardado en el equipo', () => {
  it('lo que una escritura confirmó sigue ahí al reabrir: altas, cambios y borrados', async () => {
    const factory = new IDBFactory()
    const db = await database(factory)
    await db.pagos.bulkInsert([
      { id: 'a', monto: 10 },
      { id: 'b', monto: 20 },
      { id: 'c', monto: 30 },
    ])
    await (await db.pagos.findOne('a').exec())!.incrementalPatch({ monto: 15 })
    await (await db.pagos.findOne('c').exec())!.remove()
    await db.close()
    const again = await database(factory)
    const docs = await again.pagos.find({ sort: [{ id: 'asc' }] }).exec()
    expect(docs.map((d) => [d.id, d.get('monto')])).toEqual([
      ['a', 15],
      ['b', 20],
    ])
    // The tombstone is kept too: the upload still has to send the deletion.
    const [c] = await again.pagos.storageInstance.findDocumentsById(['c'], true)
    expect(c?._deleted).toBe(true)
  })

  it('bulkWrite responde cuando el lote ya está en el equipo, en registros de 250 documentos y en orden', async () => {
    const factory = new IDBFactory()
    const i = await instance(factory)
    const rows = Array.from({ length: 600 }, (_, n) => ({ document: doc(`p${n}`, n) }))
    expect((await i.bulkWrite(rows, 'prueba')).error).toEqual([])
    const { pages, log } = await rawFiles(factory)
    expect(pages).toEqual([])
    expect(log.map((record) => record.length)).toEqual([250, 250, 100])
    expect(log.flat().map((d) => d.id)).toEqual(rows.map((r) => r.document.id))
  })

  it('un lote grande se decide en una tarea posterior: una escritura pequeña pedida después se decide y se guarda antes, y ambas siguen al reabrir', async () => {
    const factory = new IDBFactory()
    const i = await instance(factory)
    const decided: string[] = []
    const sub = i.changeStream().subscribe((bulk) => decided.push(`${bulk.events.length}`))
    const grande = Array.from({ length: 100 }, (_, n) => ({ document: doc(`g${n}`, n) }))
    const [a, b] = [i.bulkWrite(grande, 'descarga'), i.bulkWrite([{ document: doc('cobro', 80) }], 'cobro')]
    expect((await a).error).toEqual([])
    expect((await b).error).toEqual([])
    sub.unsubscribe()
    // The large write waited for a task of its own; the payment typed meanwhile did not wait for it.
    expect(decided).toEqual(['1', '100'])
    const { log } = await rawFiles(factory)
    expect(log.map((record) => record.length)).toEqual([1, 100])
    await i.close()
    const again = await instance(factory)
    expect((await again.findDocumentsById(['cobro', 'g0', 'g99'], false)).map((d) => d.id).sort()).toEqual(['cobro', 'g0', 'g99'])
  })

  it('un lote grande pedido justo antes de cerrar se rechaza como almacén cerrado y no deja nada a medias', async () => {
    const factory = new IDBFactory()
    const i = await instance(factory)
    const grande = Array.from({ length: 100 }, (_, n) => ({ document: doc(`g${n}`, n) }))
    const [write, read] = [i.bulkWrite(grande, 'descarga'), i.findDocumentsById(['g0'], false)]
    const lectura = i.findDocumentsById(grande.map((r) => r.document.id as string), false)
    await i.close()
    await expect(write).rejects.toThrow('almacén cerrado')
    await expect(lectura).rejects.toThrow('almacén cerrado')
    expect(await read).toEqual([])
    expect((await rawFiles(factory)).log).toEqual([])
  })

  it('un lote en varios registros se guarda entero o nada: un documento que no se puede guardar deja el registro vacío', async () => {
    const factory = new IDBFactory()
    const i = await instance(factory)
    const rows = Array.from({ length: 600 }, (_, n) => ({ document: doc(`p${n}`, n) }))
    // In the third record: the first two were already added to the transaction.
    ;(rows[550]!.document as Record<string, unknown>).monto = () => 1
    await expect(i.bulkWrite(rows, 'prueba')).rejects.toThrow(/clone/i)
    expect((await rawFiles(factory)).log).toEqual([])
  })

  it('un conflicto de revisión se rechaza como en cualquier almacén y no se guarda', async () => {
    const factory = new IDBFactory()
    const i = await instance(factory)
    const first = doc('x', 1)
    await i.bulkWrite([{ document: first }], 'prueba')
    const second = doc('x', 2, first)
    await i.bulkWrite([{ document: second, previous: first }], 'prueba')
    // Written from the first version again: the stored one is the second.
    const stale = await i.bulkWrite([{ document: doc('x', 3, first), previous: first }], 'prueba')
    expect(stale.error.map((e) => e.status)).toEqual([409])
    const { log } = await rawFiles(factory)
    expect(log.flat().map((d) => d.monto)).toEqual([1, 2])
  })

  it('el pliegue reescribe las páginas y vacía el registro sin perder nada', async () => {
    const factory = new IDBFactory()
    const i = await instance(factory, { compactAfter: 10 })
    const versions = new Map<string, Doc>()
    // A fold once the log holds as many superseded versions as there are documents: after
    // the second and third batches here, each a new version of every document.
    for (let batch = 0; batch < 3; batch++) {
      const rows = Array.from({ length: 2500 }, (_, n) => {
        const id = `p${n}`
        const document = doc(id, batch, versions.get(id))
        const row = { document, previous: versions.get(id) }
        versions.set(id, document)
        return row
      })
      expect((await i.bulkWrite(rows, 'prueba')).error).toEqual([])
    }
    await expect.poll(async () => (await rawFiles(factory)).log.length).toBe(0)
    const { pages } = await rawFiles(factory)
    expect(pages.map((p) => p.length)).toEqual(Array(10).fill(250))
    expect(pages.flat().every((d) => d.monto === 2)).toBe(true)
    await i.close()
    const reopened = await instance(factory)
    const ids = [...versions.keys()]
    const found = await reopened.findDocumentsById(ids, true)
    expect(new Map(found.map((d) => [d.id as string, d.monto]))).toEqual(new Map([...versions].map(([id, d]) => [id, d.monto])))
  })

  it('una primera descarga, toda de documentos nuevos, no se pliega: el registro crece sin reescribir páginas', async () => {
    const factory = new IDBFactory()
    const i = await instance(factory, { compactAfter: 10 })
    for (let batch = 0; batch < 3; batch++) {
      const rows = Array.from({ length: 1000 }, (_, n) => ({ document: doc(`p${batch}-${n}`, n) }))
      expect((await i.bulkWrite(rows, 'prueba')).error).toEqual([])
    }
    const { pages, log } = await rawFiles(factory)
    expect(pages).toEqual([])
    expect(log.flat()).toHaveLength(3000)
  })

  it('el pliegue de una pestaña conserva lo que otra guardó y esta aún no oyó', async () => {
    const factory = new IDBFactory()
    // No broadcast between them: the worst case, a message still in flight.
    const a = await instance(factory, { compactAfter: 1 })
    const b = await instance(factory)
    await b.bulkWrite([{ document: doc('de-b', 7) }], 'prueba')
    const first = doc('de-a', 1)
    await a.bulkWrite([{ document: first }], 'prueba')
    // An edit supersedes a version: A folds.
    await a.bulkWrite([{ document: doc('de-a', 2, first), previous: first }], 'prueba')
    await expect.poll(async () => (await rawFiles(factory)).log.length).toBe(0)
    await a.close()
    await b.close()
    const reopened = await instance(factory)
    const found = await reopened.findDocumentsById(['de-a', 'de-b'], true)
    expect(found.map((d) => d.id).sort()).toEqual(['de-a', 'de-b'])
  })

  it('dos pestañas: lo que una escribe aparece en la otra, y ambas se quedan con la escritura posterior', async () => {
    const factory = new IDBFactory()
    const a = await instance(factory, { multiInstance: true })
    const b = await instance(factory, { multiInstance: true })
    const seen: string[] = []
    const sub = b.changeStream().subscribe((bulk) => bulk.events.forEach((e) => seen.push(e.documentId)))
    await a.bulkWrite([{ document: doc('p1', 10) }], 'prueba')
    await expect.poll(async () => (await b.findDocumentsById(['p1'], false)).map((d) => d.monto)).toEqual([10])
    // Its screens hear of it as of any change.
    expect(seen).toContain('p1')
    sub.unsubscribe()
    // Both change p1 at once from the same version: the later write wins in both tabs.
    const [base] = await a.findDocumentsById(['p1'], false)
    const fromA = doc('p1', 11, base)
    const fromB = doc('p1', 12, base)
    await Promise.all([a.bulkWrite([{ document: fromA, previous: base }], 'prueba'), b.bulkWrite([{ document: fromB, previous: base }], 'prueba')])
    for (const tab of [a, b]) await expect.poll(async () => (await tab.findDocumentsById(['p1'], false)).map((d) => d.monto)).toEqual([12])
    await a.close()
    await b.close()
    const reopened = await instance(factory)
    expect((await reopened.findDocumentsById(['p1'], false)).map((d) => d.monto)).toEqual([12])
  })

  it('la otra pestaña recibe la escritura con su contexto: la replicación reconoce su propia descarga y no la sube de nuevo', async () => {
    const factory = new IDBFactory()
    const a = await instance(factory, { multiInstance: true })
    const b = await instance(factory, { multiInstance: true })
    const contexts: string[] = []
    const sub = b.changeStream().subscribe((bulk) => contexts.push(bulk.context))
    await a.bulkWrite([{ document: doc('bajado', 10) }], 'replication-downstream-abc')
    await a.bulkWrite([{ document: doc('local', 20) }], 'rx-collection-bulk-insert')
    await expect.poll(() => contexts).toEqual(['replication-downstream-abc', 'rx-collection-bulk-insert'])
    sub.unsubscribe()
  })

  it('el aviso a las otras pestañas nombra el lote guardado, no copia sus documentos', async () => {
    const factory = new IDBFactory()
    const a = await instance(factory, { multiInstance: true })
    const listener = new BroadcastChannel(filesName('equipo', 'pagos', 0))
    const heard: unknown[] = []
    listener.onmessage = (event: MessageEvent) => heard.push(event.data)
    await a.bulkWrite([{ document: doc('p1', 10) }, { document: doc('p2', 20) }], 'prueba')
    await expect.poll(() => heard.length).toBe(1)
    listener.close()
    expect(Object.keys(heard[0] as object).sort()).toEqual(['context', 'from', 'keys'])
    expect((heard[0] as { keys: unknown[] }).keys.map((k) => typeof k)).toEqual(['number'])
  })

  it('si un pliegue ya vació el lote avisado, la otra pestaña lo encuentra en las páginas', async () => {
    const factory = new IDBFactory()
    const b = await instance(factory, { multiInstance: true })
    // A writes without telling anyone and folds at once: its log record is gone.
    const a = await instance(factory, { compactAfter: 1 })
    const first = doc('plegado', 4)
    await a.bulkWrite([{ document: first }], 'prueba')
    await a.bulkWrite([{ document: doc('plegado', 5, first), previous: first }], 'prueba')
    await expect.poll(async () => (await rawFiles(factory)).log.length).toBe(0)
    expect(await b.findDocumentsById(['plegado'], false)).toEqual([])
    const channel = new BroadcastChannel(filesName('equipo', 'pagos', 0))
    channel.postMessage({ from: 'otra-pestana', keys: [1] })
    channel.close()
    await expect.poll(async () => (await b.findDocumentsById(['plegado'], false)).map((d) => d.monto)).toEqual([5])
  })

  it('una edición hecha con el reloj atrasado sigue siendo la última al reabrir', async () => {
    const factory = new IDBFactory()
    const i = await instance(factory)
    const first = doc('x', 1)
    await i.bulkWrite([{ document: first }], 'prueba')
    // The tablet's clock was set back a minute before the next edit.
    const second = { ...doc('x', 2, first), _meta: { lwt: first._meta.lwt - 60_000 } } as Doc
    expect((await i.bulkWrite([{ document: second, previous: first }], 'prueba')).error).toEqual([])
    // Both versions are in the log: the start replays them.
    expect((await rawFiles(factory)).log).toHaveLength(2)
    await i.close()
    const reopened = await instance(factory)
    expect((await reopened.findDocumentsById(['x'], false)).map((d) => d.monto)).toEqual([2])
  })

  it('borrar la base borra sus archivos del equipo', async () => {
    const factory = new IDBFactory()
    const i = await instance(factory)
    await i.bulkWrite([{ document: doc('p1', 1) }], 'prueba')
    await i.remove()
    expect((await factory.databases()).map((d) => d.name)).not.toContain(filesName('equipo', 'pagos', 0))
  })

  it('la versión que se queda: la de más ediciones; a igual altura, la escritura posterior; luego la revisión mayor', () => {
    const v = (rev: string, lwt: number) => ({ _meta: { lwt }, _rev: rev }) as Doc
    // An edit made after the tablet's clock was set back is still the last one.
    expect(keeps(v('3-b', 100), v('2-a', 500))).toBe(true)
    expect(keeps(v('2-a', 500), v('3-b', 100))).toBe(false)
    // Two tabs changed the same version: the later write, both ways round.
    expect(keeps(v('3-b', 200), v('3-a', 100))).toBe(true)
    expect(keeps(v('3-a', 100), v('3-b', 200))).toBe(false)
    // Same time too: the larger revision, so every tab picks the same one.
    expect(keeps(v('3-b', 100), v('3-a', 100))).toBe(true)
    expect(keeps(v('3-a', 100), v('3-b', 100))).toBe(false)
    expect(keeps(v('1-a', 1), undefined)).toBe(true)
  })
})
