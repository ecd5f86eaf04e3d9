-- El límite de solicitudes públicas por correo (docs/decisions/0021-reservas-publicas-limites.md)
-- se esquivaba escribiendo el mismo buzón de otra forma: a.na@x.com, ana@x.com.,
-- "ana"@x.com, %61na@x.com (docs/decisions/0030-superficie-anonima.md). Para CONTAR, el
-- correo se reduce a una forma canónica; lo guardado en tb_reservas no cambia.
--
-- Forma canónica: sin espacios alrededor, minúsculas, %XX decodificado (solo ASCII
-- imprimible, hasta tres pasadas: %2540 -> %40 -> @), dividido en la ÚLTIMA @; en la parte
-- local, sin comillas alrededor, sin '+etiqueta' y sin puntos; en el dominio, sin puntos
-- ni espacios al final. Quitar los puntos une buzones distintos en algunos proveedores
-- (a.na y ana pueden ser dos personas fuera de Gmail): solo cuesta que compartan un
-- límite de 3 solicitudes al día, y lo contrario deja el límite sin efecto.

create or replace function private.correo_normalizado(correo text) returns text
language plpgsql immutable parallel safe strict
set search_path = ''
as $$
declare
  c text := pg_catalog.lower(pg_catalog.btrim(correo));
  m text[];
  pasada integer;
  arroba integer;
  local_part text;
  dominio text;
begin
  for pasada in 1..3 loop
    exit when c !~ '%[0-9a-f]{2}';
    -- Un %XX por vez, de izquierda a derecha; lo que no es ASCII imprimible queda escrito.
    for m in select pg_catalog.regexp_matches(c, '%([2-7][0-9a-f])', 'g') loop
      c := pg_catalog.replace(c, '%' || m[1], pg_catalog.chr(('x' || pg_catalog.lpad(m[1], 8, '0'))::bit(32)::integer));
    end loop;
    c := pg_catalog.lower(pg_catalog.btrim(c));
  end loop;
  arroba := pg_catalog.length(c) - pg_catalog.strpos(pg_catalog.reverse(c), '@') + 1;
  if pg_catalog.strpos(c, '@') = 0 then
    return c;
  end if;
  local_part := pg_catalog.substr(c, 1, arroba - 1);
  dominio := pg_catalog.substr(c, arroba + 1);
  local_part := pg_catalog.btrim(local_part, '" ');
  local_part := pg_catalog.split_part(local_part, '+', 1);
  local_part := pg_catalog.replace(local_part, '.', '');
  dominio := pg_catalog.rtrim(dominio, '. ');
  return local_part || '@' || dominio;
end
$$;

-- La expresión del índice cambió de valor: se reconstruye para que el conteo de
-- private.reservas_limite_publico() lo siga usando y encuentre las filas antiguas.
drop index if exists public.tb_reservas_correo_normalizado_idx;
create index tb_reservas_correo_normalizado_idx
  on public.tb_reservas (private.correo_normalizado(email_cliente), created_at) where estado_reserva = 'pendiente';
