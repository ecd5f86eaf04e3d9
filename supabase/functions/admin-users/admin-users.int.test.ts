/**
 * `admin-users` through supabase-js `functions.invoke`, end to end: the function calls
 * Auth and REST over HTTP exactly as it would on hosted Supabase.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../../tests/support/stack.ts'
import { createTestUser, uniqueEmail, type TestUser } from '../../../tests/support/test-users.ts'
import type { Usuario } from './actions.ts'
import { MENSAJES_USUARIOS } from './messages.ts'
import { leerRespuesta, puedeEliminar, solicitudCrear, solicitudEditar, type Usuario as UsuarioPantalla } from '../../../src/domain/usuarios.ts'

let stack: TestStack
let admin: SupabaseClient
let adminProfile: Usuario
let staff: SupabaseClient

/** An Auth user plus its tbusuarios profile, written directly (test setup only). */
async function person(isAdmin: boolean): Promise<{ user: TestUser; profile: Usuario }> {
  const user = await createTestUser(stack)
  const { rows } = await stack.db.query<Usuario>(
    `insert into public.tbusuarios (auth_user_id, id_nombre, id_correo, is_admin)
     values ($1::uuid, $2, $3, $4) returning *`,
    [user.id, isAdmin ? 'Admin de prueba' : 'Personal de prueba', user.email, isAdmin],
  )
  return { user, profile: rows[0]! }
}

beforeAll(async () => {
  stack = await startTestStack()
  const a = await person(true)
  adminProfile = a.profile
  admin = await stack.signIn(a.user.email, a.user.password)
  const s = await person(false)
  staff = await stack.signIn(s.user.email, s.user.password)
})
afterAll(async () => {
  await stack?.close()
})

interface Answer {
  status: number | undefined
  body: { usuario?: Usuario; error?: string; code?: string }
}

async function call(client: SupabaseClient, body: unknown, method: 'POST' | 'GET' = 'POST'): Promise<Answer> {
  const { data, error, response } = await client.functions.invoke('admin-users', { body: body as Record<string, unknown>, method })
  const parsed = data ?? (error && 'context' in error ? await (error.context as Response).json() : null)
  return { status: response?.status, body: parsed }
}

const signIn = (email: string, password: string) => stack.anon().auth.signInWithPassword({ email, password })

async function profileRow(id: string) {
  const { rows } = await stack.db.query<Usuario>('select * from public.tbusuarios where id_usuario = $1::uuid', [id])
  return rows[0]
}

async function authUserCount(email: string) {
  const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from auth.users where lower(email) = lower($1)', [email])
  return rows[0]!.n
}

describe('create', () => {
  it('creates a confirmed account and its profile; the new person can sign in', async () => {
    const email = uniqueEmail('Nuevo').toUpperCase()
    const { status, body } = await call(admin, { action: 'create', nombre: '  Lucía Quispe ', email, password: 'clave-segura-1', is_admin: false })
    expect(status).toBe(201)
    expect(body.usuario).toMatchObject({ id_nombre: 'Lucía Quispe', id_correo: email.toLowerCase(), is_admin: false, is_active: true, _deleted: false })
    const signedIn = await signIn(email.toLowerCase(), 'clave-segura-1')
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.user?.id).toBe(body.usuario!.auth_user_id)
    expect(signedIn.data.user?.user_metadata).toMatchObject({ nombre: 'Lucía Quispe' })
    // …and works at once: staff access, no confirmation step, no waiting for a sync.
    const client = await stack.signIn(email.toLowerCase(), 'clave-segura-1')
    expect((await client.rpc('is_staff')).data).toBe(true)
    expect((await client.rpc('is_admin')).data).toBe(false)
    expect((await client.from('tb_formapago').select('fp_descripcion').limit(1)).error).toBeNull()
  })

  it('creates admins when asked; a new admin can manage users at once', async () => {
    const email = uniqueEmail('admin')
    const { body } = await call(admin, { action: 'create', nombre: 'Otra Admin', email, password: 'clave-segura-1', is_admin: true })
    expect(body.usuario?.is_admin).toBe(true)
    const client = await stack.signIn(email, 'clave-segura-1')
    expect((await client.rpc('is_admin')).data).toBe(true)
    expect((await call(client, { action: 'create', nombre: 'Creada por la nueva', email: uniqueEmail('hija'), password: 'clave-segura-1' })).status).toBe(201)
  })

  it('refuses a duplicate email with the exact message, creating no second account', async () => {
    const email = uniqueEmail('duplicado')
    expect((await call(admin, { action: 'create', nombre: 'Uno', email, password: 'clave-segura-1' })).status).toBe(201)
    const again = await call(admin, { action: 'create', nombre: 'Dos', email: email.toUpperCase(), password: 'clave-segura-1' })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ error: 'Ya existe un usuario con este correo electrónico.', code: 'email_exists' })
    expect(await authUserCount(email)).toBe(1)
  })

  it('refuses an email that already has an Auth account without a profile', async () => {
    const orphan = await createTestUser(stack)
    const r = await call(admin, { action: 'create', nombre: 'Huérfano', email: orphan.email, password: 'clave-segura-1' })
    expect(r.status).toBe(409)
    expect(r.body.error).toBe(MENSAJES_USUARIOS.duplicateEmail)
  })

  it.each([
    [{ nombre: 'Sin Clave', email: 'x@spa.test' }, 'La contraseña es obligatoria para nuevos usuarios.'],
    [{ nombre: 'Clave Blanca', email: 'x@spa.test', password: '   ' }, 'La contraseña es obligatoria para nuevos usuarios.'],
    [{ email: 'x@spa.test', password: 'clave-segura-1' }, MENSAJES_USUARIOS.nameAndEmailRequired],
    [{ nombre: 'Sin Correo', password: 'clave-segura-1' }, MENSAJES_USUARIOS.nameAndEmailRequired],
    [{ nombre: 'Correo Malo', email: 'no-es-correo', password: 'clave-segura-1' }, MENSAJES_USUARIOS.invalidEmail],
    [{ nombre: 'Correo Sin Punto', email: 'ana@localhost', password: 'clave-segura-1' }, MENSAJES_USUARIOS.invalidEmail],
    [{ nombre: 'Clave Corta', email: 'x@spa.test', password: '123' }, MENSAJES_USUARIOS.passwordTooShort],
    [{ nombre: 'x'.repeat(121), email: 'x@spa.test', password: 'clave-segura-1' }, MENSAJES_USUARIOS.nameTooLong],
    [{ nombre: 'Bandera', email: 'x@spa.test', password: 'clave-segura-1', is_admin: 'sí' }, MENSAJES_USUARIOS.invalidFlag('is_admin')],
  ])('validates %j', async (fields, message) => {
    const r = await call(admin, { action: 'create', ...fields })
    expect(r.status).toBe(400)
    expect(r.body.error).toBe(message)
    expect(await authUserCount('x@spa.test')).toBe(0)
  })

  it.each([
    ['nombre', { nombre: { nombre: 'Ana' }, email: 'x@spa.test', password: 'clave-segura-1' }],
    ['nombre', { nombre: ['Ana'], email: 'x@spa.test', password: 'clave-segura-1' }],
    ['nombre', { nombre: 12345, email: 'x@spa.test', password: 'clave-segura-1' }],
    ['email', { nombre: 'Correo Objeto', email: { x: 'x@spa.test' }, password: 'clave-segura-1' }],
    ['password', { nombre: 'Clave Número', email: 'x@spa.test', password: 12345678 }],
  ])('refuses a %s that is not text (never stored as "[object Object]")', async (field, fields) => {
    const r = await call(admin, { action: 'create', ...fields })
    expect(r).toEqual({ status: 400, body: { error: MENSAJES_USUARIOS.invalidText(field), code: 'validation_failed' } })
    expect(MENSAJES_USUARIOS.invalidText('nombre')).toBe('El campo nombre debe ser un texto.')
    expect(await authUserCount('x@spa.test')).toBe(0)
    const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from public.tbusuarios where id_nombre like '[object%'`)
    expect(rows[0]!.n).toBe(0)
  })

  it('refuses a name that is not text on update, changing nothing', async () => {
    const email = uniqueEmail('tipo')
    const { body } = await call(admin, { action: 'create', nombre: 'Nombre Tipado', email, password: 'clave-segura-1' })
    const id = body.usuario!.id_usuario
    const r = await call(admin, { action: 'update', id_usuario: id, nombre: { first: 'Otro' } })
    expect(r).toEqual({ status: 400, body: { error: MENSAJES_USUARIOS.invalidText('nombre'), code: 'validation_failed' } })
    expect((await profileRow(id))?.id_nombre).toBe('Nombre Tipado')
  })

  it('removes the new account again when the profile cannot be saved', async () => {
    // A rule the profile breaks, added for this test only.
    await stack.db.exec(`alter table public.tbusuarios add constraint prueba_rechazo check (id_nombre <> 'Perfil Rechazado')`)
    try {
      const email = uniqueEmail('rechazado')
      const r = await call(admin, { action: 'create', nombre: 'Perfil Rechazado', email, password: 'clave-segura-1' })
      expect(r.status).toBe(400)
      expect(r.body.error).toBeTruthy()
      expect(await authUserCount(email)).toBe(0)
      expect((await signIn(email, 'clave-segura-1')).error?.code).toBe('invalid_credentials')
    } finally {
      await stack.db.exec('alter table public.tbusuarios drop constraint prueba_rechazo')
    }
  })
})

describe('update, reset_password, delete', () => {
  async function staffMember() {
    const email = uniqueEmail('equipo')
    const { body } = await call(admin, { action: 'create', nombre: 'Miembro Equipo', email, password: 'clave-inicial-1' })
    return { usuario: body.usuario!, email }
  }

  it('updates name and admin flag; a blank password keeps the current one', async () => {
    const { usuario, email } = await staffMember()
    const r = await call(admin, { action: 'update', id_usuario: usuario.id_usuario, nombre: 'Nombre Nuevo', is_admin: true, password: '' })
    expect(r.status).toBe(200)
    expect(r.body.usuario).toMatchObject({ id_nombre: 'Nombre Nuevo', is_admin: true })
    expect((await signIn(email, 'clave-inicial-1')).error).toBeNull()
  })

  it('changes the password when one is given', async () => {
    const { usuario, email } = await staffMember()
    expect((await call(admin, { action: 'update', id_usuario: usuario.id_usuario, password: 'clave-cambiada-2' })).status).toBe(200)
    expect((await signIn(email, 'clave-inicial-1')).error?.code).toBe('invalid_credentials')
    expect((await signIn(email, 'clave-cambiada-2')).error).toBeNull()
  })

  it('never changes the email', async () => {
    const { usuario, email } = await staffMember()
    const same = await call(admin, { action: 'update', id_usuario: usuario.id_usuario, email: email.toUpperCase(), nombre: 'Igual' })
    expect(same.status).toBe(200)
    const other = await call(admin, { action: 'update', id_usuario: usuario.id_usuario, email: uniqueEmail('otro') })
    expect(other.status).toBe(400)
    expect(other.body.error).toBe(MENSAJES_USUARIOS.emailImmutable)
    expect((await profileRow(usuario.id_usuario))?.id_correo).toBe(email)
  })

  it('deactivating blocks sign-in and ends sessions; reactivating restores access', async () => {
    const { usuario, email } = await staffMember()
    const session = (await signIn(email, 'clave-inicial-1')).data.session!
    const off = await call(admin, { action: 'update', id_usuario: usuario.id_usuario, is_active: false })
    expect(off.body.usuario?.is_active).toBe(false)
    expect((await signIn(email, 'clave-inicial-1')).error?.code).toBe('user_banned')
    expect((await stack.anon().auth.refreshSession({ refresh_token: session.refresh_token })).error).not.toBeNull()
    const on = await call(admin, { action: 'update', id_usuario: usuario.id_usuario, is_active: true })
    expect(on.body.usuario?.is_active).toBe(true)
    expect((await signIn(email, 'clave-inicial-1')).error).toBeNull()
  })

  it('resets a password: the new one works, the old one and old sessions do not', async () => {
    const { usuario, email } = await staffMember()
    const session = (await signIn(email, 'clave-inicial-1')).data.session!
    const missing = await call(admin, { action: 'reset_password', id_usuario: usuario.id_usuario, password: '' })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe(MENSAJES_USUARIOS.newPasswordRequired)
    const r = await call(admin, { action: 'reset_password', id_usuario: usuario.id_usuario, password: 'restablecida-3' })
    expect(r.status).toBe(200)
    expect((await signIn(email, 'clave-inicial-1')).error?.code).toBe('invalid_credentials')
    expect((await signIn(email, 'restablecida-3')).error).toBeNull()
    expect((await stack.anon().auth.refreshSession({ refresh_token: session.refresh_token })).error?.code).toBe('refresh_token_not_found')
  })

  it('deletes: the profile is soft-deleted, the account is gone, the email can be used again', async () => {
    const { usuario, email } = await staffMember()
    const r = await call(admin, { action: 'delete', id_usuario: usuario.id_usuario })
    expect(r.status).toBe(200)
    expect(r.body.usuario).toMatchObject({ _deleted: true, is_active: false })
    expect(await profileRow(usuario.id_usuario)).toMatchObject({ _deleted: true, is_active: false, auth_user_id: null })
    expect(await authUserCount(email)).toBe(0)
    expect((await signIn(email, 'clave-inicial-1')).error?.code).toBe('invalid_credentials')

    const again = await call(admin, { action: 'delete', id_usuario: usuario.id_usuario })
    expect(again.status).toBe(404)
    expect(again.body.error).toBe(MENSAJES_USUARIOS.notFound)

    const recreated = await call(admin, { action: 'create', nombre: 'De Vuelta', email, password: 'clave-segura-1' })
    expect(recreated.status).toBe(201)
    expect(recreated.body.usuario?.id_usuario).not.toBe(usuario.id_usuario)
  })

  it('refuses to let an admin delete, demote or deactivate themselves', async () => {
    const id = adminProfile.id_usuario
    expect((await call(admin, { action: 'delete', id_usuario: id })).body.error).toBe(MENSAJES_USUARIOS.selfDelete)
    expect((await call(admin, { action: 'update', id_usuario: id, is_admin: false })).body.error).toBe(MENSAJES_USUARIOS.selfDemote)
    expect((await call(admin, { action: 'update', id_usuario: id, is_active: false })).body.error).toBe(MENSAJES_USUARIOS.selfDeactivate)
    expect(await profileRow(id)).toMatchObject({ is_admin: true, is_active: true, _deleted: false })
  })

  it('answers unknown and malformed ids', async () => {
    const unknown = await call(admin, { action: 'update', id_usuario: '00000000-0000-4000-8000-000000000000', nombre: 'X' })
    expect(unknown.status).toBe(404)
    const malformed = await call(admin, { action: 'delete', id_usuario: "1' or '1'='1" })
    expect(malformed.status).toBe(400)
    expect(malformed.body.error).toBe(MENSAJES_USUARIOS.invalidId)
  })
})

describe('the Usuarios screen and the function refuse alike (src/domain/usuarios.ts)', () => {
  it.each([
    { nombre: '', email: 'x@spa.test', password: 'clave-segura-1' },
    { nombre: 'Sin Correo', email: ' ', password: 'clave-segura-1' },
    { nombre: 'x'.repeat(121), email: 'x@spa.test', password: 'clave-segura-1' },
    { nombre: 'Correo Malo', email: 'no-es-correo', password: 'clave-segura-1' },
    { nombre: 'Correo Sin Punto', email: 'ana@localhost', password: 'clave-segura-1' },
    { nombre: 'Sin Clave', email: 'x@spa.test', password: '' },
    { nombre: 'Clave Corta', email: 'x@spa.test', password: '12345' },
    { nombre: 'Clave Larga', email: 'x@spa.test', password: 'ñ'.repeat(37) },
  ])('create %j', async (form) => {
    const screen = solicitudCrear({ ...form, isAdmin: false }, [])
    expect(screen.ok).toBe(false)
    const server = await call(admin, { action: 'create', nombre: form.nombre, email: form.email, password: form.password })
    expect(server.status).toBe(400)
    expect(server.body.error).toBe(!screen.ok && screen.mensaje)
  })

  it('a duplicate email', async () => {
    const email = uniqueEmail('repetido')
    const first = await call(admin, { action: 'create', nombre: 'Primera', email, password: 'clave-segura-1' })
    const screen = solicitudCrear({ nombre: 'Segunda', email: email.toUpperCase(), password: 'clave-segura-1', isAdmin: false }, [first.body.usuario! as UsuarioPantalla])
    const server = await call(admin, { action: 'create', nombre: 'Segunda', email: email.toUpperCase(), password: 'clave-segura-1' })
    expect(server.body.error).toBe(!screen.ok && screen.mensaje)
    expect(server.body.error).toBe('Ya existe un usuario con este correo electrónico.')
  })

  it('removing yourself, and what the screen sends is what the function takes', async () => {
    const yo = adminProfile as UsuarioPantalla
    const authId = adminProfile.auth_user_id!
    for (const [screen, body] of [
      [puedeEliminar(yo, authId, [yo]), { action: 'delete', id_usuario: yo.id_usuario }],
      [solicitudEditar(yo, { nombre: yo.id_nombre, email: yo.id_correo, password: '', isAdmin: false }, authId, [yo]), { action: 'update', id_usuario: yo.id_usuario, is_admin: false }],
    ] as const) {
      expect(screen.ok).toBe(false)
      expect((await call(admin, body)).body.error).toBe(!screen.ok && screen.mensaje)
    }
    const { usuario } = (await call(admin, { action: 'create', nombre: 'Para Editar', email: uniqueEmail('editar'), password: 'clave-segura-1' })).body
    const edit = solicitudEditar(usuario as UsuarioPantalla, { nombre: 'Editada', email: usuario!.id_correo!, password: 'clave-nueva-9', isAdmin: true }, authId, [yo])
    expect(edit.ok).toBe(true)
    const r = await call(admin, edit.ok ? edit.valor : {})
    expect(leerRespuesta('update', r.status ?? null, r.body)).toMatchObject({ ok: true, mensaje: '¡Usuario Actualizado!', usuario: { id_nombre: 'Editada', is_admin: true } })
    expect((await signIn(usuario!.id_correo!, 'clave-nueva-9')).error).toBeNull()
  })
})

describe('who may call it', () => {
  it('refuses staff who are not admins with 403, changing nothing', async () => {
    const email = uniqueEmail('intruso')
    const r = await call(staff, { action: 'create', nombre: 'Intruso', email, password: 'clave-segura-1', is_admin: true })
    expect(r.status).toBe(403)
    expect(r.body).toEqual({ error: 'Solo los administradores pueden gestionar usuarios.', code: 'not_admin' })
    expect(await authUserCount(email)).toBe(0)
    const del = await call(staff, { action: 'delete', id_usuario: adminProfile.id_usuario })
    expect(del.status).toBe(403)
  })

  it('refuses callers without a user session (the anon key) with 401', async () => {
    const r = await call(stack.anon(), { action: 'create', nombre: 'Anon', email: uniqueEmail(), password: 'clave-segura-1' })
    expect(r.status).toBe(401)
    expect(r.body.error).toBe(MENSAJES_USUARIOS.unauthenticated)
  })

  it('refuses a deactivated admin', async () => {
    const a = await person(true)
    const client = await stack.signIn(a.user.email, a.user.password)
    await stack.db.query('update public.tbusuarios set is_active = false where id_usuario = $1::uuid', [a.profile.id_usuario])
    expect((await call(client, { action: 'create', nombre: 'X', email: uniqueEmail(), password: 'clave-segura-1' })).status).toBe(403)
  })

  it('answers bad requests in Spanish', async () => {
    expect((await call(admin, { action: 'destruir' })).body.error).toBe(MENSAJES_USUARIOS.invalidAction)
    expect((await call(admin, {})).status).toBe(400)
    const get = await call(admin, undefined, 'GET')
    expect(get.status).toBe(405)
    const raw = await fetch(`${stack.url}/functions/v1/admin-users`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${(await admin.auth.getSession()).data.session!.access_token}`, 'content-type': 'application/json' },
      body: '{"action": ',
    })
    expect(raw.status).toBe(400)
    expect(raw.headers.get('access-control-allow-origin')).toBe('*')
  })
})
