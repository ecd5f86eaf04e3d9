/**
 * Pages in turn (pages-in-turn.ts) against the real engine: RxDB merges pulled pages that
 * come faster than the storage writes them into one write; handed over in turn, each page
 * is a write of its own, and no page waits for the bound.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { atOrAfter, PagesInTurn, type PagePosition } from './pages-in-turn.ts'
import { downCheckpointStored } from './rxdb-internals.ts'

const schema = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: { type: 'string', maxLength: 40 }, n: { type: 'integer' } },
  required: ['id', 'n'],
} as const

const PAGE = 10
const ROWS = 60

let db: RxDatabase | null = null
afterEach(async () => {
  await db?.remove()
  db = null
})

/** The memory storage, its downloaded writes slowed (a budget tablet) and their sizes recorded. */
function slowDownloadStorage(sizes: number[]): RxStorage<unknown, unknown> {
  const memory = getRxStorageMemory()
  return {
    ...memory,
    async createStorageInstance(params) {
      const instance = await memory.createStorageInstance(params)
      const write = instance.bulkWrite.bind(instance)
      instance.bulkWrite = async (rows, context) => {
        if (params.collectionName === 'items' && context.includes('downstream')) {
          sizes.push(rows.length)
          await new Promise((r) => setTimeout(r, 40))
        }
        return write(rows, context)
      }
      return instance
    },
  } as RxStorage<unknown, unknown>
}

/** Downloads ROWS rows in pages of PAGE; returns the downloaded writes' sizes and what the waits ended on. */
async function download(inTurn: boolean) {
  const sizes: number[] = []
  db = await createRxDatabase({ name: `turno-${crypto.randomUUID()}`, storage: slowDownloadStorage(sizes), multiInstance: false })
  const { items } = (await db.addCollections({ items: { schema } })) as unknown as { items: RxCollection<Record<string, unknown>> }
  const waits: string[] = []
  const turn = new PagesInTurn(async (reached) => waits.push(await downCheckpointStored(replication, reached, 5000)))
  const replication: RxReplicationState<Record<string, unknown>, PagePosition> = replicateRxCollection<Record<string, unknown>, PagePosition>({
    replicationIdentifier: 'turno',
    collection: items,
    live: false,
    pull: {
      batchSize: PAGE,
      handler: async (checkpoint) => {
        const from = checkpoint ? Number(checkpoint.xid) : 0
        const documents = Array.from({ length: Math.max(0, Math.min(PAGE, ROWS - from)) }, (_, i) => ({ id: `d${from + i + 1}`, n: from + i + 1, _deleted: false }))
        const next = documents.length > 0 ? { xid: String(from + documents.length), id: `d${from + documents.length}` } : checkpoint!
        if (inTurn) await turn.handOver(checkpoint ?? undefined, next)
        return { documents, checkpoint: next }
      },
    },
  })
  await replication.awaitInitialReplication()
  const stored = await items.count().exec()
  await replication.cancel()
  return { sizes, waits, stored }
}

describe('PagesInTurn', () => {
  it('without it, pages that come faster than the storage are merged into larger writes', async () => {
    const { sizes, stored } = await download(false)
    expect(stored).toBe(ROWS)
    expect(Math.max(...sizes)).toBeGreaterThan(PAGE)
  })

  it('with it, every page is stored in a write of its own, each wait ending on the stored checkpoint', async () => {
    const { sizes, waits, stored } = await download(true)
    expect(stored).toBe(ROWS)
    expect(sizes).toEqual(Array.from({ length: ROWS / PAGE }, () => PAGE))
    expect(waits.length).toBeGreaterThan(0)
    expect(waits.every((w) => w === 'stored')).toBe(true)
  })
})

describe('atOrAfter', () => {
  it('orders by xid as a number, then by primary key', () => {
    expect(atOrAfter({ xid: '10', id: 'a' }, { xid: '9', id: 'z' })).toBe(true)
    expect(atOrAfter({ xid: '9', id: 'z' }, { xid: '10', id: 'a' })).toBe(false)
    expect(atOrAfter({ xid: '12345678901234567890', id: 'a' }, { xid: '12345678901234567889', id: 'b' })).toBe(true)
    expect(atOrAfter({ xid: '7', id: 'b' }, { xid: '7', id: 'a' })).toBe(true)
    expect(atOrAfter({ xid: '7', id: 'a' }, { xid: '7', id: 'a' })).toBe(true)
    expect(atOrAfter({ xid: '7', id: 'a' }, { xid: '7', id: 'b' })).toBe(false)
    expect(atOrAfter({ xid: '7', id: null }, { xid: '7', id: 'a' })).toBe(false)
    expect(atOrAfter({ xid: '7', id: 'a' }, { xid: '7', id: null })).toBe(true)
  })
})
