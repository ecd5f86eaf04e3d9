/**
 * Every CHECK constraint of spec 2 §5 and the rest: one violating write per constraint,
 * through supabase-js, answered with SQLSTATE 23514 and the Spanish message kept as the
 * constraint's comment (placeholders filled in), and the constraint's name in `details`.
 * The list must cover every CHECK in the catalog, so a new constraint needs a case here.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearCita, crearProducto, fechaPeru, idTratamiento, insertar, lunesFuturo, type Fila } from './support/datos.ts'

let stack: TestStack
let actores: Actores
const ctx: Record<string, unknown> = {}

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
  // Domingo is re-inserted by the horario cases (dia_semana is unique).
  await stack.db.query(`delete from public.tb_horarios where dia_semana = 'Domingo'`)
  ctx.tratamiento = await idTratamiento(stack.db, 'Masaje Relajante')
  ctx.producto = (await crearProducto(stack.db, 5)).id_tratamiento
  ctx.egreso = (await insertar(stack.db, 'tb_egresos', { tipo_egreso: 'Fijo', descripcion: 'Luz', monto_soles: 90, monto_dolares: 24, mes: 1, anio: 2026 })).id_egreso
})
afterAll(async () => {
  await stack?.close()
})

type Base = () => Promise<Fila>
const bases: Record<string, Base> = {
  tb_tratamientos: async () => ({ nombre: 'Masaje Shiatsu', tipo: 'tratamiento', costo: 150, duracion_estimada_minutos: 60, comision: 10 }),
  tb_horarios: async () => ({ dia_semana: 'Domingo', orden_dia: 7, esta_abierto: true, hora_apertura: '09:00', hora_cierre: '19:00' }),
  tb_especialistas: async () => ({ nombre: 'Julia', apellido: 'Ccori', especialidad: 'Faciales', email: 'julia@spa.local', dias_trabajo: ['Lunes'], hora_inicio_trabajo: '09:00', hora_fin_trabajo: '17:00' }),
  tb_pacientes: async () => ({ nombre: 'Flor', apellido: 'Medina', dni: '12345678', email: 'flor@gmail.com', fecha_nacimiento: '1990-05-01' }),
  tb_formapago: async () => ({ fp_descripcion: 'Izipay', fp_comision: 3.5 }),
  tbusuarios: async () => ({ id_nombre: 'Caja', id_correo: 'caja@spa.local' }),
  tb_reservas: async () => ({ nombre_cliente: 'Flor Medina', email_cliente: 'flor@gmail.com', telefono_cliente: '987654321', id_tratamiento: ctx.tratamiento, fecha_reserva: lunesFuturo(), hora_reserva: '10:00:00' }),
  tb_citas: async () => ({ id_especialista: null, id_tratamiento: ctx.tratamiento, nombre_cliente: 'Flor Medina', fecha_cita: lunesFuturo(), hora_inicio: '10:00', hora_fin: '11:00', estado_cita: 'Venta Directa' }),
  tb_pagos_citas: async () => ({ id_cita: (await crearCita(stack.db)).id_cita, monto_total_calculado: 100, monto_adelanto_aplicado: 0, monto_final_pagado: 100, metodo_pago_final: 'Efectivo' }),
  tb_movimientos_stock: async () => ({ id_tratamiento: ctx.producto, cantidad: 3, motivo: 'ajuste' }),
  tb_egresos: async () => ({ tipo_egreso: 'Variable', descripcion: 'Toallas', tipo_cambio: 3.7, monto_soles: 370, monto_dolares: 100, mes: 4, anio: 2026, fecha: '2026-04-10' }),
  tb_conciliacion_bancaria: async () => ({ anio: 2050, mes: 1, saldo_inicial: 0, ingresos_tratamientos: [{ fecha: '2050-01-03', metodo: 'Yape', importe: 120, banco: 'BCP Lunara', observacion: null }] }),
  // Not replicated (docs/decisions/0038): the key comes from the device, the day is within the last 7.
  tb_cierres_caja: async () => ({ id_cierre: randomUUID(), fecha: fechaPeru(), metodo: 'Efectivo', esperado: 100, contado: 100, diferencia: 0, dispositivo: 'tablet-1', cerrado_at: new Date().toISOString() }),
}

/** [table, constraint, what breaks it, the Spanish message]. */
const casos: Array<[string, string, Fila | (() => Fila), string]> = [
  ['tb_tratamientos', 'tb_tratamientos_nombre_requerido', { nombre: '  ' }, 'Nombre, duración y costo son obligatorios.'],
  ['tb_tratamientos', 'tb_tratamientos_tipo_valido', { tipo: 'servicio' }, 'El tipo debe ser tratamiento o producto.'],
  ['tb_tratamientos', 'tb_tratamientos_costo_no_negativo', { costo: -1 }, 'El costo debe ser un número no negativo.'],
  ['tb_tratamientos', 'tb_tratamientos_duracion_positiva', { duracion_estimada_minutos: 0 }, 'La duración estimada debe ser un número positivo.'],
  ['tb_tratamientos', 'tb_tratamientos_duracion_producto', { tipo: 'producto', duracion_estimada_minutos: -5 }, 'La duración estimada no puede ser negativa.'],
  ['tb_tratamientos', 'tb_tratamientos_comision_rango', { comision: -2 }, 'La comisión debe ser un número no negativo (máximo 100 %).'],
  ['tb_horarios', 'tb_horarios_dia_valido', { dia_semana: 'Feriado' }, 'El día debe ser Lunes, Martes, Miércoles, Jueves, Viernes, Sábado o Domingo.'],
  ['tb_horarios', 'tb_horarios_orden_rango', { orden_dia: 9 }, 'El orden del día debe estar entre 1 y 7.'],
  ['tb_horarios', 'tb_horarios_horas_requeridas', { hora_apertura: null }, 'En Domingo, indica la hora de apertura y la de cierre.'],
  ['tb_horarios', 'tb_horarios_cierre_posterior', { hora_apertura: '10:00', hora_cierre: '09:00' }, 'En Domingo, la hora de cierre debe ser posterior a la hora de apertura.'],
  ['tb_horarios', 'tb_horarios_descanso_completo', { descanso_inicio: '13:00' }, 'En Domingo, indica el inicio y el fin del descanso, o ninguno de los dos.'],
  ['tb_horarios', 'tb_horarios_descanso_orden', { descanso_inicio: '14:00', descanso_fin: '13:00' }, 'En Domingo, el fin del descanso debe ser posterior al inicio del descanso.'],
  ['tb_horarios', 'tb_horarios_descanso_tras_apertura', { descanso_inicio: '08:00', descanso_fin: '08:30' }, 'En Domingo, el descanso no puede iniciar antes de la apertura.'],
  ['tb_horarios', 'tb_horarios_descanso_antes_cierre', { descanso_inicio: '18:00', descanso_fin: '20:00' }, 'En Domingo, el descanso no puede finalizar después del cierre.'],
  ['tb_especialistas', 'tb_especialistas_datos_requeridos', { especialidad: ' ' }, 'Nombre, apellido y especialidad son obligatorios.'],
  ['tb_especialistas', 'tb_especialistas_email_valido', { email: 'julia@' }, 'El correo electrónico del especialista no es válido.'],
  ['tb_especialistas', 'tb_especialistas_dias_validos', { dias_trabajo: ['Lunes', 'lunes'] }, 'Los días de trabajo deben ser nombres de día: Lunes, Martes, Miércoles, Jueves, Viernes, Sábado o Domingo.'],
  ['tb_especialistas', 'tb_especialistas_horario_orden', { hora_inicio_trabajo: '18:00', hora_fin_trabajo: '09:00' }, 'La hora de fin de trabajo debe ser posterior a la hora de inicio.'],
  ['tb_pacientes', 'tb_pacientes_nombre_requerido', { nombre: ' ', apellido: '' }, 'El nombre y el apellido del paciente son obligatorios.'],
  ['tb_pacientes', 'tb_pacientes_email_valido', { email: 'flor.gmail.com' }, 'El correo electrónico del paciente no es válido.'],
  ['tb_pacientes', 'tb_pacientes_dni_formato', { dni: "1' OR '1'='1" }, 'El DNI debe tener 8 dígitos; un documento extranjero, de 6 a 20 letras y números (sin espacios ni símbolos).'],
  ['tb_pacientes', 'tb_pacientes_telefono_formato', { telefono: 'llámame mañana ☎' }, 'El teléfono del paciente no es válido: usa solo números, espacios y + ( ) . - (entre 6 y 20 caracteres).'],
  ['tb_pacientes', 'tb_pacientes_nombre_largo', { apellido: 'a'.repeat(101) }, 'El nombre y el apellido del paciente no pueden superar 100 caracteres cada uno.'],
  ['tb_pacientes', 'tb_pacientes_email_largo', { email: `${'f'.repeat(250)}@gmail.com` }, 'El correo electrónico del paciente no puede superar 254 caracteres.'],
  ['tb_pacientes', 'tb_pacientes_direccion_larga', { direccion: 'd'.repeat(301) }, 'La dirección no puede superar 300 caracteres.'],
  ['tb_pacientes', 'tb_pacientes_historial_largo', { historial_medico: 'h'.repeat(200_000) }, 'El historial médico no puede superar 5000 caracteres.'],
  ['tb_pacientes', 'tb_pacientes_alergias_largo', { alergias: 'a'.repeat(1001) }, 'Las alergias y contraindicaciones no pueden superar 1000 caracteres.'],
  ['tb_pacientes', 'tb_pacientes_nro_historia_largo', { nro_historia: 'HC-'.repeat(11) }, 'El número de historia clínica no puede superar 30 caracteres.'],
  ['tb_pacientes', 'tb_pacientes_nacimiento_rango', { fecha_nacimiento: '1850-01-01' }, 'La fecha de nacimiento no es válida.'],
  ['tb_formapago', 'tb_formapago_descripcion_requerida', { fp_descripcion: ' ' }, 'La descripción del método de pago es obligatoria (máximo 100 caracteres).'],
  ['tb_formapago', 'tb_formapago_comision_rango', { fp_comision: 101 }, 'La comisión debe ser un porcentaje entre 0 y 100.'],
  ['tbusuarios', 'tbusuarios_nombre_requerido', { id_nombre: ' ' }, 'El nombre del usuario es obligatorio (máximo 120 caracteres).'],
  ['tbusuarios', 'tbusuarios_email_valido', { id_correo: 'caja' }, 'El correo electrónico del usuario no es válido.'],
  ['tb_reservas', 'tb_reservas_estado_valido', { estado_reserva: 'confirmada' }, 'El estado de la reserva debe ser pendiente, Procesada o cancelada.'],
  ['tb_reservas', 'tb_reservas_nombre_largo', { nombre_cliente: 'n'.repeat(121) }, 'El nombre es obligatorio y no puede superar 120 caracteres.'],
  ['tb_reservas', 'tb_reservas_email_valido', { email_cliente: 'flor@gmail' }, 'El correo electrónico no es válido.'],
  ['tb_reservas', 'tb_reservas_telefono_valido', { telefono_cliente: '12' }, 'El teléfono no es válido: usa solo números (entre 6 y 20 caracteres).'],
  ['tb_reservas', 'tb_reservas_hora_valida', { hora_reserva: 'x'.repeat(21) }, 'La hora seleccionada no es válida.'],
  ['tb_reservas', 'tb_reservas_mensaje_largo', { mensaje_adicional: 'm'.repeat(1001) }, 'El mensaje adicional no puede superar 1000 caracteres.'],
  ['tb_citas', 'tb_citas_estado_valido', { estado_cita: 'Perdida', id_especialista: 'ESP' }, 'El estado de la cita no es válido.'],
  ['tb_citas', 'tb_citas_datos_requeridos', { estado_cita: 'Confirmada' }, 'Fecha, hora de inicio, especialista y tratamiento son obligatorios.'],
  ['tb_citas', 'tb_citas_horas_orden', { estado_cita: 'Cancelada', id_especialista: 'ESP', hora_inicio: '11:00', hora_fin: '10:00' }, 'La hora de fin debe ser posterior a la hora de inicio.'],
  ['tb_citas', 'tb_citas_cliente_requerido', { nombre_cliente: ' ' }, 'El nombre del cliente es obligatorio.'],
  ['tb_citas', 'tb_citas_adelanto_no_negativo', { monto_adelanto: -10 }, 'El monto del adelanto no puede ser negativo.'],
  ['tb_citas', 'tb_citas_fecha_valida', { fecha_cita: 'infinity' }, 'La fecha de la cita no es válida.'],
  ['tb_citas', 'tb_citas_horas_exactas', { hora_inicio: '10:00:30' }, 'La hora de inicio o de fin de la cita no es válida: usa horas y minutos.'],
  ['tb_pagos_citas', 'tb_pagos_citas_total_no_negativo', { monto_total_calculado: -1 }, 'El monto total calculado no puede ser negativo.'],
  ['tb_pagos_citas', 'tb_pagos_citas_adelanto_no_negativo', { monto_adelanto_aplicado: -1 }, 'El adelanto aplicado no puede ser negativo.'],
  ['tb_pagos_citas', 'tb_pagos_citas_monto_final_no_negativo', { monto_final_pagado: -5 }, 'El monto final pagado debe ser un número válido y no negativo.'],
  ['tb_pagos_citas', 'tb_pagos_citas_metodo_requerido', { metodo_pago_final: '  ' }, 'Por favor, selecciona un método de pago final.'],
  ['tb_pagos_citas', 'tb_pagos_citas_items_validos', { tratamientos_adicionales_info: { no: 'es una lista' } }, 'Cada producto o tratamiento adicional necesita id_tratamiento, nombre, tipo, una cantidad entera mayor a 0 y un costo no negativo.'],
  ['tb_movimientos_stock', 'tb_movimientos_stock_cantidad_no_cero', { cantidad: 0 }, 'La cantidad del movimiento no puede ser 0.'],
  ['tb_movimientos_stock', 'tb_movimientos_stock_motivo_valido', { motivo: 'regalo' }, 'El motivo del movimiento debe ser venta, venta_directa, ajuste o inicial.'],
  ['tb_movimientos_stock', 'tb_movimientos_stock_venta_con_pago', { motivo: 'venta_directa', cantidad: -1 }, 'Una venta solo se registra a través de su pago.'],
  ['tb_movimientos_stock', 'tb_movimientos_stock_inicial_positivo', { motivo: 'inicial', cantidad: -2 }, 'El stock inicial debe ser un número positivo.'],
  ['tb_movimientos_stock', 'tb_movimientos_stock_nota_larga', { nota: 'n'.repeat(501) }, 'La nota no puede superar 500 caracteres.'],
  ['tb_movimientos_stock', 'tb_movimientos_stock_sin_borrado', { _deleted: true }, 'Los movimientos de stock no se eliminan: registra un ajuste.'],
  ['tb_egresos', 'tb_egresos_tipo_valido', { tipo_egreso: 'Otro' }, 'El tipo de egreso debe ser Fijo o Variable.'],
  ['tb_egresos', 'tb_egresos_descripcion_requerida', { descripcion: ' ' }, 'La descripción del egreso es obligatoria (máximo 300 caracteres).'],
  ['tb_egresos', 'tb_egresos_tipo_cambio_positivo', { tipo_cambio: 0 }, 'El tipo de cambio debe ser mayor a 0.'],
  ['tb_egresos', 'tb_egresos_montos_no_negativos', { monto_dolares: -1 }, 'Los montos en soles y en dólares no pueden ser negativos.'],
  ['tb_egresos', 'tb_egresos_mes_rango', { tipo_egreso: 'Fijo', mes: 13, fecha: null }, 'El mes debe estar entre 1 y 12.'],
  ['tb_egresos', 'tb_egresos_anio_rango', { tipo_egreso: 'Fijo', anio: 2019, fecha: null }, 'El año debe estar entre 2020 y 2100.'],
  ['tb_egresos', 'tb_egresos_fecha_en_mes', { fecha: '2026-05-01' }, 'La fecha debe corresponder al mes y año seleccionados.'],
  ['tb_egresos', 'tb_egresos_variable_con_fecha', { fecha: null }, 'La fecha es obligatoria para los egresos variables.'],
  ['tb_egresos', 'tb_egresos_origen_fijo', () => ({ id_egreso_origen: ctx.egreso }), 'Solo un egreso fijo puede copiarse de otro mes.'],
  ['tb_conciliacion_bancaria', 'tb_conciliacion_bancaria_mes_rango', { mes: 0 }, 'El mes debe estar entre 1 y 12.'],
  ['tb_conciliacion_bancaria', 'tb_conciliacion_bancaria_anio_rango', { anio: 2101 }, 'El año debe estar entre 2020 y 2100.'],
  ['tb_conciliacion_bancaria', 'tb_conciliacion_bancaria_ingresos_validos', { ingresos_tratamientos: [{ fecha: '03/01/2050', metodo: 'Yape', importe: 10 }] }, 'Completa los campos obligatorios: cada ingreso necesita fecha, método de pago e importe.'],
  ['tb_cierres_caja', 'tb_cierres_caja_metodo_requerido', { metodo: ' ' }, 'El método de pago del cierre de caja es obligatorio (máximo 100 caracteres).'],
  ['tb_cierres_caja', 'tb_cierres_caja_esperado_no_negativo', { esperado: -1, diferencia: 101 }, 'El monto esperado del cierre de caja no puede ser negativo.'],
  ['tb_cierres_caja', 'tb_cierres_caja_contado_no_negativo', { contado: -1, diferencia: -101 }, 'El monto contado del cierre de caja no puede ser negativo.'],
  ['tb_cierres_caja', 'tb_cierres_caja_diferencia_cuadra', { diferencia: 3 }, 'La diferencia del cierre de caja (3.00) debe ser el monto contado (100.00) menos el esperado (100.00).'],
  ['tb_cierres_caja', 'tb_cierres_caja_nota_larga', { nota: 'n'.repeat(501) }, 'La nota del cierre de caja no puede superar 500 caracteres.'],
  ['tb_cierres_caja', 'tb_cierres_caja_dispositivo_requerido', { dispositivo: 'd'.repeat(101) }, 'El dispositivo del cierre de caja es obligatorio (máximo 100 caracteres).'],
]

/** Checks no client can violate, because the server derives the column. */
// tb_reservas.nombre_tratamiento is copied from the treatment (20261125200000_reservas_horario.sql).
// The reminder's who and when are set together by the server for every client write
// (20261130200000_citas_recordatorio.sql); a server load that breaks the pair is in
// tests/integration/schema/recordatorios.int.test.ts.
const inalcanzables = new Set(['tb_citas_total_no_negativo', 'tb_reservas_tratamiento_largo', 'tb_citas_recordado_completo'])

describe('cada CHECK responde en español', () => {
  it.each(casos)('%s · %s', async (tabla, restriccion, rompe, mensaje) => {
    const fila = { ...(await bases[tabla]!()), ...(typeof rompe === 'function' ? rompe() : rompe) }
    if (fila.id_especialista === 'ESP') fila.id_especialista = (await insertar(stack.db, 'tb_especialistas', { nombre: 'Ivo', apellido: 'Soto', especialidad: 'Masajes' })).id_especialista
    const { error } = await actores.admin.from(tabla).insert(fila)
    expect(error?.code).toBe('23514')
    expect(error?.message).toBe(mensaje)
    expect(error?.details).toBe(`Restricción ${restriccion} de ${tabla}.`)
  })

  // Each case is its base row plus the breaking fields: the base alone must be accepted.
  it.each(Object.keys(bases))('%s: la fila base de estos casos es válida', async (tabla) => {
    const fila = await bases[tabla]!()
    const { error } = await actores.admin.from(tabla).insert(fila)
    expect(error).toBeNull()
    // Leave no unique keys behind for the other cases.
    await stack.db.query(`delete from public.tb_horarios where dia_semana = 'Domingo'`)
    await stack.db.query(`update public.tb_especialistas set _deleted = true where email = 'julia@spa.local'`)
    await stack.db.query(`update public.tb_pacientes set _deleted = true where dni = '12345678'`)
    await stack.db.query(`update public.tb_formapago set _deleted = true where fp_descripcion = 'Izipay'`)
    await stack.db.query(`update public.tbusuarios set _deleted = true where id_correo = 'caja@spa.local'`)
    await stack.db.query(`update public.tb_conciliacion_bancaria set _deleted = true where anio = 2050`)
  })

  it('ningún CHECK queda sin su caso ni sin su mensaje', async () => {
    const { rows } = await stack.db.query<{ restriccion: string; mensaje: string | null }>(
      `select c.conname as restriccion, obj_description(c.oid, 'pg_constraint') as mensaje
         from pg_constraint c join pg_class t on t.oid = c.conrelid
        where t.relnamespace = 'public'::regnamespace and c.contype = 'c'`,
    )
    for (const r of rows) expect(r.mensaje, r.restriccion).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡].*\.$/)
    const cubiertas = new Set([...casos.map((c) => c[1]), ...inalcanzables])
    expect(rows.map((r) => r.restriccion).sort()).toEqual([...cubiertas].sort())
  })

  it('cada tabla replicada (y tb_cierres_caja, que no se replica) tiene su validador generado', async () => {
    const { rows } = await stack.db.query<{ t: string }>(
      `select c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'tg80_restricciones' order by 1`,
    )
    expect(rows).toHaveLength(13)
    expect(rows.map((r) => r.t)).toContain('tb_cierres_caja')
  })
})

describe('datos obligatorios y catálogo de mensajes', () => {
  it('una columna obligatoria que falta responde 23502 en español', async () => {
    const { error } = await actores.personal.from('tb_pacientes').insert({ id_paciente: randomUUID(), nombre: 'Solo nombre', apellido: null })
    expect(error?.code).toBe('23502')
    expect(error?.message).toBe('Falta un dato obligatorio: apellido.')
  })

  it('mensajes_restricciones() da el mensaje de cada restricción con nombre; el público no lo usa', async () => {
    const { data, error } = await actores.personal.rpc('mensajes_restricciones')
    expect(error).toBeNull()
    const porNombre = new Map((data as Array<{ restriccion: string; mensaje: string }>).map((r) => [r.restriccion, r.mensaje]))
    expect(porNombre.get('tb_pacientes_dni_unico')).toBe('Ya existe un paciente con este DNI.')
    expect(porNombre.get('tb_pacientes_email_unico')).toBe('Ya existe un paciente con este correo electrónico.')
    expect(porNombre.get('tb_especialistas_email_unico')).toBe('Ya existe un especialista con este correo electrónico.')
    expect(porNombre.get('tb_citas_sin_cruce_especialista')).toBe('El especialista ya tiene otra cita en ese horario.')
    expect(porNombre.get('tb_egresos_mes_rango')).toBe('El mes debe estar entre 1 y 12.')
    const publico = await actores.anon.rpc('mensajes_restricciones')
    expect(publico.error).not.toBeNull()
  })

  it('todos los índices únicos con nombre de las tablas replicadas tienen su mensaje', async () => {
    const { rows } = await stack.db.query<{ indice: string; mensaje: string | null }>(
      `select i.relname as indice, obj_description(i.oid, 'pg_class') as mensaje
         from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
        where t.relnamespace = 'public'::regnamespace and x.indisunique and not x.indisprimary`,
    )
    const sinMensaje = rows.filter((r) => !r.mensaje).map((r) => r.indice)
    // Unique constraints (as opposed to bare indexes) carry the message on the constraint.
    const constraints = await stack.db.query<{ n: string }>(`select conname as n from pg_constraint where contype = 'u' and connamespace = 'public'::regnamespace and obj_description(oid, 'pg_constraint') is not null`)
    expect(sinMensaje.filter((n) => !constraints.rows.some((c) => c.n === n))).toEqual([])
  })
})
