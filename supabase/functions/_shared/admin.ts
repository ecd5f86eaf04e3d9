/**
 * Who may call an admin-only function: a live user session (Auth's `/user` with the
 * caller's token) whose tbusuarios profile is active, not deleted and admin — the same
 * test as `public.is_admin()` (20261122000400_seguridad.sql), read with the service key.
 */
import type { Caller, SupabaseApi } from './supabase-api.ts'

export type AdminCheck = { ok: true; caller: Caller } | { ok: false; reason: 'unauthenticated' | 'not_admin' }

export async function checkAdmin(api: SupabaseApi, req: Request): Promise<AdminCheck> {
  const caller = await api.callerOf(req)
  if (!caller) return { ok: false, reason: 'unauthenticated' }
  const r = await api.rest<Array<{ is_admin: boolean; is_active: boolean }>>(
    'GET',
    `/tbusuarios?select=is_admin,is_active&auth_user_id=eq.${caller.id}&_deleted=is.false`,
  )
  if (!r.ok) throw new Error(`tbusuarios respondió ${r.status}`)
  const profile = r.data[0]
  return profile?.is_admin && profile.is_active ? { ok: true, caller } : { ok: false, reason: 'not_admin' }
}
