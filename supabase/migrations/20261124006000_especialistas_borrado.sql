-- Guarda de borrado de especialistas (docs/decisions/0002-data-model.md): un especialista con citas no se elimina.
-- 'Eliminar' es un borrado lógico (_deleted, docs/architecture.md §3), que la clave
-- foránea tb_citas.id_especialista no ve; sin esta guarda, un borrado hecho en una tablet
-- sin conexión dejaría citas apuntando a un especialista eliminado. El panel ya lo
-- rechaza en el dispositivo con la misma frase (src/domain/especialistas.ts,
-- borradoBloqueado); esta es la garantía para lo que llega tarde de otra tablet, que
-- aparece en 'Problemas de sincronización' con este mensaje.
--
-- Cuentan todas las citas vivas, en cualquier estado: una cancelada también nombra a su
-- especialista. La salida es marcarlo inactivo.
--
-- Carreras: una cita nueva bloquea la fila de su especialista (tg20_reglas de tb_citas,
-- FOR NO KEY UPDATE) y este UPDATE también, así que se serializan; la función es volátil,
-- de modo que el conteo usa una instantánea tomada después de obtener el bloqueo y ve la
-- cita recién confirmada.

create or replace function private.especialistas_reglas() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  citas integer;
begin
  if new._deleted and not old._deleted then
    select count(*) into citas from public.tb_citas c where c.id_especialista = new.id_especialista and not c._deleted;
    if citas > 0 then
      raise exception using
        errcode = '23503',
        message = pg_catalog.format('No se puede eliminar a %s %s porque tiene %s cita(s) registrada(s). Para que no reciba nuevas citas, márcalo como inactivo.',
          old.nombre, old.apellido, citas),
        table = 'tb_especialistas', schema = 'public';
    end if;
  end if;
  return new;
end
$$;

create trigger tg20_reglas before update on public.tb_especialistas
  for each row execute function private.especialistas_reglas();
