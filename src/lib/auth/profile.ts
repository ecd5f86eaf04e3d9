/** The staff profile (tbusuarios) of an auth user, with the fallback spec 1 §6 asks for. */
import type { SupabaseClient, User } from '@/lib/supabase/client.ts'
import type { PanelUser } from './panel-user.ts'

/** Reads id_nombre / is_admin by auth user id; when that read fails, the plain auth user is used. */
export async function loadPanelUser(supabase: SupabaseClient, user: User): Promise<PanelUser> {
  const fallback: PanelUser = {
    id: user.id,
    email: user.email ?? '',
    nombre: typeof user.user_metadata?.nombre === 'string' ? user.user_metadata.nombre : null,
    isAdmin: false,
  }
  try {
    const { data, error } = await supabase.from('tbusuarios').select('id_nombre, id_correo, is_admin').eq('auth_user_id', user.id).maybeSingle()
    if (error || !data) return fallback
    const row = data as { id_nombre: string | null; id_correo: string | null; is_admin: boolean | null }
    return { id: user.id, email: user.email ?? row.id_correo ?? '', nombre: row.id_nombre?.trim() || null, isAdmin: row.is_admin === true }
  } catch {
    return fallback
  }
}
