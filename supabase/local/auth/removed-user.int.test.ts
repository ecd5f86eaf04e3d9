// The still-valid access token of a user an administrator deleted or deactivated (not
// of a session merely signed out: see the last test) gets no REST, RPC or Functions work
// done: 401 in Spanish, at once
// (docs/decisions/0032-bloqueo-carpeta-y-acceso.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { demo, startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { refusals } from './access-check.ts'
import { createTestUser } from '../../../tests/support/test-users.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.close()
})

async function tokenOf(client: SupabaseClient): Promise<{ id: string; token: string }> {
  const { data } = await client.auth.getSession()
  return { id: data.session!.user.id, token: data.session!.access_token }
}

async function rest(token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${stack.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

// An upload of one patient, as the sync layer sends it.
const push = (token: string) =>
  rest(token, '/rpc/sync_push', {
    method: 'POST',
    body: JSON.stringify({
      p_table: 'tb_pacientes',
      p_columns: ['id_paciente', 'nombres', 'apellidos', 'updated_at'],
      p_rows: [{ n: { id_paciente: crypto.randomUUID(), nombres: 'Ana', apellidos: 'Quispe', updated_at: new Date().toISOString() }, a: null }],
    }),
  })

describe('tokens of removed users', () => {
  it('a deleted user: REST read and sync_push refused with 401 at once', async () => {
    const staff = await stack.signIn(demo.staff.email, demo.staff.password)
    const { id, token } = await tokenOf(staff)
    expect((await rest(token, '/tb_tratamientos?select=id_tratamiento&limit=1')).status).toBe(200)

    const { error } = await stack.service().auth.admin.deleteUser(id)
    expect(error).toBeNull()

    const read = await rest(token, '/tb_tratamientos?select=id_tratamiento&limit=1')
    expect(read).toEqual({ status: 401, body: { code: 'PGRST301', message: refusals.userGone, details: null, hint: null } })
    const before = await stack.db.query<{ n: number }>('select count(*)::int n from tb_pacientes')
    const pushed = await push(token)
    expect(pushed.status).toBe(401)
    expect(pushed.body.message).toBe(refusals.userGone)
    expect((await stack.db.query<{ n: number }>('select count(*)::int n from tb_pacientes')).rows[0]!.n).toBe(before.rows[0]!.n)
    // supabase-js reads it as an auth failure (the sync layer refreshes, then signs out).
    const viaClient = await staff.from('tb_tratamientos').select('id_tratamiento')
    expect(viaClient.status).toBe(401)
    expect(viaClient.error?.message).toBe(refusals.userGone)
  })

  it('a deactivated (banned) user: REST and Functions refused', async () => {
    const user = await createTestUser(stack)
    const client = await stack.signIn(user.email, user.password)
    const { token } = await tokenOf(client)
    expect((await rest(token, '/tb_tratamientos?select=id_tratamiento&limit=1')).status).toBe(200)

    // What the admin-users function does to deactivate an account.
    const { error } = await stack.service().auth.admin.updateUserById(user.id, { ban_duration: '876000h' })
    expect(error).toBeNull()

    const read = await rest(token, '/tb_tratamientos?select=id_tratamiento&limit=1')
    expect(read.status).toBe(401)
    expect(read.body.message).toBe(refusals.userDisabled)
    const fn = await fetch(`${stack.url}/functions/v1/admin-users`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'list' }),
    })
    expect(fn.status).toBe(401)
    expect(((await fn.json()) as { msg: string }).msg).toBe(refusals.userDisabled)

    // Reactivated: a new sign-in works.
    await stack.service().auth.admin.updateUserById(user.id, { ban_duration: 'none' })
    const again = await tokenOf(await stack.signIn(user.email, user.password))
    expect((await rest(again.token, '/tb_tratamientos?select=id_tratamiento&limit=1')).status).toBe(200)
  })

  it('a token whose session was signed out still serves until it expires: a tablet signed in offline afterwards uploads with it (docs/decisions/0023)', async () => {
    const user = await createTestUser(stack)
    const tablet = await stack.signIn(user.email, user.password)
    const office = await stack.signIn(user.email, user.password)
    const tabletToken = (await tokenOf(tablet)).token
    expect((await office.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await rest(tabletToken, '/tb_tratamientos?select=id_tratamiento&limit=1')).status).toBe(200)
    // Deleting the user still stops it at once.
    expect((await stack.service().auth.admin.deleteUser(user.id)).error).toBeNull()
    expect((await rest(tabletToken, '/tb_tratamientos?select=id_tratamiento&limit=1')).status).toBe(401)
  })
})
