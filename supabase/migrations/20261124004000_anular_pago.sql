-- 'Anular pago' (docs/decisions/0009-caja.md, docs/spec/3-product-decisions.md
-- "Payments, sales, reports").
--
-- Un administrador anula un pago con un borrado lógico (`_deleted = true`), el mismo que
-- usa la sincronización para cualquier 'Eliminar': funciona offline y llega tarde desde
-- la tablet. Los triggers existentes (20261122000300_reglas.sql) ya hacen el resto en la
-- misma transacción: la cita se deriva de sus pagos activos (vuelve a Confirmada, sin
-- id_pago_final ni monto_total_final, o sigue Completada con el otro pago si lo hay) y el
-- libro de stock se lleva a lo que dicen los pagos activos (un `ajuste` devuelve las
-- unidades, con id determinista: repetir la anulación no devuelve nada dos veces).
--
-- Esta migración añade:
-- 1. Una guarda en el trigger: solo un administrador anula o corrige un pago. RLS ya lo
--    impide (el personal no tiene política UPDATE en tb_pagos_citas); la guarda lo
--    garantiza aunque una política futura se equivoque, como en tbusuarios.
-- 2. La cita virtual de una venta directa anulada deja de existir (borrado lógico): sin su
--    pago no es nada. Si un administrador reactiva el pago, la cita vuelve (la regla de
--    citas revive toda cita que recibe un pago).

create or replace function private.pagos_solo_admin() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if private.es_escritura_de_cliente() and not public.is_admin() then
    raise exception using
      errcode = '42501',
      message = 'Solo un administrador puede anular o corregir un pago.',
      table = 'tb_pagos_citas', schema = 'public';
  end if;
  return new;
end
$$;

-- Antes de tg20_reglas (normalización): se rechaza antes de hacer nada.
create trigger tg15_solo_admin before update on public.tb_pagos_citas
  for each row execute function private.pagos_solo_admin();

create or replace function private.venta_directa_anulada() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  -- Corre después de tg20_reglas, que ya derivó id_pago_final de los pagos activos: una
  -- venta directa que tenía pago y ya no tiene ninguno se anuló (o su pago se movió a
  -- otra cita). Un cliente nunca escribe id_pago_final, así que solo el servidor llega aquí.
  if new.estado_cita = 'Venta Directa' and old.id_pago_final is not null and new.id_pago_final is null then
    new._deleted := true;
  end if;
  return new;
end
$$;

create trigger tg21_venta_directa_anulada before update on public.tb_citas
  for each row execute function private.venta_directa_anulada();

comment on function private.pagos_solo_admin() is 'Solo un administrador actualiza (anula o corrige) un pago; respaldo de la política RLS.';
comment on function private.venta_directa_anulada() is 'La cita virtual de una venta directa cuyo pago se anuló queda borrada (lógicamente); vuelve si el pago se reactiva.';
