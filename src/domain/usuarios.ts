/**
 * System users ('Mantenimiento de Usuarios', spec 2 §2.9, §5 "Users", §8 "Users";
 * docs/spec/3-product-decisions.md "Users and connectivity"): the search, the create /
 * edit form's validation and the request it becomes for the `admin-users` function,
 * what the screen must refuse (deleting, demoting or deactivating yourself or the last
 * active admin), and how the function's answers read.
 *
 * The function validates the same way and answers with the same texts
 * (supabase/functions/admin-users/messages.ts; the integration test of the function
 * checks both agree), so a refusal reads the same whether the screen or the server
 * caught it. The database keeps an active admin whatever happens (usuarios_antes trigger).
 */
import { compararEs, fold } from './text.ts'

/** A tbusuarios row as the device holds it. */
export interface Usuario {
  id_usuario: string
  auth_user_id: string | null
  id_nombre: string
  id_correo: string
  is_admin: boolean
  is_active: boolean
  last_sign_in_at?: string | null
  _deleted?: boolean
}

export const MENSAJES_USUARIOS = {
  nombreYCorreo: 'El nombre y el correo electrónico son obligatorios.',
  nombre: 'El nombre es obligatorio.',
  nombreLargo: 'El nombre no puede superar los 120 caracteres.',
  correo: 'El correo electrónico no es válido.',
  contrasena: 'La contraseña es obligatoria para nuevos usuarios.',
  contrasenaCorta: 'La contraseña debe tener al menos 6 caracteres.',
  contrasenaLarga: 'La contraseña no puede superar los 72 caracteres.',
  correoDuplicado: 'Ya existe un usuario con este correo electrónico.',
  eliminarseASiMismo: 'No puedes eliminar tu propio usuario.',
  quitarseAdmin: 'No puedes quitarte tus propios permisos de administrador.',
  desactivarseASiMismo: 'No puedes desactivar tu propio usuario.',
  ultimoAdmin: 'Debe quedar al menos un administrador activo.',
  sinConexion: 'Requiere conexión a internet.',
  // Spec 2 §8.
  errorCargar: 'No se pudo cargar la lista de usuarios.',
  errorCrear: 'No se pudo crear el usuario.',
  errorActualizar: 'No se pudo actualizar el usuario.',
  errorEliminar: 'No se pudo eliminar el usuario.',
  creado: '¡Usuario Creado!',
  actualizado: '¡Usuario Actualizado!',
  eliminado: '¡Usuario Eliminado!',
  // Ours: spec 2 names no toast for a password reset.
} as const

// The function's pattern (Auth's, with a dot in the domain as tbusuarios requires).
const patronCorreo =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

/** Live users matching the search (name or email, ignoring case and accents), by name. */
export function buscarUsuarios<U extends Usuario>(usuarios: readonly U[], termino: string): U[] {
  const t = fold(termino)
  return usuarios
    .filter((u) => !u._deleted && (!t || fold(u.id_nombre).includes(t) || fold(u.id_correo).includes(t)))
    .sort((a, b) => compararEs(a.id_nombre, b.id_nombre) || a.id_correo.localeCompare(b.id_correo))
}

/** The dialog as typed. The email is read-only when editing; a blank password keeps the current one. */
export interface UsuarioForm {
  nombre: string
  email: string
  password: string
  isAdmin: boolean
}

export const usuarioFormVacio: UsuarioForm = { nombre: '', email: '', password: '', isAdmin: false }

export function usuarioAForm(u: Usuario): UsuarioForm {
  return { nombre: u.id_nombre, email: u.id_correo, password: '', isAdmin: u.is_admin }
}

/**
 * The bodies this app sends to the admin-users function (supabase/functions/admin-users/handler.ts).
 * A new password is set through 'update' (the edit dialog): the function's
 * 'reset_password' is never sent from here.
 */
export type SolicitudUsuario =
  | { action: 'create'; nombre: string; email: string; password: string; is_admin: boolean }
  | { action: 'update'; id_usuario: string; nombre: string; is_admin: boolean; password?: string; is_active?: boolean }
  | { action: 'delete'; id_usuario: string }

export type Decision<T> = { ok: true; valor: T } | { ok: false; mensaje: string }

function problemaNombre(nombre: string): string | null {
  if (!nombre) return MENSAJES_USUARIOS.nombre
  return nombre.length > 120 ? MENSAJES_USUARIOS.nombreLargo : null
}

function problemaContrasena(password: string): string | null {
  if ([...password].length < 6) return MENSAJES_USUARIOS.contrasenaCorta
  return new TextEncoder().encode(password).length > 72 ? MENSAJES_USUARIOS.contrasenaLarga : null
}

const activos = (usuarios: readonly Usuario[]) => usuarios.filter((u) => !u._deleted)
const esAdminActivo = (u: Usuario) => !u._deleted && u.is_admin && u.is_active

/** Whether `usuario` is the only active admin left. */
function ultimoAdmin(usuario: Usuario, usuarios: readonly Usuario[]): boolean {
  return esAdminActivo(usuario) && !usuarios.some((u) => u.id_usuario !== usuario.id_usuario && esAdminActivo(u))
}

/** 'Crear' (spec 2 §5): name and email required, a valid email not used by a live user, a password. */
export function solicitudCrear(form: UsuarioForm, usuarios: readonly Usuario[]): Decision<SolicitudUsuario> {
  const nombre = form.nombre.trim()
  const email = form.email.trim().toLowerCase()
  if (!nombre || !email) return { ok: false, mensaje: MENSAJES_USUARIOS.nombreYCorreo }
  const n = problemaNombre(nombre)
  if (n) return { ok: false, mensaje: n }
  if (email.length > 255 || !patronCorreo.test(email)) return { ok: false, mensaje: MENSAJES_USUARIOS.correo }
  if (activos(usuarios).some((u) => u.id_correo.toLowerCase() === email)) return { ok: false, mensaje: MENSAJES_USUARIOS.correoDuplicado }
  if (!form.password.trim()) return { ok: false, mensaje: MENSAJES_USUARIOS.contrasena }
  const c = problemaContrasena(form.password)
  if (c) return { ok: false, mensaje: c }
  return { ok: true, valor: { action: 'create', nombre, email, password: form.password, is_admin: form.isAdmin } }
}

/**
 * 'Editar': name and admin flag; a new password only when one is typed. You cannot
 * take your own admin rights away, nor the last active admin's.
 */
export function solicitudEditar(usuario: Usuario, form: UsuarioForm, yo: string, usuarios: readonly Usuario[]): Decision<SolicitudUsuario> {
  const nombre = form.nombre.trim()
  const n = problemaNombre(nombre)
  if (n) return { ok: false, mensaje: n }
  if (usuario.is_admin && !form.isAdmin) {
    const q = puedeQuitarAdmin(usuario, yo, usuarios)
    if (!q.ok) return q
  }
  const valor: SolicitudUsuario = { action: 'update', id_usuario: usuario.id_usuario, nombre, is_admin: form.isAdmin }
  if (form.password.trim()) {
    const c = problemaContrasena(form.password)
    if (c) return { ok: false, mensaje: c }
    valor.password = form.password
  }
  return { ok: true, valor }
}

/** The edit dialog with the account's state ('Activo'): unticked, the person cannot sign in. */
export interface UsuarioFormEdicion extends UsuarioForm {
  isActive: boolean
}

export function usuarioAFormEdicion(u: Usuario): UsuarioFormEdicion {
  return { ...usuarioAForm(u), isActive: u.is_active }
}

/**
 * 'Editar' with the state: as solicitudEditar, plus deactivating (refused for yourself
 * and the last active admin, as the function refuses it) or reactivating; `is_active`
 * is sent only when it changes.
 */
export function solicitudEditarConEstado(usuario: Usuario, form: UsuarioFormEdicion, yo: string, usuarios: readonly Usuario[]): Decision<SolicitudUsuario> {
  if (usuario.is_active && !form.isActive) {
    const q = puedeDesactivar(usuario, yo, usuarios)
    if (!q.ok) return q
  }
  const d = solicitudEditar(usuario, form, yo, usuarios)
  if (!d.ok || d.valor.action !== 'update' || form.isActive === usuario.is_active) return d
  return { ok: true, valor: { ...d.valor, is_active: form.isActive } }
}

/** `yo` is the signed-in person's auth user id. */
export function puedeEliminar(usuario: Usuario, yo: string, usuarios: readonly Usuario[]): Decision<SolicitudUsuario> {
  if (usuario.auth_user_id !== null && usuario.auth_user_id === yo) return { ok: false, mensaje: MENSAJES_USUARIOS.eliminarseASiMismo }
  if (ultimoAdmin(usuario, usuarios)) return { ok: false, mensaje: MENSAJES_USUARIOS.ultimoAdmin }
  return { ok: true, valor: { action: 'delete', id_usuario: usuario.id_usuario } }
}

export function puedeQuitarAdmin(usuario: Usuario, yo: string, usuarios: readonly Usuario[]): Decision<null> {
  if (usuario.auth_user_id !== null && usuario.auth_user_id === yo) return { ok: false, mensaje: MENSAJES_USUARIOS.quitarseAdmin }
  if (ultimoAdmin(usuario, usuarios)) return { ok: false, mensaje: MENSAJES_USUARIOS.ultimoAdmin }
  return { ok: true, valor: null }
}

export function puedeDesactivar(usuario: Usuario, yo: string, usuarios: readonly Usuario[]): Decision<null> {
  if (usuario.auth_user_id !== null && usuario.auth_user_id === yo) return { ok: false, mensaje: MENSAJES_USUARIOS.desactivarseASiMismo }
  if (ultimoAdmin(usuario, usuarios)) return { ok: false, mensaje: MENSAJES_USUARIOS.ultimoAdmin }
  return { ok: true, valor: null }
}

const fallos: Record<SolicitudUsuario['action'], string> = {
  create: MENSAJES_USUARIOS.errorCrear,
  update: MENSAJES_USUARIOS.errorActualizar,
  delete: MENSAJES_USUARIOS.errorEliminar,
}
const exitos: Record<SolicitudUsuario['action'], string> = {
  create: MENSAJES_USUARIOS.creado,
  update: MENSAJES_USUARIOS.actualizado,
  delete: MENSAJES_USUARIOS.eliminado,
}

/**
 * The function's answer, as the screen shows it: 2xx `{usuario}` → the success toast;
 * otherwise `{error, code}` → its Spanish message (spec 2 §8: "create and update errors
 * use the server message"), or the action's generic message when there is none (no
 * answer at all, a gateway error without `error`).
 */
export function leerRespuesta(
  accion: SolicitudUsuario['action'],
  status: number | null,
  cuerpo: unknown,
): { ok: true; usuario: Usuario; mensaje: string } | { ok: false; mensaje: string; codigo: string | null } {
  const c = (typeof cuerpo === 'object' && cuerpo !== null ? cuerpo : {}) as { usuario?: Usuario; error?: unknown; code?: unknown }
  if (status !== null && status >= 200 && status < 300 && c.usuario) return { ok: true, usuario: c.usuario, mensaje: exitos[accion] }
  const error = typeof c.error === 'string' && c.error.trim() ? c.error.trim() : null
  return { ok: false, mensaje: error ?? fallos[accion], codigo: typeof c.code === 'string' ? c.code : null }
}

/**
 * The dialog field a refusal is about (from the screen's own check or the function's
 * answer), so the form can mark and focus it; null for refusals about no one field
 * (the last admin, a failure, a session problem). 'nombreYCorreo' points at whichever
 * of the two is empty.
 */
export function campoDelMensaje(mensaje: string, form?: Pick<UsuarioForm, 'nombre' | 'email'>): keyof UsuarioFormEdicion | null {
  const M = MENSAJES_USUARIOS
  if (mensaje === M.nombreYCorreo) return form && form.nombre.trim() && !form.email.trim() ? 'email' : 'nombre'
  if (mensaje === M.nombre || mensaje === M.nombreLargo) return 'nombre'
  if (mensaje === M.correo || mensaje === M.correoDuplicado) return 'email'
  if (mensaje === M.contrasena || mensaje === M.contrasenaCorta || mensaje === M.contrasenaLarga) return 'password'
  if (mensaje === M.quitarseAdmin) return 'isAdmin'
  if (mensaje === M.desactivarseASiMismo) return 'isActive'
  return null
}
