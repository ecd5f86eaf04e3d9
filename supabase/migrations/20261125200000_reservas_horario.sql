-- Reservas: la hora debe ser una hora real y, en el formulario público, caer dentro del
-- horario de atención de ese día; el nombre del tratamiento lo pone el servidor.
--
-- Por qué (docs/decisions/0022-endurecimiento-ux.md): el formulario
-- público llegó a enviar un domingo (cerrado) sin hora, y la API REST aceptaba de
-- cualquiera hora_reserva 'medianoche' o '03:00 am' y un nombre_tratamiento que no era el
-- del tratamiento elegido. Son reglas nuevas en su propia función y su propio trigger
-- (tg30_horario): no se reemplaza private.reservas_antes (tg20_reglas).
--
-- Formatos aceptados de hora_reserva (docs/spec/3-product-decisions.md, «Agenda and
-- slots»): '09:30 am' / '09:30 p. m.' (formulario público) y '09:30' / '09:30:00'
-- (personal), los mismos que lee src/domain/hora-reserva.ts.

-- Minutos desde medianoche (0–1439) de una hora_reserva, o null si no es una hora real
-- ('13:00 pm', '00:30 am', '24:00', 'medianoche'). Espejo de parseHoraReserva.
create or replace function private.minutos_hora_reserva(valor text) returns integer
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  partes text[];
  h integer;
  m integer;
begin
  if valor is null then
    return null;
  end if;
  valor := pg_catalog.btrim(valor);
  partes := pg_catalog.regexp_match(valor, '^(\d{1,2}):(\d{2})\s*([ap])\.?\s*m\.?$', 'i');
  if partes is not null then
    h := partes[1]::integer;
    m := partes[2]::integer;
    if h < 1 or h > 12 or m > 59 then
      return null;
    end if;
    return (h % 12) * 60 + m + case when pg_catalog.lower(partes[3]) = 'p' then 720 else 0 end;
  end if;
  partes := pg_catalog.regexp_match(valor, '^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$');
  if partes is null then
    return null;
  end if;
  h := partes[1]::integer;
  m := partes[2]::integer;
  if h > 23 or m > 59 or coalesce(partes[3]::integer, 0) > 59 then
    return null;
  end if;
  return h * 60 + m;
end
$$;

-- Nombre del día de tb_horarios.dia_semana ('Lunes' … 'Domingo') de una fecha.
create or replace function private.dia_semana(fecha date) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select (array['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'])[pg_catalog.date_part('isodow', fecha)::integer]
$$;

-- Las filas que ya estaban guardadas con una hora que no es hora (antes de esta regla)
-- conservan lo escrito en el mensaje y quedan sin hora, para que la nueva regla no
-- bloquee después cualquier edición de esas reservas.
update public.tb_reservas
set mensaje_adicional = pg_catalog.left(pg_catalog.concat_ws(E'\n', mensaje_adicional, 'Hora indicada: ' || hora_reserva), 1000),
    hora_reserva = null
where hora_reserva is not null and private.minutos_hora_reserva(hora_reserva) is null;

alter table public.tb_reservas drop constraint tb_reservas_hora_valida;
alter table public.tb_reservas add constraint tb_reservas_hora_valida
  check (hora_reserva is null or (pg_catalog.length(hora_reserva) <= 20 and private.minutos_hora_reserva(hora_reserva) is not null));
comment on constraint tb_reservas_hora_valida on public.tb_reservas is 'La hora seleccionada no es válida.';
select private.generar_validador('tb_reservas');

create or replace function private.reservas_horario() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  nombre text;
  dia text;
  horario record;
  minutos integer;
  apertura integer;
  cierre integer;
begin
  -- El nombre del tratamiento se deriva siempre del catálogo: nadie puede guardar una
  -- reserva de 'Masaje' con el nombre de otro servicio.
  if tg_op = 'INSERT' or new.id_tratamiento is distinct from old.id_tratamiento or new.nombre_tratamiento is distinct from old.nombre_tratamiento then
    select t.nombre into nombre from public.tb_tratamientos t where t.id_tratamiento = new.id_tratamiento;
    if found then
      new.nombre_tratamiento := nombre;
    end if;
  end if;

  -- Horario de atención: solo para el formulario público (anon). El personal puede anotar
  -- una solicitud fuera de horario a pedido del cliente; su hora solo debe ser una hora
  -- real (tb_reservas_hora_valida).
  if tg_op <> 'INSERT' or private.rol_api() is distinct from 'anon' then
    return new;
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
  apertura := pg_catalog.date_part('hour', horario.hora_apertura)::integer * 60 + pg_catalog.date_part('minute', horario.hora_apertura)::integer;
  cierre := pg_catalog.date_part('hour', horario.hora_cierre)::integer * 60 + pg_catalog.date_part('minute', horario.hora_cierre)::integer;
  -- The same window the form offers (src/domain/booking-slots.ts): opening to closing
  -- inclusive, without the break (its start up to, not including, its end).
  if minutos < apertura or minutos > cierre
     or (horario.descanso_inicio is not null and horario.descanso_fin is not null
         and minutos >= pg_catalog.date_part('hour', horario.descanso_inicio)::integer * 60 + pg_catalog.date_part('minute', horario.descanso_inicio)::integer
         and minutos < pg_catalog.date_part('hour', horario.descanso_fin)::integer * 60 + pg_catalog.date_part('minute', horario.descanso_fin)::integer) then
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
  return new;
end
$$;

create trigger tg30_horario before insert or update on public.tb_reservas
  for each row execute function private.reservas_horario();
