/**
 * The last active admin, through `admin-users`: an admin can never remove themself, and
 * when the only two admins remove each other at the same moment, exactly one request
 * wins and the other is refused in Spanish — whichever way the requests interleave, an
 * admin remains who can still sign in and manage users. (The database's trigger decides
 * before any account is deleted or banned: a refusal must not leave a profile without
 * its account.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { createTestUser } from '../../../tests/support/test-users.ts'
import type { Usuario } from './actions.ts'
import { MENSAJES_USUARIOS } from './messages.ts'
import { refusals as accessRefusals } from '../../local/auth/access-check.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.close()
})

interface Admin {
  client: SupabaseClient
  email: string
  password: string
  profile: Usuario
}

async function nuevoAdmin(nombre: string): Promise<Admin> {
  const user = await createTestUser(stack)
  const { rows } = await stack.db.query<Usuario>(
    `insert into public.tbusuarios (auth_user_id, id_nombre, id_correo, is_admin) values ($1::uuid, $2, $3, true) returning *`,
    [user.id, nombre, user.email],
  )
  return { client: await stack.signIn(user.email, user.password), email: user.email, password: user.password, profile: rows[0]! }
}

/** Two fresh admins, and nobody else an admin any more. */
async function soloDosAdmins(): Promise<[Admin, Admin]> {
  const a = await nuevoAdmin('Admin A')
  const b = await nuevoAdmin('Admin B')
  await stack.db.query(`update public.tbusuarios set is_admin = false where is_admin and id_usuario not in ($1::uuid, $2::uuid)`, [
    a.profile.id_usuario,
    b.profile.id_usuario,
  ])
  return [a, b]
}

async function call(client: SupabaseClient, body: Record<string, unknown>) {
  const { data, error, response } = await client.functions.invoke('admin-users', { body })
  const parsed = (data ?? (error && 'context' in error ? await (error.context as Response).json() : null)) as {
    error?: string
    msg?: string
    code?: string
  } | null
  return { status: response?.status, body: parsed }
}

async function adminsActivos(): Promise<Array<{ id_correo: string; auth_user_id: string | null }>> {
  const { rows } = await stack.db.query<{ id_correo: string; auth_user_id: string | null }>(
    `select id_correo, auth_user_id::text from public.tbusuarios where is_admin and is_active and not _deleted`,
  )
  return rows
}

/**
 * What the losing request may answer, depending on how far the winner got: the function's
 * own refusals, or — when the winner already removed the loser before its request came
 * in — the server's check of removed users, which answers before any function runs.
 */
const refusals = new Set<string>([
  MENSAJES_USUARIOS.lastAdmin,
  MENSAJES_USUARIOS.unauthenticated,
  MENSAJES_USUARIOS.notAdmin,
  accessRefusals.userGone,
  accessRefusals.userDisabled,
])

/** Exactly one admin is left, with its account: it signs in again and can still manage users. */
async function quedaUnAdminUtil(a: Admin, b: Admin) {
  const activos = await adminsActivos()
  expect(activos).toHaveLength(1)
  expect(activos[0]!.auth_user_id).not.toBeNull()
  const superviviente = activos[0]!.id_correo === a.email ? a : b
  const again = await stack.anon().auth.signInWithPassword({ email: superviviente.email, password: superviviente.password })
  expect(again.error).toBeNull()
  const probe = await call(superviviente.client, { action: 'update', id_usuario: superviviente.profile.id_usuario, nombre: 'Sigue a cargo' })
  expect(probe.status).toBe(200)
}

function unoGanaOtroRechazado(results: Array<{ status: number | undefined; body: { error?: string; msg?: string } | null }>) {
  const ok = results.filter((r) => r.status === 200)
  const refused = results.filter((r) => r.status !== 200)
  expect(ok).toHaveLength(1)
  expect(refused).toHaveLength(1)
  const body = refused[0]!.body
  expect(refusals.has(body?.error ?? body?.msg ?? ''), JSON.stringify(refused[0])).toBe(true)
}

describe('an admin never removes themself', () => {
  it('is refused with its own message even when other admins exist', async () => {
    const [a] = await soloDosAdmins()
    for (const [body, message] of [
      [{ action: 'delete', id_usuario: a.profile.id_usuario }, MENSAJES_USUARIOS.selfDelete],
      [{ action: 'update', id_usuario: a.profile.id_usuario, is_admin: false }, MENSAJES_USUARIOS.selfDemote],
      [{ action: 'update', id_usuario: a.profile.id_usuario, is_active: false }, MENSAJES_USUARIOS.selfDeactivate],
    ] as const) {
      expect(await call(a.client, body)).toEqual({ status: 400, body: { error: message, code: 'validation_failed' } })
    }
    expect((await adminsActivos()).map((r) => r.id_correo)).toContain(a.email)
  })
})

describe('the only two admins remove each other at the same moment', () => {
  // Several rounds: the requests interleave differently each time.
  for (let round = 1; round <= 3; round++) {
    it(`delete (round ${round}): one wins, the other is refused, the winner keeps a working account`, async () => {
      const [a, b] = await soloDosAdmins()
      const results = await Promise.all([
        call(a.client, { action: 'delete', id_usuario: b.profile.id_usuario }),
        call(b.client, { action: 'delete', id_usuario: a.profile.id_usuario }),
      ])
      unoGanaOtroRechazado(results)
      await quedaUnAdminUtil(a, b)
    })

    it(`demote (round ${round}): one wins, the other is refused`, async () => {
      const [a, b] = await soloDosAdmins()
      const results = await Promise.all([
        call(a.client, { action: 'update', id_usuario: b.profile.id_usuario, is_admin: false }),
        call(b.client, { action: 'update', id_usuario: a.profile.id_usuario, is_admin: false }),
      ])
      unoGanaOtroRechazado(results)
      await quedaUnAdminUtil(a, b)
    })

    it(`deactivate (round ${round}): one wins, the other is refused and its target is not banned`, async () => {
      const [a, b] = await soloDosAdmins()
      const results = await Promise.all([
        call(a.client, { action: 'update', id_usuario: b.profile.id_usuario, is_active: false }),
        call(b.client, { action: 'update', id_usuario: a.profile.id_usuario, is_active: false }),
      ])
      unoGanaOtroRechazado(results)
      await quedaUnAdminUtil(a, b)
    })
  }
})
