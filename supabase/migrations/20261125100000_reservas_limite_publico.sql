-- Límites del formulario público de reservas (docs/decisions/0021-reservas-publicas-limites.md).
--
-- * Una fila por solicitud: un POST anónimo con una lista de 15 000 reservas congeló el
--   servidor; el público reserva de una en una.
-- * Por dirección del cliente (10 por hora) y por correo normalizado (minúsculas, sin
--   '+etiqueta': ana+1@x.com y ana+2@x.com son el mismo buzón; 3 pendientes por día de Perú), con un
--   mensaje que no dice cuántas solicitudes hubo.
-- * La dirección sale de request.headers.x-forwarded-for, que el servidor embebido
--   sobrescribe con la dirección que calculó (supabase/local/rest/handler.ts) y que en
--   Supabase alojado pone su pasarela: el cliente no la elige.
--
-- Trigger propio (tg15, antes de tg20_reglas). Las direcciones se anotan en una tabla
-- privada, no en tb_reservas: no deben sincronizarse a las tablets.

create table if not exists private.reservas_publicas_registro (
  id bigint generated always as identity primary key,
  direccion text not null,
  creado timestamptz not null default pg_catalog.now()
);
create index if not exists reservas_publicas_registro_direccion_idx on private.reservas_publicas_registro (direccion, creado);
create index if not exists reservas_publicas_registro_creado_idx on private.reservas_publicas_registro (creado);
comment on table private.reservas_publicas_registro is
  'Solicitudes públicas recientes por dirección, solo para limitar el abuso; se purgan a los 2 días.';

create or replace function private.max_reservas_publicas_por_hora_y_direccion() returns integer
language sql immutable parallel safe
set search_path = ''
as $$ select 10 $$;

-- ana.perez+spa@Gmail.com -> ana.perez@gmail.com
create or replace function private.correo_normalizado(correo text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select pg_catalog.regexp_replace(pg_catalog.lower(pg_catalog.btrim(correo)), '\+[^@]*@', '@')
$$;

-- Las solicitudes pendientes de hoy por correo normalizado (una cancelada deja de contar).
create index if not exists tb_reservas_correo_normalizado_idx
  on public.tb_reservas (private.correo_normalizado(email_cliente), created_at) where estado_reserva = 'pendiente';

create or replace function private.reservas_limite_publico() returns trigger
language plpgsql security definer
set search_path = ''
-- Planes a medida en cada llamada: un plan genérico guardado cuando la tabla estaba
-- vacía recorría la tabla entera para siempre (PGlite no tiene autovacuum).
set plan_cache_mode = force_custom_plan
as $$
declare
  filas integer := coalesce(nullif(pg_catalog.current_setting('spa.reservas_publicas_en_solicitud', true), '')::integer, 0) + 1;
  dir_cliente text;
  correo_norm text;
  hechas integer;
begin
  if tg_op <> 'INSERT' or private.rol_api() is distinct from 'anon' then
    return new;
  end if;
  perform pg_catalog.set_config('spa.reservas_publicas_en_solicitud', filas::text, true);
  if filas > 1 then
    raise exception using errcode = 'P0001', message = 'Envía una sola solicitud de reserva a la vez.';
  end if;

  dir_cliente := coalesce(nullif(pg_catalog.btrim(pg_catalog.split_part(
    pg_catalog.current_setting('request.headers', true)::jsonb ->> 'x-forwarded-for', ',', 1)), ''), 'desconocida');
  correo_norm := private.correo_normalizado(coalesce(new.email_cliente, ''));

  -- Serializa los envíos simultáneos de una misma dirección o un mismo correo.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('reserva-publica-dir:' || dir_cliente, 0));
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('reserva-publica:' || correo_norm, 0));

  -- Desde la propia máquina (127.0.0.0/8, ::1) la dirección no identifica a nadie: un
  -- proxy local sin --trust-proxy haría que todos los clientes compartan un límite.
  if dir_cliente !~ '^(127\.|::1$|::ffff:127\.)' then
    delete from private.reservas_publicas_registro r where r.creado < pg_catalog.now() - interval '2 days';
    select count(*) into hechas from private.reservas_publicas_registro r
    where r.direccion = dir_cliente and r.creado >= pg_catalog.now() - interval '1 hour';
    if hechas >= private.max_reservas_publicas_por_hora_y_direccion() then
      raise exception using errcode = 'P0001',
        message = 'Recibimos muchas solicitudes desde tu conexión. Inténtalo de nuevo más tarde o escríbenos por WhatsApp.';
    end if;
    insert into private.reservas_publicas_registro (direccion) values (dir_cliente);
  end if;

  select count(*) into hechas from public.tb_reservas r
  where private.correo_normalizado(r.email_cliente) = correo_norm
    and r.estado_reserva = 'pendiente'
    and not r._deleted
    and r.created_at >= (public.hoy_peru()::timestamp + interval '5 hours') at time zone 'UTC';
  if hechas >= private.max_reservas_publicas_por_dia() then
    raise exception using errcode = 'P0001',
      message = 'Ya recibimos tus solicitudes de reserva de hoy con este correo. Te contactaremos pronto para confirmarlas.';
  end if;
  return new;
end
$$;

create trigger tg15_limite_publico before insert on public.tb_reservas
  for each row execute function private.reservas_limite_publico();

-- El conteo por correo de private.reservas_antes (tg20) se quedaba con el plan genérico
-- de una tabla vacía y recorría toda tb_reservas: de ~25 ms a ~70 ms por reserva con
-- 28 000 filas. Solo se cambia su modo de plan, no su cuerpo; su límite por correo ya no
-- se alcanza, porque tg15 cuenta lo mismo (y más: correo normalizado) antes.
alter function private.reservas_antes() set plan_cache_mode = force_custom_plan;
