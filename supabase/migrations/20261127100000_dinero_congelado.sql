-- El dinero es sagrado entre tablets (docs/decisions/0033-dinero-entre-tablets.md,
-- docs/architecture.md §3).
--
-- 1. Un solo pago final por cita. Dos tablets offline que cobran la misma cita: la
--    primera que sube queda; la segunda se rechaza (23505, constraint
--    tb_pagos_citas_un_pago_final) con un mensaje que nombra el primer pago (monto,
--    método, hora y usuario). Ese dinero sí se cobró: el dispositivo conserva la fila
--    rechazada en 'Problemas de sincronización' como 'cobro duplicado'. El bloqueo de la
--    fila de la cita serializa dos cobros simultáneos; el índice único parcial es el
--    respaldo ante carreras (y permite a sync_duplicate_of devolver el primer pago).
-- 2. Los montos aplicados vienen de la cita: monto_adelanto_aplicado es el adelanto de la
--    cita, no lo que diga el cliente (un 9999 inflaba monto_total_final).
-- 3. La fecha de un pago está acotada por el hoy del servidor (Perú, UTC−5) y por la cita:
--    ni futura ni anterior a la cita (o a hoy, si la cita es futura).
-- 4. Un pago no se registra ya anulado (salvo un administrador, que puede anular offline
--    antes de subir) y, registrado, sus montos, método, fecha, cita e ítems no se
--    reescriben: la anulación del administrador (20261124004000_anular_pago.sql) es el
--    único camino de vuelta.
-- 5. Una cita pagada congela su dinero (adelanto) y su fecha, horario, especialista y
--    tratamiento. Una cita sin pagar conserva su adelanto recibido: ningún cambio de
--    estado ni edición del personal lo borra o reescribe; solo un administrador lo corrige.
-- 6. El reloj del cliente (updated_at, el de last-writer-wins) nunca queda por delante del
--    servidor: un updated_at en el futuro se guarda como la hora del servidor (_modified).
--
-- Las reglas 2–5 son para escrituras de cliente (private.es_escritura_de_cliente()): los
-- efectos de los propios triggers y las cargas del superusuario no pasan por aquí.

-- ---------------------------------------------------------------------------------
-- Quién registró cada pago y cuándo lo recibió el servidor (el mensaje del cobro
-- duplicado lo nombra). Fuera de public: no se replica ni lo ve la API.

create table private.pagos_registro (
  id_pago_cita uuid primary key,
  usuario text,
  registrado_en timestamptz not null default pg_catalog.clock_timestamp()
);

create or replace function private.soles(monto numeric) returns text
language sql immutable
set search_path = ''
as $$ select 'S/ ' || pg_catalog.to_char(monto, 'FM999,999,990.00') $$;

create or replace function private.pago_registrado() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  -- Only a signed-in user's payment (not a server effect or a bulk load such as the demo data).
  if auth.uid() is null then
    return null;
  end if;
  insert into private.pagos_registro (id_pago_cita, usuario)
  values (new.id_pago_cita, (select u.id_nombre from public.tbusuarios u where u.auth_user_id = auth.uid() and not u._deleted limit 1))
  on conflict (id_pago_cita) do nothing;
  return null;
end
$$;

create trigger tg51_registro after insert on public.tb_pagos_citas
  for each row execute function private.pago_registrado();

-- ---------------------------------------------------------------------------------
-- Pagos: uno por cita, montos de la cita, fechas acotadas, congelados una vez registrados.
-- Corre después de tg20_reglas (textos normalizados) y de los CHECK (tg80: un monto
-- negativo recibe su propio mensaje), antes de tg85_items.

create or replace function private.pagos_dinero() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  cliente boolean := private.es_escritura_de_cliente();
  cita record;
  primero record;
  hoy date := public.hoy_peru();
begin
  if tg_op = 'INSERT' and new._deleted then
    if cliente and not public.is_admin() then
      raise exception using
        errcode = 'P0001',
        message = 'Un pago no se registra ya anulado: solo un administrador anula pagos.',
        constraint = 'tb_pagos_citas_no_anulado', table = 'tb_pagos_citas', schema = 'public';
    end if;
    return new;
  end if;

  if tg_op = 'UPDATE' and cliente
     and (new.id_cita, new.monto_total_calculado, new.monto_adelanto_aplicado, new.monto_final_pagado,
          new.metodo_pago_final, new.fecha_pago, new.tratamientos_adicionales_info)
         is distinct from
         (old.id_cita, old.monto_total_calculado, old.monto_adelanto_aplicado, old.monto_final_pagado,
          old.metodo_pago_final, old.fecha_pago, old.tratamientos_adicionales_info) then
    raise exception using
      errcode = 'P0001',
      message = 'Un pago registrado no se modifica: un administrador puede anularlo y registrar el pago correcto.',
      constraint = 'tb_pagos_citas_congelado', table = 'tb_pagos_citas', schema = 'public';
  end if;

  -- Solo un pago que pasa a estar activo en una cita se examina (insertar, reactivar).
  if new._deleted or (tg_op = 'UPDATE' and not old._deleted and old.id_cita = new.id_cita) then
    return new;
  end if;

  -- Dos cobros de la misma cita a la vez: el segundo espera aquí y ve el primero.
  select c.id_cita, c.fecha_cita, c.monto_adelanto into cita
  from public.tb_citas c where c.id_cita = new.id_cita
  for no key update;
  if not found then
    return new; -- la clave foránea lo rechaza con su mensaje
  end if;

  select p.monto_final_pagado, p.metodo_pago_final, p.created_at, p.id_pago_cita, r.usuario, r.registrado_en
    into primero
  from public.tb_pagos_citas p
  left join private.pagos_registro r on r.id_pago_cita = p.id_pago_cita
  where p.id_cita = new.id_cita and not p._deleted and p.id_pago_cita <> new.id_pago_cita
  order by p.fecha_pago, p.created_at, p.id_pago_cita
  limit 1;
  if found then
    raise exception using
      errcode = '23505',
      message = pg_catalog.format(
        'Cobro duplicado: esta cita ya tiene su pago final de %s en %s, registrado el %s%s. Este segundo cobro no se guardó; si el dinero se recibió, devuélvelo o avisa a un administrador.',
        private.soles(primero.monto_final_pagado), primero.metodo_pago_final,
        pg_catalog.to_char(pg_catalog.timezone('UTC', least(primero.created_at, coalesce(primero.registrado_en, primero.created_at))) - interval '5 hours', 'DD/MM/YYYY "a las" HH24:MI'),
        coalesce(' por ' || primero.usuario, '')),
      detail = pg_catalog.format('Pago existente: %s.', primero.id_pago_cita),
      constraint = 'tb_pagos_citas_un_pago_final', table = 'tb_pagos_citas', schema = 'public';
  end if;

  if not cliente then
    return new;
  end if;
  if new.monto_adelanto_aplicado is distinct from cita.monto_adelanto then
    raise exception using
      errcode = '23514',
      message = pg_catalog.format(
        'El adelanto aplicado (%s) no coincide con el adelanto de la cita (%s): los montos aplicados se toman de la cita.',
        private.soles(new.monto_adelanto_aplicado), private.soles(cita.monto_adelanto)),
      constraint = 'tb_pagos_citas_adelanto_de_la_cita', table = 'tb_pagos_citas', schema = 'public';
  end if;
  if new.fecha_pago > hoy then
    raise exception using
      errcode = '23514',
      message = pg_catalog.format('La fecha del pago (%s) no puede ser posterior a hoy (%s).',
        pg_catalog.to_char(new.fecha_pago, 'DD/MM/YYYY'), pg_catalog.to_char(hoy, 'DD/MM/YYYY')),
      constraint = 'tb_pagos_citas_fecha_acotada', table = 'tb_pagos_citas', schema = 'public';
  end if;
  if new.fecha_pago < least(cita.fecha_cita, hoy) then
    raise exception using
      errcode = '23514',
      message = pg_catalog.format('La fecha del pago (%s) no puede ser anterior a la fecha de la cita (%s).',
        pg_catalog.to_char(new.fecha_pago, 'DD/MM/YYYY'), pg_catalog.to_char(least(cita.fecha_cita, hoy), 'DD/MM/YYYY')),
      constraint = 'tb_pagos_citas_fecha_acotada', table = 'tb_pagos_citas', schema = 'public';
  end if;
  return new;
end
$$;

create trigger tg82_dinero before insert or update on public.tb_pagos_citas
  for each row execute function private.pagos_dinero();

-- Respaldo ante carreras de la regla 1. Una base que ya tiene dos pagos activos en una
-- cita (cobrados antes de esta regla) migra igual: el trigger de arriba ya la hace
-- cumplir para todo cobro nuevo, y el índice se crea cuando no queda ningún duplicado
-- (un administrador anula uno; la migración no anula dinero por su cuenta). Ver
-- docs/decisions/0033-dinero-entre-tablets.md.
do $$
begin
  if exists (
    select 1 from public.tb_pagos_citas where not _deleted group by id_cita having count(*) > 1
  ) then
    raise warning 'tb_pagos_citas tiene citas con más de un pago activo: el índice tb_pagos_citas_un_pago_final no se creó; anule los pagos duplicados y vuelva a crearlo.';
  else
    create unique index tb_pagos_citas_un_pago_final on public.tb_pagos_citas (id_cita) where not _deleted;
    comment on index public.tb_pagos_citas_un_pago_final is 'Esta cita ya tiene su pago final (cobro duplicado).';
  end if;
end
$$;

-- ---------------------------------------------------------------------------------
-- Citas: el adelanto recibido no se borra; una cita pagada no se mueve ni cambia su dinero.
-- Corre después de tg20_reglas, que ya derivó id_pago_final de los pagos activos, y de los CHECK.

create or replace function private.citas_dinero() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if not private.es_escritura_de_cliente() then
    return new;
  end if;
  if new.id_pago_final is not null
     and (new.monto_adelanto, new.metodo_pago_adelanto, new.referencia_pago_adelanto, new.fecha_pago_adelanto,
          new.fecha_cita, new.hora_inicio, new.hora_fin, new.id_especialista, new.id_tratamiento)
         is distinct from
         (old.monto_adelanto, old.metodo_pago_adelanto, old.referencia_pago_adelanto, old.fecha_pago_adelanto,
          old.fecha_cita, old.hora_inicio, old.hora_fin, old.id_especialista, old.id_tratamiento) then
    raise exception using
      errcode = 'P0001',
      message = pg_catalog.format(
        'Esta cita ya está pagada (%s): su adelanto, fecha, horario, especialista y tratamiento no se modifican. Un administrador puede anular el pago si hay que corregirla.',
        private.soles(old.monto_total_final)),
      constraint = 'tb_citas_pagada_congelada', table = 'tb_citas', schema = 'public';
  end if;
  -- Un dato del adelanto ya recibido (monto > 0, o método, referencia o fecha escritos)
  -- no se borra ni se reescribe; completar uno que falta sí se puede.
  if not public.is_admin()
     and ((old.monto_adelanto > 0 and new.monto_adelanto is distinct from old.monto_adelanto)
          or (old.metodo_pago_adelanto is not null and new.metodo_pago_adelanto is distinct from old.metodo_pago_adelanto)
          or (old.referencia_pago_adelanto is not null and new.referencia_pago_adelanto is distinct from old.referencia_pago_adelanto)
          or (old.fecha_pago_adelanto is not null and new.fecha_pago_adelanto is distinct from old.fecha_pago_adelanto)) then
    raise exception using
      errcode = 'P0001',
      message = pg_catalog.format(
        'El adelanto de esta cita (%s%s%s) ya se recibió: no se borra ni se cambia. Solo un administrador puede corregirlo.',
        private.soles(old.monto_adelanto),
        coalesce(' en ' || old.metodo_pago_adelanto, ''),
        coalesce(', referencia ' || old.referencia_pago_adelanto, '')),
      constraint = 'tb_citas_adelanto_recibido', table = 'tb_citas', schema = 'public';
  end if;
  return new;
end
$$;

create trigger tg82_dinero before update on public.tb_citas
  for each row execute function private.citas_dinero();

-- ---------------------------------------------------------------------------------
-- El reloj del cliente se acota al del servidor antes de usarse para fusionar
-- (docs/decisions/0003-sync.md, 0024): un updated_at '9999-12-31' ganaría todo conflicto
-- de campo posterior. Se guarda igual a _modified, así sync_push reconoce el reintento de
-- una escritura acotada (least(updated_at enviado, _modified) = updated_at guardado).

create or replace function private.marcar_sincronizacion() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new._modified := pg_catalog.clock_timestamp();
  new._xid := pg_catalog.pg_current_xact_id();
  if new.updated_at > new._modified then
    new.updated_at := new._modified;
  end if;
  return new;
end
$$;

comment on function private.pagos_dinero() is 'Un pago final por cita, montos aplicados de la cita, fecha acotada por hoy y la cita, pago congelado una vez registrado (docs/decisions/0033).';
comment on function private.citas_dinero() is 'Una cita pagada congela dinero, fecha y horario; el adelanto recibido no se borra (docs/decisions/0033).';
