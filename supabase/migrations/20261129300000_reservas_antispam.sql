-- Anti-spam del formulario público de reservas (docs/decisions/0041-reservas-antispam.md),
-- sobre los límites de docs/decisions/0021-reservas-publicas-limites.md:
--
-- * Por dirección del cliente: 10 solicitudes aceptadas por día de Perú, sumando todos
--   los correos (antes 10 por hora: 240 al día desde una sola conexión). La dirección es
--   la primera de request.headers.x-forwarded-for, que el servidor embebido sobrescribe
--   con la que determinó él mismo (el socket, o el proxy solo con --trust-proxy:
--   supabase/local/rest/handler.ts) y que en Supabase alojado pone su pasarela. Una
--   dirección IPv6 cuenta por su /64 (un equipo cambia de dirección dentro de su red).
--   Sin dirección (llamadas del propio servidor) o desde la propia máquina (127.0.0.0/8,
--   ::1: un proxy local sin --trust-proxy) no se limita por dirección.
-- * Por dispositivo: 5 por día de Perú, con el identificador aleatorio que el formulario
--   guarda en localStorage y envía en la cabecera x-spa-dispositivo (un UUID). Sin ella
--   o con otro formato no se cuenta: un bot puede omitirla; el límite es la dirección.
-- * Solo se guarda lo necesario, fuera de tb_reservas (replicada a las tablets): un
--   contador por (huella, día) en private.reservas_publicas_cupos, donde la huella es el
--   sha256 de (tipo, día, valor); nunca la dirección ni el identificador. Dos días.
-- * Los mensajes no dicen cuántas solicitudes hubo ni cuántas quedan; son los de
--   MENSAJES_RESERVA.limites (src/domain/booking.ts), y las pruebas los mantienen iguales.

-- La tabla de 0021 guardaba direcciones en claro: se borra con ellas.
drop table if exists private.reservas_publicas_registro;
drop function if exists private.max_reservas_publicas_por_hora_y_direccion();

create table if not exists private.reservas_publicas_cupos (
  clave text not null,
  dia date not null,
  solicitudes integer not null,
  primary key (clave, dia)
);
create index if not exists reservas_publicas_cupos_dia_idx on private.reservas_publicas_cupos (dia);
comment on table private.reservas_publicas_cupos is
  'Solicitudes públicas aceptadas por día de Perú y huella (sha256 de tipo, día y dirección o dispositivo), solo para limitar el abuso; se purgan a los 2 días.';

create or replace function private.max_reservas_publicas_por_dia_y_direccion() returns integer
language sql immutable parallel safe
set search_path = ''
as $$ select 10 $$;

create or replace function private.max_reservas_publicas_por_dia_y_dispositivo() returns integer
language sql immutable parallel safe
set search_path = ''
as $$ select 5 $$;

-- La dirección tal como se cuenta: IPv4 (también ::ffff:a.b.c.d) entera, IPv6 por su /64;
-- null si no hay o es de la propia máquina; un valor que no es una dirección, tal cual.
create or replace function private.direccion_a_contar(direccion text) returns text
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  t text := pg_catalog.btrim(coalesce(direccion, ''));
  d inet;
begin
  if t = '' then
    return null;
  end if;
  begin
    d := t::inet;
  exception when others then
    return t;
  end;
  if pg_catalog.host(d) ~ '^::ffff:[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$' then
    d := pg_catalog.substr(pg_catalog.host(d), 8)::inet;
  end if;
  if d <<= '127.0.0.0/8'::inet or d = '::1'::inet then
    return null;
  end if;
  if pg_catalog.family(d) = 6 then
    return pg_catalog.network(pg_catalog.set_masklen(d, 64))::text;
  end if;
  return pg_catalog.host(d);
end
$$;

-- El identificador de dispositivo del formulario (src/domain/booking-antispam.ts,
-- dispositivoValido): un UUID; cualquier otra cosa no se cuenta.
create or replace function private.dispositivo_a_contar(dispositivo text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case when pg_catalog.btrim(dispositivo) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then pg_catalog.lower(pg_catalog.btrim(dispositivo)) end
$$;

-- Suma una solicitud a la huella de (tipo, día, valor) y devuelve cuántas lleva ese día.
create or replace function private.sumar_cupo_publico(tipo text, dia date, valor text) returns integer
language sql volatile
set search_path = ''
as $$
  insert into private.reservas_publicas_cupos as c (clave, dia, solicitudes)
  values (
    pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(tipo || ':' || dia::text || ':' || valor, 'UTF8')), 'hex'),
    dia,
    1
  )
  on conflict (clave, dia) do update set solicitudes = c.solicitudes + 1
  returning c.solicitudes
$$;

create or replace function private.reservas_limite_publico() returns trigger
language plpgsql security definer
set search_path = ''
-- Planes a medida en cada llamada: un plan genérico guardado cuando la tabla estaba
-- vacía recorría la tabla entera para siempre (PGlite no tiene autovacuum).
set plan_cache_mode = force_custom_plan
as $$
declare
  filas integer := coalesce(nullif(pg_catalog.current_setting('spa.reservas_publicas_en_solicitud', true), '')::integer, 0) + 1;
  cabeceras jsonb;
  direccion text;
  dispositivo text;
  correo_norm text;
  hoy date := public.hoy_peru();
  hechas integer;
begin
  if tg_op <> 'INSERT' or private.rol_api() is distinct from 'anon' then
    return new;
  end if;
  perform pg_catalog.set_config('spa.reservas_publicas_en_solicitud', filas::text, true);
  if filas > 1 then
    raise exception using errcode = 'P0001', message = 'Envía una sola solicitud de reserva a la vez.';
  end if;

  -- Por correo primero: a quien ya pidió hoy con su correo se le dice eso, lo más útil.
  correo_norm := private.correo_normalizado(coalesce(new.email_cliente, ''));
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('reserva-publica:' || correo_norm, 0));
  select count(*) into hechas from public.tb_reservas r
  where private.correo_normalizado(r.email_cliente) = correo_norm
    and r.estado_reserva = 'pendiente'
    and not r._deleted
    and r.created_at >= (hoy::timestamp + interval '5 hours') at time zone 'UTC';
  if hechas >= private.max_reservas_publicas_por_dia() then
    raise exception using errcode = 'P0001',
      message = 'Ya recibimos tus solicitudes de reserva de hoy con este correo. Te contactaremos pronto para confirmarlas.';
  end if;

  -- Los contadores se suman dentro de esta transacción: una solicitud que otra regla
  -- rechaza después (hora, nombre, teléfono…) se deshace entera y no cuenta. El upsert
  -- bloquea la fila de su huella, así dos envíos simultáneos no pasan los dos.
  begin
    cabeceras := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb;
  exception when others then
    cabeceras := null;
  end;
  dispositivo := private.dispositivo_a_contar(cabeceras ->> 'x-spa-dispositivo');
  direccion := private.direccion_a_contar(pg_catalog.split_part(cabeceras ->> 'x-forwarded-for', ',', 1));
  if dispositivo is not null or direccion is not null then
    delete from private.reservas_publicas_cupos c where c.dia < hoy - 1;
  end if;
  if dispositivo is not null
     and private.sumar_cupo_publico('dispositivo', hoy, dispositivo) > private.max_reservas_publicas_por_dia_y_dispositivo() then
    raise exception using errcode = 'P0001',
      message = 'Hoy ya recibimos varias solicitudes desde este dispositivo. Te contactaremos pronto; si necesitas otra cita, escríbenos por WhatsApp.';
  end if;
  if direccion is not null
     and private.sumar_cupo_publico('direccion', hoy, direccion) > private.max_reservas_publicas_por_dia_y_direccion() then
    raise exception using errcode = 'P0001',
      message = 'Hoy recibimos muchas solicitudes desde tu conexión. Inténtalo de nuevo mañana o escríbenos por WhatsApp.';
  end if;
  return new;
end
$$;
