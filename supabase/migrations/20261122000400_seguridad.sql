-- Seguridad a nivel de fila (docs/architecture.md §4). Supabase concede por defecto todos los
-- privilegios de las tablas de `public` a anon y authenticated: RLS es la guarda, así que
-- cada tabla tiene RLS activado (private.hacer_replicable) y políticas explícitas. Además
-- se retiran privilegios que nadie de la API necesita, para que un error de política no
-- abra nada:
--
-- | tabla                              | anon                         | personal             | admin                  |
-- |------------------------------------|------------------------------|----------------------|------------------------|
-- | tb_tratamientos                    | lee tratamientos activos (*) | lee/escribe          | + purga tombstones     |
-- | tb_horarios                        | lee                          | lee/escribe          | + purga tombstones     |
-- | tb_reservas                        | inserta pendientes (**)      | lee/escribe          | + purga tombstones     |
-- | tb_especialistas, tb_pacientes,    | —                            | lee/escribe          | + purga tombstones     |
-- | tb_citas, tb_formapago             |                              |                      |                        |
-- | tb_pagos_citas                     | —                            | lee/inserta          | + actualiza/anula      |
-- | tb_movimientos_stock               | —                            | lee/inserta ajustes  | igual (solo inserción) |
-- | tbusuarios                         | —                            | lee su fila          | todo + purga           |
-- | tb_egresos, tb_conciliacion_bancaria | —                          | —                    | todo + purga           |
--
-- (*) solo columnas públicas: sin notas_internas, comision ni tr_cantidad.
-- (**) validadas por private.reservas_antes: fecha ≥ hoy en Perú, servicio activo,
--      largos acotados, máximo 3 pendientes por correo y día.
--
-- "Personal" = usuario autenticado con fila activa en tbusuarios. Un usuario autenticado
-- sin perfil (o desactivado) no ve nada, ni siquiera lo público: authenticated tiene todas
-- las columnas, así que abrirle los tratamientos filtraría columnas internas.
--
-- DELETE físico: los clientes nunca borran (docs/architecture.md §3). Un admin solo puede purgar un
-- tombstone con más de private.dias_conservacion_tombstones() días, cuando todos los
-- dispositivos ya recibieron el borrado. Pagos y movimientos de stock no se borran nunca.

create or replace function public.is_staff() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.tbusuarios u
    where u.auth_user_id = auth.uid() and u.is_active and not u._deleted
  )
$$;
comment on function public.is_staff() is 'El usuario de la petición tiene un perfil activo en tbusuarios (personal o admin).';

create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.tbusuarios u
    where u.auth_user_id = auth.uid() and u.is_active and not u._deleted and u.is_admin
  )
$$;
comment on function public.is_admin() is 'El usuario de la petición es un administrador activo.';

revoke execute on function public.is_staff(), public.is_admin() from public;
grant execute on function public.is_staff(), public.is_admin() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- Privilegios

revoke all on table
  public.tb_tratamientos, public.tb_horarios, public.tb_especialistas, public.tb_pacientes,
  public.tb_formapago, public.tbusuarios, public.tb_reservas, public.tb_citas,
  public.tb_pagos_citas, public.tb_movimientos_stock, public.tb_egresos,
  public.tb_conciliacion_bancaria
from anon;

-- TRUNCATE se salta RLS; REFERENCES y TRIGGER no los usa nadie de la API.
revoke truncate, references, trigger on table
  public.tb_tratamientos, public.tb_horarios, public.tb_especialistas, public.tb_pacientes,
  public.tb_formapago, public.tbusuarios, public.tb_reservas, public.tb_citas,
  public.tb_pagos_citas, public.tb_movimientos_stock, public.tb_egresos,
  public.tb_conciliacion_bancaria
from authenticated;

-- Pagos y libro de stock no se borran físicamente (ni siquiera un admin).
revoke delete on table public.tb_pagos_citas, public.tb_movimientos_stock from authenticated;

grant select (id_tratamiento, nombre, descripcion, categoria, tipo, costo, duracion_estimada_minutos, activo)
  on public.tb_tratamientos to anon;
grant select on public.tb_horarios to anon;
grant insert (id_reserva, nombre_cliente, email_cliente, telefono_cliente, id_tratamiento, nombre_tratamiento,
              fecha_reserva, hora_reserva, mensaje_adicional, estado_reserva)
  on public.tb_reservas to anon;

-- ---------------------------------------------------------------------------------
-- Políticas

-- Crea las políticas de lectura, inserción y actualización para `quien` ('personal' o
-- 'admin') y la de purga de tombstones para admin. Las demás se escriben abajo a mano.
create or replace function private.crear_politicas(tabla regclass, quien text, operaciones text[]) returns void
language plpgsql
set search_path = ''
as $$
declare
  condicion text := case quien
    when 'personal' then '(select public.is_staff())'
    when 'admin' then '(select public.is_admin())'
  end;
  op text;
begin
  if condicion is null then
    raise exception 'crear_politicas: quien debe ser personal o admin, no %', quien;
  end if;
  foreach op in array operaciones loop
    case op
      when 'select' then
        execute pg_catalog.format('create policy %I on %s for select to authenticated using (%s)', quien || '_lee', tabla, condicion);
      when 'insert' then
        execute pg_catalog.format('create policy %I on %s for insert to authenticated with check (%s)', quien || '_inserta', tabla, condicion);
      when 'update' then
        execute pg_catalog.format('create policy %I on %s for update to authenticated using (%s) with check (%s)', quien || '_actualiza', tabla, condicion, condicion);
      when 'purge' then
        execute pg_catalog.format(
          'create policy admin_purga_tombstones on %s for delete to authenticated using ((select public.is_admin()) and _deleted and _modified < pg_catalog.now() - interval %L)',
          tabla, private.dias_conservacion_tombstones() || ' days');
      else
        raise exception 'crear_politicas: operación desconocida %', op;
    end case;
  end loop;
end
$$;

-- Tablas operativas: el personal lee y escribe (el borrado es lógico: un UPDATE).
select private.crear_politicas('public.tb_tratamientos', 'personal', array['select', 'insert', 'update']);
select private.crear_politicas('public.tb_horarios', 'personal', array['select', 'insert', 'update']);
select private.crear_politicas('public.tb_especialistas', 'personal', array['select', 'insert', 'update']);
select private.crear_politicas('public.tb_pacientes', 'personal', array['select', 'insert', 'update']);
select private.crear_politicas('public.tb_formapago', 'personal', array['select', 'insert', 'update']);
select private.crear_politicas('public.tb_reservas', 'personal', array['select', 'insert', 'update']);
select private.crear_politicas('public.tb_citas', 'personal', array['select', 'insert', 'update']);
select private.crear_politicas('public.tb_tratamientos', 'admin', array['purge']);
select private.crear_politicas('public.tb_horarios', 'admin', array['purge']);
select private.crear_politicas('public.tb_especialistas', 'admin', array['purge']);
select private.crear_politicas('public.tb_pacientes', 'admin', array['purge']);
select private.crear_politicas('public.tb_formapago', 'admin', array['purge']);
select private.crear_politicas('public.tb_reservas', 'admin', array['purge']);
select private.crear_politicas('public.tb_citas', 'admin', array['purge']);

-- Pagos: el personal inserta y lee; solo un admin corrige o anula (UPDATE de _deleted),
-- y el trigger reabre la cita y devuelve el stock.
select private.crear_politicas('public.tb_pagos_citas', 'personal', array['select', 'insert']);
select private.crear_politicas('public.tb_pagos_citas', 'admin', array['update']);

-- Libro de stock: el personal inserta ajustes y stock inicial; las ventas las escribe
-- el trigger de pagos. Nadie actualiza ni borra.
select private.crear_politicas('public.tb_movimientos_stock', 'personal', array['select']);
create policy personal_inserta_ajustes on public.tb_movimientos_stock for insert to authenticated
  with check ((select public.is_staff()) and motivo in ('ajuste', 'inicial') and id_pago_cita is null);

-- Usuarios del sistema: cada uno lee su propia fila; un admin lo hace todo.
create policy usuario_lee_su_perfil on public.tbusuarios for select to authenticated
  using (auth_user_id = (select auth.uid()));
select private.crear_politicas('public.tbusuarios', 'admin', array['select', 'insert', 'update', 'purge']);

-- Egresos y conciliación: solo administradores.
select private.crear_politicas('public.tb_egresos', 'admin', array['select', 'insert', 'update', 'purge']);
select private.crear_politicas('public.tb_conciliacion_bancaria', 'admin', array['select', 'insert', 'update', 'purge']);

-- Público (anon): el catálogo de servicios, el horario y las solicitudes de reserva.
create policy publico_lee_tratamientos_activos on public.tb_tratamientos for select to anon
  using (activo and not _deleted and tipo = 'tratamiento');
create policy publico_lee_horarios on public.tb_horarios for select to anon
  using (not _deleted);
create policy publico_solicita_reserva on public.tb_reservas for insert to anon
  with check (estado_reserva = 'pendiente' and not _deleted);
