// Answers never cross (docs/decisions/0029-pglite-worker.md): requests pipelined into the
// database, with failures injected between and inside their statements, requests
// abandoned while queued, a statement killed by the watchdog (statement_timeout on
// PostgreSQL) and, on PGlite, a fault inside the engine mid-queue. Every request gets
// its own statement's row — its own id and its own JWT claims — or its own error, and
// the same requests sent again afterwards all answer.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { cloneTemplate } from '../../../tests/support/template.ts'
import { openDb, type Db } from '../db.ts'
import { PgliteDb } from '../pglite/client.ts'
import { ClientGoneError, createExecutor, type ExecOptions, type Executor, type Row } from './executor.ts'

let db: Db
let executor: Executor
let drop: () => Promise<void>

beforeAll(async () => {
  const clone = await cloneTemplate(inject('spaTemplate'))
  drop = clone.drop
  db = clone.databaseUrl ? await openDb({ databaseUrl: clone.databaseUrl, poolSize: 4 }) : await openDb({ dataDir: 'memory', loadDataDir: clone.loadDataDir })
  executor = createExecutor(db)
})
afterAll(async () => {
  await db?.close()
  await drop?.()
})

const kinds = ['ok', 'falla-sentencia', 'ok', 'falla-ajustes', 'verifica-acepta', 'ok', 'verifica-rechaza', 'abandonada', 'verifica-falla'] as const
type Kind = (typeof kinds)[number] | 'dormida'

interface Sent {
  id: string
  kind: Kind
  claims: string
  seenByVerify?: Row
}

// Two shapes of statement, so both prepared and freshly parsed ones are in the queue. The
// division by zero depends on a parameter: a constant 1/0 would fail at planning time.
const statement = (i: number) =>
  i % 2 === 0
    ? `select $1::text, current_setting('request.jwt.claims', true), case when $2 = 'falla' then (1 / (length($2) - 5))::text else 'ok' end`
    : `select $1::text as id, current_setting('request.jwt.claims', true) as claims, case when $2 = 'falla' then (1 / (length($2) - 5))::text else 'ok' end as r`

function send(i: number, kind: Kind): { sent: Sent; answer: Promise<unknown> } {
  const sent: Sent = { id: `peticion-${i}`, kind, claims: JSON.stringify({ sub: `usuario-${i}`, role: 'anon' }) }
  const controller = new AbortController()
  if (kind === 'abandonada') controller.abort()
  const verify = kind.startsWith('verifica')
  const opts: ExecOptions = {
    readOnly: !verify,
    signal: controller.signal,
    settings: {
      role: kind === 'falla-ajustes' ? 'rol_que_no_existe' : 'anon',
      claims: sent.claims,
      method: 'GET',
      path: `/peticion/${i}`,
      headers: '{}',
      statementTimeoutMs: kind === 'dormida' ? 2_000 : 0,
    },
    ...(verify
      ? {
          verify: (row: Row) => {
            sent.seenByVerify = row
            return kind === 'verifica-rechaza' ? (new Error(`rechazada ${sent.id}`) as never) : null
          },
        }
      : {}),
  }
  const sql = kind === 'dormida' ? `select $1::text, current_setting('request.jwt.claims', true), pg_sleep(60)::text where $2::text is not null` : statement(i)
  const answer = executor.run(sql, [sent.id, kind === 'falla-sentencia' || kind === 'verifica-falla' ? 'falla' : 'no'], opts).then(
    (row) => ({ row }),
    (error: unknown) => ({ error }),
  )
  return { sent, answer }
}

function check(sent: Sent, answer: unknown) {
  const { row, error } = answer as { row?: Row; error?: { code?: string; message: string } }
  switch (sent.kind) {
    case 'ok':
    case 'verifica-acepta':
      expect(error, `${sent.id}: ${error?.message}`).toBeUndefined()
      expect(row).toEqual([sent.id, sent.claims, 'ok'])
      break
    case 'falla-sentencia':
    case 'verifica-falla':
      expect(error).toMatchObject({ code: '22012' })
      break
    case 'falla-ajustes':
      expect(error).toMatchObject({ code: '22023', message: 'role "rol_que_no_existe" does not exist' })
      break
    case 'verifica-rechaza':
      expect(error).toMatchObject({ message: `rechazada ${sent.id}` })
      break
    case 'abandonada':
      expect(error).toBeInstanceOf(ClientGoneError)
      break
    case 'dormida':
      expect(error).toMatchObject({ code: '57014' })
      break
  }
  if (sent.seenByVerify) expect(sent.seenByVerify).toEqual([sent.id, sent.claims, 'ok'])
}

describe('pipelined requests with failures, aborts and a kill mid-queue', () => {
  it('every answer belongs to its request, and the same requests answer again afterwards', async () => {
    const batch: Array<{ sent: Sent; answer: Promise<unknown> }> = []
    const faults: Array<Promise<unknown>> = []
    for (let i = 0; i < 60; i++) {
      if (i === 25) batch.push(send(i, 'dormida'))
      // A failure inside PGlite that leaves the engine in an unknown state: it is replaced.
      else if (i === 40 && db instanceof PgliteDb) faults.push(db.fault().catch((e: unknown) => e))
      else batch.push(send(i, kinds[i % kinds.length]!))
    }
    for (const { sent, answer } of batch) check(sent, await answer)
    if (db instanceof PgliteDb) {
      expect(await faults[0]).toMatchObject({ message: 'fallo inyectado' })
      expect(db.restarts).toBe(2)
    }

    // The next identical requests neither hang nor get an earlier answer.
    for (let i = 0; i < 60; i++) {
      if (i === 25) continue
      const again = send(i, kinds[i % kinds.length]!)
      check(again.sent, await again.answer)
    }
  })
})
