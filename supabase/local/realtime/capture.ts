/**
 * How committed writes are seen. Hosted Realtime reads the WAL through a replication
 * slot; neither PGlite nor an arbitrary Postgres offers that here, so every table of the
 * `supabase_realtime` publication gets an AFTER ROW trigger that sends a NOTIFY. NOTIFY
 * is transactional: payloads are delivered at commit, in commit order, and never for a
 * transaction that rolls back — whoever wrote (REST, SQL, other triggers).
 *
 * The payload carries the row as committed (`to_jsonb(NEW)`, formatted by Postgres as
 * PostgREST formats it) and its primary key; the server re-reads the row by key as each
 * subscriber only to learn whether RLS lets it see the row, as hosted's walrus does. A
 * NOTIFY payload is limited to 8000 bytes: a wider row is sent as its key alone and its
 * content is re-read too (keys always fit: btree keys are limited to ~2.7 kB). The old
 * row goes along only where hosted would send it (REPLICA IDENTITY FULL); when that does
 * not fit either, it is cut down to its small values and flagged, which is what hosted
 * does with rows over its own size limit.
 *
 * An event trigger also announces DDL on the same channel, so the catalog is refreshed
 * before the first change that follows an ALTER TABLE, GRANT or ALTER PUBLICATION.
 * Everything lives in schema `_realtime`, which exists only in the embedded stack.
 */
import { ident, literal } from './sql.ts'

/** NOTIFY channel for changes and DDL alike: one channel keeps them in commit order. */
export const notifyChannel = '_realtime'
export const triggerName = '_realtime_capture'
export const ddlPayload = 'ddl'

/** NOTIFY refuses payloads of 8000 bytes or more; stay clear of it. */
const payloadLimit = 7900

export const setupSql = /* sql */ `
create schema if not exists _realtime;
revoke all on schema _realtime from public;

create or replace function _realtime.capture() returns trigger
language plpgsql
as $fn$
declare
  new_row jsonb;
  old_row jsonb;
  new_key jsonb;
  old_key jsonb;
  v_identity "char";
  v_secured boolean;
  head text;
  new_image text := '';
  old_image text := '';
  flags text := '';
begin
  -- TG_ARGV holds the primary-key columns, in key order.
  if TG_OP <> 'DELETE' then
    new_row := to_jsonb(NEW);
    new_image := new_row::text;
    if TG_NARGS = 1 then
      new_key := jsonb_build_object(TG_ARGV[0], new_row -> TG_ARGV[0]);
    else
      select jsonb_object_agg(c, new_row -> c) into new_key from unnest(TG_ARGV) as c;
    end if;
  end if;
  if TG_OP <> 'INSERT' then
    old_row := to_jsonb(OLD);
    if TG_NARGS = 1 then
      old_key := jsonb_build_object(TG_ARGV[0], old_row -> TG_ARGV[0]);
    else
      select jsonb_object_agg(c, old_row -> c) into old_key from unnest(TG_ARGV) as c;
    end if;
    -- Read at write time, so the decision follows the table as it is now.
    select c.relreplident, c.relrowsecurity into v_identity, v_secured
      from pg_catalog.pg_class c where c.oid = TG_RELID;
    -- Hosted sends the whole old row only with REPLICA IDENTITY FULL, and for deletes
    -- only when RLS is off (a deleted row cannot be checked against policies).
    if v_identity = 'f' and (TG_OP = 'UPDATE' or not v_secured) then
      old_image := old_row::text;
    end if;
    if TG_OP = 'UPDATE' and old_key = new_key then
      old_key := null;
    end if;
  end if;
  head := left(TG_OP, 1) || E'\t' || TG_RELID::text || E'\t' || coalesce(new_key::text, '') || E'\t' || coalesce(old_key::text, '');
  -- Never fail the writer's transaction over a payload: shed what the server can do without.
  if octet_length(head) + octet_length(new_image) + octet_length(old_image) + 3 > ${payloadLimit} then
    new_image := ''; -- the server re-reads the row instead
  end if;
  if octet_length(head) + octet_length(old_image) + 3 > ${payloadLimit} then
    select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)::text into old_image
      from jsonb_each(old_row) as e where octet_length(e.value::text) <= 64;
    flags := '413';
    if octet_length(head) + octet_length(old_image) + 3 > ${payloadLimit} then
      old_image := '';
    end if;
  end if;
  perform pg_notify('${notifyChannel}', head || E'\t' || new_image || E'\t' || old_image || E'\t' || flags);
  return null;
end
$fn$;
revoke all on function _realtime.capture() from public;

create or replace function _realtime.announce_ddl() returns event_trigger
language plpgsql
as $fn$
begin
  -- Only what changes published tables, their columns, keys or privileges.
  if tg_tag in ('CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE', 'DROP TABLE',
                'CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'GRANT', 'REVOKE',
                'ALTER SCHEMA', 'DROP SCHEMA', 'ALTER TYPE', 'DROP TYPE', 'ALTER DOMAIN', 'DROP DOMAIN',
                'DROP OWNED', 'REASSIGN OWNED') then
    perform pg_notify('${notifyChannel}', '${ddlPayload}');
  end if;
end
$fn$;
revoke all on function _realtime.announce_ddl() from public;

-- Re-reads for many subscribers in one statement (one round trip: PGlite runs one query
-- at a time). Each job is a query built by the server over published tables; it runs as
-- the job's role with its claims, set exactly as PostgREST sets them, so RLS and column
-- privileges apply. The settings are transaction-local and end with the statement, which
-- is also read-only. Only the server may call this.
create or replace function _realtime.read_as(jobs jsonb)
returns table (job int4, i int4, rec text, passes boolean[])
language plpgsql
as $fn$
declare
  j jsonb;
begin
  perform set_config('transaction_read_only', 'on', true),
          set_config('search_path', '"public", "extensions"', true),
          set_config('request.method', 'GET', true),
          set_config('request.path', '/realtime/v1/websocket', true),
          set_config('request.headers', '{}', true);
  for j in select value from jsonb_array_elements(jobs) loop
    perform set_config('role', j ->> 'role', true),
            set_config('request.jwt.claims', j ->> 'claims', true);
    return query execute j ->> 'sql' using j -> 'params';
  end loop;
end
$fn$;
revoke all on function _realtime.read_as(jsonb) from public;

-- Event triggers need a superuser; without one the catalog refreshes on
-- NOTIFY pgrst, 'reload schema' and on joins, as PostgREST's schema cache does.
do $do$
begin
  if not exists (select 1 from pg_event_trigger where evtname = '_realtime_ddl') then
    create event trigger _realtime_ddl on ddl_command_end execute function _realtime.announce_ddl();
  end if;
exception when insufficient_privilege then
  null;
end
$do$;
`

export function installTriggerSql(qualified: string, pk: readonly string[]): string {
  return `create or replace trigger ${ident(triggerName)} after insert or update or delete on ${qualified}
    for each row execute function _realtime.capture(${pk.map(literal).join(', ')})`
}

export function dropTriggerSql(qualified: string): string {
  return `drop trigger if exists ${ident(triggerName)} on ${qualified}`
}
