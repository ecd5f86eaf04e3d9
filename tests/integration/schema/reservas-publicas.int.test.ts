/**
 * Public booking requests (anon, the site's form): insert-only, state 'pendiente',
 * date ≥ today in Peru, an active treatment, bounded lengths, at most 3 pending
 * requests per email per Peru day — each refusal with a Spanish message the form shows
 * after 'Hubo un problema al registrar tu solicitud: …'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearProducto, crearTratamiento, diaAbiertoPeru, fechaPeru, idTratamiento, unico, valor } from './support/datos.ts'

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

/** Exactly the payload of spec 1 §7 (POST tb_reservas). */
function solicitud(extra: Record<string, unknown> = {}) {
  return {
    nombre_cliente: 'Gabriela Núñez',
    email_cliente: `${unico('gabriela')}@gmail.com`,
    telefono_cliente: '+51 987 654 321',
    id_tratamiento: masaje,
    nombre_tratamiento: 'Masaje Relajante',
    fecha_reserva: diaAbiertoPeru(2),
    hora_reserva: '10:30 am',
    mensaje_adicional: null,
    estado_reserva: 'pendiente',
    ...extra,
  }
}

async function reservasDe(email: string) {
  const { rows } = await stack.db.query<{ estado_reserva: string; nombre_tratamiento: string }>(
    `select estado_reserva, nombre_tratamiento from public.tb_reservas where lower(email_cliente) = lower($1)`,
    [email],
  )
  return rows
}

describe('solicitud pública válida', () => {
  it('se guarda pendiente, con el nombre del servicio tomado del catálogo', async () => {
    const s = solicitud({ nombre_tratamiento: 'Otro nombre que manda el navegador' })
    const { error } = await anon.from('tb_reservas').insert(s)
    expect(error).toBeNull()
    expect(await reservasDe(s.email_cliente)).toEqual([{ estado_reserva: 'pendiente', nombre_tratamiento: 'Masaje Relajante' }])
  })

  it('hoy en Perú es una fecha válida; ayer no', async () => {
    // Today is accepted when the spa opens today (the seed closes on Sundays only). Peru's
    // clock is held at 09:00 so that 10:30 has not passed (a past time today is refused:
    // reserva-publica-honesta.int.test.ts).
    await stack.db.query(`create or replace function private.minuto_peru() returns integer language sql stable set search_path = '' as $$ select 540 $$`)
    const hoy = await anon.from('tb_reservas').insert(solicitud({ fecha_reserva: fechaPeru(0) }))
    await stack.db.query(
      `create or replace function private.minuto_peru() returns integer language sql stable set search_path = ''
         as $$ select private.minutos_del_dia((pg_catalog.timezone('UTC', pg_catalog.now()) - interval '5 hours')::time) $$`,
    )
    expect(hoy.error?.message ?? null).toBe(fechaPeru(0) === diaAbiertoPeru(0) ? null : 'No atendemos ese día (domingo). Por favor elige otra fecha.')
    const ayer = await anon.from('tb_reservas').insert(solicitud({ fecha_reserva: fechaPeru(-1) }))
    expect(ayer.error?.code).toBe('23514')
    expect(ayer.error?.message).toBe('La fecha de la reserva no puede ser anterior a hoy.')
    const lejos = await anon.from('tb_reservas').insert(solicitud({ fecha_reserva: fechaPeru(400) }))
    expect(lejos.error?.message).toBe('Solo aceptamos reservas hasta con un año de anticipación.')
  })

  it('el público no puede leer las solicitudes, ni la suya', async () => {
    const s = solicitud()
    // Refused by the REST surface before SQL (docs/decisions/0030-superficie-anonima.md), and by
    // the grants underneath.
    const conSelect = await anon.from('tb_reservas').insert(s).select()
    expect(conSelect.error?.code).toBe('PGRST100')
    const lectura = await anon.from('tb_reservas').select('id_reserva')
    expect(lectura.error?.code).toBe('42501')
    const grant = await stack.db.query<{ ok: boolean }>(`select has_table_privilege('anon', 'public.tb_reservas', 'select') as ok`)
    expect(grant.rows[0]!.ok).toBe(false)
  })
})

describe('lo que el público no puede enviar', () => {
  it('un estado distinto de pendiente', async () => {
    for (const estado of ['Procesada', 'cancelada']) {
      const { error } = await anon.from('tb_reservas').insert(solicitud({ estado_reserva: estado }))
      expect(error?.code).toBe('42501')
      expect(error?.message).toBe('Una solicitud de reserva pública solo puede crearse como pendiente.')
    }
  })

  it('un servicio inactivo, borrado, inexistente o que es un producto', async () => {
    const inactivo = await crearTratamiento(stack.db, { activo: false })
    const borrado = await crearTratamiento(stack.db)
    await stack.db.query(`update public.tb_tratamientos set _deleted = true where id_tratamiento = $1`, [borrado.id_tratamiento])
    const producto = await crearProducto(stack.db, 3)
    for (const id of [inactivo.id_tratamiento, borrado.id_tratamiento, producto.id_tratamiento, '00000000-0000-4000-8000-000000000000']) {
      const { error } = await anon.from('tb_reservas').insert(solicitud({ id_tratamiento: id }))
      expect(error?.code, String(id)).toBe('23503')
      expect(error?.message).toBe('El servicio elegido no está disponible. Elige otro servicio.')
    }
  })

  it('textos fuera de medida o con formato inválido', async () => {
    const casos: Array<[Record<string, unknown>, string]> = [
      [{ nombre_cliente: 'x'.repeat(121) }, 'El nombre es obligatorio y no puede superar 120 caracteres.'],
      [{ nombre_cliente: '   ' }, 'El nombre es obligatorio y no puede superar 120 caracteres.'],
      [{ email_cliente: 'no-es-un-correo' }, 'El correo electrónico no es válido.'],
      [{ email_cliente: null }, 'El correo electrónico es obligatorio.'],
      // The public form asks for a Peruvian mobile (docs/decisions/0039-reserva-publica-honesta.md).
      [{ telefono_cliente: 'llámame' }, 'El teléfono no es válido: ingresa un celular peruano de 9 dígitos que empiece con 9 (con o sin +51).'],
      [{ mensaje_adicional: 'm'.repeat(1001) }, 'El mensaje adicional no puede superar 1000 caracteres.'],
      [{ hora_reserva: '1'.repeat(21) }, 'La hora seleccionada no es válida.'],
    ]
    for (const [extra, mensaje] of casos) {
      const { error } = await anon.from('tb_reservas').insert(solicitud(extra))
      expect(error?.message, JSON.stringify(extra).slice(0, 60)).toBe(mensaje)
      expect(['23514', '23502']).toContain(error?.code)
    }
    // Empty optional fields are stored as null (spec 1 §5).
    const s = solicitud({ telefono_cliente: '', mensaje_adicional: '  ' })
    expect((await anon.from('tb_reservas').insert(s)).error).toBeNull()
  })

  it('columnas que no son del formulario (borrado, fechas de auditoría)', async () => {
    for (const extra of [{ _deleted: true }, { created_at: '2020-01-01T00:00:00Z' }, { id_reserva: undefined, updated_at: '2020-01-01T00:00:00Z' }]) {
      const { error } = await anon.from('tb_reservas').insert(solicitud(extra))
      expect(error?.code).toBe('PGRST100')
    }
    for (const columna of ['_deleted', 'created_at', 'updated_at']) {
      const grant = await stack.db.query<{ ok: boolean }>(`select has_column_privilege('anon', 'public.tb_reservas', $1, 'insert') as ok`, [columna])
      expect(grant.rows[0]!.ok, columna).toBe(false)
    }
  })
})

describe('límite de solicitudes por correo y día', () => {
  it('la cuarta solicitud pendiente del mismo correo en el día se rechaza', async () => {
    const email = `${unico('insistente')}@gmail.com`
    for (let i = 0; i < 3; i++) {
      expect((await anon.from('tb_reservas').insert(solicitud({ email_cliente: i === 1 ? email.toUpperCase() : email }))).error).toBeNull()
    }
    const cuarta = await anon.from('tb_reservas').insert(solicitud({ email_cliente: email }))
    expect(cuarta.error?.code).toBe('P0001')
    // The message does not reveal how many requests the email made.
    expect(cuarta.error?.message).toBe('Ya recibimos tus solicitudes de reserva de hoy con este correo. Te contactaremos pronto para confirmarlas.')
    // Another email is not affected, and the staff are never limited.
    expect((await anon.from('tb_reservas').insert(solicitud())).error).toBeNull()
    expect((await actores.personal.from('tb_reservas').insert(solicitud({ email_cliente: email }))).error).toBeNull()
  })

  it('una solicitud que el personal cancela deja de contar', async () => {
    const email = `${unico('reintenta')}@gmail.com`
    for (let i = 0; i < 3; i++) await anon.from('tb_reservas').insert(solicitud({ email_cliente: email }))
    await stack.db.query(
      `update public.tb_reservas set estado_reserva = 'cancelada'
        where id_reserva = (select id_reserva from public.tb_reservas where email_cliente = $1 limit 1)`,
      [email],
    )
    expect((await anon.from('tb_reservas').insert(solicitud({ email_cliente: email }))).error).toBeNull()
  })

  it('envíos simultáneos del mismo correo no superan el límite', async () => {
    const email = `${unico('rafaga')}@gmail.com`
    const r = await Promise.all(Array.from({ length: 6 }, () => stack.anon().from('tb_reservas').insert(solicitud({ email_cliente: email }))))
    expect(r.filter((x) => x.error === null)).toHaveLength(3)
    expect(r.filter((x) => x.error?.code === 'P0001')).toHaveLength(3)
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_reservas where email_cliente = $1`, [email])).toBe(3)
  })
})
