/**
 * Appointment rules enforced by the database: no double booking of a specialist (with
 * a readable 23P01, also when two sessions race), confirming a reservation marks it
 * Procesada exactly once, and a paid appointment is never reverted by a stale edit.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearCita, crearEspecialista, crearPago, crearReserva, fechaPeru, idTratamiento, leer, lunesFuturo, type Fila } from './support/datos.ts'

let stack: TestStack
let actores: Actores

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
})
afterAll(async () => {
  await stack?.close()
})

async function nuevaCita(especialista: Fila, desde: string, hasta: string, extra: Fila = {}) {
  return {
    id_cita: randomUUID(),
    id_especialista: especialista.id_especialista,
    id_tratamiento: await idTratamiento(stack.db, 'Masaje Relajante'),
    nombre_cliente: 'Sofía Vargas',
    nombre_tratamiento: 'Masaje Relajante',
    fecha_cita: lunesFuturo(),
    hora_inicio: desde,
    hora_fin: hasta,
    estado_cita: 'Confirmada',
    ...extra,
  }
}

const fechaCorta = (iso: string) => iso.split('-').reverse().join('/')

describe('agenda sin choques', () => {
  it('rechaza con 23P01 y un mensaje que nombra al especialista, la fecha y el horario', async () => {
    const esp = await crearEspecialista(stack.db, { nombre: 'Ana', apellido: 'Torres' })
    const primera = await actores.personal.from('tb_citas').insert(await nuevaCita(esp, '10:00:00', '11:00:00'))
    expect(primera.error).toBeNull()

    const segunda = await actores.admin.from('tb_citas').insert(await nuevaCita(esp, '10:30:00', '11:30:00'))
    expect(segunda.error?.code).toBe('23P01')
    expect(segunda.error?.message).toBe(`Horario ocupado: Ana Torres ya tiene una cita el ${fechaCorta(lunesFuturo())} de 10:00 a 11:00.`)
  })

  it('permite citas contiguas, de otro especialista, canceladas o de venta directa', async () => {
    const esp = await crearEspecialista(stack.db)
    const otro = await crearEspecialista(stack.db)
    await crearCita(stack.db, { id_especialista: esp.id_especialista, hora_inicio: '10:00:00', hora_fin: '11:00:00' })
    const casos = [
      await nuevaCita(esp, '11:00:00', '12:00:00'),
      await nuevaCita(esp, '09:00:00', '10:00:00'),
      await nuevaCita(otro, '10:00:00', '11:00:00'),
      await nuevaCita(esp, '10:15:00', '10:45:00', { estado_cita: 'Cancelada' }),
    ]
    for (const c of casos) {
      const { error } = await actores.personal.from('tb_citas').insert(c)
      expect(error, JSON.stringify(c)).toBeNull()
    }
  })

  it('una cita cancelada o borrada libera el horario; reactivarla sobre otra vuelve a chocar', async () => {
    const esp = await crearEspecialista(stack.db)
    const cancelada = await crearCita(stack.db, { id_especialista: esp.id_especialista, estado_cita: 'Cancelada' })
    const borrada = await crearCita(stack.db, { id_especialista: esp.id_especialista, hora_inicio: '12:00:00', hora_fin: '13:00:00' })
    await stack.db.query(`update public.tb_citas set _deleted = true where id_cita = $1`, [borrada.id_cita])
    expect((await actores.personal.from('tb_citas').insert(await nuevaCita(esp, '10:00:00', '11:00:00'))).error).toBeNull()
    expect((await actores.personal.from('tb_citas').insert(await nuevaCita(esp, '12:00:00', '13:00:00'))).error).toBeNull()

    const reactivar = await actores.personal.from('tb_citas').update({ estado_cita: 'Confirmada' }).eq('id_cita', cancelada.id_cita)
    expect(reactivar.error?.code).toBe('23P01')
    const restaurar = await actores.personal.from('tb_citas').update({ _deleted: false }).eq('id_cita', borrada.id_cita)
    expect(restaurar.error?.code).toBe('23P01')
  })

  it('reprogramar sobre otra cita del especialista se rechaza; moverse dentro de su propio horario no', async () => {
    const esp = await crearEspecialista(stack.db)
    const a = await crearCita(stack.db, { id_especialista: esp.id_especialista, hora_inicio: '09:00:00', hora_fin: '10:00:00' })
    await crearCita(stack.db, { id_especialista: esp.id_especialista, hora_inicio: '11:00:00', hora_fin: '12:00:00' })
    const choque = await actores.personal.from('tb_citas').update({ hora_inicio: '10:30:00', hora_fin: '11:30:00', estado_cita: 'Reprogramada' }).eq('id_cita', a.id_cita)
    expect(choque.error?.code).toBe('23P01')
    const propia = await actores.personal.from('tb_citas').update({ hora_inicio: '09:30:00', hora_fin: '10:30:00' }).eq('id_cita', a.id_cita)
    expect(propia.error).toBeNull()
  })

  it('dos sesiones que reservan el mismo horario a la vez: una gana y la otra recibe el mensaje legible', async () => {
    const esp = await crearEspecialista(stack.db, { nombre: 'Carla', apellido: 'Benavides' })
    const intentos = await Promise.all(
      [actores.personal, actores.admin, actores.personal, actores.admin].map(async (cliente: SupabaseClient, i) =>
        cliente.from('tb_citas').insert(await nuevaCita(esp, '16:00:00', '17:00:00', { nombre_cliente: `Cliente ${i}` })),
      ),
    )
    expect(intentos.filter((r) => r.error === null)).toHaveLength(1)
    for (const r of intentos.filter((x) => x.error)) {
      expect(r.error?.code).toBe('23P01')
      expect(r.error?.message).toMatch(/^Horario ocupado: Carla Benavides ya tiene una cita el .* de 16:00 a 17:00\.$/)
    }
    const vivas = await stack.db.query(`select 1 from public.tb_citas where id_especialista = $1 and not _deleted`, [esp.id_especialista])
    expect(vivas.rows).toHaveLength(1)
  })

  it('transacciones concurrentes: la segunda espera el candado del especialista y ve la primera', async () => {
    // On PostgreSQL the second transaction really runs while the first is open; without
    // the row lock it would not see the first insert and would fail on the exclusion
    // constraint with Postgres' English message instead.
    const esp = await crearEspecialista(stack.db, { nombre: 'Rocío', apellido: 'Palacios' })
    const fila = async (desde: string, hasta: string) => {
      const c = await nuevaCita(esp, desde, hasta)
      return [c.id_cita, c.id_especialista, c.id_tratamiento, c.nombre_cliente, c.fecha_cita, c.hora_inicio, c.hora_fin]
    }
    const sql = `insert into public.tb_citas (id_cita, id_especialista, id_tratamiento, nombre_cliente, fecha_cita, hora_inicio, hora_fin, estado_cita)
                 values ($1, $2, $3, $4, $5, $6, $7, 'Confirmada')`
    const uid = (await stack.db.query<{ id: string }>(`select id::text from auth.users where email = 'recepcion@spa.local'`)).rows[0]!.id
    // What the REST API does for a signed-in request (see docs/reference/supabase-protocol.md §1).
    const comoPersonal = `select set_config('request.jwt.claims', json_build_object('role', 'authenticated', 'sub', '${uid}')::text, true),
                                 set_config('role', 'authenticated', true)`
    const [a, b] = [await fila('12:00:00', '13:00:00'), await fila('12:30:00', '13:30:00')]
    let primeraDentro!: () => void
    const dentro = new Promise<void>((r) => (primeraDentro = r))
    const t1 = stack.db.transaction(async (tx) => {
      await tx.query(comoPersonal)
      await tx.query(sql, a)
      primeraDentro()
      await new Promise((r) => setTimeout(r, 300))
    })
    await dentro
    const t2 = stack.db
      .transaction(async (tx) => {
        await tx.query(comoPersonal)
        await tx.query(sql, b)
      })
      .then(() => null, (e: { code?: string; message: string }) => e)
    await t1
    const error = await t2
    expect(error?.code).toBe('23P01')
    expect(error?.message).toMatch(/^Horario ocupado: Rocío Palacios ya tiene una cita el .* de 12:00 a 13:00\.$/)
  })

  it('la restricción de exclusión sostiene la regla aunque el trigger no corra', async () => {
    const esp = await crearEspecialista(stack.db)
    const c = await crearCita(stack.db, { id_especialista: esp.id_especialista })
    const error = await stack.db
      .transaction(async (tx) => {
        // replica mode skips ordinary triggers, not constraints: only the backstop is left.
        await tx.exec(`set local session_replication_role = replica`)
        await tx.query(
          `insert into public.tb_citas (id_especialista, id_tratamiento, nombre_cliente, fecha_cita, hora_inicio, hora_fin, estado_cita, _modified, _xid)
           values ($1, $2, 'X', $3, '10:30', '11:30', 'Confirmada', now(), '1')`,
          [esp.id_especialista, c.id_tratamiento, c.fecha_cita],
        )
      })
      .then(() => null, (e: { code?: string; constraint?: string }) => e)
    expect(error?.code).toBe('23P01')
    expect(error?.constraint).toBe('tb_citas_sin_cruce_especialista')
  })
})

describe('confirmar una solicitud de reserva', () => {
  it('crear la cita marca la reserva como Procesada', async () => {
    const reserva = await crearReserva(stack.db)
    const esp = await crearEspecialista(stack.db)
    const { error } = await actores.personal.from('tb_citas').insert(await nuevaCita(esp, '14:00:00', '15:00:00', { id_reserva_origen: reserva.id_reserva, estado_cita: 'Pendiente de Pago' }))
    expect(error).toBeNull()
    expect((await leer(stack.db, 'tb_reservas', 'id_reserva', String(reserva.id_reserva)))?.estado_reserva).toBe('Procesada')
  })

  it('una reserva cancelada no se reactiva', async () => {
    const reserva = await crearReserva(stack.db, { estado_reserva: 'cancelada' })
    const esp = await crearEspecialista(stack.db)
    await actores.personal.from('tb_citas').insert(await nuevaCita(esp, '14:00:00', '15:00:00', { id_reserva_origen: reserva.id_reserva }))
    expect((await leer(stack.db, 'tb_reservas', 'id_reserva', String(reserva.id_reserva)))?.estado_reserva).toBe('cancelada')
  })

  it('dos tablets que confirman la misma reserva: la segunda cita se rechaza con 23505', async () => {
    const reserva = await crearReserva(stack.db)
    const [e1, e2] = [await crearEspecialista(stack.db), await crearEspecialista(stack.db)]
    const primera = await actores.personal.from('tb_citas').insert(await nuevaCita(e1, '09:00:00', '10:00:00', { id_reserva_origen: reserva.id_reserva }))
    expect(primera.error).toBeNull()
    const segunda = await actores.admin.from('tb_citas').insert(await nuevaCita(e2, '11:00:00', '12:00:00', { id_reserva_origen: reserva.id_reserva }))
    expect(segunda.error?.code).toBe('23505')
    expect(segunda.error?.message).toBe('Esta solicitud de reserva ya fue confirmada como cita.')
  })

  it('una edición vieja no devuelve una reserva Procesada a pendiente o cancelada', async () => {
    const reserva = await crearReserva(stack.db)
    await crearCita(stack.db, { id_reserva_origen: reserva.id_reserva })
    const { data, error } = await actores.personal.from('tb_reservas').update({ estado_reserva: 'cancelada' }).eq('id_reserva', reserva.id_reserva).select('estado_reserva')
    expect(error).toBeNull()
    expect(data).toEqual([{ estado_reserva: 'Procesada' }])
  })

  it('solo se elimina (borrado lógico) una reserva cancelada', async () => {
    const pendiente = await crearReserva(stack.db)
    const { error } = await actores.personal.from('tb_reservas').update({ _deleted: true }).eq('id_reserva', pendiente.id_reserva)
    expect(error?.code).toBe('P0001')
    expect(error?.message).toBe('Solo se puede eliminar una solicitud de reserva cancelada.')
    const cancelar = await actores.personal.from('tb_reservas').update({ estado_reserva: 'cancelada', _deleted: true }).eq('id_reserva', pendiente.id_reserva)
    expect(cancelar.error).toBeNull()
  })
})

describe('una cita pagada no se revierte', () => {
  it('una edición vieja mantiene Completada, id_pago_final y monto_total_final', async () => {
    const cita = await crearCita(stack.db, { monto_adelanto: 50 })
    const pago = await crearPago(stack.db, cita.id_cita, { monto_adelanto_aplicado: 50, monto_final_pagado: 100 })
    const { data, error } = await actores.personal
      .from('tb_citas')
      .update({ estado_cita: 'Confirmada', id_pago_final: null, monto_total_final: 1, notas_internas: 'edición offline' })
      .eq('id_cita', cita.id_cita)
      .select('estado_cita, id_pago_final, monto_total_final, notas_internas')
    expect(error).toBeNull()
    expect(data).toEqual([{ estado_cita: 'Completada', id_pago_final: pago.id_pago_cita, monto_total_final: 150, notas_internas: 'edición offline' }])
  })

  it('no se puede eliminar una cita pagada', async () => {
    const cita = await crearCita(stack.db)
    await crearPago(stack.db, cita.id_cita)
    const { error } = await actores.personal.from('tb_citas').update({ _deleted: true }).eq('id_cita', cita.id_cita)
    expect(error?.code).toBe('P0001')
    expect(error?.message).toBe('No se puede eliminar una cita pagada. Un administrador puede anular primero el pago.')
  })

  it('la fecha de pago del adelanto no puede ser futura', async () => {
    const esp = await crearEspecialista(stack.db)
    const { error } = await actores.personal.from('tb_citas').insert(await nuevaCita(esp, '09:00:00', '10:00:00', { monto_adelanto: 50, fecha_pago_adelanto: fechaPeru(1) }))
    expect(error?.code).toBe('23514')
    expect(error?.message).toBe('La fecha de pago del adelanto no puede ser mayor a la fecha actual.')
    const hoy = await actores.personal.from('tb_citas').insert(await nuevaCita(esp, '09:00:00', '10:00:00', { monto_adelanto: 50, fecha_pago_adelanto: fechaPeru(0) }))
    expect(hoy.error).toBeNull()
  })
})
