-- Server-side support for the offline-first sync layer (sync/, docs/decisions/0003-sync.md).
--
-- Three RPCs, generic over every replicated table (public tables with the sync columns
-- `_xid xid8`, `_deleted boolean` and a one-column primary key):
--
--   sync_pull(table, after_xid, after_id, limit, floor)   commit-safe checkpoint pull
--   sync_push(table, columns, rows)                         per-row optimistic writes
--   sync_ids(table, after_id, limit)                        visible keys (visibility check)
--
-- All three are SECURITY INVOKER: they run with the caller's role and claims, so RLS
-- decides exactly what PostgREST alone would allow. They only add what PostgREST filters
-- cannot express: a snapshot-safe watermark for the pull and per-row savepoints for the
-- push (one refused row must never abort or block the others).
--
-- Works on PostgreSQL 13+ (xid8) and PGlite; no PG16+ syntax.

create schema if not exists sync_private;
grant usage on schema sync_private to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- Which relation and primary key a table name refers to. Only tables of schema public
-- that follow the sync conventions qualify, so the RPCs cannot be pointed at anything
-- else (the name never reaches SQL text except through regclass / quote_ident).

create or replace function sync_private.table_info(p_table text, out rel regclass, out pk text, out pk_type text)
language plpgsql stable
set search_path = pg_catalog
as $$
begin
  select c.oid::regclass, a.attname::text, format_type(a.atttypid, a.atttypmod)
    into rel, pk, pk_type
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_index i on i.indrelid = c.oid and i.indisprimary and i.indnatts = 1
  join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
  where n.nspname = 'public'
    and c.relname = p_table
    and c.relkind in ('r', 'p')
    and exists (select 1 from pg_attribute x where x.attrelid = c.oid and x.attname = '_xid' and not x.attisdropped)
    and exists (select 1 from pg_attribute x where x.attrelid = c.oid and x.attname = '_deleted' and not x.attisdropped);
  if rel is null then
    -- 42P01 (undefined_table): the client treats it as "server not ready yet" and
    -- retries; it never drops writes because of it.
    raise exception using errcode = '42P01',
      message = format('La tabla %s no está habilitada para sincronización.', p_table);
  end if;
end
$$;

-- ---------------------------------------------------------------------------------
-- Pull: rows after the checkpoint (_xid, pk), in that order, but only rows written by
-- transactions that had all finished when this snapshot was taken
-- (`_xid < pg_snapshot_xmin(pg_current_snapshot())`). A transaction that is still open
-- now has an xid >= xmin, so whatever it commits later sorts after every row returned
-- here and is pulled then: a late commit can never fall behind a client's checkpoint.
--
-- Tombstones a device never had need not reach it: its very first pull (p_fresh) sets a
-- floor = that pull's cutoff, which the device keeps in its checkpoint and sends back
-- (p_floor). Rows deleted by transactions below the floor had finished before the
-- device first asked, so it cannot hold them; anything deleted later has an xid at or
-- above the floor and is delivered.

-- json, not jsonb: a page is built once and sent as is (row_to_json/json_agg are about
-- twice as fast as their jsonb twins, and nothing here needs jsonb's normalisation).
create or replace function public.sync_pull(
  p_table text,
  p_after_xid text default '0',
  p_after_id text default null,
  p_limit integer default 500,
  p_floor text default null,
  p_fresh boolean default false
) returns json
language plpgsql stable
set search_path = public, extensions, pg_catalog
as $$
declare
  t record;
  cutoff xid8 := pg_snapshot_xmin(pg_current_snapshot());
  floor_xid xid8 := case when p_fresh then pg_snapshot_xmin(pg_current_snapshot()) else p_floor::xid8 end;
  result json;
begin
  select * into t from sync_private.table_info(p_table);
  if p_limit is null or p_limit < 1 or p_limit > 5000 then
    raise exception using errcode = '22023', message = 'p_limit debe estar entre 1 y 5000.';
  end if;
  if p_after_id is null then
    -- Before the first key: (_xid, pk) > (after_xid, NULL) would be unknown, so start
    -- strictly after after_xid.
    execute format(
      'select coalesce(json_agg(row_to_json(x) order by x._xid, x.%1$I), ''[]''::json)
         from (select * from %2$s r
                where r._xid < $1 and r._xid > $2::xid8
                  and not (r._deleted and $4::xid8 is not null and r._xid < $4::xid8)
                order by r._xid, r.%1$I
                limit $3) x',
      t.pk, t.rel)
      into result using cutoff, coalesce(p_after_xid, '0'), p_limit, floor_xid;
  else
    execute format(
      'select coalesce(json_agg(row_to_json(x) order by x._xid, x.%1$I), ''[]''::json)
         from (select * from %2$s r
                where r._xid < $1 and (r._xid, r.%1$I) > ($2::xid8, $5::%3$s)
                  and not (r._deleted and $4::xid8 is not null and r._xid < $4::xid8)
                order by r._xid, r.%1$I
                limit $3) x',
      t.pk, t.rel, t.pk_type)
      into result using cutoff, coalesce(p_after_xid, '0'), p_limit, floor_xid, p_after_id;
  end if;
  return json_build_object('rows', result, 'cutoff', cutoff::text, 'floor', floor_xid::text);
end
$$;

-- ---------------------------------------------------------------------------------
-- Push: p_rows is a JSON array of {"n": new row, "a": assumed server row or null}.
-- Every row is judged on its own inside a savepoint:
--   insert (a is null): INSERT … ON CONFLICT (pk) DO NOTHING
--   update: UPDATE … WHERE pk = … AND <row still equals what the device last saw>
-- A row that did not apply is examined: already equal to the new state (a retry after
-- a lost acknowledgement) → ok; changed by someone else → conflict (the current row is
-- returned for the device's three-way merge); invisible → refused (RLS or gone);
-- visible but unchanged → refused (RLS forbids the update). Errors of the data
-- (classes 22, 23, 42501, P0001, …) refuse that row only; errors of the server
-- (connection, serialization, resources, shutdown) abort the call so the client retries.
--
-- Only the columns the device sends (p_columns) are written and compared, so a column
-- added to the server later is never overwritten with NULL by an older client. The
-- server-owned _xid and _modified are never written.
--
-- Returns {"xid": this transaction's id or null, "results": [{"i", "s", …}]} with an
-- entry for every row that did not simply apply ("s": "conflict" | "refused").

create or replace function public.sync_push(p_table text, p_columns text[], p_rows jsonb)
returns jsonb
language plpgsql volatile
set search_path = public, extensions, pg_catalog
as $$
declare
  t record;
  cols text[];
  set_list text;
  new_list text;
  old_list text;
  assumed_list text;
  insert_sql text;
  update_sql text;
  inspect_sql text;
  item jsonb;
  idx integer := 0;
  n integer;
  results jsonb := '[]'::jsonb;
  cur jsonb;
  equals_new boolean;
  equals_assumed boolean;
  st text;
  msg text;
  det text;
  hnt text;
  cons text;
begin
  select * into t from sync_private.table_info(p_table);
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'p_rows debe ser un arreglo JSON.';
  end if;

  select array_agg(a.attname::text order by a.attnum)
    into cols
  from pg_attribute a
  where a.attrelid = t.rel and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and a.attname = any (p_columns) and a.attname not in ('_xid', '_modified');
  if cols is null or not (t.pk = any (cols)) then
    raise exception using errcode = '22023', message = 'p_columns debe incluir la clave primaria.';
  end if;

  -- json has no equality operator; compare it as jsonb.
  select string_agg(format('t.%I', c) || cast_to, ', '),
         string_agg(format('n.%I', c) || cast_to, ', '),
         string_agg(format('a.%I', c) || cast_to, ', ')
    into old_list, new_list, assumed_list
  from (
    select c, case when format_type(a.atttypid, null) = 'json' then '::jsonb' else '' end as cast_to
    from unnest(cols) c
    join pg_attribute a on a.attrelid = t.rel and a.attname = c
  ) s;
  -- The comparison lists include the key; the SET list must not.
  select string_agg(format('%I = n.%I', c, c), ', ') into set_list from unnest(cols) c where c <> t.pk;

  insert_sql := format(
    'insert into %1$s as t (%2$s) select %3$s from jsonb_populate_record(null::%1$s, $1) n on conflict (%4$I) do nothing',
    t.rel,
    (select string_agg(format('%I', c), ', ') from unnest(cols) c),
    (select string_agg(format('n.%I', c), ', ') from unnest(cols) c),
    t.pk);
  update_sql := format(
    'update %1$s as t set %2$s from jsonb_populate_record(null::%1$s, $1) n, jsonb_populate_record(null::%1$s, $2) a
      where t.%3$I = n.%3$I and (%4$s) is not distinct from (%5$s)',
    t.rel, coalesce(set_list, format('%1$I = n.%1$I', t.pk)), t.pk, old_list, assumed_list);
  inspect_sql := format(
    'select to_jsonb(t), (%2$s) is not distinct from (%3$s), (%2$s) is not distinct from (%4$s)
       from %1$s t, jsonb_populate_record(null::%1$s, $1) n, jsonb_populate_record(null::%1$s, $2) a
      where t.%5$I = n.%5$I',
    t.rel, old_list, new_list, assumed_list, t.pk);

  for item in select value from jsonb_array_elements(p_rows)
  loop
    begin
      if item -> 'a' is null or jsonb_typeof(item -> 'a') = 'null' then
        execute insert_sql using item -> 'n';
      else
        execute update_sql using item -> 'n', item -> 'a';
      end if;
      get diagnostics n = row_count;

      if n = 0 then
        cur := null;
        execute inspect_sql into cur, equals_new, equals_assumed
          using item -> 'n', case when jsonb_typeof(item -> 'a') = 'object' then item -> 'a' else null end;
        if cur is null then
          -- Not visible: RLS hides it, or it does not exist (an update) / exists but is
          -- hidden (an insert). PostgREST reports neither as an error; we must.
          results := results || jsonb_build_object('i', idx, 's', 'refused', 'code', '42501',
            'message', 'row not visible', 'row', null);
        elsif equals_new then
          null; -- already applied: a retry after a lost acknowledgement
        elsif jsonb_typeof(item -> 'a') = 'object' and equals_assumed then
          results := results || jsonb_build_object('i', idx, 's', 'refused', 'code', '42501',
            'message', 'update not permitted', 'row', cur);
        else
          results := results || jsonb_build_object('i', idx, 's', 'conflict', 'row', cur);
        end if;
      end if;
    exception when others then
      get stacked diagnostics st = returned_sqlstate, msg = message_text, det = pg_exception_detail,
        hnt = pg_exception_hint, cons = constraint_name;
      -- Trouble of the server, not of this row: fail the whole call, the client retries.
      if left(st, 2) in ('08', '40', '53', '54', '55', '57', '58', 'XX') then
        raise;
      end if;
      cur := null;
      begin
        execute format('select to_jsonb(t) from %1$s t where t.%2$I = ($1 ->> %3$L)::%4$s', t.rel, t.pk, t.pk, t.pk_type)
          into cur using item -> 'n';
      exception when others then
        cur := null;
      end;
      results := results || jsonb_build_object('i', idx, 's', 'refused', 'code', st, 'message', msg,
        'details', nullif(det, ''), 'hint', nullif(hnt, ''), 'constraint', nullif(cons, ''), 'row', cur);
    end;
    idx := idx + 1;
  end loop;

  return jsonb_build_object('xid', pg_current_xact_id_if_assigned()::text, 'results', results);
end
$$;

-- ---------------------------------------------------------------------------------
-- Visible primary keys in key order, a page at a time: a device compares them with its
-- local rows to drop those that left the user's visibility (e.g. an admin demoted),
-- which no pull can ever deliver.

create or replace function public.sync_ids(p_table text, p_after_id text default null, p_limit integer default 5000)
returns jsonb
language plpgsql stable
set search_path = public, extensions, pg_catalog
as $$
declare
  t record;
  result jsonb;
begin
  select * into t from sync_private.table_info(p_table);
  if p_limit is null or p_limit < 1 or p_limit > 20000 then
    raise exception using errcode = '22023', message = 'p_limit debe estar entre 1 y 20000.';
  end if;
  execute format(
    'select coalesce(jsonb_agg(k order by o), ''[]''::jsonb)
       from (select r.%1$I::text as k, r.%1$I as o from %2$s r
              where $1::%3$s is null or r.%1$I > $1::%3$s
              order by r.%1$I limit $2) x',
    t.pk, t.rel, t.pk_type)
    into result using p_after_id, p_limit;
  return result;
end
$$;

revoke all on function public.sync_pull(text, text, text, integer, text, boolean) from public, anon;
revoke all on function public.sync_push(text, text[], jsonb) from public, anon;
revoke all on function public.sync_ids(text, text, integer) from public, anon;
revoke all on function sync_private.table_info(text) from public, anon;
grant execute on function public.sync_pull(text, text, text, integer, text, boolean) to authenticated, service_role;
grant execute on function public.sync_push(text, text[], jsonb) to authenticated, service_role;
grant execute on function public.sync_ids(text, text, integer) to authenticated, service_role;
grant execute on function sync_private.table_info(text) to authenticated, service_role;
