/**
 * The public site's data client: PostgREST only (a few KB), not the whole supabase-js,
 * so the home page stays light. Requests carry the anon key; the server's RLS decides
 * what anonymous visitors may read and insert.
 */
import { PostgrestClient } from '@supabase/postgrest-js'
import { getAppConfig } from './app-config.ts'

export type PublicDb = PostgrestClient

let client: Promise<PublicDb> | null = null

export function getPublicDb(): Promise<PublicDb> {
  client ??= getAppConfig().then(
    ({ supabaseUrl, supabaseAnonKey }) =>
      new PostgrestClient(`${supabaseUrl.replace(/\/$/, '')}/rest/v1`, {
        headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${supabaseAnonKey}` },
      }),
    (error: unknown) => {
      client = null
      throw error
    },
  )
  return client
}
