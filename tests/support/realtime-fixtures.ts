/**
 * Test fixtures for Realtime, independent of the product schema: a notes table whose
 * RLS shows public rows to everybody, private rows to their owner, and admin-only rows
 * to admins only; JWTs signed with the stack's secret; and a subscriber helper that
 * records what realtime-js hands to the application.
 */
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import type { TestStack } from './stack.ts'

export const userA = '0a000000-0000-4000-8000-00000000000a'
export const userB = '0b000000-0000-4000-8000-00000000000b'
export const adminUser = '0c000000-0000-4000-8000-00000000000c'

export const notesSql = /* sql */ `
create table public.rt_notes (
  id uuid primary key default gen_random_uuid(),
  owner uuid,
  is_public boolean not null default false,
  admin_only boolean not null default false,
  title text not null default '',
  amount numeric(12,2),
  n int,
  created_at timestamptz not null default now()
);
create table public.rt_admins (user_id uuid primary key);
alter table public.rt_notes enable row level security;
alter table public.rt_admins enable row level security;
create policy rt_admins_self on public.rt_admins for select to authenticated using (user_id = auth.uid());
create policy rt_notes_insert on public.rt_notes for insert to authenticated with check (owner = auth.uid());
create policy rt_notes_anon on public.rt_notes for select to anon using (is_public and not admin_only);
create policy rt_notes_user on public.rt_notes for select to authenticated using (
  (not admin_only and (is_public or owner = auth.uid()))
  or exists (select 1 from public.rt_admins a where a.user_id = auth.uid())
);
grant select, insert, update, delete on public.rt_notes, public.rt_admins to anon, authenticated, service_role;
insert into public.rt_admins values ('${adminUser}');
alter publication supabase_realtime add table public.rt_notes;
`

export type Change = RealtimePostgresChangesPayload<Record<string, unknown>>

/** A user access token as GoTrue would issue it (only the claims RLS looks at matter here). */
export function userToken(stack: TestStack, sub: string, ttlSeconds = 3600): Promise<string> {
  return stack.keys.sign({ sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + ttlSeconds })
}

/** A client whose realtime connection uses `token` (as supabase-js does after sign-in). */
export async function clientWith(stack: TestStack, token?: string): Promise<SupabaseClient> {
  const client = stack.anon()
  if (token) await client.realtime.setAuth(token)
  return client
}

export interface Binding {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  schema?: string
  table?: string
  filter?: string
}

export interface Listener {
  channel: RealtimeChannel
  /** Changes received by each binding, in order. */
  byBinding: Change[][]
  /** Every change, once per binding that received it. */
  all: Change[]
  system: Array<{ extension: string; status: string; message: string; channel: string }>
  statuses: Array<{ status: string; error?: Error }>
}

/** Joins `topic` with the given bindings; resolves once realtime-js reports SUBSCRIBED (or fails). */
export async function listen(client: SupabaseClient, topic: string, bindings: Binding[], expect: 'SUBSCRIBED' | 'CHANNEL_ERROR' = 'SUBSCRIBED'): Promise<Listener> {
  const channel = client.channel(topic)
  const listener: Listener = { channel, byBinding: bindings.map(() => []), all: [], system: [], statuses: [] }
  bindings.forEach((b, i) => {
    channel.on('postgres_changes', { schema: 'public', ...b } as never, (payload: Change) => {
      listener.byBinding[i]!.push(payload)
      listener.all.push(payload)
    })
  })
  channel.on('system', {}, (payload: Listener['system'][number]) => listener.system.push(payload))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${topic}: sin respuesta al unirse`)), 10_000)
    channel.subscribe((status, error) => {
      listener.statuses.push({ status, ...(error ? { error } : {}) })
      if (status === expect) {
        clearTimeout(timer)
        resolve()
      } else if (status !== 'CLOSED' && status !== expect) {
        clearTimeout(timer)
        reject(new Error(`${topic}: ${status} ${error?.message ?? ''}`))
      }
    })
  })
  return listener
}

/**
 * Polls until `check` holds; fails with `what` after `timeoutMs`. The bound only turns a
 * lost change into a failure instead of a hang: it is generous because on a busy CI
 * machine (the PostgreSQL pass runs many files at once) a change took over 5 s to arrive.
 */
export async function waitFor(what: string, check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** New record values of the changes, as realtime-js exposes them to the application. */
export const titles = (changes: Change[]) => changes.map((c) => (c.eventType === 'DELETE' ? `-${String(c.old.id)}` : String(c.new.title)))
