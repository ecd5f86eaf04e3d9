-- Mensajes en español para las restricciones.
--
-- Las reglas de forma (rangos, largos, estados válidos) viven una sola vez, como CHECK
-- en 20261122000200_tablas.sql, y el comentario de cada CHECK es el mensaje que ve el
-- usuario. Postgres solo sabe decir 'new row … violates check constraint …' en inglés,
-- así que aquí se genera para cada tabla un trigger BEFORE (tg80_restricciones) que
-- evalúa esas mismas expresiones, leídas del catálogo, y lanza el comentario (con
-- `{columna}` sustituido por el valor de la fila) con SQLSTATE 23514 y el nombre de la
-- restricción en `constraint` y en `details`. Lo mismo para columnas NOT NULL (23502).
-- El CHECK sigue siendo la garantía; el trigger solo se adelanta para explicarlo.
--
-- Si una migración posterior cambia los CHECK de una tabla, debe volver a llamar a
-- private.generar_validador(tabla).

create or replace function private.interpolar(plantilla text, fila jsonb) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  campo text;
  resultado text := plantilla;
begin
  for campo in select (regexp_matches(plantilla, '\{([a-z_]+)\}', 'g'))[1] loop
    resultado := pg_catalog.replace(resultado, '{' || campo || '}', coalesce(fila ->> campo, ''));
  end loop;
  return resultado;
end
$$;

create or replace function private.rechazar_restriccion(tabla text, restriccion text, fila jsonb) returns void
language plpgsql stable
set search_path = ''
as $$
declare
  mensaje text;
begin
  select pg_catalog.obj_description(c.oid, 'pg_constraint') into mensaje
  from pg_catalog.pg_constraint c
  where c.conname = restriccion and c.conrelid = pg_catalog.format('public.%I', tabla)::regclass;
  raise exception using
    errcode = '23514',
    message = private.interpolar(coalesce(mensaje, pg_catalog.format('Los datos no cumplen la regla %s.', restriccion)), fila),
    detail = pg_catalog.format('Restricción %s de %s.', restriccion, tabla),
    constraint = restriccion, table = tabla, schema = 'public';
end
$$;

create or replace function private.rechazar_nulo(tabla text, columna text) returns void
language plpgsql stable
set search_path = ''
as $$
begin
  raise exception using
    errcode = '23502',
    message = pg_catalog.format('Falta un dato obligatorio: %s.', pg_catalog.replace(columna, '_', ' ')),
    detail = pg_catalog.format('Columna %s de %s.', columna, tabla),
    column = columna, table = tabla, schema = 'public';
end
$$;

create or replace function private.generar_validador(tabla regclass) returns void
language plpgsql
-- Con search_path vacío, pg_get_expr escribe cada nombre calificado con su esquema, que
-- es lo que necesita la función generada (también con search_path vacío).
set search_path = ''
as $gen$
declare
  nombre_tabla text := (select c.relname from pg_catalog.pg_class c where c.oid = tabla);
  funcion text := 'validar_' || nombre_tabla;
  r record;
  n integer := 0;
  expresiones text[] := '{}';
  verificaciones text := '';
  nulos text := '';
  evaluacion text := '';
begin
  for r in
    select c.conname, pg_catalog.pg_get_expr(c.conbin, c.conrelid) as expr
    from pg_catalog.pg_constraint c
    where c.conrelid = tabla and c.contype = 'c'
    order by c.conname
  loop
    n := n + 1;
    expresiones := expresiones || pg_catalog.format('(%s) is false', r.expr);
    verificaciones := verificaciones || pg_catalog.format(
      E'  if _falla[%s] then perform private.rechazar_restriccion(%L, %L, pg_catalog.to_jsonb(new)); end if;\n',
      n, nombre_tabla, r.conname);
  end loop;

  -- _modified y _xid los pone tg90_sincronizacion, que corre después.
  for r in
    select a.attname
    from pg_catalog.pg_attribute a
    where a.attrelid = tabla and a.attnum > 0 and not a.attisdropped and a.attnotnull
      and a.attname not in ('_modified', '_xid')
    order by a.attnum
  loop
    nulos := nulos || pg_catalog.format(
      E'  if new.%I is null then perform private.rechazar_nulo(%L, %L); end if;\n', r.attname, nombre_tabla, r.attname);
  end loop;

  if n > 0 then
    evaluacion := pg_catalog.format(E'  select array[%s] into _falla from (select new.*) as _fila;\n', pg_catalog.array_to_string(expresiones, ', '));
  end if;

  execute pg_catalog.format($f$
create or replace function private.%1$I() returns trigger
language plpgsql security definer
set search_path = ''
as $body$
-- Generada por private.generar_validador: no editar a mano.
declare
  _falla boolean[];
begin
%2$s%3$s%4$s  return new;
end
$body$
$f$, funcion, nulos, evaluacion, verificaciones);

  execute pg_catalog.format('drop trigger if exists tg80_restricciones on %s', tabla);
  execute pg_catalog.format(
    'create trigger tg80_restricciones before insert or update on %s for each row execute function private.%I()', tabla, funcion);
end
$gen$;

select private.generar_validador(t)
from unnest(array[
  'public.tb_tratamientos', 'public.tb_horarios', 'public.tb_especialistas', 'public.tb_pacientes',
  'public.tb_formapago', 'public.tbusuarios', 'public.tb_reservas', 'public.tb_citas',
  'public.tb_pagos_citas', 'public.tb_movimientos_stock', 'public.tb_egresos',
  'public.tb_conciliacion_bancaria'
]::regclass[]) as t;

-- ---------------------------------------------------------------------------------
-- Catálogo de mensajes para el cliente: los 23505 (únicos) y 23P01 (exclusión) llegan
-- con el nombre de la restricción en el mensaje de Postgres; con esta lista la capa de
-- sincronización puede mostrar el motivo en español de cualquier escritura rechazada.

create or replace function public.mensajes_restricciones()
returns table (tabla text, restriccion text, tipo text, mensaje text)
language sql stable
set search_path = ''
as $$
  select t.relname::text, c.conname::text,
         case c.contype when 'c' then 'check' when 'u' then 'unique' when 'x' then 'exclusion' when 'f' then 'foreign_key' when 'p' then 'primary_key' end,
         pg_catalog.obj_description(c.oid, 'pg_constraint')
  from pg_catalog.pg_constraint c
  join pg_catalog.pg_class t on t.oid = c.conrelid
  join pg_catalog.pg_namespace s on s.oid = t.relnamespace
  where s.nspname = 'public' and pg_catalog.obj_description(c.oid, 'pg_constraint') is not null
  union all
  select t.relname::text, i.relname::text, 'unique', pg_catalog.obj_description(i.oid, 'pg_class')
  from pg_catalog.pg_index x
  join pg_catalog.pg_class i on i.oid = x.indexrelid
  join pg_catalog.pg_class t on t.oid = x.indrelid
  join pg_catalog.pg_namespace s on s.oid = t.relnamespace
  where s.nspname = 'public' and x.indisunique and not x.indisprimary
    and not exists (select 1 from pg_catalog.pg_constraint c where c.conindid = i.oid)
    and pg_catalog.obj_description(i.oid, 'pg_class') is not null
  order by 1, 2
$$;
comment on function public.mensajes_restricciones() is 'Mensaje en español de cada restricción con nombre (CHECK, UNIQUE, exclusión) de las tablas públicas.';
revoke execute on function public.mensajes_restricciones() from public, anon;
grant execute on function public.mensajes_restricciones() to authenticated, service_role;
