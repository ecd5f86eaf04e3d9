/**
 * Abuse of the public booking form (supabase/migrations/
 * 20261125100000_reservas_limite_publico.sql): one row per request, at most 3 pending
 * requests per normalised email (lower case, '+tag' removed) per Peru day, with a
 * message that reveals no count. The limits per address and device are in
 * reservas-antispam.int.test.ts (docs/decisions/0041-reservas-antispam.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { diaAbiertoPeru, idTratamiento, unico } from './support/datos.ts'

let stack: TestStack
let masaje: string

beforeAll(async () => {
  // Behind a trusted proxy, so each test can come from its own address.
  stack = await startTestStack({ trustProxy: true })
  masaje = await idTratamiento(stack.db, 'Masaje Relajante')
})
afterAll(async () => {
  await stack?.close()
})

const solicitud = (email: string) => ({
  nombre_cliente: 'Gabriela Núñez',
  email_cliente: email,
  telefono_cliente: '+51 987 654 321',
  id_tratamiento: masaje,
  nombre_tratamiento: 'Masaje Relajante',
  fecha_reserva: diaAbiertoPeru(2),
  hora_reserva: '10:30 am',
  mensaje_adicional: null,
  estado_reserva: 'pendiente',
})

async function reservar(body: unknown, address: string) {
  const res = await fetch(`${stack.url}/rest/v1/tb_reservas`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: res.status === 201 ? null : ((await res.json()) as { code: string; message: string }) }
}

const contar = async (pattern: string) =>
  Number((await stack.db.query<{ n: string }>(`select count(*)::text n from tb_reservas where email_cliente like $1`, [pattern])).rows[0]!.n)

describe('public booking abuse', () => {
  it('one reservation per request: a list is refused whole', async () => {
    const tag = unico('lista')
    const res = await reservar([solicitud(`${tag}-1@x.com`), solicitud(`${tag}-2@x.com`)], '203.0.113.1')
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'P0001', message: 'Envía una sola solicitud de reserva a la vez.' })
    expect(await contar(`${tag}%`)).toBe(0)
  })

  it('the email limit counts lower case and +tag variants as one mailbox, and reveals no count', async () => {
    const user = unico('ana')
    for (const [i, email] of [`${user}+1@Gmail.com`, `${user}+spa@gmail.com`, `${user.toUpperCase()}@GMAIL.COM`].entries()) {
      expect((await reservar(solicitud(email), `198.51.100.${i + 1}`)).status).toBe(201)
    }
    const cuarta = await reservar(solicitud(`${user}+otra@gmail.com`), '198.51.100.9')
    expect(cuarta.status).toBe(400)
    expect(cuarta.body?.message).toBe('Ya recibimos tus solicitudes de reserva de hoy con este correo. Te contactaremos pronto para confirmarlas.')
    expect(cuarta.body?.message).not.toMatch(/\d/)
  })

  it('dots, surrounding quotes, a trailing dot and percent-encoding do not make a new mailbox; the address is stored as typed', async () => {
    // docs/decisions/0030-superficie-anonima.md: each of these dodged the limit before.
    const user = unico('ana').replace(/[^a-z0-9]/g, '')
    const dotted = `${user.slice(0, 1)}.${user.slice(1, 3)}.${user.slice(3)}@x.com`
    for (const [i, email] of [dotted, `${user}@x.com.`, `"${user}"@x.com`].entries()) {
      expect((await reservar(solicitud(email), `198.51.100.${20 + i}`)).status).toBe(201)
    }
    const encoded = `%${user.charCodeAt(0).toString(16)}${user.slice(1)}@x.com`
    const cuarta = await reservar(solicitud(encoded), '198.51.100.29')
    expect(cuarta.status).toBe(400)
    expect(cuarta.body?.message).toBe('Ya recibimos tus solicitudes de reserva de hoy con este correo. Te contactaremos pronto para confirmarlas.')
    const { rows } = await stack.db.query<{ email_cliente: string }>(
      `select email_cliente from tb_reservas where private.correo_normalizado(email_cliente) = $1 order by created_at`,
      [`${user}@x.com`],
    )
    expect(rows.map((r) => r.email_cliente)).toEqual([dotted, `${user}@x.com.`, `"${user}"@x.com`])
  })

  it('the per-email counts run with plans made for each call (no stale full-table scan)', async () => {
    const { rows } = await stack.db.query<{ proname: string; config: string[] }>(
      `select proname, proconfig config from pg_proc where proname in ('reservas_antes', 'reservas_limite_publico') order by proname`,
    )
    expect(rows.map((r) => [r.proname, r.config.includes('plan_cache_mode=force_custom_plan')])).toEqual([
      ['reservas_antes', true],
      ['reservas_limite_publico', true],
    ])
  })
})
