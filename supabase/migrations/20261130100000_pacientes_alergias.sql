-- Pacientes: alergias y contraindicaciones, una nota aparte del historial médico.
--
-- Por qué (docs/decisions/0053-ficha-del-paciente.md): la ficha del paciente y los
-- diálogos de cita la muestran como advertencia; dentro del historial médico (hasta 5000
-- caracteres de texto libre) nadie la vería a tiempo. Texto opcional, recortado como los
-- demás textos del paciente, con un largo máximo cuyo mensaje devuelve el validador
-- generado (tg80_restricciones) y el formulario comprueba antes (src/domain/pacientes.ts).

alter table public.tb_pacientes add column alergias text;

alter table public.tb_pacientes add constraint tb_pacientes_alergias_largo
  check (pg_catalog.length(alergias) <= 1000);
comment on constraint tb_pacientes_alergias_largo on public.tb_pacientes is
  'Las alergias y contraindicaciones no pueden superar 1000 caracteres.';

create or replace function private.pacientes_antes() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.nombre := pg_catalog.btrim(new.nombre);
  new.apellido := pg_catalog.btrim(new.apellido);
  new.dni := private.texto(new.dni);
  new.telefono := private.texto(new.telefono);
  new.email := private.texto(new.email);
  new.direccion := private.texto(new.direccion);
  new.historial_medico := private.texto(new.historial_medico);
  new.alergias := private.texto(new.alergias);
  new.nro_historia := private.texto(new.nro_historia);
  return new;
end
$$;

select private.generar_validador('tb_pacientes');
