-- Citas: la marca 'Recordado' del recordatorio por WhatsApp (quién y cuándo).
--
-- Por qué (docs/decisions/0056-recordatorios.md): la recepción recuerda por WhatsApp las
-- citas del siguiente día de atención y marca cada una; la marca viaja con la cita a todas
-- las tablets, para que dos recepcionistas no escriban dos veces al mismo cliente.
--
-- Reglas del servidor (las escrituras de cliente, también las que llegan tarde de una
-- tablet sin conexión):
--  * quién marcó lo pone el servidor (auth.uid() y el nombre de su perfil): lo que mande
--    la tablet no cuenta;
--  * la hora es la de la tablet al marcar, nunca posterior a la del servidor;
--  * la primera marca se queda: otra marca que llegue después (otra tablet que marcó sin
--    conexión) no la cambia, y esa tablet recibe 'Recordado por X' en su próxima lectura;
--  * solo quien marcó (o un administrador) puede quitar la marca.

alter table public.tb_citas
  add column recordado_at timestamptz,
  add column recordado_por text,
  add column recordado_por_id uuid;

comment on column public.tb_citas.recordado_at is 'Cuándo se envió el recordatorio por WhatsApp (hora de la tablet, acotada a la del servidor).';
comment on column public.tb_citas.recordado_por is 'Nombre de quien marcó el recordatorio: lo pone el servidor, no el cliente.';
comment on column public.tb_citas.recordado_por_id is 'auth.uid() de quien marcó el recordatorio: lo pone el servidor, no el cliente.';

alter table public.tb_citas add constraint tb_citas_recordado_completo
  check ((recordado_at is null) = (recordado_por is null));
comment on constraint tb_citas_recordado_completo on public.tb_citas is
  'Un recordatorio marcado debe indicar quién lo envió y cuándo.';

create or replace function private.citas_recordatorio() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  yo uuid := auth.uid();
begin
  if not private.es_escritura_de_cliente() then
    -- Cargas del servidor (datos de demostración, pruebas): se respeta lo indicado.
    return new;
  end if;

  if tg_op = 'UPDATE' and old.recordado_at is not null then
    if new.recordado_at is null then
      if old.recordado_por_id is distinct from yo and not public.is_admin() then
        raise exception using
          errcode = '42501',
          message = pg_catalog.format('Solo quien marcó el recordatorio (%s) o un administrador puede quitar la marca.', old.recordado_por),
          table = 'tb_citas', schema = 'public';
      end if;
      new.recordado_por := null;
      new.recordado_por_id := null;
    else
      -- La primera marca se queda (otra tablet pudo marcar la misma cita sin conexión).
      new.recordado_at := old.recordado_at;
      new.recordado_por := old.recordado_por;
      new.recordado_por_id := old.recordado_por_id;
    end if;
    return new;
  end if;

  if new.recordado_at is null then
    new.recordado_por := null;
    new.recordado_por_id := null;
    return new;
  end if;

  new.recordado_at := least(new.recordado_at, pg_catalog.now());
  new.recordado_por_id := yo;
  -- El nombre como lo muestra el panel (src/domain/greeting.ts displayName): el del
  -- perfil, si no la parte del correo antes de la '@'.
  new.recordado_por := coalesce(
    (select coalesce(nullif(pg_catalog.btrim(u.id_nombre), ''), pg_catalog.split_part(u.id_correo, '@', 1))
       from public.tbusuarios u where u.auth_user_id = yo and not u._deleted limit 1),
    (select nullif(pg_catalog.split_part(a.email, '@', 1), '') from auth.users a where a.id = yo),
    'Personal');
  return new;
end
$$;

create trigger tg15_recordatorio before insert or update on public.tb_citas
  for each row execute function private.citas_recordatorio();

select private.generar_validador('tb_citas');
