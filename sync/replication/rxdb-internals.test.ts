/**
 * The RxDB internals of rxdb-internals.ts, exercised against the real engine (memory
 * storage, a replication with in-memory handlers). If an RxDB upgrade renames or
 * reshapes any of them — or changes the version — this fails: re-read the module
 * against the new release, then update RXDB_CHECKED_AGAINST.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addRxPlugin, createRxDatabase, RXDB_VERSION, type RxCollection, type RxDatabase } from 'rxdb'
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { bookkeeping, boundEventReduce, downstreamStored, isAfter, localDocumentData$, onLocalWrite, positionOf, replicationStarted, RXDB_CHECKED_AGAINST, storageInstancesOf, storedByIds, storedCollectionNames, storedLiveDocuments, whenReplicationStarted, type StoredDoc } from './rxdb-internals.ts'

addRxPlugin(RxDBLocalDocumentsPlugin)

const schema = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: { type: 'string', maxLength: 40 }, name: { type: 'string' } },
  required: ['id', 'name'],
} as const

let db: RxDatabase | null = null
afterEach(async () => {
  await db?.remove()
  db = null
})

/** A collection replicating to an in-memory "server"; `gate` holds pushes until opened. */
async function setup() {
  db = await createRxDatabase({ name: `internals-${crypto.randomUUID()}`, storage: getRxStorageMemory(), multiInstance: false })
  const { items } = (await db.addCollections({ items: { schema } })) as unknown as { items: RxCollection<Record<string, unknown>> }
  const server = new Map<string, Record<string, unknown>>()
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  const replication: RxReplicationState<Record<string, unknown>, unknown> = replicateRxCollection<Record<string, unknown>, unknown>({
    replicationIdentifier: 'internals-test',
    collection: items,
    live: true,
    pull: { handler: async () => ({ documents: [], checkpoint: null }) },
    push: {
      handler: async (rows) => {
        await gate
        for (const row of rows) server.set(String(row.newDocumentState.id), row.newDocumentState)
        return []
      },
    },
  })
  return { items, replication, server, open }
}

describe(`RxDB internals (checked against ${RXDB_CHECKED_AGAINST})`, () => {
  it('is the RxDB release the internals were checked against', () => {
    expect(RXDB_VERSION, 'RxDB cambió de versión: revisa sync/replication/rxdb-internals.ts').toBe(RXDB_CHECKED_AGAINST)
  })

  it('reads documents by id with tombstones, the live documents, the stored collection names, and change positions in order', async () => {
    const { items } = await setup()
    await items.insert({ id: 'a', name: 'Ana' })
    await items.insert({ id: 'b', name: 'Bea' })
    await (await items.findOne('b').exec())!.remove()
    const stored = await storedByIds(items as never, ['a', 'b', 'c'])
    expect(stored.map((d) => [d.id, d._deleted]).sort()).toEqual([
      ['a', false],
      ['b', true],
    ])
    expect(await storedCollectionNames(db!)).toEqual(['items'])
    expect((await storedLiveDocuments(items as never)).map((d) => d.id)).toEqual(['a'])
    const [a, b] = ['a', 'b'].map((id) => positionOf(stored.find((d) => d.id === id) as StoredDoc, 'id'))
    // 'b' was written after 'a' (its removal is a later write).
    expect(isAfter(b!, a)).toBe(true)
    expect(isAfter(a!, b)).toBe(false)
    expect(isAfter(a!, undefined)).toBe(true)
  })

  it('lists every storage instance of a database from its internal store: collections, the replication\'s, the internal store last', async () => {
    const { replication } = await setup()
    await whenReplicationStarted(replication, 5000)
    const instances = await storageInstancesOf(db!.storage as never, db!.name)
    const names = instances.map((i) => i.collectionName)
    expect(names[0]).toBe('items')
    expect(names.filter((n) => n.startsWith('rx-replication-meta-'))).toHaveLength(1)
    expect(names.at(-1)).toBe('_rxdb_internal')
    expect(instances.find((i) => i.collectionName === 'items')!.schema).toMatchObject({ primaryKey: 'id', version: 0 })
  })

  it('tells a pulled update nothing changed since from a local change; a pulled insert carries no mark (RxDB replaces its _meta)', async () => {
    db = await createRxDatabase({ name: `internals-${crypto.randomUUID()}`, storage: getRxStorageMemory(), multiInstance: false })
    const { items } = (await db.addCollections({ items: { schema } })) as unknown as { items: RxCollection<Record<string, unknown>> }
    let version = 0
    const replication = replicateRxCollection<Record<string, unknown>, unknown>({
      replicationIdentifier: 'internals-pull',
      collection: items,
      live: true,
      pull: {
        handler: async (checkpoint) =>
          checkpoint === version ? { documents: [], checkpoint } : { documents: [{ id: 'a', name: `Ana ${version}`, _deleted: false }], checkpoint: version },
      },
    })
    await replication.awaitInitialReplication()
    const books = bookkeeping(replication)!
    const stored = async () => (await storedByIds(items as never, ['a']))[0] as StoredDoc
    expect((await books.pulledAsIs())(await stored())).toBe(false)
    version = 1
    replication.reSync()
    await expect.poll(async () => (await stored()).name).toBe('Ana 1')
    expect((await books.pulledAsIs())(await stored())).toBe(true)
    await (await items.findOne('a').exec())!.incrementalPatch({ name: 'Ana local' })
    expect((await books.pulledAsIs())(await stored())).toBe(false)
    await replication.cancel()
  })

  it('reads the upload checkpoint, the changed documents and the assumed master state; watches and rewrites', async () => {
    const { items, replication, server, open } = await setup()
    await whenReplicationStarted(replication, 5000)
    expect(replicationStarted(replication)).toBe(true)
    const books = bookkeeping(replication)!
    expect(books).not.toBeNull()

    let changes = 0
    const unwatch = books.watch(() => changes++)
    await items.bulkInsert([
      { id: 'a', name: 'Ana' },
      { id: 'b', name: 'Beto' },
    ])
    // Local writes are seen by the watch and listed, with their change position.
    expect(changes).toBeGreaterThan(0)
    const waiting = await books.changedSince(100, undefined)
    expect(waiting.documents.map((d) => d.id)).toEqual(['a', 'b'])
    expect(typeof waiting.documents[0]!._meta.lwt).toBe('number')
    expect(waiting.checkpoint).toMatchObject({ id: 'b', lwt: waiting.documents[1]!._meta.lwt })
    // Never uploaded: no assumed master state yet.
    expect(await books.assumedMaster(['a', 'b'])).toEqual({})

    // The upload goes through: the bookkeeping records it (watch fires on the meta data).
    const before = changes
    open()
    await replication.awaitInSync()
    expect(server.size).toBe(2)
    expect(changes).toBeGreaterThan(before)
    const assumed = await books.assumedMaster(['a', 'b'])
    expect(assumed.a).toMatchObject({ id: 'a', name: 'Ana' })
    expect(assumed.b).toMatchObject({ id: 'b', name: 'Beto' })
    const checkpoint = await books.uploadCheckpoint()
    expect(checkpoint).toMatchObject({ id: 'b' })
    expect((await books.changedSince(100, checkpoint)).documents).toEqual([])

    // A rewrite moves a document past the checkpoint again, unchanged.
    expect(await books.rewrite(['a'], 'internals-test')).toBe(1)
    const after = await books.changedSince(100, checkpoint)
    expect(after.documents.map((d) => [d.id, d.name])).toEqual([['a', 'Ana']])
    unwatch()
    await replication.cancel()
  })

  it('tells local writes from the download (eventBulks$ and the downstream context)', async () => {
    db = await createRxDatabase({ name: `internals-${crypto.randomUUID()}`, storage: getRxStorageMemory(), multiInstance: false })
    const { items } = (await db.addCollections({ items: { schema } })) as unknown as { items: RxCollection<Record<string, unknown>> }
    let local = 0
    const sub = onLocalWrite(items, () => local++)
    await items.insert({ id: 'l1', name: 'Local' })
    await vi.waitFor(() => expect(local).toBe(1))

    // A download: a replication whose pull serves one document, once.
    let served = false
    const replication = replicateRxCollection<Record<string, unknown>, { n: number }>({
      replicationIdentifier: 'internals-down',
      collection: items,
      live: false,
      pull: {
        handler: async () => {
          if (served) return { documents: [], checkpoint: { n: 1 } }
          served = true
          return { documents: [{ id: 'r1', name: 'Remota', _deleted: false }], checkpoint: { n: 1 } }
        },
      },
    })
    await replication.awaitInitialReplication()
    expect(await items.findOne('r1').exec()).not.toBeNull()
    // Events arrive in order: once this later local write is seen, the download's was too.
    await items.insert({ id: 'l2', name: 'Otra local' })
    await vi.waitFor(() => expect(local).toBeGreaterThanOrEqual(2))
    expect(local).toBe(2)
    sub.unsubscribe()
    await replication.cancel()
  })
})

describe('downstreamStored', () => {
  it('called inside the pull handler, resolves only after the returned batch is in the collection', async () => {
    db = await createRxDatabase({ name: `internals-${crypto.randomUUID()}`, storage: getRxStorageMemory(), multiInstance: false })
    const { items } = (await db.addCollections({ items: { schema } })) as unknown as { items: RxCollection<Record<string, unknown>> }
    let stored: Promise<number> | null = null
    const replication: RxReplicationState<Record<string, unknown>, unknown> = replicateRxCollection<Record<string, unknown>, unknown>({
      replicationIdentifier: 'internals-down',
      collection: items,
      live: true,
      pull: {
        handler: async (checkpoint) => {
          if (checkpoint) return { documents: [], checkpoint }
          // What the collection holds at the moment the promise resolves.
          stored ??= downstreamStored(replication).then(() => items.count().exec())
          return { documents: [{ id: 'a', name: 'uno', _deleted: false }, { id: 'b', name: 'dos', _deleted: false }], checkpoint: { n: 2 } }
        },
      },
    })
    await replication.awaitInitialReplication()
    expect(stored).not.toBeNull()
    expect(await stored).toBe(2)
    await replication.cancel()
  })
})

describe('localDocumentData$', () => {
  it("reads a database's local document, then each change to it, and looks at no collection's writes", async () => {
    db = await createRxDatabase({ name: `internals-${crypto.randomUUID()}`, storage: getRxStorageMemory(), multiInstance: false, localDocuments: true })
    const { items } = (await db.addCollections({ items: { schema } })) as unknown as { items: RxCollection<Record<string, unknown>> }
    const local = db as unknown as { upsertLocal(id: string, data: object): Promise<unknown>; getLocal(id: string): Promise<{ remove(): Promise<unknown> } | null> }
    await local.upsertLocal('estado', { n: 1 })
    const seen: unknown[] = []
    const sub = localDocumentData$(db, 'estado').subscribe((d) => seen.push(d))
    await expect.poll(() => seen).toEqual([{ n: 1 }])
    await local.upsertLocal('otro', { n: 9 })
    await items.bulkInsert(Array.from({ length: 50 }, (_, i) => ({ id: `i${i}`, name: 'x' })))
    await local.upsertLocal('estado', { n: 2 })
    await expect.poll(() => seen).toEqual([{ n: 1 }, { n: 2 }])
    await (await local.getLocal('estado'))!.remove()
    await expect.poll(() => seen).toEqual([{ n: 1 }, { n: 2 }, null])
    sub.unsubscribe()
  })

  it('starts with null when the document does not exist yet, then its first data', async () => {
    db = await createRxDatabase({ name: `internals-${crypto.randomUUID()}`, storage: getRxStorageMemory(), multiInstance: false, localDocuments: true })
    const seen: unknown[] = []
    const sub = localDocumentData$(db, 'estado').subscribe((d) => seen.push(d))
    await expect.poll(() => seen).toEqual([null])
    await (db as unknown as { upsertLocal(id: string, data: object): Promise<unknown> }).upsertLocal('estado', { listo: true })
    await expect.poll(() => seen).toEqual([null, { listo: true }])
    sub.unsubscribe()
  })
  it('re-runs a live query over the storage after a bulk of more events than the limit, and folds in a small one', async () => {
    const memory = getRxStorageMemory()
    let queries = 0
    const counting: typeof memory = {
      ...memory,
      async createStorageInstance(params) {
        const instance = await memory.createStorageInstance(params)
        const query = instance.query.bind(instance)
        if (params.collectionName === 'items') instance.query = (q) => (queries++, query(q))
        return instance
      },
    }
    db = await createRxDatabase({ name: `internals-${crypto.randomUUID()}`, storage: counting, multiInstance: false })
    const { items } = (await db.addCollections({ items: { schema } })) as unknown as { items: RxCollection<Record<string, unknown>> }
    boundEventReduce(items, 10)
    let names: string[] = []
    const sub = items.find({ sort: [{ name: 'asc' }] }).$.subscribe((docs) => (names = docs.map((d) => String(d.get('name')))))
    await vi.waitFor(() => expect(queries).toBe(1))
    const ran = queries

    await items.bulkInsert(['c', 'a', 'b'].map((name) => ({ id: `s-${name}`, name })))
    await vi.waitFor(() => expect(names).toEqual(['a', 'b', 'c']))
    expect(queries, 'tres cambios se suman a la lista sin volver a consultar').toBe(ran)

    const many = Array.from({ length: 20 }, (_, i) => `n${String(i).padStart(2, '0')}`)
    await items.bulkInsert([...many].reverse().map((name) => ({ id: `m-${name}`, name })))
    await vi.waitFor(() => expect(names).toEqual(['a', 'b', 'c', ...many]))
    expect(queries, 'veinte cambios de una vez: la consulta vuelve a leer el almacenamiento').toBe(ran + 1)
    sub.unsubscribe()
  })
})
