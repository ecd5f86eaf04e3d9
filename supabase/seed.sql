-- Datos de demostración de Spa Lima: catálogo, horario, especialistas, métodos de pago,
-- stock inicial y los dos usuarios demo. Sirve igual para el backend embebido (migrate.ts
-- lo ejecuta una vez sobre una base nueva) y para Supabase alojado (`supabase db reset`).
--
-- Credenciales: se leen de los GUC spa.admin_email, spa.admin_password, spa.staff_email
-- y spa.staff_password (migrate.ts los fija desde SPA_ADMIN_EMAIL… ), con los valores
-- documentados por defecto: admin@spa.local / admin1234 y recepcion@spa.local /
-- recepcion1234.
--
-- Los ids son UUID v5 de un nombre estable ('seed:…'), así que volver a ejecutarlo no
-- duplica nada y las pruebas pueden referirse a cada fila.

-- ---------------------------------------------------------------------------------
-- Tratamientos y productos (precios en soles)

insert into public.tb_tratamientos (id_tratamiento, nombre, descripcion, categoria, tipo, costo, duracion_estimada_minutos, comision, notas_internas)
select private.uuid_v5(private.espacio_uuid(), 'seed:tratamiento:' || nombre), nombre, descripcion, categoria, 'tratamiento', costo, duracion, comision, notas
from (values
  ('Masaje Relajante', 'Masaje de cuerpo completo con aceites tibios y presión suave para soltar la tensión del día.', 'Masajes', 150.00, 60, 10.00, 'Preguntar por alergias a aceites esenciales.'),
  ('Facial Hidratante', 'Limpieza, exfoliación suave y mascarilla hidratante con ácido hialurónico.', 'Faciales', 120.00, 45, 10.00, null),
  ('Aromaterapia', 'Masaje lento con mezcla de aceites esenciales elegida según el estado de ánimo.', 'Masajes', 190.00, 90, 12.00, null),
  ('Reflexología', 'Presión en puntos reflejos de los pies para aliviar el cansancio y mejorar el descanso.', 'Terapias', 110.00, 50, 10.00, null),
  ('Masaje Descontracturante', 'Trabajo profundo en espalda, cuello y hombros para contracturas musculares.', 'Masajes', 160.00, 60, 10.00, 'No aplicar en zonas con lesión reciente.'),
  ('Masaje con Piedras Calientes', 'Piedras volcánicas tibias combinadas con masaje relajante.', 'Masajes', 180.00, 75, 12.00, null),
  ('Drenaje Linfático', 'Técnica manual suave que favorece la circulación y reduce la retención de líquidos.', 'Corporales', 160.00, 60, 10.00, null),
  ('Limpieza Facial Profunda', 'Extracción, vapor de ozono y mascarilla purificante para pieles mixtas y grasas.', 'Faciales', 140.00, 60, 10.00, null),
  ('Exfoliación Corporal con Café', 'Exfoliación de cuerpo completo con café peruano y aceite de coco.', 'Corporales', 130.00, 45, 10.00, null),
  ('Envoltura de Chocolate', 'Envoltura nutritiva de cacao que hidrata y suaviza la piel.', 'Corporales', 170.00, 60, 10.00, null),
  ('Masaje Prenatal', 'Masaje suave en posición lateral, adaptado al segundo y tercer trimestre.', 'Masajes', 150.00, 50, 10.00, 'Solo desde la semana 14 de gestación.'),
  ('Manicure Spa', 'Limado, cutículas, exfoliación, masaje de manos y esmaltado.', 'Manos y pies', 55.00, 45, 8.00, null),
  ('Pedicure Spa', 'Baño de pies, exfoliación, hidratación y esmaltado.', 'Manos y pies', 70.00, 60, 8.00, null),
  -- The home page's package of one day (src/features/inicio/offers.ts), kept as a
  -- catalogue entry so a booking from its card stores it (docs/decisions/0039-reserva-publica-honesta.md).
  ('Día de Relajación', 'Paquete de 4 horas: masaje relajante de 60 min, facial hidratante, sesión de aromaterapia y almuerzo saludable en el jardín.', 'Paquetes', 420.00, 240, 10.00, 'Paquete de la página de inicio: una sola cita de 4 horas.')
) as t(nombre, descripcion, categoria, costo, duracion, comision, notas)
on conflict (id_tratamiento) do nothing;

insert into public.tb_tratamientos (id_tratamiento, nombre, descripcion, categoria, tipo, costo)
select private.uuid_v5(private.espacio_uuid(), 'seed:tratamiento:' || nombre), nombre, descripcion, categoria, 'producto', costo
from (values
  ('Crema Hidratante Corporal 250 ml', 'Crema de karité y aloe para piel seca.', 'Cremas', 65.00),
  ('Aceite Esencial de Lavanda 30 ml', 'Aceite esencial puro para difusor o baño.', 'Aceites', 45.00),
  ('Aceite de Masaje de Almendras 120 ml', 'Aceite vegetal de almendras dulces para masaje en casa.', 'Aceites', 55.00),
  ('Sérum Facial de Vitamina C 30 ml', 'Sérum antioxidante de uso diario.', 'Faciales', 110.00),
  ('Protector Solar Facial SPF 50 50 g', 'Protector de amplio espectro con acabado seco.', 'Faciales', 85.00),
  ('Exfoliante de Café 200 g', 'Exfoliante corporal de café peruano y azúcar de caña.', 'Corporales', 48.00),
  ('Sales de Baño Relajantes 500 g', 'Sales de Maras con lavanda y eucalipto.', 'Baño', 38.00),
  ('Fórmula Magistral Despigmentante 30 g', 'Crema preparada con ácido kójico y niacinamida para manchas.', 'Fórmulas magistrales', 95.00),
  ('Fórmula Magistral Antiacné 30 g', 'Gel preparado con ácido salicílico y niacinamida.', 'Fórmulas magistrales', 90.00),
  ('Mascarilla de Arcilla Verde 100 g', 'Mascarilla purificante para piel grasa.', 'Faciales', 42.00),
  ('Vela Aromática de Eucalipto', 'Vela de cera de soya, 40 horas de duración.', 'Aromas', 35.00)
) as t(nombre, descripcion, categoria, costo)
on conflict (id_tratamiento) do nothing;

-- Stock inicial: el stock solo existe como movimientos del libro.
insert into public.tb_movimientos_stock (id_movimiento, id_tratamiento, cantidad, motivo, nota)
select private.uuid_v5(private.espacio_uuid(), 'seed:stock-inicial:' || nombre),
       private.uuid_v5(private.espacio_uuid(), 'seed:tratamiento:' || nombre),
       cantidad, 'inicial', 'Stock inicial de la demostración'
from (values
  ('Crema Hidratante Corporal 250 ml', 24),
  ('Aceite Esencial de Lavanda 30 ml', 30),
  ('Aceite de Masaje de Almendras 120 ml', 20),
  ('Sérum Facial de Vitamina C 30 ml', 15),
  ('Protector Solar Facial SPF 50 50 g', 18),
  ('Exfoliante de Café 200 g', 22),
  ('Sales de Baño Relajantes 500 g', 25),
  ('Fórmula Magistral Despigmentante 30 g', 10),
  ('Fórmula Magistral Antiacné 30 g', 8),
  ('Mascarilla de Arcilla Verde 100 g', 16),
  ('Vela Aromática de Eucalipto', 4)
) as s(nombre, cantidad)
where not exists (
  select 1 from public.tb_movimientos_stock m
  where m.id_movimiento = private.uuid_v5(private.espacio_uuid(), 'seed:stock-inicial:' || s.nombre)
);

-- ---------------------------------------------------------------------------------
-- Horario: lunes a sábado 09:00–19:00 con descanso 13:00–14:00; domingo cerrado.

insert into public.tb_horarios (id_horario, dia_semana, orden_dia, esta_abierto, hora_apertura, hora_cierre, descanso_inicio, descanso_fin)
select private.uuid_v5(private.espacio_uuid(), 'seed:horario:' || dia), dia, orden, abierto,
       case when abierto then time '09:00' end, case when abierto then time '19:00' end,
       case when abierto then time '13:00' end, case when abierto then time '14:00' end
from (values
  ('Lunes', 1, true), ('Martes', 2, true), ('Miércoles', 3, true), ('Jueves', 4, true),
  ('Viernes', 5, true), ('Sábado', 6, true), ('Domingo', 7, false)
) as h(dia, orden, abierto)
on conflict do nothing;

-- ---------------------------------------------------------------------------------
-- Especialistas

insert into public.tb_especialistas (id_especialista, nombre, apellido, especialidad, email, telefono, dias_trabajo, hora_inicio_trabajo, hora_fin_trabajo)
select private.uuid_v5(private.espacio_uuid(), 'seed:especialista:' || email), nombre, apellido, especialidad, email, telefono, dias, inicio, fin
from (values
  ('Lucía', 'Quispe', 'Masoterapia', 'lucia.quispe@spa.local', '987 654 321',
   array['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'], time '09:00', time '17:00'),
  ('Andrea', 'Mendoza', 'Cosmiatría y faciales', 'andrea.mendoza@spa.local', '986 123 456',
   array['Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'], time '10:00', time '19:00'),
  ('Carlos', 'Ramírez', 'Reflexología y terapias holísticas', 'carlos.ramirez@spa.local', '985 777 210',
   array['Lunes', 'Miércoles', 'Viernes', 'Sábado'], time '09:00', time '19:00')
) as e(nombre, apellido, especialidad, email, telefono, dias, inicio, fin)
on conflict (id_especialista) do nothing;

-- ---------------------------------------------------------------------------------
-- Métodos de pago (la lista de respaldo de spec 2 §9, con su comisión POS en %)

insert into public.tb_formapago (id_forma_pago, fp_descripcion, fp_comision)
select private.uuid_v5(private.espacio_uuid(), 'seed:formapago:' || descripcion), descripcion, comision
from (values
  ('Efectivo', 0), ('Yape', 0), ('Plin', 0), ('Transferencia', 0),
  ('Tarjeta de Crédito', 4.071), ('Tarjeta de Débito', 4.071),
  ('CULQI-Debito', 4.059), ('CULQI-Credito Visa', 4.130), ('CULQI-Credito Mastercard', 4.130),
  ('CULQI-Credito American Express', 4.543), ('CULQI-Credito Diners Club', 4.543), ('CULQI-Extranjero', 4.708),
  ('V-MAS-Debito', 4.071), ('V-MAS-Credito Visa', 4.071), ('V-MAS-Credito Mastercard', 4.071),
  ('V-MAS-Credito American Express', 4.071), ('V-MAS-Credito Diners Club', 4.071), ('V-MAS-Extranjero', 4.071)
) as f(descripcion, comision)
on conflict (id_forma_pago) do nothing;

-- ---------------------------------------------------------------------------------
-- Usuarios demo: auth.users (bcrypt, correo confirmado) + identidad + perfil tbusuarios.

do $$
declare
  u record;
  uid uuid;
  columna text;
begin
  for u in
    select * from (values
      (coalesce(nullif(current_setting('spa.admin_email', true), ''), 'admin@spa.local'),
       coalesce(nullif(current_setting('spa.admin_password', true), ''), 'admin1234'),
       'Administración', true),
      (coalesce(nullif(current_setting('spa.staff_email', true), ''), 'recepcion@spa.local'),
       coalesce(nullif(current_setting('spa.staff_password', true), ''), 'recepcion1234'),
       'Recepción', false)
    ) as v(email, clave, nombre, es_admin)
  loop
    u.email := lower(u.email);
    select id into uid from auth.users where lower(email) = u.email;
    if uid is null then
      uid := private.uuid_v5(private.espacio_uuid(), 'seed:usuario:' || u.email);
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                              confirmation_token, recovery_token, raw_app_meta_data, raw_user_meta_data,
                              created_at, updated_at)
      values ('00000000-0000-0000-0000-000000000000', uid, 'authenticated', 'authenticated', u.email,
              extensions.crypt(u.clave, extensions.gen_salt('bf', 10)), now(), '', '',
              '{"provider": "email", "providers": ["email"]}'::jsonb,
              jsonb_build_object('nombre', u.nombre), now(), now());
      -- GoTrue alojado lee estas columnas como texto y falla con NULL; existen solo allí.
      for columna in
        select c.column_name from information_schema.columns c
        where c.table_schema = 'auth' and c.table_name = 'users'
          and c.column_name in ('email_change', 'email_change_token_new', 'email_change_token_current',
                                'phone_change', 'phone_change_token', 'reauthentication_token')
      loop
        execute format('update auth.users set %I = '''' where id = $1 and %I is null', columna, columna) using uid;
      end loop;
      insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
      values (uid::text, uid,
              jsonb_build_object('sub', uid::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
              'email', now(), now());
    end if;

    insert into public.tbusuarios (id_usuario, auth_user_id, id_nombre, id_correo, is_admin)
    values (private.uuid_v5(private.espacio_uuid(), 'seed:perfil:' || u.email), uid, u.nombre, u.email, u.es_admin)
    on conflict do nothing;
  end loop;
end
$$;
