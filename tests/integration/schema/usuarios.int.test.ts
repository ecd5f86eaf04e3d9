/**
 * System users (tbusuarios): nobody gives themselves permissions, only an admin changes
 * is_admin / is_active, there is always an active admin, last_sign_in_at follows
 * auth.users, and is_staff() / is_admin() decide what every policy lets through.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, crearUsuarioAuth, idAuth, type Actores } from './support/actores.ts'
import { insertar, leer, unico, valor } from './support/datos.ts'

let stack: TestStack
let actores: Actores

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
})
afterAll(async () => {
  await stack?.close()
})

const perfil = async (email: string) =>
  (await stack.db.query<{ id_usuario: string; is_admin: boolean; is_active: boolean; last_sign_in_at: string | null }>(
    `select id_usuario::text, is_admin, is_active, last_sign_in_at::text from public.tbusuarios where id_correo = $1`,
    [email],
  )).rows[0]!

describe('permisos', () => {
  it('is_staff() e is_admin() según quién llama', async () => {
    const esperado = { personal: [true, false], admin: [true, true], sinPerfil: [false, false] } as const
    for (const [nombre, [staff, admin]] of Object.entries(esperado)) {
      const cliente = actores[nombre as keyof Actores]
      expect((await cliente.rpc('is_staff')).data, `${nombre} is_staff`).toBe(staff)
      expect((await cliente.rpc('is_admin')).data, `${nombre} is_admin`).toBe(admin)
    }
    // Anon may call no function at all (docs/decisions/0030-superficie-anonima.md).
    for (const fn of ['is_staff', 'is_admin']) {
      const { data, error } = await actores.anon.rpc(fn)
      expect(data, `anon ${fn}`).toBeNull()
      expect(error?.code, `anon ${fn}`).toBe('42501')
    }
  })

  it('el personal no puede hacerse administrador ni reactivarse', async () => {
    const antes = await perfil('recepcion@spa.local')
    const { error } = await actores.personal.from('tbusuarios').update({ is_admin: true }).eq('id_usuario', antes.id_usuario)
    expect(error).toBeNull() // RLS filters the row out: PostgREST reports no error…
    expect(await perfil('recepcion@spa.local')).toMatchObject({ is_admin: false }) // …and nothing changed.
    expect((await actores.personal.rpc('is_admin')).data).toBe(false)
  })

  it('un usuario sin perfil no puede crearse un perfil de administrador', async () => {
    const { error } = await actores.sinPerfil.from('tbusuarios').insert({
      id_usuario: randomUUID(), auth_user_id: await idAuth(actores.sinPerfil), id_nombre: 'Intruso', id_correo: 'sin-perfil@spa.local', is_admin: true,
    })
    expect(error?.code).toBe('42501')
    expect(error?.message).toBe('Solo un administrador puede crear usuarios o cambiar sus permisos de acceso.')
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tbusuarios where id_correo = 'sin-perfil@spa.local'`)).toBe(0)
  })

  it('un admin crea, asciende y desactiva usuarios', async () => {
    const email = `${unico('caja')}@spa.local`
    const id = randomUUID()
    expect((await actores.admin.from('tbusuarios').insert({ id_usuario: id, id_nombre: 'Caja', id_correo: email })).error).toBeNull()
    expect((await actores.admin.from('tbusuarios').update({ is_admin: true }).eq('id_usuario', id)).error).toBeNull()
    expect((await actores.admin.from('tbusuarios').update({ is_active: false }).eq('id_usuario', id)).error).toBeNull()
    expect(await leer(stack.db, 'tbusuarios', 'id_usuario', id)).toMatchObject({ is_admin: true, is_active: false })
  })
})

describe('siempre queda un administrador activo', () => {
  it('el único admin no puede quitarse el rol, desactivarse ni eliminarse', async () => {
    const admin = await perfil('admin@spa.local')
    for (const cambio of [{ is_admin: false }, { is_active: false }, { _deleted: true }]) {
      const { error } = await actores.admin.from('tbusuarios').update(cambio).eq('id_usuario', admin.id_usuario)
      expect(error?.code).toBe('P0001')
      expect(error?.message).toBe('Debe quedar al menos un administrador activo.')
    }
    const duro = await stack.service().from('tbusuarios').delete().eq('id_usuario', admin.id_usuario)
    expect(duro.error?.message).toBe('Debe quedar al menos un administrador activo.')
    expect(await perfil('admin@spa.local')).toMatchObject({ is_admin: true, is_active: true })
  })

  it('con otro admin activo, sí puede dejar de serlo', async () => {
    const otro = await insertar(stack.db, 'tbusuarios', { id_nombre: 'Gerencia', id_correo: `${unico('gerencia')}@spa.local`, is_admin: true })
    const admin = await perfil('admin@spa.local')
    expect((await actores.admin.from('tbusuarios').update({ is_admin: false }).eq('id_usuario', admin.id_usuario)).error).toBeNull()
    // Restore: the other admin promotes the demo admin again (service role stands in for it).
    await stack.service().from('tbusuarios').update({ is_admin: true }).eq('id_usuario', admin.id_usuario)
    await stack.db.query(`update public.tbusuarios set is_admin = false where id_usuario = $1`, [otro.id_usuario])
    expect(await perfil('admin@spa.local')).toMatchObject({ is_admin: true })
  })
})

describe('enlace con auth.users', () => {
  it('last_sign_in_at sigue al inicio de sesión y no lo escribe un cliente', async () => {
    await stack.db.query(`update auth.users set last_sign_in_at = null where email = 'recepcion@spa.local'`)
    expect((await perfil('recepcion@spa.local')).last_sign_in_at).toBeNull()
    await stack.signIn('recepcion@spa.local', 'recepcion1234')
    const tras = await perfil('recepcion@spa.local')
    expect(tras.last_sign_in_at).not.toBeNull()
    expect(tras.last_sign_in_at).toBe(await valor<string>(stack.db, `select last_sign_in_at::text as v from auth.users where email = 'recepcion@spa.local'`))

    await actores.admin.from('tbusuarios').update({ last_sign_in_at: '2001-01-01T00:00:00Z', id_nombre: 'Recepción' }).eq('id_usuario', tras.id_usuario)
    expect((await perfil('recepcion@spa.local')).last_sign_in_at).toBe(tras.last_sign_in_at)
  })

  it('un perfil creado antes que su usuario de autenticación se enlaza por correo', async () => {
    const email = `${unico('nueva')}@spa.local`
    const { error } = await actores.admin.from('tbusuarios').insert({ id_usuario: randomUUID(), id_nombre: 'Nueva recepcionista', id_correo: email })
    expect(error).toBeNull()
    const uid = await crearUsuarioAuth(stack.db, email, 'clave-segura-1')
    expect(await valor<string>(stack.db, `select auth_user_id::text as v from public.tbusuarios where id_correo = $1`, [email])).toBe(uid)
    const cliente = await stack.signIn(email, 'clave-segura-1')
    expect((await cliente.rpc('is_staff')).data).toBe(true)
    expect((await cliente.from('tb_pacientes').select('id_paciente').limit(1)).error).toBeNull()
  })

  it('borrar el usuario de autenticación deja el perfil sin enlace (y sin acceso)', async () => {
    const email = `${unico('temporal')}@spa.local`
    const uid = await crearUsuarioAuth(stack.db, email, 'clave-segura-2')
    await insertar(stack.db, 'tbusuarios', { auth_user_id: uid, id_nombre: 'Temporal', id_correo: email })
    await stack.db.query(`delete from auth.users where id = $1`, [uid])
    expect(await valor<string | null>(stack.db, `select auth_user_id::text as v from public.tbusuarios where id_correo = $1`, [email])).toBeNull()
  })
})
