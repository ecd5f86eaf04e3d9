/**
 * The public booking asks only for what the spa can honour
 * (supabase/migrations/20261129200000_reserva_publica_honesta.sql,
 * docs/decisions/0039-reserva-publica-honesta.md): public.horas_disponibles gives the
 * free start times of one treatment on one day (times only), and an anonymous request
 * is refused, in Spanish, for a time off the form's grid, a time already past today in
 * Peru, a service ending after closing, a date the calendar lacks, a name without two
 * letters and a phone that is not a Peruvian mobile. Seed hours: Monday–Saturday
 * 09:00–19:00, break 13:00–14:00, Sunday closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { MENSAJES_RESERVA, nombreReservaValido, telefonoReservaValido } from '../../../src/domain/booking.ts'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearCita, crearEspecialista, crearTratamiento, fechaPeru, idTratamiento, unico, valor } from './support/datos.ts'

let stack: TestStack
let actores: Actores
let anon: SupabaseClient
let masaje: string
let largo: string
let martes: string
let e1: string
let e2: string

/** The first date ≥ 2 days ahead (Peru) that falls on the given weekday (0 = Sunday). */
function proximo(diaSemana: number): string {
  for (let d = 2; d < 9; d++) {
    const fecha = fechaPeru(d)
    if (new Date(`${fecha}T12:00:00Z`).getUTCDay() === diaSemana) return fecha
  }
  throw new Error('sin fecha')
}

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
  anon = actores.anon
  masaje = await idTratamiento(stack.db, 'Masaje Relajante')
  largo = String((await crearTratamiento(stack.db, { duracion_estimada_minutos: 90 })).id_tratamiento)
  martes = proximo(2)
  // Two specialists of this file only: the seed's stop counting.
  await stack.db.query(`update public.tb_especialistas set activo = false`)
  e1 = String(
    (await crearEspecialista(stack.db, { dias_trabajo: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'], hora_inicio_trabajo: '09:00', hora_fin_trabajo: '17:00' }))
      .id_especialista,
  )
  e2 = String((await crearEspecialista(stack.db, { dias_trabajo: ['Martes', 'Jueves'], hora_inicio_trabajo: '10:00', hora_fin_trabajo: '19:00' })).id_especialista)
})
afterAll(async () => {
  await stack?.close()
})

async function horas(cliente: SupabaseClient, tratamiento: string, fecha: string): Promise<string[]> {
  const { data, error } = await cliente.rpc('horas_disponibles', { p_id_tratamiento: tratamiento, p_fecha: fecha })
  expect(error).toBeNull()
  return data as string[]
}

/** The grid from `desde` to `hasta` (HH:mm, inclusive) every 30 minutes, as 'HH:mm:00'. */
function rejilla(desde: string, hasta: string, sin: string[] = []): string[] {
  const min = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))
  const out: string[] = []
  for (let t = min(desde); t <= min(hasta); t += 30) {
    const s = `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}:00`
    if (!sin.includes(s.slice(0, 5))) out.push(s)
  }
  return out
}

describe('public.horas_disponibles', () => {
  it('anon la llama; solo devuelve horas, en la rejilla del formulario, terminando antes del cierre', async () => {
    // A Tuesday: e1 09:00–17:00, e2 10:00–19:00; the 60-minute service may start at
    // 18:00 (ends 19:00, closing), never 18:30 or 19:00; no start inside the break.
    expect(await horas(anon, masaje, martes)).toEqual(rejilla('09:00', '18:00', ['13:00', '13:30']))
    // 90 minutes: the last start is 17:30.
    expect(await horas(anon, largo, martes)).toEqual(rejilla('09:00', '17:30', ['13:00', '13:30']))
    // Monday only e1 (till 17:00): the last 60-minute start is 16:00.
    expect(await horas(anon, masaje, proximo(1))).toEqual(rejilla('09:00', '16:00', ['13:00', '13:30']))
  })

  it('una hora sale cuando todos los especialistas que trabajan ese día están ocupados; las citas canceladas no ocupan', async () => {
    const fecha = proximo(4) // Thursday: e1 and e2
    await crearCita(stack.db, { id_especialista: e1, fecha_cita: fecha, hora_inicio: '10:00:00', hora_fin: '11:00:00' })
    expect(await horas(anon, masaje, fecha)).toContain('10:00:00')
    await crearCita(stack.db, { id_especialista: e2, fecha_cita: fecha, hora_inicio: '10:00:00', hora_fin: '11:00:00' })
    const libres = await horas(anon, masaje, fecha)
    expect(libres).toContain('09:00:00') // ends 10:00, touching is not overlapping
    expect(libres).not.toContain('09:30:00')
    expect(libres).not.toContain('10:00:00')
    expect(libres).not.toContain('10:30:00')
    expect(libres).toContain('11:00:00')
    await crearCita(stack.db, { id_especialista: e2, fecha_cita: fecha, hora_inicio: '15:00:00', hora_fin: '16:00:00', estado_cita: 'Cancelada' })
    expect(await horas(anon, masaje, fecha)).toContain('15:00:00')
  })

  it('un día con todos sus especialistas ocupados no ofrece ninguna hora', async () => {
    const fecha = proximo(3) // Wednesday: e1 only
    await crearCita(stack.db, { id_especialista: e1, fecha_cita: fecha, hora_inicio: '09:00:00', hora_fin: '17:00:00' })
    expect(await horas(anon, masaje, fecha)).toEqual([])
    // A specialist who is inactive or does not work that day does not count.
    await crearEspecialista(stack.db, { activo: false, dias_trabajo: ['Miércoles'], hora_inicio_trabajo: '09:00', hora_fin_trabajo: '19:00' })
    await crearEspecialista(stack.db, { dias_trabajo: ['Domingo'], hora_inicio_trabajo: '09:00', hora_fin_trabajo: '19:00' })
    expect(await horas(anon, masaje, fecha)).toEqual([])
  })

  it('fuera de lo acotado devuelve vacío: domingo, ayer, más de un año, un producto, un tratamiento que no existe', async () => {
    const producto = await valor<string>(stack.db, `select id_tratamiento::text as v from public.tb_tratamientos where tipo = 'producto' limit 1`)
    expect(await horas(anon, masaje, proximo(0))).toEqual([])
    expect(await horas(anon, masaje, fechaPeru(-1))).toEqual([])
    expect(await horas(anon, masaje, fechaPeru(400))).toEqual([])
    expect(await horas(anon, producto, martes)).toEqual([])
    expect(await horas(anon, '00000000-0000-4000-8000-000000000000', martes)).toEqual([])
  })

  it('hoy solo ofrece horas que aún no pasaron en Perú', async () => {
    const hoy = fechaPeru(0)
    const dia = await valor<string>(stack.db, `select private.dia_semana($1::date) as v`, [hoy])
    await stack.db.query(`update public.tb_horarios set esta_abierto = true, hora_apertura = '09:00', hora_cierre = '19:00' where dia_semana = $1`, [dia])
    const e3 = await crearEspecialista(stack.db, { dias_trabajo: [dia], hora_inicio_trabajo: '09:00', hora_fin_trabajo: '19:00' })
    // Peru's clock held at 17:40 for this test.
    await stack.db.query(`create or replace function private.minuto_peru() returns integer language sql stable set search_path = '' as $$ select 17 * 60 + 40 $$`)
    try {
      expect(await horas(anon, masaje, hoy)).toEqual(['18:00:00'])
    } finally {
      await stack.db.query(
        `create or replace function private.minuto_peru() returns integer language sql stable set search_path = ''
           as $$ select private.minutos_del_dia((pg_catalog.timezone('UTC', pg_catalog.now()) - interval '5 hours')::time) $$`,
      )
      await stack.db.query(`update public.tb_especialistas set activo = false where id_especialista = $1`, [e3.id_especialista])
    }
  })

  it('la superficie anónima solo admite la llamada del formulario', async () => {
    const res = await fetch(`${stack.url}/rest/v1/rpc/horas_disponibles?select=horas_disponibles&horas_disponibles=like.*`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_id_tratamiento: masaje, p_fecha: martes }),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe('PGRST100')
    const get = await fetch(`${stack.url}/rest/v1/rpc/horas_disponibles?p_id_tratamiento=${masaje}&p_fecha=${martes}`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
    })
    expect(get.status).toBe(401)
    // SECURITY DEFINER with a fixed search_path, executable by anon and authenticated only.
    const info = await stack.db.query<{ definer: boolean; config: string[]; anon: boolean; auth: boolean; publico: boolean }>(
      `select p.prosecdef as definer, p.proconfig as config,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as auth,
              exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0) as publico
         from pg_proc p where p.oid = 'public.horas_disponibles(uuid, date)'::regprocedure`,
    )
    expect(info.rows[0]).toMatchObject({ definer: true, anon: true, auth: true, publico: false })
    expect(info.rows[0]!.config).toContain('search_path=""')
    // Staff may call it too.
    expect(await horas(actores.personal, masaje, martes)).toContain('09:00:00')
  })
})

function solicitud(extra: Record<string, unknown> = {}) {
  return {
    nombre_cliente: 'Gabriela Núñez',
    email_cliente: `${unico('gabriela')}@gmail.com`,
    telefono_cliente: '+51 987 654 321',
    id_tratamiento: masaje,
    nombre_tratamiento: 'Masaje Relajante',
    fecha_reserva: martes,
    hora_reserva: '10:30 am',
    mensaje_adicional: null,
    estado_reserva: 'pendiente',
    ...extra,
  }
}

async function rechazo(extra: Record<string, unknown>): Promise<{ code?: string; message?: string }> {
  const s = solicitud(extra)
  const { error } = await anon.from('tb_reservas').insert(s)
  const guardadas = await valor<number>(stack.db, `select count(*)::int as v from public.tb_reservas where email_cliente = $1`, [s.email_cliente])
  expect(guardadas).toBe(0)
  return { code: error?.code, message: error?.message }
}

describe('validación de una solicitud pública', () => {
  it('solo la rejilla del formulario: sin segundos ni fracciones, cada 30 minutos desde la apertura', async () => {
    const fuera = 'Esa hora no es una de las que ofrecemos (cada 30 minutos desde las 09:00). Por favor elige una hora de la lista.'
    for (const hora of ['10:00:30.5', '10:00:00', '10:15 am', '10:01', '04:45 pm']) {
      expect(await rechazo({ hora_reserva: hora }), hora).toEqual({ code: '23514', message: fuera })
    }
    for (const hora of ['10:00 am', '10:30', '04:30 P.M.']) {
      expect((await anon.from('tb_reservas').insert(solicitud({ hora_reserva: hora }))).error, hora).toBeNull()
    }
  })

  it('un servicio que terminaría después del cierre se rechaza', async () => {
    expect(await rechazo({ hora_reserva: '06:30 pm' })).toEqual({
      code: '23514',
      message: 'Ese servicio dura 60 minutos y terminaría después de nuestro cierre (19:00). Por favor elige una hora más temprana.',
    })
    expect((await rechazo({ hora_reserva: '06:00 pm', id_tratamiento: largo })).message).toBe(
      'Ese servicio dura 90 minutos y terminaría después de nuestro cierre (19:00). Por favor elige una hora más temprana.',
    )
    expect((await anon.from('tb_reservas').insert(solicitud({ hora_reserva: '06:00 pm' }))).error).toBeNull()
    expect((await anon.from('tb_reservas').insert(solicitud({ hora_reserva: '05:30 pm', id_tratamiento: largo }))).error).toBeNull()
  })

  it('hoy, una hora que ya pasó en Perú se rechaza (17:40 en Lima, 09:00)', async () => {
    const hoy = fechaPeru(0)
    const dia = await valor<string>(stack.db, `select private.dia_semana($1::date) as v`, [hoy])
    await stack.db.query(`update public.tb_horarios set esta_abierto = true, hora_apertura = '09:00', hora_cierre = '19:00' where dia_semana = $1`, [dia])
    await stack.db.query(`create or replace function private.minuto_peru() returns integer language sql stable set search_path = '' as $$ select 17 * 60 + 40 $$`)
    try {
      expect(await rechazo({ fecha_reserva: hoy, hora_reserva: '09:00 am' })).toEqual({ code: '23514', message: 'Esa hora ya pasó. Por favor elige una hora más tarde u otro día.' })
      expect((await rechazo({ fecha_reserva: hoy, hora_reserva: '05:30 pm' })).message).toBe('Esa hora ya pasó. Por favor elige una hora más tarde u otro día.')
      expect((await anon.from('tb_reservas').insert(solicitud({ fecha_reserva: hoy, hora_reserva: '06:00 pm' }))).error).toBeNull()
    } finally {
      await stack.db.query(
        `create or replace function private.minuto_peru() returns integer language sql stable set search_path = ''
           as $$ select private.minutos_del_dia((pg_catalog.timezone('UTC', pg_catalog.now()) - interval '5 hours')::time) $$`,
      )
    }
  })

  it('una fecha que no existe se responde en español', async () => {
    const r = await rechazo({ fecha_reserva: '2026-02-30' })
    expect(r.code).toBe('22008')
    expect(r.message).toBe('La fecha o la hora no existe en el calendario. Por favor elige otra fecha.')
    const texto = await rechazo({ fecha_reserva: 'mañana' })
    expect(texto.code).toBe('22007')
    expect(texto.message).toBe('La fecha o la hora no es válida. Por favor elige una fecha del calendario.')
    // Signed-in devices keep Postgres' words (their sync classifies them).
    const personal = await actores.personal.from('tb_reservas').insert(solicitud({ fecha_reserva: '2026-02-30' }))
    expect(personal.error?.message).toMatch(/out of range/)
  })

  it('nombres sin dos letras o con números se rechazan; los de verdad pasan (la misma regla que el formulario)', async () => {
    const mensaje = 'El nombre no es válido: escribe al menos dos letras, sin números ni símbolos.'
    for (const nombre of ['x', '1234567890', 'Ana 2', '@@', '..', 'Ñ.']) {
      expect(nombreReservaValido(nombre), nombre).toBe(false)
      expect(await rechazo({ nombre_cliente: nombre }), nombre).toEqual({ code: '23514', message: mensaje })
    }
    for (const nombre of ['Ña', "María O'Brien", 'José-Luis Pérez', 'Zoë Ñahui Quispe']) {
      expect(nombreReservaValido(nombre), nombre).toBe(true)
      expect((await anon.from('tb_reservas').insert(solicitud({ nombre_cliente: nombre }))).error, nombre).toBeNull()
    }
  })

  it('el teléfono, si se da, es un celular peruano (la misma regla que el formulario)', async () => {
    const mensaje = 'El teléfono no es válido: ingresa un celular peruano de 9 dígitos que empiece con 9 (con o sin +51).'
    for (const telefono of ['12345678', '01 234 5678', '+51 123 456 789', '98765432', '9876543210', '+1 987 654 321']) {
      expect(telefonoReservaValido(telefono), telefono).toBe(false)
      expect(await rechazo({ telefono_cliente: telefono }), telefono).toEqual({ code: '23514', message: mensaje })
    }
    for (const telefono of ['987654321', '987 654 321', '+51 987 654 321', '51987654321', '(+51) 987-654-321']) {
      expect(telefonoReservaValido(telefono), telefono).toBe(true)
      expect((await anon.from('tb_reservas').insert(solicitud({ telefono_cliente: telefono }))).error, telefono).toBeNull()
    }
    expect((await anon.from('tb_reservas').insert(solicitud({ telefono_cliente: null }))).error).toBeNull()
    // Staff still write any phone the column accepts.
    expect((await actores.personal.from('tb_reservas').insert(solicitud({ telefono_cliente: '01 234 5678', hora_reserva: '10:00:00' }))).error).toBeNull()
  })

  it('el cuarto pedido del día de un correo recibe el texto que el formulario muestra solo', async () => {
    const email = `${unico('repetida')}@gmail.com`
    for (let i = 0; i < 3; i++) expect((await anon.from('tb_reservas').insert(solicitud({ email_cliente: email }))).error).toBeNull()
    const cuarta = await anon.from('tb_reservas').insert(solicitud({ email_cliente: email }))
    expect(cuarta.error?.message).toBe(MENSAJES_RESERVA.limites.correo)
  })
})
