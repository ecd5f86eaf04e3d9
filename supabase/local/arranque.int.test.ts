/**
 * What a restart of the embedded stack no longer repeats, and the order it still keeps
 * (docs/decisions/0058-arranque-rapido.md): bootstrap.sql runs only when the folder has
 * not run this very file; the CLI's PGlite thread loads ahead and its folder opens ahead,
 * only after the lock, and is closed before the lock is let go when the port is taken.
 */
import { existsSync, mkdtempSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack } from './server.ts'
import { bootstrapMark, migrate } from './migrate.ts'
import { LOCK_FILE, lockDataDir } from './data-lock.ts'
import { abandonPreopenedPglite, openDb, preopenPglite } from './db.ts'
import { PgliteDb } from './pglite/client.ts'
import { prestart } from './pglite/threads.ts'
import { migratedFolder } from '../../tests/support/stack.ts'

const tmp = () => mkdtempSync(join(tmpdir(), 'spa-arranque-'))

async function busyPort(): Promise<{ port: number; close(): Promise<void> }> {
  const srv = createServer()
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve))
  return { port: (srv.address() as AddressInfo).port, close: () => new Promise((r) => srv.close(() => r())) }
}

const functionExists = async (db: PgliteDb, name: string) =>
  (await db.query<{ ok: boolean }>(`select to_regprocedure($1) is not null as ok`, [name])).rows[0]!.ok

const markOf = async (db: PgliteDb) =>
  (await db.query<{ mark: string | null }>(`select obj_description('supabase_migrations'::regnamespace, 'pg_namespace') as mark`)).rows[0]!.mark

describe('restarting on an existing PGlite folder', () => {
  let dir: string
  let pgDir: string

  beforeAll(async () => {
    // A migrated folder (from the PGlite template when this run has one).
    dir = tmp()
    pgDir = join(dir, 'pg')
    await migratedFolder(dir)
  })

  afterAll(async () => {
    await abandonPreopenedPglite()
  })

  it('skips bootstrap.sql when the folder ran this same file, and runs it again when the file changed', async () => {
    const db = await PgliteDb.open({ dataDir: pgDir })
    try {
      expect(await markOf(db)).toBe(bootstrapMark)
      // Something bootstrap.sql creates, gone: a skipped bootstrap does not bring it back…
      await db.exec('drop function auth.email()')
      expect(await migrate(db, null)).toEqual({ applied: [], seeded: false })
      expect(await functionExists(db, 'auth.email()')).toBe(false)
      // …but a folder marked with another bootstrap.sql runs the current one, and is marked again.
      await db.exec(`comment on schema supabase_migrations is 'bootstrap.sql 0000000000000000'`)
      await migrate(db, null)
      expect(await functionExists(db, 'auth.email()')).toBe(true)
      expect(await markOf(db)).toBe(bootstrapMark)
    } finally {
      await db.close()
    }
  })

  it('a thread started ahead opens the folder it was started for, and only that one', async () => {
    prestart(pgDir)
    const db = await PgliteDb.open({ dataDir: pgDir })
    try {
      expect(db.threads.warmOpens).toBe(1)
      expect((await db.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations')).rows[0]!.n).toBeGreaterThan(0)
    } finally {
      await db.close()
    }
    // Started for another folder, it is not used here, and it created nothing there.
    const elsewhere = join(tmp(), 'pg')
    prestart(elsewhere)
    const other = await PgliteDb.open({ dataDir: pgDir })
    try {
      expect(other.threads.warmOpens).toBe(0)
    } finally {
      await other.close()
    }
    expect(existsSync(elsewhere)).toBe(false)
  })

  it('the stack serves the folder opened ahead, migrated and with its statement limit', async () => {
    const early = preopenPglite(pgDir)
    const stack = await startStack({ dataDir: dir, port: 0, host: '127.0.0.1', seed: null, log: () => {} })
    try {
      expect(stack.db).toBe(await early)
      expect(stack.migrations.applied).toEqual([])
      const res = await fetch(`${stack.url}/rest/v1/tb_tratamientos?select=id_tratamiento&limit=1`, { headers: { apikey: stack.anonKey } })
      expect(res.status).toBe(200)
    } finally {
      await stack.close()
    }
  })

  it('a start that fails on a busy port closes the folder opened ahead before letting go of its lock', async () => {
    const lock = await lockDataDir(dir, { command: 'test', log: () => {} })
    const early = preopenPglite(pgDir)
    const port = await busyPort()
    try {
      await expect(startStack({ dataDir: dir, dataLock: lock, port: port.port, host: '127.0.0.1', seed: null, log: () => {} })).rejects.toThrow(
        /puerto .* ya está en uso/,
      )
    } finally {
      await port.close()
    }
    await expect((await early).query('select 1')).rejects.toThrow(/closed/)
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    // Nothing is left to take over: the next open is a new one.
    const db = await openDb({ dataDir: pgDir })
    try {
      expect(db).not.toBe(await early)
    } finally {
      await db.close()
    }
  })
})
