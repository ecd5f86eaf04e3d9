/**
 * Fixture for the REST conformance suites: a private schema of `conf_*` tables (FKs of
 * every cardinality, jsonb/array/numeric/date/time/timestamptz/range columns, RLS on
 * auth.uid()/auth.role(), a Spanish-raising trigger, a view) and a few functions,
 * created in each test file's own backend, independent of the product migrations.
 */
import ws from 'ws'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from './stack.ts'

export const fixtureSql = `
create table conf_authors (
  id int primary key, name text not null, born date, meta jsonb, tags text[], rating numeric(4,1),
  active boolean not null default true, nickname varchar(20)
);
create table conf_books (
  id int primary key, author_id int references conf_authors(id), title text not null, price numeric(12,2),
  published_at timestamptz, starts time, pages int, period int4range, created_at timestamptz not null default now()
);
create table conf_profiles (author_id int primary key references conf_authors(id), bio text);
create table conf_tags (id int primary key, label text not null unique);
create table conf_book_tags (
  book_id int references conf_books(id), tag_id int references conf_tags(id), primary key (book_id, tag_id)
);
create table conf_reviews (
  id int primary key, reviewer_id int references conf_authors(id), subject_id int references conf_authors(id), stars int
);
create table conf_nodes (id int primary key, parent_id int references conf_nodes(id), label text);
create table conf_items (
  id uuid primary key default gen_random_uuid(), code text unique, qty int not null default 1, note text default 'sin nota'
);

-- RLS: each signed-in user sees and edits only their notes; anon sees public ones.
create table conf_notes (
  id serial primary key, owner uuid not null default auth.uid(), body text not null, public boolean not null default false
);
alter table conf_notes enable row level security;
create policy notes_public on conf_notes for select to anon using (public);
create policy notes_own_select on conf_notes for select to authenticated using (owner = auth.uid());
create policy notes_own_insert on conf_notes for insert to authenticated with check (owner = auth.uid());
create policy notes_own_update on conf_notes for update to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
create policy notes_own_delete on conf_notes for delete to authenticated using (owner = auth.uid());

-- Like the public booking form: anon may only insert pending requests, never read them.
create table conf_requests (id serial primary key, name text not null, status text not null default 'pendiente');
alter table conf_requests enable row level security;
create policy requests_insert on conf_requests for insert to anon with check (status = 'pendiente' and auth.role() = 'anon');
create policy requests_staff on conf_requests for all to authenticated using (true) with check (true);

-- A server-side guard raising Spanish text, as the product's triggers do.
create table conf_guarded (id int primary key, qty int not null);
create function conf_guard() returns trigger language plpgsql as $$
begin
  if new.qty < 0 then raise exception 'La cantidad no puede ser negativa (%).', new.qty using hint = 'Revise el stock.'; end if;
  return new;
end $$;
create trigger conf_guard before insert or update on conf_guarded for each row execute function conf_guard();

create view conf_book_view as select id, author_id, title, price from conf_books;

create function conf_add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
create function conf_books_by(author int) returns setof conf_books language sql stable as $$
  select * from conf_books where author_id = author order by id $$;
create function conf_echo(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
create function conf_stats(author int) returns table (n bigint, total numeric) language sql stable as $$
  select count(*), coalesce(sum(price), 0) from conf_books where author_id = author $$;
create function conf_whoami() returns text language sql stable as $$ select coalesce(auth.uid()::text, auth.role()) $$;
create function conf_touch(label text) returns void language sql volatile as $$
  insert into conf_tags (id, label) values ((select coalesce(max(id), 0) + 1 from conf_tags), label) $$;
create function conf_author(author int) returns conf_authors language sql stable as $$ select * from conf_authors where id = author $$;
create function conf_payment_required() returns int language plpgsql as $$
begin raise sqlstate 'PT402' using message = 'Pago requerido'; end $$;
create function conf_numbers(n int) returns setof int language sql immutable as $$ select generate_series(1, n) $$;
create function conf_sum_array(xs int[]) returns int language sql immutable as $$ select sum(x)::int from unnest(xs) x $$;
`

export const seedSql = `
insert into conf_authors (id, name, born, meta, tags, rating, nickname) values
  (1, 'Ana Torres', '1980-05-01', '{"city":"Lima","langs":["es","en"],"stats":{"books":2}}', '{poesía,novela}', 4.5, 'anita'),
  (2, 'Beto Quispe', null, '{"city":"Cusco"}', '{ensayo}', null, null),
  (3, 'Carla Ruiz', '1975-12-31', null, '{}', 3.0, 'caru');
insert into conf_books (id, author_id, title, price, published_at, starts, pages, period) values
  (10, 1, 'Uno', 12.50, '2026-01-01 10:00:00+00', '09:30', 120, '[1,5)'),
  (11, 1, 'Dos', 7.00, '2025-06-15 18:45:30+00', '14:00', 300, '[5,10)'),
  (12, 2, 'Tres, con coma', 99.90, null, null, 80, null),
  (13, null, 'Huérfano', null, null, null, null, null);
insert into conf_profiles values (1, 'Poeta limeña');
insert into conf_tags values (1, 'clásico'), (2, 'nuevo'), (3, 'raro');
insert into conf_book_tags values (10, 1), (10, 2), (11, 2);
insert into conf_reviews values (1, 1, 2, 5), (2, 2, 1, 3);
insert into conf_nodes values (1, null, 'raíz'), (2, 1, 'hijo a'), (3, 1, 'hijo b'), (4, 2, 'nieto');
insert into conf_guarded values (1, 5);
`

export const USER_A = '11111111-1111-4111-8111-111111111111'
export const USER_B = '22222222-2222-4222-8222-222222222222'

/** A backend with the fixture loaded and visible in the REST schema cache. */
export async function startRestFixture(): Promise<TestStack> {
  // The conf_* tables are not the public site's: anon is left to grants and RLS here.
  const stack = await startTestStack({ anonSurface: null })
  await stack.db.exec(fixtureSql + seedSql + `notify pgrst, 'reload schema';`)
  await waitFor(async () => {
    const res = await fetch(`${stack.url}/rest/v1/rpc/conf_sum_array?xs={1}`, { headers: { apikey: stack.anonKey } })
    return res.status === 200
  })
  return stack
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('timeout esperando la condición')
}

/** A supabase-js client whose requests carry a JWT for `sub` signed with the stack's secret. */
export async function userClient(stack: TestStack, sub: string, extraClaims: Record<string, unknown> = {}): Promise<SupabaseClient> {
  const token = await stack.keys.sign({
    sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600, ...extraClaims,
  })
  return clientWithToken(stack, token)
}

export function clientWithToken(stack: TestStack, token: string): SupabaseClient {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
}

/** Raw request to /rest/v1 for what supabase-js cannot express. */
export async function raw(stack: TestStack, path: string, init: RequestInit & { key?: string } = {}) {
  const { key, headers, ...rest } = init
  const res = await fetch(`${stack.url}/rest/v1${path}`, {
    ...rest,
    headers: { apikey: key ?? stack.serviceRoleKey, ...(headers as Record<string, string> | undefined) },
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = text === '' ? null : JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body, text }
}
