// Who a request runs as: JWT verification and PostgREST's 401s, roles from the `role`
// claim, and RLS really enforced per request (anon vs two signed-in users), including
// insert-only access for anon and silent no-ops for updates RLS hides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT } from 'jose'
import type { TestStack } from '../../../tests/support/stack.ts'
import { USER_A, USER_B, clientWithToken, raw, startRestFixture, userClient } from '../../../tests/support/conformance-fixture.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startRestFixture()
  await stack.db.exec(`
    insert into conf_notes (owner, body, public) values
      ('${USER_A}', 'nota privada de A', false), ('${USER_A}', 'nota pública de A', true), ('${USER_B}', 'nota de B', false);
  `)
})
afterAll(async () => {
  await stack?.close()
})

const now = () => Math.floor(Date.now() / 1000)
const bodies = (data: unknown) => (data as Array<{ body: string }>).map((r) => r.body).sort()

describe('JWT', () => {
  it('expired tokens → 401 PGRST303 with WWW-Authenticate', async () => {
    const token = await stack.keys.sign({ sub: USER_A, role: 'authenticated', exp: now() - 120 })
    const res = await raw(stack, '/conf_notes', { key: stack.anonKey, headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null })
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="JWT expired"')
    const viaClient = await clientWithToken(stack, token).from('conf_notes').select('*')
    expect(viaClient.status).toBe(401)
    expect(viaClient.error?.code).toBe('PGRST303')
  })

  it('forged, malformed and wrong-algorithm tokens → 401 PGRST301', async () => {
    const forged = await new SignJWT({ sub: USER_A, role: 'service_role' }).setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h').sign(new TextEncoder().encode('otro-secreto-que-no-es-el-del-proyecto'))
    const bad = await raw(stack, '/conf_notes', { key: stack.anonKey, headers: { authorization: `Bearer ${forged}` } })
    expect(bad.status).toBe(401)
    expect(bad.body).toMatchObject({ code: 'PGRST301', message: 'JWT cryptographic operation failed' })
    const parts = await raw(stack, '/conf_notes', { key: stack.anonKey, headers: { authorization: 'Bearer abc.def' } })
    expect(parts.body).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 2' })
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url')}.`
    const alg = await raw(stack, '/conf_notes', { key: stack.anonKey, headers: { authorization: `Bearer ${none}` } })
    expect(alg.status).toBe(401)
    expect(alg.body).toMatchObject({ code: 'PGRST301', message: 'Wrong or unsupported encoding algorithm' })
    // None of them saw any data.
    for (const r of [bad, parts, alg]) expect(JSON.stringify(r.body)).not.toContain('nota')
  })

  it('unknown roles and roles the API may not assume are refused', async () => {
    const ghost = await stack.keys.sign({ role: 'fantasma', exp: now() + 60 })
    const res = await raw(stack, '/conf_notes', { key: stack.anonKey, headers: { authorization: `Bearer ${ghost}` } })
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: '22023', message: 'role "fantasma" does not exist' })
    const superuser = await stack.keys.sign({ role: 'postgres', exp: now() + 60 })
    const su = await raw(stack, '/conf_notes', { key: stack.anonKey, headers: { authorization: `Bearer ${superuser}` } })
    expect(su.status).toBe(403)
    expect(su.body).toMatchObject({ code: '42501', message: 'permission denied to set role "postgres"' })
  })

  it('a token without a role claim runs as anon', async () => {
    const token = await stack.keys.sign({ sub: USER_A, exp: now() + 60 })
    const { data } = await clientWithToken(stack, token).from('conf_notes').select('body')
    expect(bodies(data)).toEqual(['nota pública de A'])
  })
})

describe('RLS', () => {
  it('anon sees only public rows; each user only their own', async () => {
    expect(bodies((await stack.anon().from('conf_notes').select('body')).data)).toEqual(['nota pública de A'])
    const a = await userClient(stack, USER_A)
    expect(bodies((await a.from('conf_notes').select('body')).data)).toEqual(['nota privada de A', 'nota pública de A'])
    const b = await userClient(stack, USER_B)
    expect(bodies((await b.from('conf_notes').select('body')).data)).toEqual(['nota de B'])
    expect(bodies((await stack.service().from('conf_notes').select('body')).data)).toHaveLength(3)
  })

  it('inserts are checked: own rows pass, others 403 (authenticated) / 401 (anon)', async () => {
    const a = await userClient(stack, USER_A)
    const mine = await a.from('conf_notes').insert({ body: 'nueva de A' }).select('owner').single()
    expect(mine.error).toBeNull()
    expect(mine.data).toEqual({ owner: USER_A })
    const forged = await a.from('conf_notes').insert({ body: 'suplantación', owner: USER_B })
    expect(forged.status).toBe(403)
    expect(forged.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "conf_notes"' })
    const anon = await stack.anon().from('conf_notes').insert({ body: 'anónima', owner: USER_A })
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe('42501')
    const { rows } = await stack.db.query(`select body from conf_notes where body in ('suplantación', 'anónima')`)
    expect(rows).toEqual([])
  })

  it('updates and deletes of rows RLS hides affect nothing, without error', async () => {
    const b = await userClient(stack, USER_B)
    const upd = await b.from('conf_notes').update({ body: 'hackeada' }).eq('body', 'nota privada de A').select()
    expect(upd.error).toBeNull()
    expect(upd.data).toEqual([])
    const del = await b.from('conf_notes').delete().eq('body', 'nota privada de A')
    expect(del.status).toBe(204)
    const { rows } = await stack.db.query(`select body from conf_notes where body = 'nota privada de A'`)
    expect(rows).toHaveLength(1)
  })

  it('anon may insert but not read (the public booking form), with return=minimal', async () => {
    const anon = stack.anon()
    const ok = await anon.from('conf_requests').insert({ name: 'María' })
    expect(ok.status).toBe(201)
    expect(ok.error).toBeNull()
    // Asking for the row back needs SELECT, which anon does not have.
    const back = await anon.from('conf_requests').insert({ name: 'José' }).select()
    expect(back.status).toBe(401)
    const wrongStatus = await anon.from('conf_requests').insert({ name: 'Pedro', status: 'confirmada' })
    expect(wrongStatus.status).toBe(401)
    expect((await anon.from('conf_requests').select('*')).data).toEqual([])
    const { rows } = await stack.db.query(`select name, status from conf_requests order by id`)
    expect(rows).toEqual([{ name: 'María', status: 'pendiente' }])
  })

  it('request settings are visible to SQL exactly as PostgREST sets them', async () => {
    await stack.db.exec(`
      create function conf_settings() returns json language sql stable as $$
        select json_build_object('role', current_user, 'method', current_setting('request.method', true),
          'path', current_setting('request.path', true), 'sub', auth.uid(), 'jwt_role', auth.jwt()->>'role',
          'header', current_setting('request.headers', true)::json->>'x-prueba',
          'search_path', current_setting('search_path'), 'read_only', current_setting('transaction_read_only'))
      $$;
      notify pgrst, 'reload schema';`)
    const a = await userClient(stack, USER_A)
    let data: unknown = null
    for (let i = 0; i < 200 && data === null; i++) {
      data = (await a.rpc('conf_settings', {}, { get: true }).setHeader('x-prueba', 'hola')).data
      if (data === null) await new Promise((r) => setTimeout(r, 25))
    }
    expect(data).toEqual({
      role: 'authenticated', method: 'GET', path: '/rpc/conf_settings', sub: USER_A, jwt_role: 'authenticated',
      header: 'hola', search_path: '"public", "extensions"', read_only: 'on',
    })
    const post = await a.rpc('conf_settings')
    expect(post.data).toMatchObject({ method: 'POST', read_only: 'on' }) // stable functions run read-only
  })
})
