/**
 * Reservations and the spa's hours (supabase/migrations/20261125200000_reservas_horario.sql): the public form may only
 * request a real time inside the weekday's hours of an open day, every hora_reserva must
 * be a real time in one of the documented forms, and nombre_tratamiento always comes from
 * the catalogue. Seed hours: Monday–Saturday 09:00–19:00, break 13:00–14:00, Sunday closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { fechaPeru, idTratamiento, unico } from './support/datos.ts'

let stack: TestStack
let actores: Actores
let anon: SupabaseClient
let masaje: string

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
  anon = actores.anon
  masaje = await idTratamiento(stack.db, 'Masaje Relajante')
})
afterAll(async () => {
  await stack?.close()
})

/** The first date ≥ 2 days ahead (Peru) that falls on the given weekday (0 = Sunday). */
function proximo(diaSemana: number): string {
  for (let d = 2; d < 9; d++) {
    const fecha = fechaPeru(d)
    if (new Date(`${fecha}T12:00:00Z`).getUTCDay() === diaSemana) return fecha
  }
  throw new Error('sin fecha')
}

function solicitud(extra: Record<string, unknown> = {}) {
  return {
    nombre_cliente: 'Gabriela Núñez',
    email_cliente: `${unico('gabriela')}@gmail.com`,
    telefono_cliente: '+51 987 654 321',
    id_tratamiento: masaje,
    nombre_tratamiento: 'Masaje Relajante',
    fecha_reserva: proximo(2),
    hora_reserva: '10:30 am',
    mensaje_adicional: null,
    estado_reserva: 'pendiente',
    ...extra,
  }
}

/** What the server stored for the request sent with `email`, or null when it stored none. */
async function guardada(email: string) {
  const { rows } = await stack.db.query<{ hora_reserva: string | null; nombre_tratamiento: string }>(
    `select hora_reserva, nombre_tratamiento from public.tb_reservas where email_cliente = $1`,
    [email],
  )
  return rows[0] ?? null
}

describe('formulario público (anon) y el horario de atención', () => {
  it('un domingo (cerrado) se rechaza con un mensaje en español y no se guarda', async () => {
    const s = solicitud({ fecha_reserva: proximo(0) })
    const { error } = await anon.from('tb_reservas').insert(s)
    expect(error?.code).toBe('23514')
    expect(error?.message).toBe('No atendemos ese día (domingo). Por favor elige otra fecha.')
    expect(await guardada(s.email_cliente)).toBeNull()
    // Also without a time, as the old form sent it.
    const sinHora = await anon.from('tb_reservas').insert(solicitud({ fecha_reserva: proximo(0), hora_reserva: null }))
    expect(sinHora.error?.message).toBe('No atendemos ese día (domingo). Por favor elige otra fecha.')
  })

  it('un día abierto sin hora se rechaza', async () => {
    for (const hora of [null, '', '   ']) {
      const { error } = await anon.from('tb_reservas').insert(solicitud({ hora_reserva: hora }))
      expect(error?.message, JSON.stringify(hora)).toBe('Por favor, selecciona una hora preferida.')
    }
  })

  it('horas que no son horas se rechazan', async () => {
    for (const hora of ['medianoche', '13:00 pm', '00:30 am', '24:00', '9:60', '10:30 am; drop table x']) {
      const { error } = await anon.from('tb_reservas').insert(solicitud({ hora_reserva: hora }))
      expect(error?.code, hora).toBe('23514')
      expect(error?.message, hora).toBe('La hora seleccionada no es válida.')
    }
  })

  it('horas reales fuera del horario del día o dentro del descanso se rechazan', async () => {
    const fuera = 'Esa hora está fuera de nuestro horario del martes (09:00 a 19:00, con descanso de 13:00 a 14:00). Por favor elige otra hora.'
    for (const hora of ['03:00 am', '08:30 am', '07:30 pm', '01:00 pm', '01:30 p. m.', '13:59', '23:00:00']) {
      const { error } = await anon.from('tb_reservas').insert(solicitud({ hora_reserva: hora }))
      expect(error?.code, hora).toBe('23514')
      expect(error?.message, hora).toBe(fuera)
    }
  })

  it('los bordes que ofrece el formulario se aceptan: apertura, fin del descanso y la última hora que termina al cierre', async () => {
    // 07:00 pm is inside the hours but a 60-minute service would end after closing, and
    // '16:00:00' carries seconds: both refused since
    // supabase/migrations/20261129200000_reserva_publica_honesta.sql (tested there).
    for (const hora of ['09:00 am', '12:30 pm', '02:00 pm', '06:00 pm', '10:30', '04:30 P.M.']) {
      const s = solicitud({ hora_reserva: hora })
      const { error } = await anon.from('tb_reservas').insert(s)
      expect(error, hora).toBeNull()
      expect((await guardada(s.email_cliente))?.hora_reserva).toBe(hora)
    }
  })

  it('el horario vigente es el de la tabla: abrir el domingo lo habilita', async () => {
    await stack.db.query(
      `update public.tb_horarios set esta_abierto = true, hora_apertura = '10:00', hora_cierre = '14:00' where dia_semana = 'Domingo'`,
    )
    try {
      expect((await anon.from('tb_reservas').insert(solicitud({ fecha_reserva: proximo(0), hora_reserva: '11:00 am' }))).error).toBeNull()
      const tarde = await anon.from('tb_reservas').insert(solicitud({ fecha_reserva: proximo(0), hora_reserva: '03:00 pm' }))
      expect(tarde.error?.message).toBe('Esa hora está fuera de nuestro horario del domingo (10:00 a 14:00). Por favor elige otra hora.')
    } finally {
      await stack.db.query(
        `update public.tb_horarios set esta_abierto = false, hora_apertura = null, hora_cierre = null where dia_semana = 'Domingo'`,
      )
    }
  })
})

describe('nombre del tratamiento y hora para todos', () => {
  it('el servidor deriva nombre_tratamiento del tratamiento, también para el personal', async () => {
    const s = solicitud({ nombre_tratamiento: 'Tratamiento VIP gratis' })
    expect((await anon.from('tb_reservas').insert(s)).error).toBeNull()
    expect((await guardada(s.email_cliente))?.nombre_tratamiento).toBe('Masaje Relajante')

    const p = solicitud({ nombre_tratamiento: 'Otro nombre', hora_reserva: '10:00:00' })
    expect((await actores.personal.from('tb_reservas').insert(p)).error).toBeNull()
    expect((await guardada(p.email_cliente))?.nombre_tratamiento).toBe('Masaje Relajante')
    // Changing only the name later is undone too.
    const edit = await actores.personal.from('tb_reservas').update({ nombre_tratamiento: 'Cambiado' }).eq('email_cliente', p.email_cliente)
    expect(edit.error).toBeNull()
    expect((await guardada(p.email_cliente))?.nombre_tratamiento).toBe('Masaje Relajante')
  })

  it('el personal puede anotar un domingo o fuera de horario, pero solo con una hora real', async () => {
    const domingo = solicitud({ fecha_reserva: proximo(0), hora_reserva: '08:00:00' })
    expect((await actores.personal.from('tb_reservas').insert(domingo)).error).toBeNull()
    const mala = await actores.personal.from('tb_reservas').insert(solicitud({ hora_reserva: 'medianoche' }))
    expect(mala.error?.message).toBe('La hora seleccionada no es válida.')
    const editada = await actores.personal.from('tb_reservas').update({ hora_reserva: '25:00' }).eq('email_cliente', domingo.email_cliente)
    expect(editada.error?.message).toBe('La hora seleccionada no es válida.')
    expect((await guardada(domingo.email_cliente))?.hora_reserva).toBe('08:00:00')
  })
})
