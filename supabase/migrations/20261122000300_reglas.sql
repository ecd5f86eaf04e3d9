-- Reglas de negocio en el servidor (docs/decisions/0002-data-model.md). Son triggers para que sean atómicas y se
-- apliquen también a escrituras que llegan tarde desde una tablet offline.
--
-- Orden de los triggers BEFORE de cada tabla (Postgres los dispara por nombre):
--   tg10_normalizar → tg20_reglas → tg80_restricciones (mensajes en español de los CHECK,
--   generado en la migración siguiente) → tg85_… (lo que necesita datos ya validados)
--   → tg90_sincronizacion (_modified, _xid).
-- Las funciones auxiliares que corren por fila son plpgsql y no SQL: plpgsql guarda el
-- plan de cada consulta en la sesión, una función SQL llamada desde un trigger se vuelve
-- a planificar en cada fila.
-- Los efectos sobre otras tablas van en triggers AFTER (tg50_efectos), dentro de la misma
-- transacción: si cualquier paso falla, no queda nada.
--
-- SQLSTATE elegidos para que el cliente clasifique: 23503 (registro referenciado o
-- inexistente), 23505 (duplicado), 23514 (dato inválido), 23P01 (choque de agenda),
-- P0001 (regla de negocio), 42501 (permiso).

-- =================================================================================
-- Utilidades

-- Texto recortado; vacío → null (los formularios envían null para campos vacíos, spec 1 §5).
create or replace function private.texto(valor text) returns text
language sql immutable parallel safe
set search_path = ''
as $$ select nullif(pg_catalog.btrim(valor), '') $$;

-- Días de conservación de los tombstones antes de que un admin pueda purgarlos con un
-- DELETE real: más que el periodo offline más largo de una tablet (sync-pitfalls,
-- "Deletes"), para que todos los dispositivos alcancen a recibir el borrado.
create or replace function private.dias_conservacion_tombstones() returns integer
language sql immutable parallel safe
set search_path = ''
as $$ select 90 $$;

-- =================================================================================
-- tb_tratamientos: stock derivado del libro y guardas de borrado

create or replace function private.stock_de(producto uuid) returns integer
language plpgsql stable
set search_path = ''
as $$
begin
  return (select coalesce(sum(m.cantidad), 0)::integer from public.tb_movimientos_stock m where m.id_tratamiento = producto);
end
$$;

-- Lanza el mensaje de spec 2 §8 si el producto o tratamiento tiene registros que lo usan.
create or replace function private.verificar_borrado_tratamiento(t public.tb_tratamientos) returns void
language plpgsql stable
set search_path = ''
as $$
declare
  ventas integer;
  citas integer;
  reservas integer;
begin
  select count(*) into reservas from public.tb_reservas r where r.id_tratamiento = t.id_tratamiento and not r._deleted;

  if t.tipo = 'producto' then
    select count(*) into ventas
    from public.tb_pagos_citas p
    where not p._deleted
      and p.tratamientos_adicionales_info @> pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object('id_tratamiento', t.id_tratamiento::text));
    if ventas > 0 or reservas > 0 then
      raise exception using
        errcode = '23503',
        message = pg_catalog.format('No se puede eliminar el producto "%s" porque se han realizado %s venta(s) y %s reserva(s) de este producto. Primero debe procesar o eliminar estos registros.', t.nombre, ventas, reservas),
        table = 'tb_tratamientos', schema = 'public';
    end if;
  else
    select count(*) into citas from public.tb_citas c where c.id_tratamiento = t.id_tratamiento and not c._deleted;
    if citas > 0 or reservas > 0 then
      raise exception using
        errcode = '23503',
        message = pg_catalog.format('No se puede eliminar el tratamiento "%s" porque se han realizado %s cita(s) y %s reserva(s) de este tratamiento. Primero debe procesar o eliminar estos registros.', t.nombre, citas, reservas),
        table = 'tb_tratamientos', schema = 'public';
    end if;
  end if;
end
$$;

create or replace function private.tratamientos_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform private.verificar_borrado_tratamiento(old);
    return old;
  end if;

  new.nombre := pg_catalog.btrim(new.nombre);
  new.categoria := private.texto(new.categoria);

  -- El stock nunca lo escribe un cliente: se deriva del libro en cada escritura.
  if tg_op = 'INSERT' or (new.tipo = 'tratamiento' and old.tipo = 'tratamiento') then
    -- Un producto nuevo aún no tiene movimientos y un tratamiento nunca los tiene.
    new.tr_cantidad := 0;
  else
    new.tr_cantidad := private.stock_de(new.id_tratamiento);
  end if;
  if tg_op = 'UPDATE' then
    if old.tipo = 'producto' and new.tipo <> 'producto'
       and exists (select 1 from public.tb_movimientos_stock m where m.id_tratamiento = new.id_tratamiento) then
      raise exception using
        errcode = 'P0001',
        message = pg_catalog.format('El producto "%s" tiene movimientos de stock: no puede convertirse en tratamiento.', new.nombre);
    end if;
    if new._deleted and not old._deleted then
      perform private.verificar_borrado_tratamiento(new);
    end if;
  end if;
  new.stock_en_revision := new.tr_cantidad < 0;
  return new;
end
$$;

create trigger tg20_reglas before insert or update on public.tb_tratamientos
  for each row execute function private.tratamientos_antes();
create trigger tg20_reglas_borrado before delete on public.tb_tratamientos
  for each row execute function private.tratamientos_antes();

-- =================================================================================
-- tb_movimientos_stock: libro de solo inserción

create or replace function private.movimientos_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  producto record;
begin
  if tg_op <> 'INSERT' then
    raise exception using
      errcode = 'P0001',
      message = 'Los movimientos de stock no se pueden modificar ni eliminar: registra un ajuste.',
      table = 'tb_movimientos_stock', schema = 'public';
  end if;

  -- El bloqueo del producto serializa los movimientos concurrentes de un mismo producto:
  -- stock_resultante y la marca de sobreventa se calculan sobre el saldo real.
  select t.nombre, t.tipo, t.tr_cantidad into producto
  from public.tb_tratamientos t
  where t.id_tratamiento = new.id_tratamiento
  for no key update;
  if not found then
    raise exception using
      errcode = '23503',
      message = 'El producto del movimiento de stock no existe.',
      constraint = 'tb_movimientos_stock_id_tratamiento_fkey', table = 'tb_movimientos_stock', schema = 'public';
  end if;
  if producto.tipo <> 'producto' then
    raise exception using
      errcode = '23514',
      message = pg_catalog.format('Solo los productos llevan stock: "%s" es un tratamiento.', producto.nombre),
      table = 'tb_movimientos_stock', schema = 'public';
  end if;

  new.nota := private.texto(new.nota);
  new.stock_resultante := producto.tr_cantidad + new.cantidad;
  -- Una venta que llega tarde y deja el stock negativo se conserva (el dinero ya se
  -- cobró) y queda marcada; el producto pasa a stock_en_revision.
  new.sobreventa := new.cantidad < 0 and new.stock_resultante < 0 and new.motivo in ('venta', 'venta_directa');
  return new;
end
$$;

create or replace function private.movimientos_despues() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  -- Vuelve a escribir el producto: su trigger recalcula tr_cantidad y stock_en_revision
  -- desde el libro y su _modified/_xid avanzan, así los dispositivos traen el nuevo stock.
  update public.tb_tratamientos set tr_cantidad = tr_cantidad where id_tratamiento = new.id_tratamiento;
  return null;
end
$$;

create trigger tg20_reglas before insert or update or delete on public.tb_movimientos_stock
  for each row execute function private.movimientos_antes();
create trigger tg50_efectos after insert on public.tb_movimientos_stock
  for each row execute function private.movimientos_despues();

-- =================================================================================
-- tb_pagos_citas: completar la cita y mover el stock

create or replace function private.pagos_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.metodo_pago_final := pg_catalog.btrim(new.metodo_pago_final);
  new.referencia_pago_final := private.texto(new.referencia_pago_final);
  new.notas_pago := private.texto(new.notas_pago);
  new.banco := private.texto(new.banco);
  new.tratamientos_adicionales_info := coalesce(new.tratamientos_adicionales_info, '[]'::jsonb);
  return new;
end
$$;

-- Corre después de tg80_restricciones, que ya rechazó (en español) ítems mal formados.
create or replace function private.pagos_items() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  faltante text;
begin
  if new.tratamientos_adicionales_info = '[]'::jsonb then
    return new;
  end if;
  -- Forma canónica de los ids (minúsculas) para que las búsquedas por contención
  -- (guarda de borrado de productos) encuentren todos los ítems.
  select pg_catalog.jsonb_agg(
           i.item || pg_catalog.jsonb_build_object(
             'id_tratamiento', (i.item ->> 'id_tratamiento')::uuid::text,
             'cantidad', (i.item ->> 'cantidad')::numeric::integer)
           order by i.n)
    into new.tratamientos_adicionales_info
  from pg_catalog.jsonb_array_elements(new.tratamientos_adicionales_info) with ordinality as i(item, n);

  select i.item ->> 'nombre' into faltante
  from pg_catalog.jsonb_array_elements(new.tratamientos_adicionales_info) as i(item)
  where not exists (
    select 1 from public.tb_tratamientos t where t.id_tratamiento = (i.item ->> 'id_tratamiento')::uuid
  )
  limit 1;
  if found then
    raise exception using
      errcode = '23503',
      message = pg_catalog.format('El producto o tratamiento "%s" del pago no existe.', faltante),
      table = 'tb_pagos_citas', schema = 'public';
  end if;
  return new;
end
$$;

-- Lleva el libro al estado que describe el pago: por cada producto, la suma de sus
-- movimientos de este pago debe ser −(unidades vendidas), o 0 si el pago está anulado.
-- Escribe solo la diferencia, así un reintento o una actualización sin cambios de ítems
-- no mueve nada, y anular un pago devuelve las unidades.
create or replace function private.aplicar_stock_de_pago(pago public.tb_pagos_citas) returns void
language plpgsql
set search_path = ''
as $$
declare
  mov record;
  venta_directa boolean;
begin
  select c.estado_cita = 'Venta Directa' into venta_directa from public.tb_citas c where c.id_cita = pago.id_cita;

  for mov in
    with deseado as (
      select (i.item ->> 'id_tratamiento')::uuid as producto, -sum((i.item ->> 'cantidad')::integer)::integer as cantidad
      from pg_catalog.jsonb_array_elements(case when pago._deleted then '[]'::jsonb else pago.tratamientos_adicionales_info end) as i(item)
      join public.tb_tratamientos t on t.id_tratamiento = (i.item ->> 'id_tratamiento')::uuid and t.tipo = 'producto'
      group by 1
    ),
    actual as (
      select m.id_tratamiento as producto, sum(m.cantidad)::integer as cantidad, count(*)::integer as filas
      from public.tb_movimientos_stock m
      where m.id_pago_cita = pago.id_pago_cita
      group by 1
    )
    select coalesce(des.producto, act.producto) as producto,
           coalesce(des.cantidad, 0) - coalesce(act.cantidad, 0) as delta,
           coalesce(act.filas, 0) as filas
    from deseado des
    full join actual act on act.producto = des.producto
    where coalesce(des.cantidad, 0) <> coalesce(act.cantidad, 0)
    -- Orden fijo: dos pagos con los mismos productos los bloquean en el mismo orden.
    order by 1
  loop
    insert into public.tb_movimientos_stock (id_movimiento, id_tratamiento, cantidad, motivo, id_pago_cita, nota, created_at, updated_at)
    values (
      private.uuid_v5(private.espacio_uuid(), pg_catalog.format('pago:%s:producto:%s:%s', pago.id_pago_cita, mov.producto, mov.filas)),
      mov.producto,
      mov.delta,
      case when mov.delta > 0 then 'ajuste' when venta_directa then 'venta_directa' else 'venta' end,
      pago.id_pago_cita,
      case when mov.delta > 0 then pg_catalog.format('Devolución por anulación o corrección del pago %s', pago.id_pago_cita) end,
      case when mov.filas = 0 then pago.created_at else pg_catalog.now() end,
      pg_catalog.now()
    );
  end loop;
end
$$;

create or replace function private.pagos_despues() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  -- La cita primero (su trigger deriva estado, id_pago_final y monto_total_final de los
  -- pagos), luego el stock: el mismo orden de bloqueo en todos los pagos.
  update public.tb_citas set id_pago_final = id_pago_final where id_cita = new.id_cita;
  if tg_op = 'UPDATE' and old.id_cita is distinct from new.id_cita then
    update public.tb_citas set id_pago_final = id_pago_final where id_cita = old.id_cita;
  end if;
  -- Un pago nuevo sin ítems no mueve stock (el caso común): nada que conciliar.
  if tg_op = 'UPDATE' or new.tratamientos_adicionales_info <> '[]'::jsonb then
    perform private.aplicar_stock_de_pago(new);
  end if;
  return null;
end
$$;

create or replace function private.pagos_sin_borrado_fisico() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  raise exception using
    errcode = 'P0001',
    message = 'Un pago no se elimina: un administrador puede anularlo (eliminar) y así se reabre la cita y se devuelve el stock.',
    table = 'tb_pagos_citas', schema = 'public';
end
$$;

create trigger tg20_reglas before insert or update on public.tb_pagos_citas
  for each row execute function private.pagos_antes();
create trigger tg85_items before insert or update on public.tb_pagos_citas
  for each row execute function private.pagos_items();
create trigger tg20_reglas_borrado before delete on public.tb_pagos_citas
  for each row execute function private.pagos_sin_borrado_fisico();
create trigger tg50_efectos after insert or update on public.tb_pagos_citas
  for each row execute function private.pagos_despues();

-- =================================================================================
-- tb_citas: pago derivado, agenda sin choques, confirmación de reservas

create or replace function private.citas_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  id_pago uuid;
  pagado numeric;
  adelanto numeric;
  pagos integer := 0;
  choque record;
begin
  if tg_op = 'DELETE' then
    if exists (select 1 from public.tb_pagos_citas p where p.id_cita = old.id_cita) then
      raise exception using
        errcode = '23503',
        message = 'No se puede eliminar una cita con pagos registrados.',
        table = 'tb_citas', schema = 'public';
    end if;
    return old;
  end if;

  -- Los triggers BEFORE corren antes que el WITH CHECK de RLS: sin esta guarda, quien no
  -- es personal recibiría "Horario ocupado: …" y sabría de las citas de otros.
  if private.es_escritura_de_cliente() and not public.is_staff() then
    raise exception using errcode = '42501', message = 'No tienes permiso para registrar citas.', table = 'tb_citas', schema = 'public';
  end if;

  new.nombre_cliente := pg_catalog.btrim(new.nombre_cliente);
  new.email_cliente := private.texto(new.email_cliente);
  new.telefono_cliente := private.texto(new.telefono_cliente);
  new.metodo_pago_adelanto := private.texto(new.metodo_pago_adelanto);
  new.referencia_pago_adelanto := private.texto(new.referencia_pago_adelanto);

  -- Estado de pago: siempre derivado de los pagos activos, nunca de lo que diga el
  -- cliente. Una cita pagada sigue Completada aunque llegue una edición vieja. (Una cita
  -- nueva no puede tener pagos todavía: la clave foránea del pago exige que exista.)
  if tg_op = 'UPDATE' then
    select (pg_catalog.array_agg(p.id_pago_cita order by p.fecha_pago, p.created_at, p.id_pago_cita))[1],
           sum(p.monto_final_pagado), max(p.monto_adelanto_aplicado), count(*)
      into id_pago, pagado, adelanto, pagos
    from public.tb_pagos_citas p
    where p.id_cita = new.id_cita and not p._deleted;
  end if;

  if pagos > 0 then
    if tg_op = 'UPDATE' and new._deleted and not old._deleted then
      raise exception using
        errcode = 'P0001',
        message = 'No se puede eliminar una cita pagada. Un administrador puede anular primero el pago.',
        table = 'tb_citas', schema = 'public';
    end if;
    new.id_pago_final := id_pago;
    new.monto_total_final := pagado + adelanto;
    -- Un pago nunca se pierde: la cita que lo recibe vuelve a estar viva y cerrada.
    new._deleted := false;
    if new.estado_cita <> 'Venta Directa' and (tg_op = 'INSERT' or old.estado_cita <> 'Venta Directa') then
      new.estado_cita := 'Completada';
    elsif tg_op = 'UPDATE' and old.estado_cita = 'Venta Directa' then
      new.estado_cita := 'Venta Directa';
    end if;
  else
    -- Sin pagos (o con el pago anulado): una cita que estaba cerrada por su pago se reabre.
    if tg_op = 'UPDATE' and old.id_pago_final is not null and new.estado_cita = 'Completada' then
      new.estado_cita := 'Confirmada';
    end if;
    new.id_pago_final := null;
    new.monto_total_final := null;
  end if;

  if new.fecha_pago_adelanto is not null
     and (tg_op = 'INSERT' or new.fecha_pago_adelanto is distinct from old.fecha_pago_adelanto)
     and new.fecha_pago_adelanto > public.hoy_peru() then
    raise exception using
      errcode = '23514',
      message = 'La fecha de pago del adelanto no puede ser mayor a la fecha actual.',
      table = 'tb_citas', schema = 'public';
  end if;

  -- Choque de agenda: el bloqueo de la fila del especialista serializa las citas de un
  -- mismo especialista, así la segunda transacción ve la primera y recibe un mensaje
  -- legible. La restricción de exclusión tb_citas_sin_cruce_especialista es el respaldo.
  -- Solo hace falta mirar cuando la cita pasa a ocupar un horario que antes no ocupaba.
  if not new._deleted
     and new.estado_cita not in ('Cancelada', 'Venta Directa')
     and new.id_especialista is not null and new.hora_fin > new.hora_inicio
     and (tg_op = 'INSERT'
          or old._deleted
          or old.estado_cita in ('Cancelada', 'Venta Directa')
          or (new.id_especialista, new.fecha_cita, new.hora_inicio, new.hora_fin)
             is distinct from (old.id_especialista, old.fecha_cita, old.hora_inicio, old.hora_fin)) then
    perform 1 from public.tb_especialistas e where e.id_especialista = new.id_especialista for no key update;

    select c.hora_inicio, c.hora_fin, c.fecha_cita, e.nombre, e.apellido into choque
    from public.tb_citas c
    join public.tb_especialistas e on e.id_especialista = c.id_especialista
    where c.id_especialista = new.id_especialista
      and c.fecha_cita = new.fecha_cita
      and c.id_cita <> new.id_cita
      and not c._deleted
      and c.estado_cita not in ('Cancelada', 'Venta Directa')
      and c.hora_inicio < new.hora_fin
      and c.hora_fin > new.hora_inicio
    order by c.hora_inicio
    limit 1;
    if found then
      raise exception using
        errcode = '23P01',
        message = pg_catalog.format('Horario ocupado: %s %s ya tiene una cita el %s de %s a %s.',
          choque.nombre, choque.apellido, pg_catalog.to_char(choque.fecha_cita, 'DD/MM/YYYY'),
          pg_catalog.to_char(choque.hora_inicio, 'HH24:MI'), pg_catalog.to_char(choque.hora_fin, 'HH24:MI')),
        detail = pg_catalog.format('La cita pedida (%s a %s) se cruza con ella.',
          pg_catalog.to_char(new.hora_inicio, 'HH24:MI'), pg_catalog.to_char(new.hora_fin, 'HH24:MI')),
        constraint = 'tb_citas_sin_cruce_especialista', table = 'tb_citas', schema = 'public';
    end if;
  end if;

  -- Una solicitud de reserva se confirma en una sola cita viva (dos tablets offline).
  if new.id_reserva_origen is not null and not new._deleted and new.estado_cita <> 'Cancelada'
     and (tg_op = 'INSERT'
          or (new.id_reserva_origen, new._deleted, new.estado_cita) is distinct from (old.id_reserva_origen, old._deleted, old.estado_cita)) then
    perform 1 from public.tb_reservas r where r.id_reserva = new.id_reserva_origen for no key update;
    if exists (
      select 1 from public.tb_citas c
      where c.id_reserva_origen = new.id_reserva_origen and c.id_cita <> new.id_cita
        and not c._deleted and c.estado_cita <> 'Cancelada'
    ) then
      raise exception using
        errcode = '23505',
        message = 'Esta solicitud de reserva ya fue confirmada como cita.',
        constraint = 'tb_citas_reserva_origen_unica', table = 'tb_citas', schema = 'public';
    end if;
  end if;
  return new;
end
$$;

create or replace function private.citas_despues() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  -- Confirmar una solicitud la marca Procesada; una cancelada no se reactiva.
  if new.id_reserva_origen is not null and not new._deleted and new.estado_cita <> 'Cancelada'
     and (tg_op = 'INSERT' or new.id_reserva_origen is distinct from old.id_reserva_origen) then
    update public.tb_reservas
       set estado_reserva = 'Procesada'
     where id_reserva = new.id_reserva_origen and estado_reserva = 'pendiente';
  end if;
  return null;
end
$$;

create trigger tg20_reglas before insert or update on public.tb_citas
  for each row execute function private.citas_antes();
create trigger tg20_reglas_borrado before delete on public.tb_citas
  for each row execute function private.citas_antes();
create trigger tg50_efectos after insert or update on public.tb_citas
  for each row execute function private.citas_despues();

-- =================================================================================
-- tb_reservas: solicitudes públicas y ciclo de vida

-- Límite de solicitudes pendientes por correo y por día de Perú para el público.
create or replace function private.max_reservas_publicas_por_dia() returns integer
language sql immutable parallel safe
set search_path = ''
as $$ select 3 $$;

create or replace function private.reservas_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  servicio record;
  hechas integer;
begin
  new.nombre_cliente := pg_catalog.btrim(new.nombre_cliente);
  new.email_cliente := pg_catalog.lower(private.texto(new.email_cliente));
  new.telefono_cliente := private.texto(new.telefono_cliente);
  new.hora_reserva := private.texto(new.hora_reserva);
  new.mensaje_adicional := private.texto(new.mensaje_adicional);

  if tg_op = 'INSERT' and private.rol_api() = 'anon' then
    -- Formulario público: solo solicitudes pendientes, para hoy o después, de un servicio
    -- activo, y un número acotado por correo y día.
    if new.estado_reserva is distinct from 'pendiente' or new._deleted then
      raise exception using errcode = '42501', message = 'Una solicitud de reserva pública solo puede crearse como pendiente.';
    end if;
    if new.email_cliente is null then
      raise exception using errcode = '23514', message = 'El correo electrónico es obligatorio.', table = 'tb_reservas', schema = 'public';
    end if;
    if new.fecha_reserva < public.hoy_peru() then
      raise exception using errcode = '23514', message = 'La fecha de la reserva no puede ser anterior a hoy.', table = 'tb_reservas', schema = 'public';
    end if;
    if new.fecha_reserva > public.hoy_peru() + 365 then
      raise exception using errcode = '23514', message = 'Solo aceptamos reservas hasta con un año de anticipación.', table = 'tb_reservas', schema = 'public';
    end if;
    select t.nombre into servicio
    from public.tb_tratamientos t
    where t.id_tratamiento = new.id_tratamiento and t.activo and not t._deleted and t.tipo = 'tratamiento';
    if not found then
      raise exception using errcode = '23503', message = 'El servicio elegido no está disponible. Elige otro servicio.', table = 'tb_reservas', schema = 'public';
    end if;
    new.nombre_tratamiento := servicio.nombre;
    new.created_at := pg_catalog.now();
    new.updated_at := pg_catalog.now();

    -- El candado por correo serializa dos envíos simultáneos del mismo correo.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('reserva-publica:' || new.email_cliente, 0));
    select count(*) into hechas
    from public.tb_reservas r
    where pg_catalog.lower(r.email_cliente) = new.email_cliente
      and r.estado_reserva = 'pendiente'
      and not r._deleted
      and r.created_at >= (public.hoy_peru()::timestamp + interval '5 hours') at time zone 'UTC';
    if hechas >= private.max_reservas_publicas_por_dia() then
      raise exception using
        errcode = 'P0001',
        message = pg_catalog.format('Ya recibimos %s solicitudes de reserva con este correo hoy. Te contactaremos pronto para confirmarlas.', hechas);
    end if;
  end if;

  if tg_op = 'UPDATE' then
    -- Una solicitud ya convertida en cita sigue Procesada aunque llegue una edición vieja.
    if old.estado_reserva = 'Procesada' and new.estado_reserva <> 'Procesada' and private.es_escritura_de_cliente() then
      new.estado_reserva := 'Procesada';
    end if;
    if new._deleted and not old._deleted and new.estado_reserva <> 'cancelada' then
      raise exception using
        errcode = 'P0001',
        message = 'Solo se puede eliminar una solicitud de reserva cancelada.',
        table = 'tb_reservas', schema = 'public';
    end if;
  end if;
  return new;
end
$$;

create trigger tg20_reglas before insert or update on public.tb_reservas
  for each row execute function private.reservas_antes();

-- =================================================================================
-- Normalización de pacientes, especialistas, métodos de pago y egresos

create or replace function private.pacientes_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.nombre := pg_catalog.btrim(new.nombre);
  new.apellido := pg_catalog.btrim(new.apellido);
  new.dni := private.texto(new.dni);
  new.telefono := private.texto(new.telefono);
  new.email := private.texto(new.email);
  new.direccion := private.texto(new.direccion);
  new.historial_medico := private.texto(new.historial_medico);
  new.nro_historia := private.texto(new.nro_historia);
  return new;
end
$$;
create trigger tg10_normalizar before insert or update on public.tb_pacientes
  for each row execute function private.pacientes_antes();

create or replace function private.especialistas_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.nombre := pg_catalog.btrim(new.nombre);
  new.apellido := pg_catalog.btrim(new.apellido);
  new.especialidad := pg_catalog.btrim(new.especialidad);
  new.email := private.texto(new.email);
  new.telefono := private.texto(new.telefono);
  -- Lista vacía → null (spec 2 §5: "none → null").
  if new.dias_trabajo = '{}'::text[] then
    new.dias_trabajo := null;
  end if;
  return new;
end
$$;
create trigger tg10_normalizar before insert or update on public.tb_especialistas
  for each row execute function private.especialistas_antes();

create or replace function private.formapago_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.fp_descripcion := pg_catalog.btrim(new.fp_descripcion);
  new.fp_comision := coalesce(new.fp_comision, 0);
  return new;
end
$$;
create trigger tg10_normalizar before insert or update on public.tb_formapago
  for each row execute function private.formapago_antes();

create or replace function private.egresos_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.descripcion := pg_catalog.btrim(new.descripcion);
  new.descripcion_adicional := private.texto(new.descripcion_adicional);
  -- La fecha de un egreso fijo es el último día de su mes (spec 2 §9).
  if new.tipo_egreso = 'Fijo' and new.fecha is null and new.mes between 1 and 12 and new.anio between 2020 and 2100 then
    new.fecha := (pg_catalog.make_date(new.anio, new.mes, 1) + interval '1 month' - interval '1 day')::date;
  end if;
  return new;
end
$$;
create trigger tg10_normalizar before insert or update on public.tb_egresos
  for each row execute function private.egresos_antes();

-- =================================================================================
-- tbusuarios: permisos solo por un admin, siempre queda un admin, last_sign_in_at

create or replace function private.usuarios_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  era_admin_activo boolean;
  sigue_admin_activo boolean;
begin
  if tg_op <> 'DELETE' then
    new.id_nombre := pg_catalog.btrim(new.id_nombre);
    new.id_correo := pg_catalog.lower(pg_catalog.btrim(new.id_correo));

    -- last_sign_in_at es una copia de auth.users: un cliente no la escribe.
    if private.es_escritura_de_cliente() then
      if tg_op = 'INSERT' then
        new.last_sign_in_at := (select u.last_sign_in_at from auth.users u where u.id = new.auth_user_id);
      else
        new.last_sign_in_at := old.last_sign_in_at;
      end if;
    end if;

    -- Nadie se da permisos a sí mismo: solo un admin cambia is_admin, is_active o el
    -- enlace con auth (RLS ya impide que el personal escriba aquí; esto lo garantiza
    -- aunque una política futura se equivoque).
    if private.es_escritura_de_cliente() and not public.is_admin()
       and (tg_op = 'INSERT'
            or (new.is_admin, new.is_active, new.auth_user_id) is distinct from (old.is_admin, old.is_active, old.auth_user_id)) then
      raise exception using
        errcode = '42501',
        message = 'Solo un administrador puede crear usuarios o cambiar sus permisos de acceso.',
        table = 'tbusuarios', schema = 'public';
    end if;
  end if;

  if tg_op = 'INSERT' then
    return new;
  end if;

  era_admin_activo := old.is_admin and old.is_active and not old._deleted;
  sigue_admin_activo := tg_op = 'UPDATE' and new.is_admin and new.is_active and not new._deleted;
  if era_admin_activo and not sigue_admin_activo then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('tbusuarios:administradores', 0));
    if not exists (
      select 1 from public.tbusuarios u
      where u.id_usuario <> old.id_usuario and u.is_admin and u.is_active and not u._deleted
    ) then
      raise exception using
        errcode = 'P0001',
        message = 'Debe quedar al menos un administrador activo.',
        table = 'tbusuarios', schema = 'public';
    end if;
  end if;

  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

create trigger tg20_reglas before insert or update on public.tbusuarios
  for each row execute function private.usuarios_antes();
create trigger tg20_reglas_borrado before delete on public.tbusuarios
  for each row execute function private.usuarios_antes();

-- auth.users → tbusuarios: último acceso y enlace de un perfil creado antes que su
-- usuario de autenticación (mismo correo).
create or replace function private.usuario_auth_cambiado() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and new.email is not null then
    update public.tbusuarios u
       set auth_user_id = new.id
     where u.auth_user_id is null and not u._deleted and u.id_correo = pg_catalog.lower(new.email);
  end if;
  update public.tbusuarios u
     set last_sign_in_at = new.last_sign_in_at
   where u.auth_user_id = new.id and u.last_sign_in_at is distinct from new.last_sign_in_at;
  return null;
end
$$;

create trigger spa_tbusuarios_sincronizar after insert or update of last_sign_in_at on auth.users
  for each row execute function private.usuario_auth_cambiado();
