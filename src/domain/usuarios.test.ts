import { describe, expect, it } from 'vitest'
import {
  MENSAJES_USUARIOS,
  buscarUsuarios,
  campoDelMensaje,
  leerRespuesta,
  puedeDesactivar,
  puedeEliminar,
  puedeQuitarAdmin,
  solicitudCrear,
  solicitudEditar,
  solicitudEditarConEstado,
  usuarioAForm,
  usuarioAFormEdicion,
  usuarioFormVacio,
  type Usuario,
} from './usuarios.ts'

function usuario(over: Partial<Usuario>): Usuario {
  return {
    id_usuario: crypto.randomUUID(),
    auth_user_id: crypto.randomUUID(),
    id_nombre: 'Recepción',
    id_correo: 'recepcion@spa.local',
    is_admin: false,
    is_active: true,
    ...over,
  }
}

const yo = usuario({ id_nombre: 'Administración', id_correo: 'admin@spa.local', is_admin: true })
const otraAdmin = usuario({ id_nombre: 'Gerencia', id_correo: 'gerencia@spa.local', is_admin: true })
const recepcion = usuario({ id_nombre: 'Lucía Quispe', id_correo: 'lucia@spa.local' })
const yoId = yo.auth_user_id!

describe('search', () => {
  const lista = [recepcion, yo, otraAdmin, usuario({ id_nombre: 'Ángela Ríos', id_correo: 'angela@spa.local' }), usuario({ id_nombre: 'Borrada', id_correo: 'b@spa.local', _deleted: true })]

  it('matches name or email, ignoring case and accents, sorted by name; deleted users never show', () => {
    expect(buscarUsuarios(lista, '').map((u) => u.id_nombre)).toEqual(['Administración', 'Ángela Ríos', 'Gerencia', 'Lucía Quispe'])
    expect(buscarUsuarios(lista, 'ANGELA').map((u) => u.id_nombre)).toEqual(['Ángela Ríos'])
    expect(buscarUsuarios(lista, 'lucia@').map((u) => u.id_nombre)).toEqual(['Lucía Quispe'])
    expect(buscarUsuarios(lista, ' quispe ').map((u) => u.id_nombre)).toEqual(['Lucía Quispe'])
    expect(buscarUsuarios(lista, 'borrada')).toEqual([])
    expect(buscarUsuarios(lista, 'zzz')).toEqual([])
  })
})

describe('create', () => {
  const form = { ...usuarioFormVacio, nombre: '  Rosa Mamani ', email: ' Rosa@Spa.Local ', password: 'clave-segura-1', isAdmin: false }
  const usuarios = [yo, recepcion]

  it('becomes the function\'s create request, email in lower case', () => {
    expect(solicitudCrear(form, usuarios)).toEqual({
      ok: true,
      valor: { action: 'create', nombre: 'Rosa Mamani', email: 'rosa@spa.local', password: 'clave-segura-1', is_admin: false },
    })
    expect(solicitudCrear({ ...form, isAdmin: true }, usuarios)).toMatchObject({ ok: true, valor: { is_admin: true } })
  })

  it.each([
    [{ nombre: '' }, 'El nombre y el correo electrónico son obligatorios.'],
    [{ email: '  ' }, 'El nombre y el correo electrónico son obligatorios.'],
    [{ nombre: 'x'.repeat(121) }, 'El nombre no puede superar los 120 caracteres.'],
    [{ email: 'no-es-correo' }, 'El correo electrónico no es válido.'],
    [{ email: 'ana@localhost' }, 'El correo electrónico no es válido.'],
    [{ email: 'LUCIA@spa.local' }, 'Ya existe un usuario con este correo electrónico.'],
    [{ password: '' }, 'La contraseña es obligatoria para nuevos usuarios.'],
    [{ password: '   ' }, 'La contraseña es obligatoria para nuevos usuarios.'],
    [{ password: '12345' }, 'La contraseña debe tener al menos 6 caracteres.'],
    [{ password: 'ñ'.repeat(37) }, 'La contraseña no puede superar los 72 caracteres.'], // 74 bytes in UTF-8
  ])('refuses %j: %s', (over, mensaje) => {
    expect(solicitudCrear({ ...form, ...over }, usuarios)).toEqual({ ok: false, mensaje })
  })

  it('lets a deleted user\'s email be used again', () => {
    const borrado = usuario({ id_correo: 'rosa@spa.local', _deleted: true })
    expect(solicitudCrear(form, [...usuarios, borrado]).ok).toBe(true)
  })

  it('counts characters, not bytes, for the minimum length', () => {
    expect(solicitudCrear({ ...form, password: 'ñandú1' }, usuarios).ok).toBe(true)
    expect(solicitudCrear({ ...form, password: 'ñ'.repeat(36) }, usuarios).ok).toBe(true) // exactly 72 bytes
  })
})

describe('edit', () => {
  const usuarios = [yo, otraAdmin, recepcion]

  it('loads the row with an empty password; a blank password keeps the current one', () => {
    const form = usuarioAForm(recepcion)
    expect(form).toEqual({ nombre: 'Lucía Quispe', email: 'lucia@spa.local', password: '', isAdmin: false })
    expect(solicitudEditar(recepcion, { ...form, nombre: ' Lucía Q. ', isAdmin: true }, yoId, usuarios)).toEqual({
      ok: true,
      valor: { action: 'update', id_usuario: recepcion.id_usuario, nombre: 'Lucía Q.', is_admin: true },
    })
  })

  it('sends a typed password, checked like on create', () => {
    const form = usuarioAForm(recepcion)
    expect(solicitudEditar(recepcion, { ...form, password: 'otra-clave-2' }, yoId, usuarios)).toMatchObject({ ok: true, valor: { password: 'otra-clave-2' } })
    expect(solicitudEditar(recepcion, { ...form, password: '123' }, yoId, usuarios)).toEqual({ ok: false, mensaje: MENSAJES_USUARIOS.contrasenaCorta })
  })

  it('needs a name', () => {
    expect(solicitudEditar(recepcion, { ...usuarioAForm(recepcion), nombre: ' ' }, yoId, usuarios)).toEqual({ ok: false, mensaje: 'El nombre es obligatorio.' })
  })

  it('never sends the email (it cannot be edited)', () => {
    const r = solicitudEditar(recepcion, { ...usuarioAForm(recepcion), email: 'otro@spa.local' }, yoId, usuarios)
    expect(r.ok && 'email' in r.valor).toBe(false)
  })

  it('refuses taking your own admin rights away, but keeping them while editing yourself is fine', () => {
    expect(solicitudEditar(yo, { ...usuarioAForm(yo), isAdmin: false }, yoId, usuarios)).toEqual({
      ok: false,
      mensaje: 'No puedes quitarte tus propios permisos de administrador.',
    })
    expect(solicitudEditar(yo, { ...usuarioAForm(yo), nombre: 'Admin' }, yoId, usuarios).ok).toBe(true)
    expect(solicitudEditar(otraAdmin, { ...usuarioAForm(otraAdmin), isAdmin: false }, yoId, usuarios).ok).toBe(true)
  })
})

describe('what the screen refuses', () => {
  it('deleting yourself', () => {
    expect(puedeEliminar(yo, yoId, [yo, otraAdmin])).toEqual({ ok: false, mensaje: 'No puedes eliminar tu propio usuario.' })
    expect(puedeDesactivar(yo, yoId, [yo, otraAdmin])).toEqual({ ok: false, mensaje: 'No puedes desactivar tu propio usuario.' })
  })

  it('deleting, demoting or deactivating the last active admin', () => {
    // The only other admin is deactivated or deleted: the signed-in admin is staff-only here.
    const unico = usuario({ id_nombre: 'Única', is_admin: true })
    const lista = [unico, usuario({ is_admin: true, is_active: false }), usuario({ is_admin: true, _deleted: true }), recepcion]
    for (const check of [puedeEliminar, puedeQuitarAdmin, puedeDesactivar]) {
      expect(check(unico, 'otra-persona', lista)).toEqual({ ok: false, mensaje: 'Debe quedar al menos un administrador activo.' })
    }
  })

  it('allows them for anyone else', () => {
    const usuarios = [yo, otraAdmin, recepcion]
    expect(puedeEliminar(otraAdmin, yoId, usuarios)).toEqual({ ok: true, valor: { action: 'delete', id_usuario: otraAdmin.id_usuario } })
    expect(puedeEliminar(recepcion, yoId, usuarios).ok).toBe(true)
    expect(puedeQuitarAdmin(otraAdmin, yoId, usuarios).ok).toBe(true)
    expect(puedeDesactivar(recepcion, yoId, usuarios).ok).toBe(true)
    // A profile without an account is never "you".
    expect(puedeEliminar(usuario({ auth_user_id: null }), yoId, usuarios).ok).toBe(true)
  })
})

describe('answers of the admin-users function', () => {
  it('success: the spec\'s toasts', () => {
    expect(leerRespuesta('create', 201, { usuario: recepcion })).toEqual({ ok: true, usuario: recepcion, mensaje: '¡Usuario Creado!' })
    expect(leerRespuesta('update', 200, { usuario: recepcion })).toMatchObject({ ok: true, mensaje: '¡Usuario Actualizado!' })
    expect(leerRespuesta('delete', 200, { usuario: recepcion })).toMatchObject({ ok: true, mensaje: '¡Usuario Eliminado!' })
  })

  it('failure: the server\'s message, else the action\'s generic one', () => {
    expect(leerRespuesta('create', 409, { error: 'Ya existe un usuario con este correo electrónico.', code: 'email_exists' })).toEqual({
      ok: false,
      mensaje: 'Ya existe un usuario con este correo electrónico.',
      codigo: 'email_exists',
    })
    expect(leerRespuesta('create', 500, null)).toEqual({ ok: false, mensaje: 'No se pudo crear el usuario.', codigo: null })
    expect(leerRespuesta('update', null, undefined)).toEqual({ ok: false, mensaje: 'No se pudo actualizar el usuario.', codigo: null })
    expect(leerRespuesta('delete', 401, { msg: 'Invalid JWT' })).toEqual({ ok: false, mensaje: 'No se pudo eliminar el usuario.', codigo: null })
    expect(leerRespuesta('update', 502, { error: '  ' })).toMatchObject({ mensaje: 'No se pudo actualizar el usuario.' })
    // A 2xx without a user is not a success.
    expect(leerRespuesta('create', 200, {})).toMatchObject({ ok: false, mensaje: 'No se pudo crear el usuario.' })
  })
})

describe('campoDelMensaje', () => {
  it('points each form refusal at its field, and the rest at none', () => {
    const M = MENSAJES_USUARIOS
    expect(campoDelMensaje(M.nombreYCorreo, { nombre: '', email: '' })).toBe('nombre')
    expect(campoDelMensaje(M.nombreYCorreo, { nombre: 'Ana', email: ' ' })).toBe('email')
    expect(campoDelMensaje(M.nombreLargo)).toBe('nombre')
    expect(campoDelMensaje(M.correo)).toBe('email')
    expect(campoDelMensaje(M.correoDuplicado)).toBe('email')
    expect(campoDelMensaje(M.contrasena)).toBe('password')
    expect(campoDelMensaje(M.contrasenaCorta)).toBe('password')
    expect(campoDelMensaje(M.contrasenaLarga)).toBe('password')
    expect(campoDelMensaje(M.quitarseAdmin)).toBe('isAdmin')
    expect(campoDelMensaje(M.desactivarseASiMismo)).toBe('isActive')
    expect(campoDelMensaje(M.ultimoAdmin)).toBeNull()
    expect(campoDelMensaje('Tu sesión no es válida o ha expirado. Inicia sesión nuevamente.')).toBeNull()
  })
})

describe('solicitudEditarConEstado', () => {
  const usuarios = [yo, otraAdmin, recepcion]

  it('sends is_active only when the state changes', () => {
    const form = usuarioAFormEdicion(recepcion)
    expect(form).toEqual({ nombre: 'Lucía Quispe', email: 'lucia@spa.local', password: '', isAdmin: false, isActive: true })
    const igual = solicitudEditarConEstado(recepcion, form, yoId, usuarios)
    expect(igual.ok && 'is_active' in igual.valor).toBe(false)
    expect(solicitudEditarConEstado(recepcion, { ...form, isActive: false }, yoId, usuarios)).toEqual({
      ok: true,
      valor: { action: 'update', id_usuario: recepcion.id_usuario, nombre: 'Lucía Quispe', is_admin: false, is_active: false },
    })
    const inactiva = { ...recepcion, is_active: false }
    expect(solicitudEditarConEstado(inactiva, { ...usuarioAFormEdicion(inactiva), isActive: true }, yoId, usuarios)).toMatchObject({ ok: true, valor: { is_active: true } })
  })

  it('refuses deactivating yourself or the last active admin, and keeps the other rules', () => {
    expect(solicitudEditarConEstado(yo, { ...usuarioAFormEdicion(yo), isActive: false }, yoId, usuarios)).toEqual({ ok: false, mensaje: MENSAJES_USUARIOS.desactivarseASiMismo })
    const sola = [otraAdmin, recepcion]
    expect(solicitudEditarConEstado(otraAdmin, { ...usuarioAFormEdicion(otraAdmin), isActive: false }, yoId, sola)).toEqual({ ok: false, mensaje: MENSAJES_USUARIOS.ultimoAdmin })
    expect(solicitudEditarConEstado(recepcion, { ...usuarioAFormEdicion(recepcion), nombre: '', isActive: false }, yoId, usuarios)).toEqual({ ok: false, mensaje: MENSAJES_USUARIOS.nombre })
  })
})
