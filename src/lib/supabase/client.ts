/**
 * The full supabase-js client for the control panel (auth, REST, realtime). Imported
 * only from panel code, so the public page never downloads it. One client per tab; it
 * renews its access token once per token lifetime (panel-client.ts).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { getAppConfig } from './app-config.ts'
import { createPanelClient, type PanelClientEnv } from './panel-client.ts'

export type { SupabaseClient, Session, User, AuthChangeEvent, AuthError } from '@supabase/supabase-js'

/** Sessions persist in localStorage under this fixed key (spec 1 §9). */
export const AUTH_STORAGE_KEY = 'spa-lima-auth'

let client: Promise<SupabaseClient> | null = null

/** A renewal missed offline, or by a background tab's throttled timer, runs on these. */
const browserEnv: PanelClientEnv = {
  online: () => navigator.onLine,
  onWake(listener) {
    const onVisible = () => {
      if (document.visibilityState === 'visible') listener()
    }
    window.addEventListener('online', listener)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.removeEventListener('online', listener)
      document.removeEventListener('visibilitychange', onVisible)
    }
  },
}

export function getSupabase(): Promise<SupabaseClient> {
  client ??= getAppConfig().then(
    ({ supabaseUrl, supabaseAnonKey }) =>
      createPanelClient(supabaseUrl, supabaseAnonKey, {
        auth: { storageKey: AUTH_STORAGE_KEY, persistSession: true },
        env: browserEnv,
      }).client,
    (error: unknown) => {
      client = null
      throw error
    },
  )
  return client
}

/** Removes the stored session without asking the server ('Limpiar sesión'). */
export function clearStoredSession(): void {
  for (const key of Object.keys(localStorage)) {
    if (key === AUTH_STORAGE_KEY || key.startsWith(`${AUTH_STORAGE_KEY}-`) || /^sb-.*-auth-token/.test(key)) localStorage.removeItem(key)
  }
}
