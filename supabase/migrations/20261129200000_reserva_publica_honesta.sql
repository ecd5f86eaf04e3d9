-- La reserva pública pide solo lo que el spa puede cumplir
-- (docs/decisions/0039-reserva-publica-honesta.md).
--
-- * public.horas_disponibles(tratamiento, fecha): las horas de inicio (la misma rejilla
--   del formulario, src/domain/booking-slots.ts) en que al menos un especialista activo
--   que trabaja ese día está libre durante toda la duración del servicio, con las reglas
--   de la agenda del personal (src/domain/agenda-slots.ts y la restricción
--   tb_citas_sin_cruce_especialista). Solo devuelve horas: ni nombres ni datos de otros.
--   Acotada (un tratamiento, un día de la ventana de reserva, consultas por índice), como
--   pide la superficie anónima (docs/decisions/0030-superficie-anonima.md).
-- * La inserción anónima en tb_reservas (private.reservas_horario, tg30_horario) además
--   rechaza: una hora fuera de la rejilla (segundos o fracciones: '10:00:30.5'), una
--   hora que ya pasó hoy en Perú, un servicio que terminaría después del cierre, un
--   nombre sin al menos dos letras o con números/símbolos y un teléfono que no es un
--   celular peruano. El personal sigue anotando lo que el cliente le pida.

-- Minutos desde medianoche de un time ('24:00:00' es 1440).
create or replace function private.minutos_del_dia(t time) returns integer
language sql immutable parallel safe strict
set search_path = ''
as $$ select pg_catalog.floor(pg_catalog.date_part('epoch', t) / 60)::integer $$;

-- Minuto del día en Perú (UTC−5 fijo), el mismo reloj que public.hoy_peru().
create or replace function private.minuto_peru() returns integer
language sql stable
set search_path = ''
as $$ select private.minutos_del_dia((pg_catalog.timezone('UTC', pg_catalog.now()) - interval '5 hours')::time) $$;

-- Nombre del formulario público: al menos dos letras; sin dígitos ni símbolos. Las
-- «letras» son lo que no es dígito, símbolo ASCII ni separador (espacio ' ’ - .), así la
-- regla no depende de la configuración regional del servidor (PGlite usa C) y es la
-- misma que src/domain/booking.ts (nombreReservaValido).
create or replace function private.nombre_reserva_valido(nombre text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select nombre is not null
    and nombre !~ '[0-9_!"#$%&()*+,/:;<=>?@\[\\\]^`{|}~]'
    and pg_catalog.length(pg_catalog.regexp_replace(nombre, '[[:space:]''’.-]', '', 'g')) >= 2
$$;

-- Celular peruano: 9 dígitos que empiezan con 9, con o sin +51 / 51 delante; se admiten
-- espacios, puntos, guiones y paréntesis entre los dígitos. Espejo de telefonoReservaValido.
create or replace function private.telefono_reserva_valido(telefono text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select telefono is not null
    and pg_catalog.regexp_replace(telefono, '[[:space:]().-]', '', 'g') ~ '^(\+?51)?9[0-9]{8}$'
$$;

create or replace function public.horas_disponibles(p_id_tratamiento uuid, p_fecha date)
returns setof time
language plpgsql stable security definer
set search_path = ''
-- Planes a medida: PGlite no tiene autovacuum y un plan genérico guardado con la tabla
-- vacía recorrería tb_citas entera (docs/decisions/0021-reservas-publicas-limites.md).
set plan_cache_mode = force_custom_plan
as $$
declare
  hoy date := public.hoy_peru();
  duracion integer;
  dia text;
  horario record;
  apertura integer;
  cierre integer;
  desc_ini integer;
  desc_fin integer;
  desde integer := 0;
begin
  -- Acotada: un día dentro de la ventana de reserva (hoy … un año, como tg20_reglas).
  if p_id_tratamiento is null or p_fecha is null or p_fecha < hoy or p_fecha > hoy + 365 then
    return;
  end if;
  select t.duracion_estimada_minutos into duracion
  from public.tb_tratamientos t
  where t.id_tratamiento = p_id_tratamiento and t.activo and not t._deleted and t.tipo = 'tratamiento';
  if not found then
    return;
  end if;
  -- Sin duración, 60 minutos (docs/spec/2-back-office.md §9, duracionTratamiento).
  duracion := case when duracion > 0 then duracion else 60 end;

  dia := private.dia_semana(p_fecha);
  select h.esta_abierto, h.hora_apertura, h.hora_cierre, h.descanso_inicio, h.descanso_fin into horario
  from public.tb_horarios h
  where h.dia_semana = dia and not h._deleted
  limit 1;
  if not found or not horario.esta_abierto or horario.hora_apertura is null or horario.hora_cierre is null then
    return;
  end if;
  apertura := private.minutos_del_dia(horario.hora_apertura);
  cierre := private.minutos_del_dia(horario.hora_cierre);
  desc_ini := private.minutos_del_dia(horario.descanso_inicio);
  desc_fin := private.minutos_del_dia(horario.descanso_fin);
  if p_fecha = hoy then
    desde := private.minuto_peru();
  end if;

  return query
  with especialistas as (
    select e.id_especialista,
           private.minutos_del_dia(e.hora_inicio_trabajo) as ini,
           private.minutos_del_dia(e.hora_fin_trabajo) as fin
    from public.tb_especialistas e
    where e.activo and not e._deleted and dia = any (e.dias_trabajo)
      and e.hora_inicio_trabajo is not null and e.hora_fin_trabajo is not null
  ),
  ocupado as (
    -- Las citas que ocupan horario (las mismas que la restricción de exclusión); sin
    -- hora de fin cuentan 60 minutos, como intervaloCita.
    select c.id_especialista,
           private.minutos_del_dia(c.hora_inicio) as ini,
           coalesce(private.minutos_del_dia(c.hora_fin), least(private.minutos_del_dia(c.hora_inicio) + 60, 1440)) as fin
    from public.tb_citas c
    join especialistas e on e.id_especialista = c.id_especialista
    where c.fecha_cita = p_fecha and not c._deleted and c.estado_cita not in ('Cancelada', 'Venta Directa')
  )
  select pg_catalog.make_time(g / 60, g % 60, 0)
  from pg_catalog.generate_series(apertura, cierre, 30) as g
  where g + duracion <= cierre
    and not (desc_ini is not null and desc_fin is not null and desc_fin > desc_ini and g >= desc_ini and g < desc_fin)
    and g >= desde
    and exists (
      select 1 from especialistas e
      where g >= e.ini and g + duracion <= e.fin
        and not exists (
          select 1 from ocupado o
          where o.id_especialista = e.id_especialista and o.ini < g + duracion and o.fin > g and o.fin > o.ini))
  order by g;
end
$$;
comment on function public.horas_disponibles(uuid, date) is
  'Horas de inicio libres de un tratamiento en un día (formulario público): solo horas, nunca nombres ni datos de otros clientes.';
revoke all on function public.horas_disponibles(uuid, date) from public;
grant execute on function public.horas_disponibles(uuid, date) to anon, authenticated, service_role;

create or replace function private.reservas_horario() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  servicio record;
  dia text;
  horario record;
  minutos integer;
  apertura integer;
  cierre integer;
  duracion integer;
begin
  -- El nombre del tratamiento se deriva siempre del catálogo: nadie puede guardar una
  -- reserva de 'Masaje' con el nombre de otro servicio.
  if tg_op = 'INSERT' or new.id_tratamiento is distinct from old.id_tratamiento or new.nombre_tratamiento is distinct from old.nombre_tratamiento then
    select t.nombre, t.duracion_estimada_minutos into servicio from public.tb_tratamientos t where t.id_tratamiento = new.id_tratamiento;
    if found then
      new.nombre_tratamiento := servicio.nombre;
    end if;
  end if;

  -- Solo para el formulario público (anon). El personal puede anotar una solicitud
  -- fuera de horario a pedido del cliente; su hora solo debe ser una hora real
  -- (tb_reservas_hora_valida).
  if tg_op <> 'INSERT' or private.rol_api() is distinct from 'anon' then
    return new;
  end if;

  -- An empty name is answered by tb_reservas_nombre_largo ('El nombre es obligatorio…').
  if pg_catalog.btrim(new.nombre_cliente) <> '' and not private.nombre_reserva_valido(new.nombre_cliente) then
    raise exception using errcode = '23514',
      message = 'El nombre no es válido: escribe al menos dos letras, sin números ni símbolos.',
      table = 'tb_reservas', schema = 'public';
  end if;
  if new.telefono_cliente is not null and not private.telefono_reserva_valido(new.telefono_cliente) then
    raise exception using errcode = '23514',
      message = 'El teléfono no es válido: ingresa un celular peruano de 9 dígitos que empiece con 9 (con o sin +51).',
      table = 'tb_reservas', schema = 'public';
  end if;

  dia := private.dia_semana(new.fecha_reserva);
  select h.esta_abierto, h.hora_apertura, h.hora_cierre, h.descanso_inicio, h.descanso_fin into horario
  from public.tb_horarios h
  where h.dia_semana = dia and not h._deleted;
  if not found or not horario.esta_abierto or horario.hora_apertura is null or horario.hora_cierre is null then
    raise exception using
      errcode = '23514',
      message = pg_catalog.format('No atendemos ese día (%s). Por favor elige otra fecha.', pg_catalog.lower(dia)),
      table = 'tb_reservas', schema = 'public';
  end if;
  if new.hora_reserva is null then
    raise exception using errcode = '23514', message = 'Por favor, selecciona una hora preferida.', table = 'tb_reservas', schema = 'public';
  end if;
  minutos := private.minutos_hora_reserva(new.hora_reserva);
  if minutos is null then
    -- Not a time at all: tb_reservas_hora_valida answers it ('La hora seleccionada no es válida.').
    return new;
  end if;
  apertura := private.minutos_del_dia(horario.hora_apertura);
  cierre := private.minutos_del_dia(horario.hora_cierre);
  -- The same window the form offers (src/domain/booking-slots.ts): opening to closing
  -- inclusive, without the break (its start up to, not including, its end).
  if minutos < apertura or minutos > cierre
     or (horario.descanso_inicio is not null and horario.descanso_fin is not null
         and minutos >= private.minutos_del_dia(horario.descanso_inicio)
         and minutos < private.minutos_del_dia(horario.descanso_fin)) then
    raise exception using
      errcode = '23514',
      message = pg_catalog.format(
        'Esa hora está fuera de nuestro horario del %s (%s a %s%s). Por favor elige otra hora.',
        pg_catalog.lower(dia),
        pg_catalog.left(horario.hora_apertura::text, 5),
        pg_catalog.left(horario.hora_cierre::text, 5),
        case when horario.descanso_inicio is not null and horario.descanso_fin is not null
          then pg_catalog.format(', con descanso de %s a %s', pg_catalog.left(horario.descanso_inicio::text, 5), pg_catalog.left(horario.descanso_fin::text, 5))
          else '' end),
      table = 'tb_reservas', schema = 'public';
  end if;
  -- Only the form's grid: whole minutes (no seconds or fractions), every 30 minutes
  -- from opening (booking-slots.ts SLOT_STEP_MINUTES).
  if new.hora_reserva !~* '^\s*\d{1,2}:\d{2}(\s*[ap]\.?\s*m\.?)?\s*$' or (minutos - apertura) % 30 <> 0 then
    raise exception using
      errcode = '23514',
      message = pg_catalog.format('Esa hora no es una de las que ofrecemos (cada 30 minutos desde las %s). Por favor elige una hora de la lista.',
        pg_catalog.left(horario.hora_apertura::text, 5)),
      table = 'tb_reservas', schema = 'public';
  end if;
  if new.fecha_reserva = public.hoy_peru() and minutos < private.minuto_peru() then
    raise exception using errcode = '23514',
      message = 'Esa hora ya pasó. Por favor elige una hora más tarde u otro día.',
      table = 'tb_reservas', schema = 'public';
  end if;
  duracion := case when servicio.duracion_estimada_minutos > 0 then servicio.duracion_estimada_minutos else 60 end;
  if minutos + duracion > cierre then
    raise exception using errcode = '23514',
      message = pg_catalog.format('Ese servicio dura %s minutos y terminaría después de nuestro cierre (%s). Por favor elige una hora más temprana.',
        duracion, pg_catalog.left(horario.hora_cierre::text, 5)),
      table = 'tb_reservas', schema = 'public';
  end if;
  return new;
end
$$;
