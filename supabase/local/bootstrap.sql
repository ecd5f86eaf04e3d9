-- What hosted Supabase's Postgres already provides and our migrations rely on.
-- Applied by the embedded stack before `supabase/migrations`, on PGlite and on a real
-- Postgres alike. Idempotent: it runs on every start on PostgreSQL, and on a PGlite folder
-- whenever this file changed since the folder last ran it (migrate.ts, docs/decisions/0058-arranque-rapido.md).
--
-- Roles are cluster-wide on a real server and several test databases may bootstrap at
-- once, so each creation tolerates losing the race.

do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role', 'authenticator', 'supabase_admin', 'supabase_auth_admin', 'supabase_realtime_admin'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      begin
        execute format('create role %I nologin noinherit', r);
      exception when duplicate_object or unique_violation then
        null;
      end;
    end if;
  end loop;
end
$$;

-- Role attributes and memberships are cluster-wide catalog rows: two databases
-- bootstrapping at once on one server can fail with "tuple concurrently updated".
-- Each change is made only when missing and retried a few times before giving up.
do $$
declare
  attempt int := 0;
  done boolean;
begin
  loop
    done := (select rolbypassrls from pg_roles where rolname = 'service_role')
      and (select rolcanlogin from pg_roles where rolname = 'authenticator')
      and pg_has_role('authenticator', 'anon', 'member')
      and pg_has_role('authenticator', 'authenticated', 'member')
      and pg_has_role('authenticator', 'service_role', 'member');
    exit when done;
    attempt := attempt + 1;
    begin
      if not (select rolbypassrls from pg_roles where rolname = 'service_role') then
        alter role service_role bypassrls;
      end if;
      if not (select rolcanlogin from pg_roles where rolname = 'authenticator') then
        alter role authenticator login;
      end if;
      if not (pg_has_role('authenticator', 'anon', 'member')
          and pg_has_role('authenticator', 'authenticated', 'member')
          and pg_has_role('authenticator', 'service_role', 'member')) then
        grant anon, authenticated, service_role to authenticator;
      end if;
    exception when others then
      if attempt >= 5 then
        raise;
      end if;
      perform pg_sleep(0.05 * attempt);
    end;
  end loop;
end
$$;

-- The stack connects as the database owner and switches role per request with
-- `set_config('role', …)`; a non-superuser owner needs membership for that.
do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
end
$$;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- auth: the tables GoTrue keeps (the columns our Auth API and migrations use)

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text default null,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create unique index if not exists users_phone_key on auth.users (phone);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default extensions.gen_random_uuid() primary key,
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip text
);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- Realtime: the publication migrations add their tables to.

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------
-- Migration history, kept as the Supabase CLI keeps it.

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
