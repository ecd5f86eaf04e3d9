/**
 * Uniqueness rules. Duplicates answer 23505 with the constraint's name in the message,
 * which is how the client maps them to spec 1 §8 / spec 2 §8 messages ("mentioning
 * dni" → 'Ya existe un paciente con este DNI.'). Uniqueness counts only rows not
 * deleted, so a tombstone never blocks re-creating a record.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearEspecialista, crearPaciente, insertar, unico, valor } from './support/datos.ts'

let stack: TestStack
let actores: Actores

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
})
afterAll(async () => {
  await stack?.close()
})

describe('pacientes', () => {
  it('DNI repetido: 23505 con una restricción que menciona dni (y no email)', async () => {
    const dni = String(40_000_000 + Math.floor(Math.random() * 1e6))
    await crearPaciente(stack.db, { dni })
    const { error } = await actores.personal.from('tb_pacientes').insert({ nombre: 'Otra', apellido: 'Persona', dni })
    expect(error?.code).toBe('23505')
    expect(error?.message).toContain('tb_pacientes_dni_unico')
    expect(error?.message).not.toMatch(/email/)
  })

  it('correo repetido (sin distinguir mayúsculas): 23505 con una restricción que menciona email', async () => {
    const email = `${unico('ana')}@gmail.com`
    await crearPaciente(stack.db, { email })
    const { error } = await actores.personal.from('tb_pacientes').insert({ nombre: 'Otra', apellido: 'Persona', email: email.toUpperCase() })
    expect(error?.code).toBe('23505')
    expect(error?.message).toContain('tb_pacientes_email_unico')
    expect(error?.message).not.toMatch(/dni/)
  })

  it('clave primaria repetida: 23505 con la restricción _pkey', async () => {
    const p = await crearPaciente(stack.db)
    const { error } = await actores.personal.from('tb_pacientes').insert({ id_paciente: p.id_paciente, nombre: 'Otra', apellido: 'Persona' })
    expect(error?.code).toBe('23505')
    expect(error?.message).toContain('tb_pacientes_pkey')
  })

  it('un paciente eliminado no bloquea registrar otro con su DNI y correo', async () => {
    const dni = String(50_000_000 + Math.floor(Math.random() * 1e6))
    const email = `${unico('luis')}@gmail.com`
    const p = await crearPaciente(stack.db, { dni, email })
    expect((await actores.personal.from('tb_pacientes').update({ _deleted: true }).eq('id_paciente', p.id_paciente)).error).toBeNull()
    expect((await actores.personal.from('tb_pacientes').insert({ nombre: 'Luis', apellido: 'Torres', dni, email })).error).toBeNull()
  })

  it('el DNI y el correo vacíos se guardan como null y no chocan entre sí', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await actores.personal.from('tb_pacientes').insert({ nombre: 'Sin', apellido: `Datos ${i}`, dni: '', email: ' ' })).error).toBeNull()
    }
  })
})

describe('otras unicidades', () => {
  it('correo de especialista (23505, restricción con email)', async () => {
    const email = `${unico('esp')}@spa.local`
    await crearEspecialista(stack.db, { email })
    const { error } = await actores.personal.from('tb_especialistas').insert({ nombre: 'Otra', apellido: 'Persona', especialidad: 'Faciales', email: email.toUpperCase() })
    expect(error?.code).toBe('23505')
    expect(error?.message).toContain('tb_especialistas_email_unico')
  })

  it('correo de usuario del sistema', async () => {
    const { error } = await actores.admin.from('tbusuarios').insert({ id_nombre: 'Duplicado', id_correo: 'RECEPCION@spa.local' })
    expect(error?.code).toBe('23505')
    expect(error?.message).toContain('tbusuarios_email_unico')
  })

  it('descripción del método de pago', async () => {
    const { error } = await actores.personal.from('tb_formapago').insert({ fp_descripcion: 'yape', fp_comision: 0 })
    expect(error?.code).toBe('23505')
    expect(error?.message).toContain('tb_formapago_descripcion_unica')
  })

  it('una conciliación por mes', async () => {
    await insertar(stack.db, 'tb_conciliacion_bancaria', { anio: 2027, mes: 2, saldo_inicial: 1000 })
    const { error } = await actores.admin.from('tb_conciliacion_bancaria').insert({ anio: 2027, mes: 2, saldo_inicial: 5 })
    expect(error?.code).toBe('23505')
    expect(error?.message).toContain('tb_conciliacion_bancaria_anio_mes_unico')
  })

  it('un día de la semana tiene un solo horario', async () => {
    const { error } = await actores.personal.from('tb_horarios').insert({ dia_semana: 'Lunes', orden_dia: 1, esta_abierto: false })
    expect(error?.code).toBe('23505')
    expect(error?.message).toContain('tb_horarios_dia_semana_unico')
  })
})

describe('copiar los egresos fijos del mes anterior desde dos tablets', () => {
  it('la misma copia (origen, año, mes) no se duplica aunque use otro id', async () => {
    const origen = await insertar(stack.db, 'tb_egresos', { tipo_egreso: 'Fijo', descripcion: 'Alquiler', tipo_cambio: 3.75, monto_soles: 4500, monto_dolares: 1200, mes: 10, anio: 2026 })
    const copia = (id: string) => ({
      id_egreso: id, id_egreso_origen: origen.id_egreso, tipo_egreso: 'Fijo', descripcion: 'Alquiler', tipo_cambio: 3.75,
      monto_soles: 4500, monto_dolares: 1200, mes: 11, anio: 2026,
    })
    expect((await actores.admin.from('tb_egresos').insert(copia(randomUUID()))).error).toBeNull()
    const segunda = await actores.admin.from('tb_egresos').insert(copia(randomUUID()))
    expect(segunda.error?.code).toBe('23505')
    expect(segunda.error?.message).toContain('tb_egresos_copia_unica')
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_egresos where id_egreso_origen = $1`, [origen.id_egreso])).toBe(1)
  })

  it('con ids deterministas (UUID v5) la segunda tablet simplemente no inserta nada', async () => {
    const origen = await insertar(stack.db, 'tb_egresos', { tipo_egreso: 'Fijo', descripcion: 'Internet', monto_soles: 150, monto_dolares: 40, mes: 10, anio: 2026 })
    const id = await valor<string>(stack.db, `select private.uuid_v5(private.espacio_uuid(), format('egreso-fijo:%s:%s-%s', $1::text, 2026, 11))::text as v`, [origen.id_egreso])
    const fila = { id_egreso: id, id_egreso_origen: origen.id_egreso, tipo_egreso: 'Fijo', descripcion: 'Internet', monto_soles: 150, monto_dolares: 40, mes: 11, anio: 2026 }
    for (let tablet = 0; tablet < 2; tablet++) {
      const { error } = await actores.admin.from('tb_egresos').upsert(fila, { onConflict: 'id_egreso', ignoreDuplicates: true })
      expect(error).toBeNull()
    }
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_egresos where id_egreso_origen = $1`, [origen.id_egreso])).toBe(1)
    // The fixed expense's date is the last day of its month (spec 2 §9).
    expect(await valor<string>(stack.db, `select fecha::text as v from public.tb_egresos where id_egreso = $1`, [id])).toBe('2026-11-30')
  })
})
