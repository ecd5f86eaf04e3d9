// Guard for the PGlite internals the worker relies on (docs/decisions/0029-pglite-worker.md):
// `_runExclusiveTransaction` / `_runExclusiveQuery` (not public API) and `execProtocol`
// with `throwOnError: false` answering pg-protocol messages by name. A PGlite upgrade
// that removes or changes them fails here, not as wrong REST answers. Also the Emscripten
// module's `mod.HEAPU8`, whose buffer is the WASM memory the main thread bounds.
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildEngine } from './threads.ts'
import { readPipeline, wire, type BackendMessage } from './wire.ts'

let lite: PGlite

beforeAll(async () => {
  lite = await PGlite.create('memory://')
})
afterAll(async () => {
  await lite?.close()
})

async function send(parts: Buffer[]): Promise<BackendMessage[]> {
  const result = await lite.execProtocol(Buffer.concat(parts), { throwOnError: false, syncToFs: false })
  return result.messages as unknown as BackendMessage[]
}

describe('PGlite internals used by the worker', () => {
  it('exist', () => {
    expect(typeof lite._runExclusiveTransaction).toBe('function')
    expect(typeof lite._runExclusiveQuery).toBe('function')
    expect(typeof lite.execProtocol).toBe('function')
  })

  it('pglite.wasm and pglite.data sit where buildEngine reads them, and PGlite opens from them', async () => {
    const { module, files } = await buildEngine()
    const other = await PGlite.create('memory://', { pgliteWasmModule: module, fsBundle: files })
    expect((await other.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }])
    await other.close()
  })

  it('mod.HEAPU8 is the WASM memory, and it grows with the work', async () => {
    const memory = () => (lite as unknown as { mod: { HEAPU8: Uint8Array } }).mod.HEAPU8.buffer.byteLength
    const before = memory()
    expect(before).toBeGreaterThanOrEqual(64 * 2 ** 20)
    // A 100 MB value built in memory: Postgres' memory comes from the WASM heap.
    await lite.query(`select length(string_agg(repeat('x', 1000), '')) from generate_series(1, 100000)`)
    expect(memory()).toBeGreaterThan(before)
  })

  it('_runExclusiveTransaction and _runExclusiveQuery hold off every other query until they end', async () => {
    const order: string[] = []
    let release!: () => void
    const held = lite._runExclusiveTransaction(() =>
      lite._runExclusiveQuery(async () => {
        order.push('dentro')
        await new Promise<void>((r) => (release = r))
        order.push('fin')
      }),
    )
    while (order.length === 0) await new Promise((r) => setTimeout(r, 5))
    const other = lite.query('select 1').then(() => order.push('otra'))
    await new Promise((r) => setTimeout(r, 50))
    expect(order).toEqual(['dentro'])
    release()
    await Promise.all([held, other])
    expect(order).toEqual(['dentro', 'fin', 'otra'])
  })

  it('execProtocol answers a pipeline with the messages readPipeline expects, rows in text', async () => {
    const messages = await send([
      wire.parse('s1', `select set_config('request.jwt.claims', $1, true)`),
      wire.bind('s1', ['{"sub":"x"}']),
      wire.execute,
      wire.parse('s2', 'select $1::int + 1, null::text'),
      wire.bind('s2', ['41']),
      wire.execute,
      wire.sync,
    ])
    expect(messages.map((m) => m.name)).toEqual(['parseComplete', 'bindComplete', 'dataRow', 'commandComplete', 'parseComplete', 'bindComplete', 'dataRow', 'commandComplete', 'readyForQuery'])
    expect(messages[messages.length - 1]!.status).toBe('I')
    expect(readPipeline(messages, { closes: 0, parses: 2, statements: 2, endStatus: 'I' })).toEqual({ kind: 'row', row: ['42', null], parsed: 2 })
  })

  it('execProtocol reports an error as a message with its SQLSTATE, skips to the Sync, and closes prepared statements', async () => {
    const messages = await send([wire.close('s1'), wire.bind('s2', ['0']), wire.execute, wire.parse('s3', 'select 1 / $1::int'), wire.bind('s3', ['0']), wire.execute, wire.bind('s2', ['1']), wire.execute, wire.sync])
    // The division is planned, and fails, at Bind: no bindComplete for s3.
    expect(messages.map((m) => m.name)).toEqual(['closeComplete', 'bindComplete', 'dataRow', 'commandComplete', 'parseComplete', 'error', 'readyForQuery'])
    expect(messages[5]).toMatchObject({ code: '22012', message: 'division by zero' })
    expect(readPipeline(messages, { closes: 1, parses: 1, statements: 3, endStatus: 'I' })).toMatchObject({ kind: 'error', parsed: 1 })
  })

  it('an explicit transaction stays open after the Sync until COMMIT or ROLLBACK', async () => {
    const begun = await send([wire.query('BEGIN')])
    expect(begun[begun.length - 1]).toMatchObject({ name: 'readyForQuery', status: 'T' })
    const ended = await send([wire.query('ROLLBACK')])
    expect(ended[ended.length - 1]).toMatchObject({ name: 'readyForQuery', status: 'I' })
  })
})
