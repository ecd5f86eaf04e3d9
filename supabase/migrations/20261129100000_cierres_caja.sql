-- Cierre de caja (docs/decisions/0038-cierre-de-caja.md): por día y método de pago, lo
-- esperado frente a lo contado, la diferencia, una nota, quién y cuándo. Una fila por
-- dispositivo-día-método; un cierre equivocado se corrige con otro cierre del mismo día
-- (el reporte muestra el último y conserva los anteriores), así que nadie actualiza ni
-- borra un cierre.
--
-- No es una tabla replicada: el dispositivo ya tiene 12 colecciones, el límite práctico
-- de RxDB open source (docs/architecture.md §3). Por eso no pasa por
-- private.hacer_replicable (sin _modified/_xid/_deleted, fuera de sync_pull/sync_push y
-- de la publicación de Realtime). La tablet guarda sus cierres en un documento local y
-- los sube con public.registrar_cierres_caja; los de otros dispositivos los lee con una
-- consulta REST.
--
-- | tabla            | anon | personal                                  | admin                     |
-- |------------------|------|-------------------------------------------|---------------------------|
-- | tb_cierres_caja  | —    | inserta los suyos (id_usuario = auth.uid) | lee todos; inserta los    |
-- |                  |      | y lee los suyos; no actualiza ni borra     | suyos; no actualiza ni    |
-- |                  |      |                                           | borra                     |
--
-- (El admin también es "personal": public.is_staff() incluye a los administradores.)

-- ---------------------------------------------------------------------------------
-- Tabla

create table public.tb_cierres_caja (
  id_cierre uuid primary key,
  fecha date not null,
  metodo text not null,
  esperado numeric(12,2) not null,
  contado numeric(12,2) not null,
  diferencia numeric(12,2) not null,
  nota text,
  dispositivo text not null,
  cerrado_at timestamptz not null,
  id_usuario uuid not null,
  created_at timestamptz not null default pg_catalog.now(),
  constraint tb_cierres_caja_metodo_requerido check (pg_catalog.btrim(metodo) <> '' and pg_catalog.length(metodo) <= 100),
  constraint tb_cierres_caja_esperado_no_negativo check (esperado >= 0),
  constraint tb_cierres_caja_contado_no_negativo check (contado >= 0),
  constraint tb_cierres_caja_diferencia_cuadra check (diferencia = contado - esperado),
  constraint tb_cierres_caja_nota_larga check (nota is null or pg_catalog.length(nota) <= 500),
  constraint tb_cierres_caja_dispositivo_requerido check (pg_catalog.btrim(dispositivo) <> '' and pg_catalog.length(dispositivo) <= 100)
);

comment on table public.tb_cierres_caja is 'Cierres de caja por dispositivo, día y método de pago (docs/decisions/0038). No se replica, no se modifica ni se borra.';
comment on column public.tb_cierres_caja.id_cierre is 'Creado en el dispositivo: reintentar la subida no duplica el cierre.';
comment on column public.tb_cierres_caja.dispositivo is 'Etiqueta o id del dispositivo que cerró la caja.';
comment on column public.tb_cierres_caja.cerrado_at is 'Hora del cierre según la tablet (puede ser anterior a la subida si cerró sin conexión); acotada a la hora del servidor si el reloj de la tablet va adelantado.';
comment on column public.tb_cierres_caja.id_usuario is 'auth.uid() de quien registró el cierre: lo pone el servidor, no el cliente.';
comment on column public.tb_cierres_caja.created_at is 'Hora del servidor al recibir el cierre: la pone el servidor.';

comment on constraint tb_cierres_caja_metodo_requerido on public.tb_cierres_caja is 'El método de pago del cierre de caja es obligatorio (máximo 100 caracteres).';
comment on constraint tb_cierres_caja_esperado_no_negativo on public.tb_cierres_caja is 'El monto esperado del cierre de caja no puede ser negativo.';
comment on constraint tb_cierres_caja_contado_no_negativo on public.tb_cierres_caja is 'El monto contado del cierre de caja no puede ser negativo.';
comment on constraint tb_cierres_caja_diferencia_cuadra on public.tb_cierres_caja is 'La diferencia del cierre de caja ({diferencia}) debe ser el monto contado ({contado}) menos el esperado ({esperado}).';
comment on constraint tb_cierres_caja_nota_larga on public.tb_cierres_caja is 'La nota del cierre de caja no puede superar 500 caracteres.';
comment on constraint tb_cierres_caja_dispositivo_requerido on public.tb_cierres_caja is 'El dispositivo del cierre de caja es obligatorio (máximo 100 caracteres).';

-- El reporte lee por día (y el último cierre por dispositivo-día-método); el personal, los suyos.
create index tb_cierres_caja_dia_idx on public.tb_cierres_caja (fecha, dispositivo, metodo, cerrado_at);
create index tb_cierres_caja_usuario_idx on public.tb_cierres_caja (id_usuario, fecha);

-- ---------------------------------------------------------------------------------
-- Reglas (triggers BEFORE, en orden de nombre):
--   tg05_inmutable       UPDATE/DELETE rechazados para todos, también si una política
--                        futura lo dejara pasar o escribe el superusuario.
--   tg10_normalizar      textos recortados; autor y hora de llegada los pone el servidor.
--   tg80_restricciones   mensajes en español de los CHECK y NOT NULL (generado).
--   tg82_fecha_acotada   fecha entre hoy − 7 y hoy (Perú); cerrado_at acotado a now().

create or replace function private.cierres_caja_inmutables() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = 'P0001',
    message = 'Un cierre de caja no se modifica: registra otro cierre del mismo día.',
    constraint = 'tb_cierres_caja_inmutable', table = 'tb_cierres_caja', schema = 'public';
end
$$;

create trigger tg05_inmutable before update or delete on public.tb_cierres_caja
  for each row execute function private.cierres_caja_inmutables();

create or replace function private.cierres_caja_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.metodo := pg_catalog.btrim(new.metodo);
  new.dispositivo := pg_catalog.btrim(new.dispositivo);
  new.nota := private.texto(new.nota);
  if private.es_escritura_de_cliente() then
    -- Lo que mande el cliente no cuenta: el cierre es de quien hace la petición, y la
    -- hora de llegada es la del servidor (cerrado_at conserva la hora de la tablet).
    new.id_usuario := auth.uid();
    new.created_at := pg_catalog.now();
  else
    -- Cargas del servidor (datos de demostración, pruebas): se respeta lo indicado.
    new.id_usuario := coalesce(new.id_usuario, auth.uid());
    new.created_at := coalesce(new.created_at, pg_catalog.now());
  end if;
  return new;
end
$$;

create trigger tg10_normalizar before insert on public.tb_cierres_caja
  for each row execute function private.cierres_caja_antes();

-- Corre después de tg80 (un dato que falta o una nota larga reciben su propio mensaje).
-- Solo para escrituras de cliente, como las fechas de los pagos (20261127100000): una
-- carga del servidor puede traer cierres antiguos.
create or replace function private.cierres_caja_fecha() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  hoy date := public.hoy_peru();
begin
  if not private.es_escritura_de_cliente() then
    return new;
  end if;
  if new.fecha < hoy - 7 or new.fecha > hoy then
    raise exception using
      errcode = '23514',
      message = 'La fecha del cierre de caja debe estar entre los últimos 7 días y hoy.',
      detail = pg_catalog.format('Fecha %s; hoy en Perú es %s.',
        pg_catalog.to_char(new.fecha, 'DD/MM/YYYY'), pg_catalog.to_char(hoy, 'DD/MM/YYYY')),
      constraint = 'tb_cierres_caja_fecha_acotada', table = 'tb_cierres_caja', schema = 'public';
  end if;
  -- Un reloj de tablet adelantado no puede fechar un cierre en el futuro: se acota a la
  -- hora del servidor (como toda hora del cliente, docs/decisions/0033-dinero-entre-tablets.md)
  -- en vez de rechazar un cierre que el dinero contado sí respalda.
  if new.cerrado_at > pg_catalog.now() then
    new.cerrado_at := pg_catalog.now();
  end if;
  return new;
end
$$;

create trigger tg82_fecha_acotada before insert on public.tb_cierres_caja
  for each row execute function private.cierres_caja_fecha();

-- Mensajes en español de los CHECK y de las columnas obligatorias (20261122000500_mensajes.sql).
select private.generar_validador('public.tb_cierres_caja');

-- ---------------------------------------------------------------------------------
-- Privilegios y políticas (como en 20261122000400_seguridad.sql: RLS es la guarda y se
-- retiran los privilegios que nadie de la API necesita, para que un error de política
-- no abra nada).

alter table public.tb_cierres_caja enable row level security;

revoke all on table public.tb_cierres_caja from anon, public;
revoke update, delete, truncate, references, trigger on table public.tb_cierres_caja from authenticated;
grant select, insert on table public.tb_cierres_caja to authenticated;

create policy personal_inserta_sus_cierres on public.tb_cierres_caja for insert to authenticated
  with check ((select public.is_staff()) and id_usuario = (select auth.uid()));
create policy personal_lee_sus_cierres on public.tb_cierres_caja for select to authenticated
  using ((select public.is_staff()) and id_usuario = (select auth.uid()));
create policy admin_lee_cierres on public.tb_cierres_caja for select to authenticated
  using ((select public.is_admin()));
-- Sin políticas de UPDATE ni DELETE: un cierre es un registro (y tg05_inmutable lo
-- rechaza de todos modos).

-- ---------------------------------------------------------------------------------
-- Subida de cierres desde la tablet.
--
-- p_filas: arreglo JSON de objetos {id_cierre, fecha, metodo, esperado, contado,
-- diferencia, nota, dispositivo, cerrado_at}; otras claves (id_usuario, created_at) se
-- ignoran. Responde {"results": [{"i": 0, "s": "ok"}, {"i": 1, "s": "refused", "code":
-- "23514", "message": "…", "constraint": "…"}]}, un resultado por fila y en el orden de
-- la petición. SECURITY INVOKER: RLS y los triggers deciden, como por REST.
--
-- * Topes de sync_push (docs/decisions/0033): como mucho 500 filas y 1 MB (tamaño jsonb
--   de p_filas) por llamada; por encima se responde, sin tocar nada, PT413 (HTTP 413)
--   con un mensaje en español y hint registrar_cierres_caja_lote_grande.
-- * Idempotente: un cierre ya guardado por el mismo usuario con los mismos datos responde
--   "ok" (el reintento tras un acuse perdido); el mismo id con otros datos, o de otro
--   usuario, se rechaza (23505). Se busca antes de insertar, así el reintento de un
--   cierre que ya salió de la ventana de 7 días sigue respondiendo "ok".
-- * Cada fila en su subtransacción: una fila rechazada no impide guardar las demás.
-- * Lineal: los resultados se juntan con array_append (amplía el arreglo en sitio) y se
--   agregan una sola vez con jsonb_agg, como sync_push (20261127100100).

create or replace function public.registrar_cierres_caja(p_filas jsonb)
returns jsonb
language plpgsql volatile
security invoker
set search_path = ''
as $$
declare
  max_filas constant integer := 500;
  max_bytes constant integer := 1048576;
  yo uuid := auth.uid();
  total integer;
  item jsonb;
  idx integer;
  n integer;
  campo text;
  clave text;
  v_id uuid;
  v_fecha date;
  v_metodo text;
  v_esperado numeric(12,2);
  v_contado numeric(12,2);
  v_diferencia numeric(12,2);
  v_nota text;
  v_dispositivo text;
  v_cerrado timestamptz;
  guardado public.tb_cierres_caja%rowtype;
  results jsonb[] := '{}';
  st text;
  msg text;
  cons text;
begin
  if pg_catalog.jsonb_typeof(p_filas) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'p_filas debe ser un arreglo JSON de cierres de caja.';
  end if;
  total := pg_catalog.jsonb_array_length(p_filas);
  if total > max_filas or pg_catalog.pg_column_size(p_filas) > max_bytes then
    raise exception using
      errcode = 'PT413',
      message = pg_catalog.format('La subida tiene demasiados cierres de caja o datos para una sola llamada (%s filas, %s KB; el máximo es %s filas y %s KB). Divídela en lotes más pequeños.',
        total, pg_catalog.pg_column_size(p_filas) / 1024, max_filas, max_bytes / 1024),
      hint = 'registrar_cierres_caja_lote_grande';
  end if;
  if yo is null or not public.is_staff() then
    raise exception using
      errcode = '42501',
      message = 'Solo el personal activo del spa puede registrar cierres de caja.';
  end if;

  for item, idx in
    select e.value, (e.ord - 1)::integer
    from pg_catalog.jsonb_array_elements(p_filas) with ordinality as e(value, ord)
    order by e.ord
  loop
    campo := null;
    begin
      if pg_catalog.jsonb_typeof(item) is distinct from 'object' then
        raise exception using errcode = '22023', message = 'Cada cierre de caja debe ser un objeto JSON.';
      end if;
      foreach clave in array array['id_cierre', 'fecha', 'metodo', 'nota', 'dispositivo', 'cerrado_at'] loop
        if coalesce(pg_catalog.jsonb_typeof(item -> clave), 'null') not in ('string', 'null') then
          raise exception using errcode = '22023',
            message = pg_catalog.format('Dato no válido en el cierre de caja: %s debe ser un texto.', clave);
        end if;
      end loop;
      foreach clave in array array['esperado', 'contado', 'diferencia'] loop
        if coalesce(pg_catalog.jsonb_typeof(item -> clave), 'null') not in ('number', 'string', 'null') then
          raise exception using errcode = '22023',
            message = pg_catalog.format('Dato no válido en el cierre de caja: %s debe ser un número.', clave);
        end if;
      end loop;

      -- Las conversiones, una por una para nombrar el dato que falla.
      campo := 'id_cierre';  v_id := (item ->> 'id_cierre')::uuid;
      campo := 'fecha';      v_fecha := (item ->> 'fecha')::date;
      campo := 'esperado';   v_esperado := (item ->> 'esperado')::numeric(12,2);
      campo := 'contado';    v_contado := (item ->> 'contado')::numeric(12,2);
      campo := 'diferencia'; v_diferencia := (item ->> 'diferencia')::numeric(12,2);
      campo := 'cerrado_at'; v_cerrado := (item ->> 'cerrado_at')::timestamptz;
      campo := null;
      v_metodo := pg_catalog.btrim(item ->> 'metodo');
      v_nota := nullif(pg_catalog.btrim(item ->> 'nota'), '');
      v_dispositivo := pg_catalog.btrim(item ->> 'dispositivo');

      -- ¿Ya está guardado? (RLS: el personal ve los suyos; un admin, todos.)
      select c.* into guardado from public.tb_cierres_caja c where c.id_cierre = v_id;
      n := 0;
      if not found then
        insert into public.tb_cierres_caja (id_cierre, fecha, metodo, esperado, contado, diferencia, nota, dispositivo, cerrado_at, id_usuario)
        values (v_id, v_fecha, v_metodo, v_esperado, v_contado, v_diferencia, v_nota, v_dispositivo, v_cerrado, yo)
        on conflict (id_cierre) do nothing;
        get diagnostics n = row_count;
        if n = 0 then
          -- Otro usuario ya usó ese id (fila invisible), o una subida simultánea del mismo.
          select c.* into guardado from public.tb_cierres_caja c where c.id_cierre = v_id;
        end if;
      end if;

      if n = 1 then
        results := pg_catalog.array_append(results, pg_catalog.jsonb_build_object('i', idx, 's', 'ok'));
      elsif guardado.id_cierre is null or guardado.id_usuario is distinct from yo then
        results := pg_catalog.array_append(results, pg_catalog.jsonb_build_object('i', idx, 's', 'refused',
          'code', '23505', 'constraint', 'tb_cierres_caja_pkey',
          'message', 'Este cierre de caja no se guardó: su identificador ya pertenece a un cierre de otro usuario.'));
      elsif (guardado.fecha, guardado.metodo, guardado.esperado, guardado.contado, guardado.diferencia,
             guardado.nota, guardado.dispositivo, guardado.cerrado_at)
            is not distinct from
            -- Un cierre con hora futura se guardó con su hora de llegada (la cota del trigger).
            (v_fecha, v_metodo, v_esperado, v_contado, v_diferencia, v_nota, v_dispositivo, least(v_cerrado, guardado.created_at)) then
        -- El reintento de un cierre ya guardado (acuse perdido).
        results := pg_catalog.array_append(results, pg_catalog.jsonb_build_object('i', idx, 's', 'ok'));
      else
        results := pg_catalog.array_append(results, pg_catalog.jsonb_build_object('i', idx, 's', 'refused',
          'code', '23505', 'constraint', 'tb_cierres_caja_pkey',
          'message', 'Este cierre de caja ya se registró con otros datos y un cierre no se modifica: registra otro cierre del mismo día.'));
      end if;
    exception when others then
      get stacked diagnostics st = returned_sqlstate, msg = message_text, cons = constraint_name;
      -- Problema del servidor, no de la fila: falla la llamada entera y el cliente reintenta.
      if left(st, 2) in ('08', '40', '53', '54', '55', '57', '58', 'XX') then
        raise;
      end if;
      if campo is not null and left(st, 2) = '22' then
        msg := pg_catalog.format('Dato no válido en el cierre de caja: %s (%s).', campo, left(coalesce(item ->> campo, 'vacío'), 40));
        cons := null;
      elsif st = '42501' then
        msg := 'Solo el personal activo del spa puede registrar cierres de caja.';
      end if;
      results := pg_catalog.array_append(results, pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
        'i', idx, 's', 'refused', 'code', st, 'message', msg, 'constraint', nullif(cons, ''))));
    end;
  end loop;

  return pg_catalog.jsonb_build_object('results',
    (select coalesce(pg_catalog.jsonb_agg(r order by (r ->> 'i')::integer), '[]'::jsonb) from pg_catalog.unnest(results) r));
end
$$;

comment on function public.registrar_cierres_caja(jsonb) is 'Sube cierres de caja (docs/decisions/0038): idempotente por id_cierre, un resultado por fila, como mucho 500 filas y 1 MB por llamada.';

revoke all on function public.registrar_cierres_caja(jsonb) from public, anon;
grant execute on function public.registrar_cierres_caja(jsonb) to authenticated;
