-- Pacientes: cada texto con un largo máximo, y DNI y teléfono con formato.
--
-- Por qué (docs/decisions/0022-endurecimiento-ux.md): el servidor
-- guardaba y sincronizaba a todas las tablets un historial de 200.000 caracteres, un
-- teléfono 'llámame mañana ☎' y un DNI "1' OR '1'='1". Las reglas son CHECK con su
-- mensaje en el comentario (20261122000500_mensajes.sql): el validador generado
-- (tg80_restricciones) lo devuelve en español, y la pantalla 'Problemas de
-- sincronización' lo muestra tal cual cuando una tablet sube una fila así. El formulario
-- comprueba lo mismo antes (src/domain/pacientes.ts).
--
-- DNI: 8 dígitos (DNI peruano), o un documento extranjero: carné de extranjería de 9 a
-- 12 dígitos, o pasaporte u otro documento de 6 a 20 letras y números con al menos una
-- letra. Teléfono: el mismo patrón que tb_reservas.telefono_cliente.
--
-- NOT VALID: una fila antigua que no cumple no impide aplicar la migración; el servidor
-- la rechaza recién cuando alguien la edita, con el mensaje que dice qué corregir.

alter table public.tb_pacientes drop constraint tb_pacientes_dni_formato;
alter table public.tb_pacientes add constraint tb_pacientes_dni_formato check (
  dni ~ '^[0-9]{8}$' or dni ~ '^[0-9]{9,12}$' or (dni ~ '^[A-Za-z0-9]{6,20}$' and dni ~ '[A-Za-z]')
) not valid;
comment on constraint tb_pacientes_dni_formato on public.tb_pacientes is
  'El DNI debe tener 8 dígitos; un documento extranjero, de 6 a 20 letras y números (sin espacios ni símbolos).';

alter table public.tb_pacientes add constraint tb_pacientes_telefono_formato
  check (telefono ~ '^[0-9+() .-]{6,20}$') not valid;
comment on constraint tb_pacientes_telefono_formato on public.tb_pacientes is
  'El teléfono del paciente no es válido: usa solo números, espacios y + ( ) . - (entre 6 y 20 caracteres).';

alter table public.tb_pacientes add constraint tb_pacientes_nombre_largo
  check (pg_catalog.length(nombre) <= 100 and pg_catalog.length(apellido) <= 100) not valid;
comment on constraint tb_pacientes_nombre_largo on public.tb_pacientes is
  'El nombre y el apellido del paciente no pueden superar 100 caracteres cada uno.';

alter table public.tb_pacientes add constraint tb_pacientes_email_largo
  check (pg_catalog.length(email) <= 254) not valid;
comment on constraint tb_pacientes_email_largo on public.tb_pacientes is
  'El correo electrónico del paciente no puede superar 254 caracteres.';

alter table public.tb_pacientes add constraint tb_pacientes_direccion_larga
  check (pg_catalog.length(direccion) <= 300) not valid;
comment on constraint tb_pacientes_direccion_larga on public.tb_pacientes is
  'La dirección no puede superar 300 caracteres.';

alter table public.tb_pacientes add constraint tb_pacientes_historial_largo
  check (pg_catalog.length(historial_medico) <= 5000) not valid;
comment on constraint tb_pacientes_historial_largo on public.tb_pacientes is
  'El historial médico no puede superar 5000 caracteres.';

alter table public.tb_pacientes add constraint tb_pacientes_nro_historia_largo
  check (pg_catalog.length(nro_historia) <= 30) not valid;
comment on constraint tb_pacientes_nro_historia_largo on public.tb_pacientes is
  'El número de historia clínica no puede superar 30 caracteres.';

select private.generar_validador('tb_pacientes');
