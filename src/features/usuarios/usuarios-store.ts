/** What the Usuarios screen needs: the synced tbusuarios (read only) and the server calls. */
import type { SolicitudUsuario, Usuario } from '@/domain/usuarios.ts'
import type { CollectionState } from '@/lib/db/use-collection.ts'
import type { FunctionAnswer } from '@/lib/supabase/functions.ts'

/**
 * The local tbusuarios. The screen never writes it: users change only through the
 * `admin-users` function (docs/spec/3-product-decisions.md "Users and connectivity").
 */
export type UsuariosStore = Pick<CollectionState<'tbusuarios', Usuario>, 'status' | 'rows'>

/** One call to `admin-users` (src/lib/supabase/functions.ts in the app, a fake in tests). */
export type LlamarAdminUsers = (solicitud: SolicitudUsuario) => Promise<FunctionAnswer>

export interface UsuariosServidor {
  llamar: LlamarAdminUsers
  /** After the server changed a user: bring its row to the device now (a pull), not at the next sync. */
  alCambiar: (usuario: Usuario) => void
}
