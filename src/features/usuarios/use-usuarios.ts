/** The Usuarios screen's data and server access in the app (tests pass their own). */
import type { Usuario } from '@/domain/usuarios.ts'
import type { UsuarioDoc } from '@sync/tables/product-tables.ts'
import { useSession } from '@/lib/auth/session-store.ts'
import { syncNow } from '@/lib/db/sync-now.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { useCollection } from '@/lib/db/use-collection.ts'
import { invokeFunction } from '@/lib/supabase/functions.ts'
import type { UsuariosServidor, UsuariosStore } from './usuarios-store.ts'

const toUsuario: (d: UsuarioDoc) => Usuario = fromDoc('tbusuarios', ['id_usuario', 'auth_user_id', 'id_nombre', 'id_correo', 'is_admin', 'is_active', 'last_sign_in_at'])

/** The page sorts and filters (buscarUsuarios), so no query here. */
export function useUsuarios(): UsuariosStore {
  return useCollection('tbusuarios', { map: toUsuario })
}

/** The signed-in person's auth user id (the self-refusals compare it with auth_user_id). */
export function useYo(): string {
  return useSession((s) => s.user?.id ?? '')
}

/**
 * Every change goes through `admin-users`; afterwards a pull brings the server's row to
 * the device at once (the function already wrote it, so nothing is written locally:
 * a local copy would be uploaded again as this device's own edit).
 */
export const usuariosServidor: UsuariosServidor = {
  llamar: (solicitud) => invokeFunction('admin-users', { ...solicitud }),
  alCambiar: () => syncNow(),
}
