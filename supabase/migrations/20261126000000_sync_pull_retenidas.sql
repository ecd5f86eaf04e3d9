-- sync_pull also says whether it withheld committed rows (docs/decisions/0028-pull-retenido.md).
--
-- The pull returns only rows of transactions that had all finished when its snapshot was
-- taken (_xid < xmin): a transaction still open could commit later with a smaller xid
-- than rows already handed out. The price: while any older transaction is open (another
-- tablet's push, a long import), a row committed after it is withheld. A device that
-- pulled then (on the realtime notice of that very row) saw nothing new and waited for
-- its next trigger, up to the 60 s periodic pull. `held` tells it to ask again soon.
--
-- Rows at or above the cutoff that this snapshot can see are exactly those withheld
-- (committed, but by a transaction newer than an open one); every client checkpoint is
-- below the cutoff, so the check needs no checkpoint. One probe of the (_xid, pk)
-- index; RLS applies as in the pull itself (SECURITY INVOKER).

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
  held boolean;
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
  execute format('select exists (select 1 from %s r where r._xid >= $1)', t.rel) into held using cutoff;
  return json_build_object('rows', result, 'cutoff', cutoff::text, 'floor', floor_xid::text, 'held', held);
end
$$;
