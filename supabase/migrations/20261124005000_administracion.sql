-- Egresos: reglas del servidor que las copias de egresos fijos necesitan cuando varias
-- tablets trabajan offline (docs/spec/3-product-decisions.md "Expenses and
-- reconciliation", docs/decisions/0010-administracion.md).
--
-- 1. La fecha de un egreso fijo es siempre el último día de su mes (spec 2 §9): es un
--    valor derivado, como los demás que el servidor calcula, así que lo que envíe un
--    cliente se reemplaza (un push de documento completo nunca falla por él) y cambiar
--    el mes o el año de un egreso fijo mueve su fecha con él.
-- 2. Una copia eliminada sigue eliminada. Las copias tienen id determinista (UUID v5 del
--    origen y el mes destino): una tablet que vuelve a copiar el mes genera la misma
--    fila. Si otra tablet ya la eliminó, la inserción encuentra la lápida (ON CONFLICT
--    DO NOTHING la deja como está), pero la fusión de conflictos del dispositivo, o una
--    re-inserción sobre su propia lápida local, la enviaría como una actualización que
--    la "revive". Un cliente no puede quitar `_deleted` a una copia: se rechaza con un
--    mensaje en español (P0001), el dispositivo toma la lápida del servidor y lo anota
--    en 'Problemas de sincronización'. Un egreso registrado a mano no tiene esta regla.

create or replace function private.egresos_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.descripcion := pg_catalog.btrim(new.descripcion);
  new.descripcion_adicional := private.texto(new.descripcion_adicional);
  -- La fecha de un egreso fijo es el último día de su mes (spec 2 §9). Con mes o año
  -- fuera de rango no se calcula: sus CHECK lo rechazan con su propio mensaje.
  if new.tipo_egreso = 'Fijo' and new.mes between 1 and 12 and new.anio between 2020 and 2100 then
    new.fecha := (pg_catalog.make_date(new.anio, new.mes, 1) + interval '1 month' - interval '1 day')::date;
  end if;
  return new;
end
$$;

create or replace function private.egresos_copia_eliminada() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if old._deleted and not new._deleted and old.id_egreso_origen is not null and private.es_escritura_de_cliente() then
    raise exception using
      errcode = 'P0001',
      message = 'Este egreso fijo copiado de otro mes fue eliminado y no vuelve a copiarse. Regístralo de nuevo si lo necesitas.',
      table = 'tb_egresos', schema = 'public';
  end if;
  return new;
end
$$;

create trigger tg20_copia_eliminada before update on public.tb_egresos
  for each row execute function private.egresos_copia_eliminada();
