/**
 * Integration-test access to a real embedded backend: every test file gets its own
 * isolated stack (cloned from the run's template database), and talks to it only
 * through the unmodified supabase-js client, like the app does.
 */
import { inject } from 'vitest'
import ws from 'ws'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { startStack, defaultSeed, type LocalStack, type StackOptions } from '../../supabase/local/server.ts'
import { cloneTemplate } from './template.ts'

export const demo = {
  admin: { email: defaultSeed.adminEmail, password: defaultSeed.adminPassword },
  staff: { email: defaultSeed.staffEmail, password: defaultSeed.staffPassword },
}

export interface TestStack extends LocalStack {
  /** A fresh anon client (no stored session). */
  anon(): SupabaseClient
  /** A client with the service-role key (bypasses RLS: setup and assertions only). */
  service(): SupabaseClient
  /** A client signed in as `email`. */
  signIn(email: string, password: string): Promise<SupabaseClient>
}

/**
 * Makes `dataDir` a migrated PGlite folder (from the run's template when it has one) by
 * starting a stack on it once and closing it; the folder's keys are returned.
 */
export async function migratedFolder(dataDir: string): Promise<{ serviceRoleKey: string }> {
  const clone = await cloneTemplate(inject('spaTemplate'))
  const stack = await startStack({ port: 0, host: '127.0.0.1', dataDir, seed: null, log: () => {}, ...(clone.loadDataDir ? { loadDataDir: clone.loadDataDir } : {}) })
  await stack.close()
  await clone.drop()
  return { serviceRoleKey: stack.serviceRoleKey }
}

export async function startTestStack(options: Partial<StackOptions> = {}): Promise<TestStack> {
  const clone = await cloneTemplate(inject('spaTemplate'))
  const stack = await startStack({
    port: 0,
    host: '127.0.0.1',
    memory: true,
    seed: null,
    log: () => {},
    ...(clone.databaseUrl ? { databaseUrl: clone.databaseUrl } : {}),
    ...(clone.loadDataDir ? { loadDataDir: clone.loadDataDir } : {}),
    ...options,
  })
  const clients: SupabaseClient[] = []
  const make = (key: string) => {
    const c = nodeClient(stack.url, key)
    clients.push(c)
    return c
  }
  return {
    ...stack,
    anon: () => make(stack.anonKey),
    service: () => make(stack.serviceRoleKey),
    async signIn(email, password) {
      const c = make(stack.anonKey)
      const { error } = await c.auth.signInWithPassword({ email, password })
      if (error) throw new Error(`sign-in failed for ${email}: ${error.message}`)
      return c
    },
    async close() {
      await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => {})))
      for (const c of clients) await c.auth.stopAutoRefresh().catch(() => {})
      await stack.close()
      await clone.drop()
    },
  }
}

/** supabase-js for Node 20: no global WebSocket, no persisted session. */
export function nodeClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
}
