-- sync_push lineal y con tope por llamada (docs/decisions/0033-dinero-entre-tablets.md).
--
-- 1. Lineal: cada resultado se añadía con `results := results || …`, que copia el arreglo
--    entero en cada fila (cuadrático): un push de 22 000 actualizaciones de ids
--    inexistentes (3,9 MB) tardó 129 s y bloqueó el servidor (PGlite ejecuta una
--    sentencia a la vez). Ahora los resultados se juntan en un arreglo de plpgsql
--    (array_append amplía en sitio) y se agregan una vez al final.
-- 2. Tope: como mucho 500 filas y 1 MB (tamaño jsonb de p_rows) por llamada. Por encima
--    se responde, sin tocar nada, SQLSTATE PT413 (HTTP 413 en PostgREST y en el backend
--    embebido) con un mensaje en español; el cliente divide el lote y lo vuelve a enviar
--    (sync/replication/push-batches.ts).
-- 3. Las lápidas (filas con _deleted) se juzgan antes que el resto de la llamada, en su
--    orden: un administrador que offline anula un pago y cobra de nuevo la misma cita
--    sube ambos en un envío, y el cobro nuevo no debe chocar con el anulado (un pago
--    final por cita, 20261127100000_dinero_congelado.sql). Los índices de la respuesta
--    siguen siendo los de la petición.
-- 4. Reintento tras un acuse perdido (`equals_new`) con el reloj acotado: el servidor
--    guarda updated_at = least(enviado, _modified) (20261127100000), así que la fila ya
--    aplicada se reconoce comparando con ese mismo valor.
--
-- sync_ids y sync_pull ya eran lineales (una sola consulta con agregado) y tienen tope
-- (p_limit ≤ 20 000 / 5 000); sync_duplicate_of lee una fila.

create or replace function public.sync_push(p_table text, p_columns text[], p_rows jsonb)
returns jsonb
language plpgsql volatile
set search_path = public, extensions, pg_catalog
as $$
declare
  max_filas constant integer := 500;
  max_bytes constant integer := 1048576;
  t record;
  cols text[];
  set_list text;
  new_list text;
  new_list_clamped text;
  old_list text;
  assumed_list text;
  insert_sql text;
  update_sql text;
  inspect_sql text;
  item jsonb;
  idx integer;
  n integer;
  total integer;
  results jsonb[] := '{}';
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
  total := jsonb_array_length(p_rows);
  if total > max_filas or pg_column_size(p_rows) > max_bytes then
    raise exception using
      errcode = 'PT413',
      message = format('La subida tiene demasiadas filas o datos para una sola llamada (%s filas, %s KB; el máximo es %s filas y %s KB). Divídela en lotes más pequeños.',
        total, pg_column_size(p_rows) / 1024, max_filas, max_bytes / 1024),
      hint = 'sync_push_lote_grande';
  end if;

  select array_agg(a.attname::text order by a.attnum)
    into cols
  from pg_attribute a
  where a.attrelid = t.rel and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and a.attname = any (p_columns) and a.attname not in ('_xid', '_modified');
  if cols is null or not (t.pk = any (cols)) then
    raise exception using errcode = '22023', message = 'p_columns debe incluir la clave primaria.';
  end if;

  -- json has no equality operator; compare it as jsonb. The retry check compares the new
  -- row's clock as the server stored it (clamped to _modified).
  select string_agg(format('t.%I', c) || cast_to, ', '),
         string_agg(format('n.%I', c) || cast_to, ', '),
         string_agg(case when c = 'updated_at' then 'least(n.updated_at, t._modified)' else format('n.%I', c) || cast_to end, ', '),
         string_agg(format('a.%I', c) || cast_to, ', ')
    into old_list, new_list, new_list_clamped, assumed_list
  from (
    select c, case when format_type(a.atttypid, null) = 'json' then '::jsonb' else '' end as cast_to
    from unnest(cols) c
    join pg_attribute a on a.attrelid = t.rel and a.attname = c
  ) s;
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
    t.rel, old_list, new_list_clamped, assumed_list, t.pk);

  for item, idx in
    select e.value, (e.ord - 1)::integer
    from jsonb_array_elements(p_rows) with ordinality as e(value, ord)
    order by coalesce((e.value -> 'n' ->> '_deleted')::boolean, false) desc, e.ord
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
          results := array_append(results, jsonb_build_object('i', idx, 's', 'refused', 'code', '42501',
            'message', 'row not visible', 'row', null));
        elsif equals_new then
          null; -- already applied: a retry after a lost acknowledgement
        elsif jsonb_typeof(item -> 'a') = 'object' and equals_assumed then
          results := array_append(results, jsonb_build_object('i', idx, 's', 'refused', 'code', '42501',
            'message', 'update not permitted', 'row', cur));
        else
          results := array_append(results, jsonb_build_object('i', idx, 's', 'conflict', 'row', cur));
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
      results := array_append(results, jsonb_build_object('i', idx, 's', 'refused', 'code', st, 'message', msg,
        'details', nullif(det, ''), 'hint', nullif(hnt, ''), 'constraint', nullif(cons, ''), 'row', cur));
    end;
  end loop;

  return jsonb_build_object('xid', pg_current_xact_id_if_assigned()::text,
    'results', (select coalesce(jsonb_agg(r order by (r ->> 'i')::integer), '[]'::jsonb) from unnest(results) r));
end
$$;

revoke all on function public.sync_push(text, text[], jsonb) from public, anon;
grant execute on function public.sync_push(text, text[], jsonb) to authenticated, service_role;
