-- Agenda: la fecha y las horas de una cita, bien formadas (docs/decisions/0008-agenda.md).
--
-- Postgres ya rechaza lo que no es una fecha o una hora ('2026-13-45', '25:00', 'abc':
-- SQLSTATE 22007/22008, que la capa de sincronización muestra como "Un dato tiene un
-- formato o un valor no válido."). Pero acepta valores que ninguna pantalla produce y que
-- descuadran la agenda: 'infinity', un año mal tecleado (0026, 20260), horas con segundos
-- o fracciones ('10:00:30.5', que ya no caen en la rejilla de 30 minutos) y '24:00' como
-- inicio. Estas reglas los rechazan con un mensaje en español; como cualquier CHECK de
-- esquema, el validador generado (private.generar_validador) da el mensaje y el nombre.
--
-- NOT VALID: una base que ya tenga citas migra sin revisar las filas anteriores a la
-- regla; toda escritura nueva (insert o update) se comprueba igual.

alter table public.tb_citas add constraint tb_citas_fecha_valida
  check (fecha_cita >= date '2000-01-01' and fecha_cita <= date '2100-12-31') not valid;
comment on constraint tb_citas_fecha_valida on public.tb_citas is 'La fecha de la cita no es válida.';

alter table public.tb_citas add constraint tb_citas_horas_exactas
  check (hora_inicio < time '24:00'
         and extract(second from hora_inicio) = 0
         and extract(second from hora_fin) = 0) not valid;
comment on constraint tb_citas_horas_exactas on public.tb_citas is 'La hora de inicio o de fin de la cita no es válida: usa horas y minutos.';

-- Las CHECK de tb_citas cambiaron: el validador en español se vuelve a generar.
select private.generar_validador('public.tb_citas');
