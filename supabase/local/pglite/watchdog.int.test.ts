// The bound on a statement that never yields (docs/decisions/0029-pglite-worker.md):
// through REST at the role's limit (authenticated 8 s: since 0030 anon may call no
// function, so the never-yielding statement comes from a signed-in user), and through the Db
// at a deadline of its own, for shapes no guard lists. The offending request alone fails
// with 57014, a plain read issued while it runs still answers, and what was committed
// before survives the restart of PGlite's worker, file-backed and in `--memory` mode.
// On PostgreSQL the REST case proves statement_timeout does the same.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { cloneTemplate } from '../../../tests/support/template.ts'
import { openDb, type Db } from '../db.ts'
import { PgliteDb } from './client.ts'

const pglite = inject('spaTemplate').kind === 'pglite'

async function until(condition: () => boolean | Promise<boolean>) {
  while (!(await condition())) await new Promise((r) => setTimeout(r, 20))
}

/** Resolves once `sql` is running: in PGlite's worker, or as an active PostgreSQL backend. */
async function running(db: Db, fragment: string) {
  if (db instanceof PgliteDb) return until(() => db.busyWith()?.includes(fragment) ?? false)
  return until(async () => {
    const { rows } = await db.query(`select 1 from pg_stat_activity where state = 'active' and query like $1 and query not like '%pg_stat_activity%'`, [`%${fragment}%`])
    return rows.length > 0
  })
}

describe.each(pglite ? ['memoria', 'carpeta'] : ['postgres'])('REST: una sentencia que nunca cede (%s)', (mode) => {
  let stack: TestStack
  let dir: string | undefined
  let staffToken = ''

  beforeAll(async () => {
    dir = mode === 'carpeta' ? mkdtempSync(join(tmpdir(), 'spa-watchdog-')) : undefined
    stack = await startTestStack(dir ? { memory: false, dataDir: dir } : {})
    await stack.db.exec(`
      create function public.espera(segundos float8) returns void language sql as $$ select pg_sleep(segundos) $$;
      grant execute on function public.espera(float8) to anon, authenticated, service_role;
      create table public.antes_del_reinicio (id int primary key);
      insert into public.antes_del_reinicio values (1), (2);
      notify pgrst, 'reload schema';`)
    const signIn = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'recepcion@spa.local', password: 'recepcion1234' }),
    })
    staffToken = ((await signIn.json()) as { access_token: string }).access_token
    while ((await rest('/rpc/espera', { method: 'POST', body: '{"segundos":0}' }, staffToken)).status === 404) await new Promise((r) => setTimeout(r, 50))
  })
  afterAll(async () => {
    await stack?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  async function rest(path: string, init: RequestInit = {}, token = stack.anonKey) {
    const res = await fetch(`${stack.url}/rest/v1${path}`, {
      ...init,
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
    const text = await res.text()
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null }
  }

  it("staff's pg_sleep(60) fails alone with 57014; a plain anon read sent while it runs answers; committed rows survive", async () => {
    const restartsBefore = stack.db instanceof PgliteDb ? stack.db.restarts : 0
    const hog = rest('/rpc/espera', { method: 'POST', body: '{"segundos":60}' }, staffToken)
    await running(stack.db, 'espera')
    const read = await rest('/tb_tratamientos?select=nombre')
    expect(read.status).toBe(200)
    expect((read.body as Array<{ nombre: string }>).length).toBeGreaterThan(0)

    const failed = await hog
    expect(failed.status).toBe(500)
    expect(failed.body).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' })
    if (stack.db instanceof PgliteDb) {
      expect((failed.body as { details: string }).details).toContain('superó su límite de 8000 ms')
      expect(stack.db.restarts).toBe(restartsBefore + 1)
    }
    const { rows } = await stack.db.query<{ id: number }>('select id from public.antes_del_reinicio order by id')
    expect(rows).toEqual([{ id: 1 }, { id: 2 }])
    // The same request shape, and writes, work on the new worker.
    expect((await rest('/tb_tratamientos?select=nombre')).status).toBe(200)
    expect((await rest('/rpc/espera', { method: 'POST', body: '{"segundos":0}' }, staffToken)).status).toBe(204)
  })

  it("the back-reference regex is refused or cut off, and the plain read answers either way", async () => {
    const pattern = encodeURIComponent('(?b)^\\(.*\\)*\\(.*\\)*\\(.*\\)*\\(.*\\)*\\(.*\\)*[\\]*\\1\\2\\3\\4\\5$')
    const regex = rest(`/tb_tratamientos?select=nombre&descripcion=match.${pattern}`)
    const read = await rest('/tb_tratamientos?select=nombre')
    expect(read.status).toBe(200)
    const answer = await regex
    if (answer.status === 400) expect(answer.body).toMatchObject({ code: 'PGRST100' })
    else expect(answer.body).toMatchObject({ code: '57014' })
  })
})

// PGlite only: registered only there, so the PostgreSQL pass skips nothing.
if (pglite)
  describe.each(['memoria', 'carpeta'])('Db de PGlite con plazo (%s)', (mode) => {
    let db: PgliteDb
    let dir: string | undefined

    beforeAll(async () => {
      dir = mode === 'carpeta' ? mkdtempSync(join(tmpdir(), 'spa-watchdog-')) : undefined
      const clone = await cloneTemplate(inject('spaTemplate'))
      db = (await openDb({ dataDir: dir ?? 'memory', loadDataDir: clone.loadDataDir })) as PgliteDb
      await db.exec(`create table public.antes_del_reinicio (id int primary key); insert into public.antes_del_reinicio values (1);`)
      // The first statements on a freshly opened worker are slow on a busy machine: anon's limit.
      db.setStatementDeadline(3_000)
    })
    afterAll(async () => {
      await db?.close()
      if (dir) rmSync(dir, { recursive: true, force: true })
    })

    it.each([
      ['pg_sleep', 'select pg_sleep(60)'],
      // A jsonb literal nested 10,000 deep: no guard lists it, and PGlite spins on it.
      ['jsonb anidado', `select (repeat('[', 10000) || repeat(']', 10000))::jsonb`],
    ])('%s fails alone with 57014; the query queued behind it runs on the new worker; nothing committed is lost', async (_, sql) => {
      const restarts = db.restarts
      const hog = db.query(sql).then(
        () => null,
        (e: unknown) => e,
      )
      await until(() => db.busyWith() === sql)
      const plain = db.query<{ n: number }>('select count(*)::int n from tb_tratamientos')
      expect(await hog).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' })
      expect((await plain).rows[0]!.n).toBeGreaterThan(0)
      expect(db.restarts).toBe(restarts + 1)
      expect((await db.query('select id from public.antes_del_reinicio')).rows).toEqual([{ id: 1 }])
    })

    it("the replacement's thread is started while the request runs long: the kill opens the folder in it", async () => {
      const warmOpens = db.threads.warmOpens
      await expect(db.query('select pg_sleep(60)')).rejects.toMatchObject({ code: '57014' })
      expect((await db.query<{ n: number }>('select count(*)::int n from tb_tratamientos')).rows[0]!.n).toBeGreaterThan(0)
      expect(db.threads.warmOpens).toBe(warmOpens + 1)
    })

    it('a transaction in flight at the kill is rolled back, and nothing more runs as part of it', async () => {
      let after: unknown
      const tx = db.transaction(async (t) => {
        await t.query('insert into public.antes_del_reinicio values (2)')
        await t.query('select pg_sleep(60)').catch(async (e: unknown) => {
          // A callback that swallows the error must not go on outside its transaction.
          after = await t.query('insert into public.antes_del_reinicio values (3)').catch((x: unknown) => x)
          throw e
        })
      })
      await expect(tx).rejects.toMatchObject({ code: '57014' })
      expect(after).toMatchObject({ code: '25P02' })
      expect((await db.query('select id from public.antes_del_reinicio order by id')).rows).toEqual([{ id: 1 }])
    })

    it('LISTEN survives the restart: a NOTIFY committed on the new worker reaches the old listener', async () => {
      const heard: string[] = []
      const stop = await db.listen('watchdog_prueba', (p) => heard.push(p))
      await expect(db.query('select pg_sleep(60)')).rejects.toMatchObject({ code: '57014' })
      await db.exec(`notify watchdog_prueba, 'después'`)
      await until(() => heard.length > 0)
      expect(heard).toEqual(['después'])
      await stop()
    })
  })

if (pglite)
  describe('la memoria de PGlite tiene techo', () => {
    let db: PgliteDb
    beforeAll(async () => {
      const clone = await cloneTemplate(inject('spaTemplate'))
      db = (await openDb({ dataDir: 'memory', loadDataDir: clone.loadDataDir })) as PgliteDb
      await db.exec(`create table public.memoria (id int primary key)`)
    })
    afterAll(async () => {
      await db?.close()
    })

    it('a worker past the limit is recycled at the next turn, never inside a transaction, and loses nothing', async () => {
      const heard: string[] = []
      const stop = await db.listen('memoria_prueba', (p) => heard.push(p))
      const fresh = db.heapBytes()
      expect(fresh).toBeGreaterThan(0)
      db.heapLimit = fresh + 32 * 2 ** 20
      await db.transaction(async (t) => {
        await t.query('insert into public.memoria values (1)')
        // A 100 MB value built in memory: the WASM memory grows past the limit mid-transaction.
        await t.query(`select length(string_agg(repeat('x', 1000), '')) from generate_series(1, 100000)`)
        expect(db.heapBytes()).toBeGreaterThan(db.heapLimit)
        await t.query('insert into public.memoria values (2)')
      })
      expect(db.recycles).toBe(0)
      const rows = await db.query<{ id: number }>('select id from public.memoria order by id')
      expect(rows.rows).toEqual([{ id: 1 }, { id: 2 }])
      expect(db.recycles).toBe(1)
      expect(db.restarts).toBe(0)
      expect(db.heapBytes()).toBeLessThanOrEqual(db.heapLimit)
      await db.exec(`notify memoria_prueba, 'tras reciclar'`)
      await until(() => heard.length > 0)
      expect(heard).toEqual(['tras reciclar'])
      await stop()
    })
  })
