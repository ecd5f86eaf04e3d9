-- Which visible row a refused insert duplicates (docs/decisions/0024-sync-refusals-conflicts-efficiency.md).
--
-- When sync_push refuses a row with 23505 on a unique index other than the primary key
-- (two tablets registered the same patient, same DNI, while offline), the device asks
-- for the row that already holds those values, so staff can open it and copy what they
-- typed into it. Returns {"row": the existing row or null, "columns": the index's
-- columns}. SECURITY INVOKER: RLS decides what the caller may see, as everywhere in sync.

create or replace function public.sync_duplicate_of(p_table text, p_constraint text, p_row jsonb)
returns jsonb
language plpgsql stable
set search_path = public, extensions, pg_catalog
as $$
declare
  t record;
  cols text[];
  cond text;
  found_row jsonb;
begin
  select * into t from sync_private.table_info(p_table);
  if jsonb_typeof(p_row) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'p_row debe ser un objeto JSON.';
  end if;
  -- The unique index (or the index behind a unique constraint) of that name, on that table.
  select array_agg(a.attname::text order by k.ord)
    into cols
  from pg_index i
  join pg_class ic on ic.oid = i.indexrelid
  cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
  where i.indrelid = t.rel and i.indisunique and not i.indisprimary and ic.relname = p_constraint
    -- An index on an expression (e.g. lower(email)) cannot be matched column by column.
    and not (0 = any (i.indkey::int2[]));
  if cols is null then
    return jsonb_build_object('row', null, 'columns', '[]'::jsonb);
  end if;
  select string_agg(format('t.%1$I is not distinct from n.%1$I', c), ' and ') into cond from unnest(cols) c;
  execute format(
    'select to_jsonb(t) from %1$s t, jsonb_populate_record(null::%1$s, $1) n
      where %2$s and not t._deleted and t.%3$I is distinct from n.%3$I
      order by t._xid limit 1',
    t.rel, cond, t.pk)
    into found_row using p_row;
  return jsonb_build_object('row', found_row, 'columns', to_jsonb(cols));
end
$$;

revoke all on function public.sync_duplicate_of(text, text, jsonb) from public, anon;
grant execute on function public.sync_duplicate_of(text, text, jsonb) to authenticated, service_role;
