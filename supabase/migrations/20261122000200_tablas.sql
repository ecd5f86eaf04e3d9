-- Las 12 tablas replicadas (spec 1 §3, spec 2 §3; docs/architecture.md §3) con sus restricciones e
-- índices. Los nombres de tablas y columnas son los de la especificación.
--
-- Convenciones:
-- * Claves primarias uuid creadas en el dispositivo; `gen_random_uuid()` es solo respaldo.
-- * Dinero numeric(12,2); fechas `date`, horas `time`.
-- * Cada CHECK lleva como comentario el mensaje en español que ve el usuario: la migración
--   de mensajes genera un trigger que lo lanza (con `{columna}` sustituido) antes de que
--   Postgres lance el suyo en inglés.
-- * Las unicidades son índices parciales "entre filas no borradas", para que un registro
--   eliminado (tombstone) no bloquee volver a crearlo.

-- Validadores puros usados por CHECK: la API los evalúa con el rol de la petición, así
-- que necesitan EXECUTE. No llaman a otras funciones de `private`: el cuerpo de una
-- función SQL se resuelve con los permisos de quien la ejecuta, que no tiene USAGE
-- sobre el esquema.

create or replace function private.es_email(valor text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$ select valor ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' $$;

-- Ítems de un pago: [{id_tratamiento, nombre, costo_al_momento_del_pago, cantidad, tipo}].
-- plpgsql (y no SQL) porque corre en cada pago: guarda sus planes en la sesión.
create or replace function private.items_pago_validos(items jsonb) returns boolean
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  item jsonb;
begin
  if pg_catalog.jsonb_typeof(items) is distinct from 'array' then
    return false;
  end if;
  for item in select e from pg_catalog.jsonb_array_elements(items) as e loop
    if pg_catalog.jsonb_typeof(item) <> 'object'
       or pg_catalog.jsonb_typeof(item -> 'id_tratamiento') is distinct from 'string'
       or (item ->> 'id_tratamiento') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
       or pg_catalog.jsonb_typeof(item -> 'nombre') is distinct from 'string'
       or pg_catalog.jsonb_typeof(item -> 'cantidad') is distinct from 'number'
       or pg_catalog.jsonb_typeof(item -> 'costo_al_momento_del_pago') is distinct from 'number'
       or coalesce(item ->> 'tipo', '') not in ('producto', 'tratamiento') then
      return false;
    end if;
    -- Números solo después de saber que lo son (un cast de texto fallaría).
    if (item ->> 'cantidad')::numeric < 1
       or (item ->> 'cantidad')::numeric <> pg_catalog.trunc((item ->> 'cantidad')::numeric)
       or (item ->> 'costo_al_momento_del_pago')::numeric < 0 then
      return false;
    end if;
  end loop;
  return true;
end
$$;

-- Ingresos de la conciliación: [{fecha, metodo, importe, banco, observacion}].
create or replace function private.ingresos_conciliacion_validos(filas jsonb) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select pg_catalog.jsonb_typeof(filas) = 'array'
     and not exists (
       select 1
       from pg_catalog.jsonb_array_elements(filas) as f(fila)
       where not (
         pg_catalog.jsonb_typeof(fila) = 'object'
         and pg_catalog.jsonb_typeof(fila -> 'fecha') = 'string'
         and (fila ->> 'fecha') ~ '^\d{4}-\d{2}-\d{2}$'
         and pg_catalog.jsonb_typeof(fila -> 'metodo') = 'string'
         and pg_catalog.btrim(fila ->> 'metodo') <> ''
         and pg_catalog.jsonb_typeof(fila -> 'importe') = 'number'
         and coalesce(pg_catalog.jsonb_typeof(fila -> 'banco'), 'null') in ('string', 'null')
         and coalesce(pg_catalog.jsonb_typeof(fila -> 'observacion'), 'null') in ('string', 'null')
       )
     )
$$;

grant execute on function private.es_email(text), private.items_pago_validos(jsonb), private.ingresos_conciliacion_validos(jsonb)
  to anon, authenticated, service_role;

-- =================================================================================
-- tb_tratamientos: tratamientos (servicios) y productos en una sola tabla.

create table public.tb_tratamientos (
  id_tratamiento uuid primary key default gen_random_uuid(),
  nombre text not null,
  descripcion text,
  categoria text,
  tipo text not null default 'tratamiento',
  costo numeric(12,2) not null,
  duracion_estimada_minutos integer,
  comision numeric(5,2),
  notas_internas text,
  activo boolean not null default true,
  tr_cantidad integer not null default 0,
  stock_en_revision boolean not null default false,
  constraint tb_tratamientos_nombre_requerido check (pg_catalog.btrim(nombre) <> '' and pg_catalog.length(nombre) <= 200),
  constraint tb_tratamientos_tipo_valido check (tipo in ('tratamiento', 'producto')),
  constraint tb_tratamientos_costo_no_negativo check (costo >= 0),
  constraint tb_tratamientos_duracion_positiva check (tipo = 'producto' or duracion_estimada_minutos > 0),
  constraint tb_tratamientos_duracion_producto check (tipo = 'tratamiento' or duracion_estimada_minutos is null or duracion_estimada_minutos >= 0),
  constraint tb_tratamientos_comision_rango check (comision >= 0 and comision <= 100)
);
comment on table public.tb_tratamientos is 'Tratamientos (tipo tratamiento) y productos (tipo producto). El stock de un producto es la suma de tb_movimientos_stock.';
comment on column public.tb_tratamientos.comision is 'Comisión de venta en porcentaje (0–100).';
comment on column public.tb_tratamientos.tr_cantidad is 'Stock derivado del libro tb_movimientos_stock por trigger; lo que envíe un cliente se ignora. Puede quedar negativo por una sobreventa.';
comment on column public.tb_tratamientos.stock_en_revision is 'Derivado: el stock quedó negativo (sobreventa o ajuste); se limpia registrando un ajuste que lo deje en 0 o más.';
comment on constraint tb_tratamientos_nombre_requerido on public.tb_tratamientos is 'Nombre, duración y costo son obligatorios.';
comment on constraint tb_tratamientos_tipo_valido on public.tb_tratamientos is 'El tipo debe ser tratamiento o producto.';
comment on constraint tb_tratamientos_costo_no_negativo on public.tb_tratamientos is 'El costo debe ser un número no negativo.';
comment on constraint tb_tratamientos_duracion_positiva on public.tb_tratamientos is 'La duración estimada debe ser un número positivo.';
comment on constraint tb_tratamientos_duracion_producto on public.tb_tratamientos is 'La duración estimada no puede ser negativa.';
comment on constraint tb_tratamientos_comision_rango on public.tb_tratamientos is 'La comisión debe ser un número no negativo (máximo 100 %).';
select private.hacer_replicable('public.tb_tratamientos', 'id_tratamiento');

create index tb_tratamientos_catalogo_idx on public.tb_tratamientos (tipo, activo, nombre) where not _deleted;
create index tb_tratamientos_creado_idx on public.tb_tratamientos (created_at desc);

-- =================================================================================
-- tb_horarios: un registro por día de la semana.

create table public.tb_horarios (
  id_horario uuid primary key default gen_random_uuid(),
  dia_semana text not null,
  orden_dia smallint not null,
  esta_abierto boolean not null default true,
  hora_apertura time,
  hora_cierre time,
  descanso_inicio time,
  descanso_fin time,
  constraint tb_horarios_dia_semana_unico unique (dia_semana),
  constraint tb_horarios_dia_valido check (dia_semana in ('Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo')),
  constraint tb_horarios_orden_rango check (orden_dia between 1 and 7),
  constraint tb_horarios_horas_requeridas check (not esta_abierto or (hora_apertura is not null and hora_cierre is not null)),
  constraint tb_horarios_cierre_posterior check (not esta_abierto or hora_cierre > hora_apertura),
  constraint tb_horarios_descanso_completo check ((descanso_inicio is null) = (descanso_fin is null)),
  constraint tb_horarios_descanso_orden check (not esta_abierto or descanso_fin > descanso_inicio),
  constraint tb_horarios_descanso_tras_apertura check (not esta_abierto or descanso_inicio >= hora_apertura),
  constraint tb_horarios_descanso_antes_cierre check (not esta_abierto or descanso_fin <= hora_cierre)
);
comment on table public.tb_horarios is 'Horario de atención por día (Lunes=1 … Domingo=7 en orden_dia).';
comment on constraint tb_horarios_dia_semana_unico on public.tb_horarios is 'Ya existe un horario para ese día.';
comment on constraint tb_horarios_dia_valido on public.tb_horarios is 'El día debe ser Lunes, Martes, Miércoles, Jueves, Viernes, Sábado o Domingo.';
comment on constraint tb_horarios_orden_rango on public.tb_horarios is 'El orden del día debe estar entre 1 y 7.';
comment on constraint tb_horarios_horas_requeridas on public.tb_horarios is 'En {dia_semana}, indica la hora de apertura y la de cierre.';
comment on constraint tb_horarios_cierre_posterior on public.tb_horarios is 'En {dia_semana}, la hora de cierre debe ser posterior a la hora de apertura.';
comment on constraint tb_horarios_descanso_completo on public.tb_horarios is 'En {dia_semana}, indica el inicio y el fin del descanso, o ninguno de los dos.';
comment on constraint tb_horarios_descanso_orden on public.tb_horarios is 'En {dia_semana}, el fin del descanso debe ser posterior al inicio del descanso.';
comment on constraint tb_horarios_descanso_tras_apertura on public.tb_horarios is 'En {dia_semana}, el descanso no puede iniciar antes de la apertura.';
comment on constraint tb_horarios_descanso_antes_cierre on public.tb_horarios is 'En {dia_semana}, el descanso no puede finalizar después del cierre.';
select private.hacer_replicable('public.tb_horarios', 'id_horario');

create index tb_horarios_orden_idx on public.tb_horarios (orden_dia);

-- =================================================================================
-- tb_especialistas

create table public.tb_especialistas (
  id_especialista uuid primary key default gen_random_uuid(),
  nombre text not null,
  apellido text not null,
  especialidad text not null,
  email text,
  telefono text,
  dias_trabajo text[],
  hora_inicio_trabajo time,
  hora_fin_trabajo time,
  activo boolean not null default true,
  constraint tb_especialistas_datos_requeridos check (pg_catalog.btrim(nombre) <> '' and pg_catalog.btrim(apellido) <> '' and pg_catalog.btrim(especialidad) <> ''),
  constraint tb_especialistas_email_valido check (private.es_email(email)),
  constraint tb_especialistas_dias_validos check (dias_trabajo <@ array['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']),
  constraint tb_especialistas_horario_orden check (hora_fin_trabajo > hora_inicio_trabajo)
);
comment on column public.tb_especialistas.dias_trabajo is 'Días de trabajo con el nombre español del día (Lunes … Domingo); null = sin definir.';
comment on constraint tb_especialistas_datos_requeridos on public.tb_especialistas is 'Nombre, apellido y especialidad son obligatorios.';
comment on constraint tb_especialistas_email_valido on public.tb_especialistas is 'El correo electrónico del especialista no es válido.';
comment on constraint tb_especialistas_dias_validos on public.tb_especialistas is 'Los días de trabajo deben ser nombres de día: Lunes, Martes, Miércoles, Jueves, Viernes, Sábado o Domingo.';
comment on constraint tb_especialistas_horario_orden on public.tb_especialistas is 'La hora de fin de trabajo debe ser posterior a la hora de inicio.';
select private.hacer_replicable('public.tb_especialistas', 'id_especialista');

create unique index tb_especialistas_email_unico on public.tb_especialistas (pg_catalog.lower(email)) where not _deleted;
comment on index public.tb_especialistas_email_unico is 'Ya existe un especialista con este correo electrónico.';
create index tb_especialistas_nombre_idx on public.tb_especialistas (apellido, nombre);

-- =================================================================================
-- tb_pacientes

create table public.tb_pacientes (
  id_paciente uuid primary key default gen_random_uuid(),
  nombre text not null,
  apellido text not null,
  dni text,
  telefono text,
  email text,
  fecha_nacimiento date,
  direccion text,
  historial_medico text,
  nro_historia text,
  -- Un cliente nuevo de la venta directa guarda la primera palabra como apellido y el
  -- resto como nombre (spec 2 §5): basta con que uno de los dos tenga texto.
  constraint tb_pacientes_nombre_requerido check (pg_catalog.btrim(nombre) <> '' or pg_catalog.btrim(apellido) <> ''),
  constraint tb_pacientes_email_valido check (private.es_email(email)),
  constraint tb_pacientes_dni_formato check (pg_catalog.length(dni) between 4 and 20),
  constraint tb_pacientes_nacimiento_rango check (fecha_nacimiento >= date '1900-01-01')
);
comment on column public.tb_pacientes.nro_historia is 'Número de historia clínica legible (texto), aparte de la clave uuid.';
comment on constraint tb_pacientes_nombre_requerido on public.tb_pacientes is 'El nombre y el apellido del paciente son obligatorios.';
comment on constraint tb_pacientes_email_valido on public.tb_pacientes is 'El correo electrónico del paciente no es válido.';
comment on constraint tb_pacientes_dni_formato on public.tb_pacientes is 'El DNI debe tener entre 4 y 20 caracteres.';
comment on constraint tb_pacientes_nacimiento_rango on public.tb_pacientes is 'La fecha de nacimiento no es válida.';
select private.hacer_replicable('public.tb_pacientes', 'id_paciente');

-- Los nombres contienen "dni" y "email": el cliente traduce el 23505 a los mensajes de
-- spec 1 §8 buscando esas palabras en el mensaje del error.
create unique index tb_pacientes_dni_unico on public.tb_pacientes (dni) where not _deleted;
create unique index tb_pacientes_email_unico on public.tb_pacientes (pg_catalog.lower(email)) where not _deleted;
comment on index public.tb_pacientes_dni_unico is 'Ya existe un paciente con este DNI.';
comment on index public.tb_pacientes_email_unico is 'Ya existe un paciente con este correo electrónico.';
create index tb_pacientes_nombre_idx on public.tb_pacientes (apellido, nombre);
create index tb_pacientes_creado_idx on public.tb_pacientes (created_at desc);

-- =================================================================================
-- tb_formapago: métodos de pago y su comisión (POS).

create table public.tb_formapago (
  id_forma_pago uuid primary key default gen_random_uuid(),
  fp_descripcion text not null,
  fp_comision numeric(6,3) not null default 0,
  constraint tb_formapago_descripcion_requerida check (pg_catalog.btrim(fp_descripcion) <> '' and pg_catalog.length(fp_descripcion) <= 100),
  constraint tb_formapago_comision_rango check (fp_comision >= 0 and fp_comision <= 100)
);
comment on column public.tb_formapago.fp_comision is 'Comisión del medio de pago en porcentaje (p. ej. 4.071).';
comment on constraint tb_formapago_descripcion_requerida on public.tb_formapago is 'La descripción del método de pago es obligatoria (máximo 100 caracteres).';
comment on constraint tb_formapago_comision_rango on public.tb_formapago is 'La comisión debe ser un porcentaje entre 0 y 100.';
select private.hacer_replicable('public.tb_formapago', 'id_forma_pago');

create unique index tb_formapago_descripcion_unica on public.tb_formapago (pg_catalog.lower(fp_descripcion)) where not _deleted;
comment on index public.tb_formapago_descripcion_unica is 'Ya existe un método de pago con esa descripción.';

-- =================================================================================
-- tbusuarios: perfil del personal, enlazado al usuario de autenticación.

create table public.tbusuarios (
  id_usuario uuid primary key default gen_random_uuid(),
  auth_user_id uuid constraint tbusuarios_auth_user_id_key unique references auth.users (id) on delete set null,
  id_nombre text not null,
  id_correo text not null,
  is_admin boolean not null default false,
  is_active boolean not null default true,
  last_sign_in_at timestamptz,
  constraint tbusuarios_nombre_requerido check (pg_catalog.btrim(id_nombre) <> '' and pg_catalog.length(id_nombre) <= 120),
  constraint tbusuarios_email_valido check (private.es_email(id_correo))
);
comment on table public.tbusuarios is 'Perfil del personal. Sin fila activa aquí, un usuario autenticado no ve ningún dato.';
comment on column public.tbusuarios.last_sign_in_at is 'Copia de auth.users.last_sign_in_at mantenida por trigger; lo que envíe un cliente se ignora.';
comment on constraint tbusuarios_nombre_requerido on public.tbusuarios is 'El nombre del usuario es obligatorio (máximo 120 caracteres).';
comment on constraint tbusuarios_email_valido on public.tbusuarios is 'El correo electrónico del usuario no es válido.';
comment on constraint tbusuarios_auth_user_id_key on public.tbusuarios is 'Ese usuario de autenticación ya tiene un perfil.';
select private.hacer_replicable('public.tbusuarios', 'id_usuario');

create unique index tbusuarios_email_unico on public.tbusuarios (pg_catalog.lower(id_correo)) where not _deleted;
comment on index public.tbusuarios_email_unico is 'Ya existe un usuario con este correo electrónico.';

-- =================================================================================
-- tb_reservas: solicitudes de reserva (formulario público y personal).

create table public.tb_reservas (
  id_reserva uuid primary key default gen_random_uuid(),
  nombre_cliente text not null,
  email_cliente text,
  telefono_cliente text,
  id_tratamiento uuid not null references public.tb_tratamientos (id_tratamiento),
  nombre_tratamiento text,
  fecha_reserva date not null,
  hora_reserva text,
  mensaje_adicional text,
  estado_reserva text not null default 'pendiente',
  constraint tb_reservas_estado_valido check (estado_reserva in ('pendiente', 'Procesada', 'cancelada')),
  constraint tb_reservas_nombre_largo check (pg_catalog.btrim(nombre_cliente) <> '' and pg_catalog.length(nombre_cliente) <= 120),
  constraint tb_reservas_email_valido check (private.es_email(email_cliente) and pg_catalog.length(email_cliente) <= 254),
  constraint tb_reservas_telefono_valido check (telefono_cliente ~ '^[0-9+() .-]{6,20}$'),
  constraint tb_reservas_hora_valida check (pg_catalog.length(hora_reserva) <= 20),
  constraint tb_reservas_mensaje_largo check (pg_catalog.length(mensaje_adicional) <= 1000),
  constraint tb_reservas_tratamiento_largo check (pg_catalog.length(nombre_tratamiento) <= 200)
);
comment on column public.tb_reservas.hora_reserva is 'Hora preferida como texto: ''09:30 am'' (formulario público) o ''HH:mm:ss'' (personal).';
comment on constraint tb_reservas_estado_valido on public.tb_reservas is 'El estado de la reserva debe ser pendiente, Procesada o cancelada.';
comment on constraint tb_reservas_nombre_largo on public.tb_reservas is 'El nombre es obligatorio y no puede superar 120 caracteres.';
comment on constraint tb_reservas_email_valido on public.tb_reservas is 'El correo electrónico no es válido.';
comment on constraint tb_reservas_telefono_valido on public.tb_reservas is 'El teléfono no es válido: usa solo números (entre 6 y 20 caracteres).';
comment on constraint tb_reservas_hora_valida on public.tb_reservas is 'La hora seleccionada no es válida.';
comment on constraint tb_reservas_mensaje_largo on public.tb_reservas is 'El mensaje adicional no puede superar 1000 caracteres.';
comment on constraint tb_reservas_tratamiento_largo on public.tb_reservas is 'El nombre del tratamiento no puede superar 200 caracteres.';
select private.hacer_replicable('public.tb_reservas', 'id_reserva');

create index tb_reservas_estado_idx on public.tb_reservas (estado_reserva, fecha_reserva, hora_reserva);
create index tb_reservas_tratamiento_idx on public.tb_reservas (id_tratamiento);
create index tb_reservas_email_pendientes_idx on public.tb_reservas (pg_catalog.lower(email_cliente), created_at) where estado_reserva = 'pendiente';

-- =================================================================================
-- tb_citas: citas programadas y las citas virtuales de las ventas directas.

create table public.tb_citas (
  id_cita uuid primary key default gen_random_uuid(),
  id_reserva_origen uuid references public.tb_reservas (id_reserva),
  id_paciente uuid references public.tb_pacientes (id_paciente),
  id_especialista uuid references public.tb_especialistas (id_especialista),
  id_tratamiento uuid references public.tb_tratamientos (id_tratamiento),
  nombre_cliente text not null,
  email_cliente text,
  telefono_cliente text,
  nombre_tratamiento text,
  fecha_cita date not null,
  hora_inicio time not null,
  hora_fin time,
  estado_cita text not null default 'Pendiente de Pago',
  monto_adelanto numeric(12,2) not null default 0,
  metodo_pago_adelanto text,
  referencia_pago_adelanto text,
  fecha_pago_adelanto date,
  notas_internas text,
  id_pago_final uuid,
  monto_total_final numeric(12,2),
  constraint tb_citas_estado_valido check (estado_cita in ('Pendiente de Pago', 'Confirmada', 'Completada', 'Cancelada', 'Reprogramada', 'Venta Directa')),
  constraint tb_citas_datos_requeridos check (estado_cita = 'Venta Directa' or (id_especialista is not null and id_tratamiento is not null and hora_fin is not null)),
  constraint tb_citas_horas_orden check (estado_cita = 'Venta Directa' or hora_fin > hora_inicio),
  constraint tb_citas_cliente_requerido check (pg_catalog.btrim(nombre_cliente) <> ''),
  constraint tb_citas_adelanto_no_negativo check (monto_adelanto >= 0),
  constraint tb_citas_total_no_negativo check (monto_total_final >= 0)
);
comment on table public.tb_citas is 'Citas. Una venta directa es una cita virtual en estado Venta Directa, sin especialista ni tratamiento, a las 00:00:00.';
comment on column public.tb_citas.id_pago_final is 'Derivado de tb_pagos_citas por trigger (el primer pago activo); lo que envíe un cliente se ignora.';
comment on column public.tb_citas.monto_total_final is 'Derivado: suma de monto_final_pagado de los pagos activos más el adelanto aplicado.';
comment on constraint tb_citas_estado_valido on public.tb_citas is 'El estado de la cita no es válido.';
comment on constraint tb_citas_datos_requeridos on public.tb_citas is 'Fecha, hora de inicio, especialista y tratamiento son obligatorios.';
comment on constraint tb_citas_horas_orden on public.tb_citas is 'La hora de fin debe ser posterior a la hora de inicio.';
comment on constraint tb_citas_cliente_requerido on public.tb_citas is 'El nombre del cliente es obligatorio.';
comment on constraint tb_citas_adelanto_no_negativo on public.tb_citas is 'El monto del adelanto no puede ser negativo.';
comment on constraint tb_citas_total_no_negativo on public.tb_citas is 'El monto total no puede ser negativo.';
select private.hacer_replicable('public.tb_citas', 'id_cita');

-- Respaldo a prueba de carreras del choque de agenda: el trigger de reglas da el mensaje
-- legible; esta restricción garantiza la regla aunque dos transacciones corran a la vez
-- en un nivel de aislamiento donde el trigger no viera la otra fila.
alter table public.tb_citas add constraint tb_citas_sin_cruce_especialista exclude using gist (
  id_especialista with =,
  tsrange(fecha_cita + hora_inicio, fecha_cita + hora_fin, '[)') with &&
) where (not _deleted and estado_cita not in ('Cancelada', 'Venta Directa'));
comment on constraint tb_citas_sin_cruce_especialista on public.tb_citas is 'El especialista ya tiene otra cita en ese horario.';

-- Una solicitud se confirma en una sola cita viva, aunque dos tablets la confirmen offline.
create unique index tb_citas_reserva_origen_unica on public.tb_citas (id_reserva_origen)
  where not _deleted and estado_cita <> 'Cancelada';
comment on index public.tb_citas_reserva_origen_unica is 'Esta solicitud de reserva ya fue confirmada como cita.';

create index tb_citas_fecha_idx on public.tb_citas (fecha_cita, hora_inicio);
create index tb_citas_especialista_fecha_idx on public.tb_citas (id_especialista, fecha_cita);
create index tb_citas_pendientes_pago_idx on public.tb_citas (fecha_cita) where id_pago_final is null and estado_cita in ('Confirmada', 'Completada');
create index tb_citas_adelantos_idx on public.tb_citas (fecha_cita desc) where monto_adelanto > 0;
create index tb_citas_paciente_idx on public.tb_citas (id_paciente);
create index tb_citas_tratamiento_idx on public.tb_citas (id_tratamiento);

-- =================================================================================
-- tb_pagos_citas: pago final de una cita (o de una venta directa).

create table public.tb_pagos_citas (
  id_pago_cita uuid primary key default gen_random_uuid(),
  id_cita uuid not null references public.tb_citas (id_cita),
  monto_total_calculado numeric(12,2) not null default 0,
  monto_adelanto_aplicado numeric(12,2) not null default 0,
  monto_final_pagado numeric(12,2) not null,
  metodo_pago_final text not null,
  referencia_pago_final text,
  notas_pago text,
  banco text,
  tratamientos_adicionales_info jsonb not null default '[]'::jsonb,
  fecha_pago date not null default public.hoy_peru(),
  constraint tb_pagos_citas_total_no_negativo check (monto_total_calculado >= 0),
  constraint tb_pagos_citas_adelanto_no_negativo check (monto_adelanto_aplicado >= 0),
  constraint tb_pagos_citas_monto_final_no_negativo check (monto_final_pagado >= 0),
  constraint tb_pagos_citas_metodo_requerido check (pg_catalog.btrim(metodo_pago_final) <> '' and pg_catalog.length(metodo_pago_final) <= 100),
  constraint tb_pagos_citas_items_validos check (private.items_pago_validos(tratamientos_adicionales_info))
);
comment on table public.tb_pagos_citas is 'Pagos finales. Insertar uno completa su cita y mueve el stock de sus productos en la misma transacción.';
comment on column public.tb_pagos_citas.tratamientos_adicionales_info is 'Ítems [{id_tratamiento, nombre, costo_al_momento_del_pago, cantidad, tipo}]; los productos generan movimientos de stock.';
comment on constraint tb_pagos_citas_total_no_negativo on public.tb_pagos_citas is 'El monto total calculado no puede ser negativo.';
comment on constraint tb_pagos_citas_adelanto_no_negativo on public.tb_pagos_citas is 'El adelanto aplicado no puede ser negativo.';
comment on constraint tb_pagos_citas_monto_final_no_negativo on public.tb_pagos_citas is 'El monto final pagado debe ser un número válido y no negativo.';
comment on constraint tb_pagos_citas_metodo_requerido on public.tb_pagos_citas is 'Por favor, selecciona un método de pago final.';
comment on constraint tb_pagos_citas_items_validos on public.tb_pagos_citas is 'Cada producto o tratamiento adicional necesita id_tratamiento, nombre, tipo, una cantidad entera mayor a 0 y un costo no negativo.';
select private.hacer_replicable('public.tb_pagos_citas', 'id_pago_cita');

alter table public.tb_citas add constraint tb_citas_id_pago_final_fkey
  foreign key (id_pago_final) references public.tb_pagos_citas (id_pago_cita);

create index tb_pagos_citas_fecha_idx on public.tb_pagos_citas (fecha_pago);
create index tb_pagos_citas_metodo_fecha_idx on public.tb_pagos_citas (metodo_pago_final, fecha_pago);
create index tb_pagos_citas_cita_idx on public.tb_pagos_citas (id_cita);
create index tb_pagos_citas_items_idx on public.tb_pagos_citas using gin (tratamientos_adicionales_info jsonb_path_ops);

-- =================================================================================
-- tb_movimientos_stock: libro de stock de solo inserción.

create table public.tb_movimientos_stock (
  id_movimiento uuid primary key default gen_random_uuid(),
  id_tratamiento uuid not null references public.tb_tratamientos (id_tratamiento),
  cantidad integer not null,
  motivo text not null,
  id_pago_cita uuid references public.tb_pagos_citas (id_pago_cita),
  nota text,
  sobreventa boolean not null default false,
  stock_resultante integer not null default 0,
  constraint tb_movimientos_stock_cantidad_no_cero check (cantidad <> 0),
  constraint tb_movimientos_stock_motivo_valido check (motivo in ('venta', 'venta_directa', 'ajuste', 'inicial')),
  constraint tb_movimientos_stock_venta_con_pago check (motivo not in ('venta', 'venta_directa') or id_pago_cita is not null),
  constraint tb_movimientos_stock_inicial_positivo check (motivo <> 'inicial' or cantidad > 0),
  constraint tb_movimientos_stock_nota_larga check (pg_catalog.length(nota) <= 500)
);
comment on table public.tb_movimientos_stock is 'Libro de stock (solo inserción): cantidad con signo. Las ventas las escribe el trigger de pagos con ids deterministas; los clientes solo insertan ajustes e iniciales.';
comment on column public.tb_movimientos_stock.sobreventa is 'La venta dejó el stock negativo (llegó tarde de un dispositivo offline): se conserva y se marca para revisión.';
comment on column public.tb_movimientos_stock.stock_resultante is 'Stock del producto justo después de este movimiento (calculado por el servidor).';
comment on constraint tb_movimientos_stock_cantidad_no_cero on public.tb_movimientos_stock is 'La cantidad del movimiento no puede ser 0.';
comment on constraint tb_movimientos_stock_motivo_valido on public.tb_movimientos_stock is 'El motivo del movimiento debe ser venta, venta_directa, ajuste o inicial.';
comment on constraint tb_movimientos_stock_venta_con_pago on public.tb_movimientos_stock is 'Una venta solo se registra a través de su pago.';
comment on constraint tb_movimientos_stock_inicial_positivo on public.tb_movimientos_stock is 'El stock inicial debe ser un número positivo.';
comment on constraint tb_movimientos_stock_nota_larga on public.tb_movimientos_stock is 'La nota no puede superar 500 caracteres.';
select private.hacer_replicable('public.tb_movimientos_stock', 'id_movimiento');

alter table public.tb_movimientos_stock add constraint tb_movimientos_stock_sin_borrado check (not _deleted);
comment on constraint tb_movimientos_stock_sin_borrado on public.tb_movimientos_stock is 'Los movimientos de stock no se eliminan: registra un ajuste.';

create index tb_movimientos_stock_producto_idx on public.tb_movimientos_stock (id_tratamiento) include (cantidad);
create index tb_movimientos_stock_pago_idx on public.tb_movimientos_stock (id_pago_cita) where id_pago_cita is not null;

-- =================================================================================
-- tb_egresos: gastos fijos y variables (solo administradores).

create table public.tb_egresos (
  id_egreso uuid primary key default gen_random_uuid(),
  tipo_egreso text not null,
  descripcion text not null,
  tipo_cambio numeric(10,4),
  monto_soles numeric(12,2) not null,
  monto_dolares numeric(12,2) not null,
  descripcion_adicional text,
  mes smallint not null,
  anio smallint not null,
  fecha date,
  id_egreso_origen uuid references public.tb_egresos (id_egreso) on delete set null,
  constraint tb_egresos_tipo_valido check (tipo_egreso in ('Fijo', 'Variable')),
  constraint tb_egresos_descripcion_requerida check (pg_catalog.btrim(descripcion) <> '' and pg_catalog.length(descripcion) <= 300),
  constraint tb_egresos_tipo_cambio_positivo check (tipo_cambio > 0),
  constraint tb_egresos_montos_no_negativos check (monto_soles >= 0 and monto_dolares >= 0),
  constraint tb_egresos_mes_rango check (mes between 1 and 12),
  constraint tb_egresos_anio_rango check (anio between 2020 and 2100),
  constraint tb_egresos_fecha_en_mes check (extract(year from fecha) = anio and extract(month from fecha) = mes),
  constraint tb_egresos_variable_con_fecha check (tipo_egreso = 'Fijo' or fecha is not null),
  constraint tb_egresos_origen_fijo check (id_egreso_origen is null or tipo_egreso = 'Fijo')
);
comment on column public.tb_egresos.id_egreso_origen is 'Egreso fijo del mes anterior del que se copió este. Único por (origen, anio, mes): dos tablets que copian el mismo mes offline no lo duplican (usar además ids deterministas, UUID v5).';
comment on constraint tb_egresos_tipo_valido on public.tb_egresos is 'El tipo de egreso debe ser Fijo o Variable.';
comment on constraint tb_egresos_descripcion_requerida on public.tb_egresos is 'La descripción del egreso es obligatoria (máximo 300 caracteres).';
comment on constraint tb_egresos_tipo_cambio_positivo on public.tb_egresos is 'El tipo de cambio debe ser mayor a 0.';
comment on constraint tb_egresos_montos_no_negativos on public.tb_egresos is 'Los montos en soles y en dólares no pueden ser negativos.';
comment on constraint tb_egresos_mes_rango on public.tb_egresos is 'El mes debe estar entre 1 y 12.';
comment on constraint tb_egresos_anio_rango on public.tb_egresos is 'El año debe estar entre 2020 y 2100.';
comment on constraint tb_egresos_fecha_en_mes on public.tb_egresos is 'La fecha debe corresponder al mes y año seleccionados.';
comment on constraint tb_egresos_variable_con_fecha on public.tb_egresos is 'La fecha es obligatoria para los egresos variables.';
comment on constraint tb_egresos_origen_fijo on public.tb_egresos is 'Solo un egreso fijo puede copiarse de otro mes.';
select private.hacer_replicable('public.tb_egresos', 'id_egreso');

create unique index tb_egresos_copia_unica on public.tb_egresos (id_egreso_origen, anio, mes)
  where not _deleted and id_egreso_origen is not null;
comment on index public.tb_egresos_copia_unica is 'Ese egreso fijo ya fue copiado a este mes.';
create index tb_egresos_periodo_idx on public.tb_egresos (anio, mes, tipo_egreso);
create index tb_egresos_creado_idx on public.tb_egresos (created_at desc);

-- =================================================================================
-- tb_conciliacion_bancaria: una conciliación por mes (solo administradores).

create table public.tb_conciliacion_bancaria (
  id_conciliacion uuid primary key default gen_random_uuid(),
  anio smallint not null,
  mes smallint not null,
  fecha date,
  banco text,
  descripcion text,
  observaciones text,
  saldo_inicial numeric(12,2),
  saldo_final numeric(12,2),
  ingresos_tratamientos jsonb not null default '[]'::jsonb,
  egresos numeric(12,2) not null default 0,
  creado_en timestamptz not null default pg_catalog.now(),
  actualizado_en timestamptz not null default pg_catalog.now(),
  constraint tb_conciliacion_bancaria_mes_rango check (mes between 1 and 12),
  constraint tb_conciliacion_bancaria_anio_rango check (anio between 2020 and 2100),
  constraint tb_conciliacion_bancaria_ingresos_validos check (private.ingresos_conciliacion_validos(ingresos_tratamientos))
);
comment on column public.tb_conciliacion_bancaria.ingresos_tratamientos is 'Filas [{fecha, metodo, importe, banco, observacion}].';
comment on column public.tb_conciliacion_bancaria.actualizado_en is 'Campo de la especificación (se muestra); el reloj de sincronización es updated_at.';
comment on constraint tb_conciliacion_bancaria_mes_rango on public.tb_conciliacion_bancaria is 'El mes debe estar entre 1 y 12.';
comment on constraint tb_conciliacion_bancaria_anio_rango on public.tb_conciliacion_bancaria is 'El año debe estar entre 2020 y 2100.';
comment on constraint tb_conciliacion_bancaria_ingresos_validos on public.tb_conciliacion_bancaria is 'Completa los campos obligatorios: cada ingreso necesita fecha, método de pago e importe.';
select private.hacer_replicable('public.tb_conciliacion_bancaria', 'id_conciliacion');

create unique index tb_conciliacion_bancaria_anio_mes_unico on public.tb_conciliacion_bancaria (anio, mes) where not _deleted;
comment on index public.tb_conciliacion_bancaria_anio_mes_unico is 'Ya existe una conciliación para ese mes y año.';
