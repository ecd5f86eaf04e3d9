// Limits that keep one request from stalling or wrecking the server
// (docs/decisions/0020-backend-hardening.md): hostile regular expressions refused before they reach the database,
// statement time limits per role and cancellation of abandoned queries (PostgreSQL),
// capped embeds, and PATCH/DELETE without a filter refused as hosted Supabase's safeupdate.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { demo, startTestStack, type TestStack } from '../../../tests/support/stack.ts'

let stack: TestStack
/** Staff: anon cannot filter with patterns at all (anon-surface.ts); the blocklist guards signed-in users. */
let staff: string

beforeAll(async () => {
  // Short limits so the PostgreSQL run proves they fire without waiting seconds.
  stack = await startTestStack({ statementTimeouts: { anon: 300, authenticated: 300 } })
  const client = await stack.signIn(demo.staff.email, demo.staff.password)
  staff = (await client.auth.getSession()).data.session!.access_token
})
afterAll(async () => {
  await stack?.close()
})

async function rest(path: string, init: RequestInit & { key?: string; token?: string } = {}) {
  const key = init.key ?? stack.anonKey
  const res = await fetch(`${stack.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: key, authorization: `Bearer ${init.token ?? key}`, 'content-type': 'application/json', ...init.headers },
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }
}

async function tratamientos(): Promise<string> {
  const { rows } = await stack.db.query<{ t: string }>(`select coalesce(string_agg(t::text, '|' order by id_tratamiento), '') t from tb_tratamientos t`)
  return rows[0]!.t
}

describe('regular expressions', () => {
  it("refuses the issue's back-reference pattern at once, and REST and Auth keep answering", async () => {
    const pattern = encodeURIComponent('^(.*)*(.*)*(.*)*(.*)*(.*)*\\1\\2\\3\\4\\5$')
    const res = await rest(`/tb_tratamientos?select=nombre&descripcion=match.${pattern}`, { token: staff })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'PGRST100', details: expect.stringContaining('referencias hacia atrás') })

    const catalogue = await rest('/tb_tratamientos?select=nombre&limit=1')
    expect(catalogue.status).toBe(200)
    const auth = await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.anonKey } })
    expect(auth.status).toBe(200)
  })

  it('refuses huge and nested bounded repetitions, inside or/and too', async () => {
    for (const p of ['^(.*){1,255}(.*){1,255}Z$', '((.*){1,5}){1,5}']) {
      const res = await rest(`/tb_tratamientos?select=nombre&or=(nombre.imatch.${encodeURIComponent(p)},nombre.eq.x)`, { token: staff })
      expect(res.status, p).toBe(400)
      expect(res.body).toMatchObject({ code: 'PGRST100' })
    }
  })

  it('plain patterns still work', async () => {
    const res = await rest(`/tb_tratamientos?select=nombre&nombre=imatch.${encodeURIComponent('^(ma|fa)')}`, { token: staff })
    expect(res.status).toBe(200)
  })
})

describe('PATCH and DELETE need a filter (safeupdate)', () => {
  it('refuses them even for service_role and changes nothing', async () => {
    const before = await tratamientos()
    expect(before).not.toBe('')
    const patch = await rest('/tb_tratamientos', { method: 'PATCH', key: stack.serviceRoleKey, body: JSON.stringify({ notas_internas: 'todo' }) })
    expect(patch.status).toBe(400)
    expect(patch.body).toEqual({ code: '21000', message: 'UPDATE requires a WHERE clause', details: null, hint: null })
    const del = await rest('/tb_tratamientos', { method: 'DELETE', key: stack.serviceRoleKey })
    expect(del.status).toBe(400)
    expect(del.body).toEqual({ code: '21000', message: 'DELETE requires a WHERE clause', details: null, hint: null })
    // A filter on an embedded resource does not narrow the rows changed either.
    const embedded = await rest('/tb_tratamientos?x.id=eq.1', { method: 'DELETE', key: stack.serviceRoleKey })
    expect(embedded.status).toBe(400)
    expect(await tratamientos()).toBe(before)
  })

  it('a filtered PATCH still works', async () => {
    const { rows } = await stack.db.query<{ id: string }>(`select id_tratamiento::text id from tb_tratamientos limit 1`)
    const res = await rest(`/tb_tratamientos?id_tratamiento=eq.${rows[0]!.id}`, {
      method: 'PATCH', key: stack.serviceRoleKey, body: JSON.stringify({ notas_internas: 'revisado' }),
    })
    expect(res.status).toBe(204)
  })
})

describe('embedded resources', () => {
  it('200 many-to-one embeds are refused before any SQL runs', async () => {
    const select = ['id_tratamiento', ...Array.from({ length: 200 }, (_, i) => `e${i}:tb_tratamientos(id_tratamiento)`)].join(',')
    const res = await rest(`/tb_tratamientos?select=${encodeURIComponent(select)}`, { key: stack.serviceRoleKey })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'PGRST100', details: expect.stringContaining('como máximo 10 recursos embebidos') })
  })
})

// statement_timeout and pg_cancel_backend exist only on a real PostgreSQL server; on
// PGlite a statement cannot be interrupted, which is why patterns are refused above.
// Registered only there: the PGlite pass has nothing of them to skip.
if (inject('spaTemplate').kind === 'pg')
  describe('PostgreSQL: time limits and abandoned queries', () => {
    beforeAll(async () => {
      await stack.db.exec(`
        create function public.espera(segundos float8) returns void language sql as $$ select pg_sleep(segundos) $$;
        grant execute on function public.espera(float8) to anon, authenticated, service_role;
        notify pgrst, 'reload schema';`)
      // Wait until the REST schema cache knows the function.
      while ((await rest('/rpc/espera', { method: 'POST', body: '{"segundos":0}', token: staff })).status === 404) await new Promise((r) => setTimeout(r, 50))
    })

    it("a signed-in user's statement is cancelled by its role's time limit", async () => {
      const res = await rest('/rpc/espera', { method: 'POST', body: '{"segundos":30}', token: staff })
      expect(res.body).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' })
    })

    it('a query whose client went away is cancelled', async () => {
      const controller = new AbortController()
      const call = fetch(`${stack.url}/rest/v1/rpc/espera`, {
        method: 'POST',
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
        body: '{"segundos":600}',
        signal: controller.signal,
      }).catch(() => null)
      const running = () =>
        stack.db.query(`select 1 from pg_stat_activity where state = 'active' and query like '%espera%' and query not like '%pg_stat_activity%'`)
      while ((await running()).rows.length === 0) await new Promise((r) => setTimeout(r, 50))
      controller.abort()
      await call
      // service_role has no time limit: only the cancellation can end a 10-minute sleep.
      while ((await running()).rows.length > 0) await new Promise((r) => setTimeout(r, 50))
    })
  })
