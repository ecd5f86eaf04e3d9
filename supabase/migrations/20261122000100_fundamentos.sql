-- Fundamentos compartidos por todas las tablas replicadas (docs/architecture.md §3, §5).
--
-- * Esquema `private`: funciones internas (triggers, validadores). PostgREST solo publica
--   `public`, y los roles de la API no tienen USAGE sobre `private`, así que nada de aquí
--   es invocable por un cliente. Las funciones de trigger son SECURITY DEFINER: corren
--   como el dueño de las tablas, sin RLS, porque aplican reglas que deben ver todas las
--   filas (choques de agenda, guardas de borrado, límites de reservas).
-- * `private.hacer_replicable(tabla, pk)`: la única definición de "tabla replicada":
--   columnas de sincronización, trigger de `_modified`/`_xid`, índice del checkpoint,
--   RLS y publicación de Realtime. Una prueba verifica que las 12 tablas la cumplen.

create extension if not exists btree_gist with schema extensions;

create schema if not exists private;
revoke all on schema private from public;
alter default privileges in schema private revoke execute on functions from public;

-- ---------------------------------------------------------------------------------
-- Fecha de Perú: desfase fijo UTC−5 (sin horario de verano), como el cliente.

create or replace function public.hoy_peru() returns date
language sql stable
set search_path = ''
as $$
  select (pg_catalog.timezone('UTC', pg_catalog.now()) - interval '5 hours')::date
$$;
comment on function public.hoy_peru() is 'Fecha de hoy en Perú (UTC−5 fijo), la misma que calcula el cliente.';

create or replace function private.dia_peru(t timestamptz) returns date
language sql immutable
set search_path = ''
as $$
  select (pg_catalog.timezone('UTC', t) - interval '5 hours')::date
$$;

-- ---------------------------------------------------------------------------------
-- Quién escribe.
--
-- Una escritura "de cliente" es una sentencia enviada por la API con el rol anon o
-- authenticated. Los efectos que hacen los propios triggers (un pago que completa su
-- cita, un movimiento que actualiza el stock) corren a profundidad de trigger > 1 y son
-- del servidor. El GUC `role` conserva el rol de la petición incluso dentro de funciones
-- SECURITY DEFINER (current_user no: pasa a ser el dueño).

create or replace function private.rol_api() returns text
language sql stable
set search_path = ''
as $$
  select nullif(pg_catalog.current_setting('role', true), 'none')
$$;

create or replace function private.es_escritura_de_cliente() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce(private.rol_api() in ('anon', 'authenticated'), false)
     and pg_catalog.pg_trigger_depth() <= 1
$$;

-- ---------------------------------------------------------------------------------
-- UUID v5 (RFC 4122, SHA-1). Ids deterministas para filas que el servidor deriva (los
-- movimientos de stock de un pago) y que los clientes deben poder calcular igual (copias
-- de egresos fijos): reintentar la misma operación produce el mismo id, y la clave
-- primaria impide contarla dos veces.

create or replace function private.uuid_v5(espacio uuid, nombre text) returns uuid
language plpgsql immutable strict parallel safe
set search_path = ''
as $$
declare
  h bytea := extensions.digest(
    pg_catalog.decode(pg_catalog.replace(espacio::text, '-', ''), 'hex') || pg_catalog.convert_to(nombre, 'UTF8'), 'sha1');
begin
  h := substring(h from 1 for 16);
  h := pg_catalog.set_byte(h, 6, (pg_catalog.get_byte(h, 6) & 15) | 80);   -- versión 5
  h := pg_catalog.set_byte(h, 8, (pg_catalog.get_byte(h, 8) & 63) | 128);  -- variante RFC 4122
  return pg_catalog.encode(h, 'hex')::uuid;
end
$$;

-- Espacio de nombres de Spa Lima para los UUID v5 (documentado en docs/decisions/0002).
create or replace function private.espacio_uuid() returns uuid
language sql immutable parallel safe
set search_path = ''
as $$ select '6f1c2b1e-8d4a-4c57-9a43-5b2f0e7c9d10'::uuid $$;

-- ---------------------------------------------------------------------------------
-- Columnas de sincronización (docs/architecture.md §5, docs/decisions/0003-sync.md).
--
-- `_modified` (clock_timestamp) y `_xid` (id de la transacción que escribió la fila) los
-- pone siempre el servidor, ignorando lo que mande el cliente. El pull avanza por
-- (`_xid`, pk) solo hasta `pg_snapshot_xmin(pg_current_snapshot())`: una transacción que
-- confirma tarde tiene un _xid por debajo de ese corte hasta que confirma, así que nunca
-- queda detrás de un checkpoint ya entregado.

create or replace function private.marcar_sincronizacion() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new._modified := pg_catalog.clock_timestamp();
  new._xid := pg_catalog.pg_current_xact_id();
  return new;
end
$$;

create or replace function private.hacer_replicable(tabla regclass, pk text) returns void
language plpgsql
set search_path = ''
as $$
declare
  nombre text := (select c.relname from pg_catalog.pg_class c where c.oid = tabla);
begin
  execute pg_catalog.format($sql$
    alter table %1$s
      add column created_at timestamptz not null default pg_catalog.now(),
      add column updated_at timestamptz not null default pg_catalog.now(),
      add column _modified timestamptz not null,
      add column _xid xid8 not null,
      add column _deleted boolean not null default false
  $sql$, tabla);

  execute pg_catalog.format(
    'create trigger tg90_sincronizacion before insert or update on %s for each row execute function private.marcar_sincronizacion()',
    tabla);
  execute pg_catalog.format('create index %I on %s (_xid, %I)', nombre || '_checkpoint_idx', tabla, pk);
  execute pg_catalog.format('alter table %s enable row level security', tabla);
  execute pg_catalog.format('alter publication supabase_realtime add table %s', tabla);

  execute pg_catalog.format($sql$
    comment on column %1$s.updated_at is 'Hora de la última edición según el dispositivo: el reloj de last-writer-wins.';
    comment on column %1$s._modified is 'Puesto por el servidor en cada escritura (clock_timestamp); el cliente no puede escribirlo.';
    comment on column %1$s._xid is 'Transacción que escribió la fila; checkpoint del pull seguro ante commits tardíos.';
    comment on column %1$s._deleted is 'Borrado lógico (tombstone): los clientes nunca borran filas.'
  $sql$, tabla);
end
$$;
