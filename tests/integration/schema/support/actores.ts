/**
 * The four kinds of callers the schema's security is written for, as supabase-js
 * clients of a test stack: the public site (anon), reception staff, an administrator,
 * and a signed-in user who has no staff profile (or whose profile was deactivated).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Queryable } from '../../../../supabase/local/db.ts'
import { demo, type TestStack } from '../../../support/stack.ts'

export type NombreActor = 'anon' | 'personal' | 'admin' | 'sinPerfil'
export type Actores = Record<NombreActor, SupabaseClient>

export const usuarioSinPerfil = { email: 'sin-perfil@spa.local', password: 'sinperfil1234' }

/**
 * Creates a confirmed email/password user directly in auth.users (as an admin would
 * through the Auth admin API) and returns its id. It gets no tbusuarios row.
 */
export async function crearUsuarioAuth(db: Queryable, email: string, password: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `with u as (
       insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               confirmation_token, recovery_token, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', lower($1),
               extensions.crypt($2, extensions.gen_salt('bf', 4)), now(), '', '',
               '{"provider":"email","providers":["email"]}', '{}', now(), now())
       returning id
     ), i as (
       insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       select id::text, id, jsonb_build_object('sub', id::text, 'email', lower($1), 'email_verified', true), 'email', now(), now() from u
     )
     select id::text from u`,
    [email, password],
  )
  return rows[0]!.id
}

export async function crearActores(stack: TestStack): Promise<Actores> {
  await crearUsuarioAuth(stack.db, usuarioSinPerfil.email, usuarioSinPerfil.password)
  const [personal, admin, sinPerfil] = await Promise.all([
    stack.signIn(demo.staff.email, demo.staff.password),
    stack.signIn(demo.admin.email, demo.admin.password),
    stack.signIn(usuarioSinPerfil.email, usuarioSinPerfil.password),
  ])
  return { anon: stack.anon(), personal, admin, sinPerfil }
}

/** The id of the auth user behind a signed-in client. */
export async function idAuth(cliente: SupabaseClient): Promise<string> {
  const { data } = await cliente.auth.getSession()
  if (!data.session) throw new Error('el cliente no tiene sesión')
  return data.session.user.id
}
