/**
 * Anti-spam limits of the public booking form
 * (supabase/migrations/20261129300000_reservas_antispam.sql,
 * docs/decisions/0041-reservas-antispam.md): at most 10 accepted requests per client
 * address and 5 per device id (header x-spa-dispositivo) per Peru day, on top of the
 * per-email limit of 0021; messages equal to the form's MENSAJES_RESERVA.limites and
 * without counts; only hashes stored; the address is the one the server determined, so
 * a client's own X-Forwarded-For counts for nothing without --trust-proxy.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MENSAJES_RESERVA } from '../../../src/domain/booking.ts'
import { BOOKING_DEVICE_HEADER } from '../../../src/domain/booking-antispam.ts'
import { demo, startTestStack, type TestStack } from '../../support/stack.ts'
import { diaAbiertoPeru, idTratamiento, unico, valor } from './support/datos.ts'

let proxied: TestStack
let direct: TestStack
let masaje: string

beforeAll(async () => {
  // Behind a trusted proxy each test can come from its own address; `direct` trusts none.
  ;[proxied, direct] = await Promise.all([startTestStack({ trustProxy: true }), startTestStack()])
  masaje = await idTratamiento(proxied.db, 'Masaje Relajante')
})
afterAll(async () => {
  await Promise.all([proxied?.close(), direct?.close()])
})

const solicitud = (email = `${unico('spam')}@x.com`) => ({
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

interface Envio {
  address?: string
  device?: string
  token?: string
  stack?: TestStack
}

async function reservar(body: unknown, { address, device, token, stack = proxied }: Envio = {}) {
  const headers: Record<string, string> = { apikey: stack.anonKey, 'content-type': 'application/json' }
  if (address) headers['x-forwarded-for'] = address
  if (device) headers[BOOKING_DEVICE_HEADER] = device
  if (token) headers.authorization = `Bearer ${token}`
  const res = await fetch(`${stack.url}/rest/v1/tb_reservas`, { method: 'POST', headers, body: JSON.stringify(body) })
  const text = await res.text()
  return { status: res.status, body: res.status === 201 ? null : (JSON.parse(text) as { code: string; message: string; details: unknown; hint: unknown }) }
}

/** The hash the server keeps for (kind, today, value), as the migration computes it. */
const huella = (stack: TestStack, tipo: string, valorContado: string) =>
  valor<string>(stack.db, `select encode(sha256(convert_to($1 || ':' || public.hoy_peru()::text || ':' || $2, 'UTF8')), 'hex') as v`, [tipo, valorContado])

const cupo = async (stack: TestStack, tipo: string, valorContado: string) =>
  Number(
    await valor<string>(stack.db, `select coalesce(sum(solicitudes), 0)::text as v from private.reservas_publicas_cupos where clave = $1`, [
      await huella(stack, tipo, valorContado),
    ]),
  )

/** No count in what a refused visitor reads. */
function sinConteo(body: { message: string; details: unknown; hint: unknown } | null) {
  expect(body?.message).not.toMatch(/\d/)
  expect(JSON.stringify([body?.details ?? null, body?.hint ?? null])).not.toMatch(/\d/)
}

describe('per device', () => {
  it('5 requests a Peru day per device id; the 6th gets the form text, without counts; another device goes on', async () => {
    const device = randomUUID()
    for (let i = 0; i < 5; i++) expect((await reservar(solicitud(), { device, address: `198.18.1.${i + 1}` })).status).toBe(201)
    const sexta = await reservar(solicitud(), { device, address: '198.18.1.9' })
    expect(sexta.status).toBe(400)
    expect(sexta.body).toMatchObject({ code: 'P0001', message: MENSAJES_RESERVA.limites.dispositivo })
    sinConteo(sexta.body)
    // The same id in capitals is the same device (the server folds case).
    expect((await reservar(solicitud(), { device: device.toUpperCase(), address: '198.18.1.10' })).body?.message).toBe(MENSAJES_RESERVA.limites.dispositivo)
    expect((await reservar(solicitud(), { device: randomUUID(), address: '198.18.1.11' })).status).toBe(201)
    expect(await cupo(proxied, 'dispositivo', device)).toBe(5)
  })

  it('a missing or malformed device header is simply not counted', async () => {
    for (const [i, device] of ['', 'abc', `${randomUUID()}0`, `${randomUUID()}, ${randomUUID()}`, 'x'.repeat(300), undefined, 'null'].entries()) {
      expect((await reservar(solicitud(), { device, address: `198.18.2.${i + 1}` })).status, String(device)).toBe(201)
    }
    const uno = 'not-a-uuid'
    for (let i = 0; i < 6; i++) expect((await reservar(solicitud(), { device: uno, address: `198.18.3.${i + 1}` })).status).toBe(201)
  })

  it('a request another rule refuses does not count', async () => {
    const device = randomUUID()
    for (let i = 0; i < 6; i++) {
      const mala = await reservar({ ...solicitud(), telefono_cliente: '12345' }, { device, address: `198.18.4.${i + 1}` })
      expect(mala.status).toBe(400)
      expect(mala.body?.message).toMatch(/^El teléfono no es válido/)
    }
    expect(await cupo(proxied, 'dispositivo', device)).toBe(0)
    for (let i = 0; i < 5; i++) expect((await reservar(solicitud(), { device, address: `198.18.4.${i + 10}` })).status).toBe(201)
  })
})

describe('per address', () => {
  it('10 requests a Peru day per address, all emails and devices together; the 11th gets the form text; another address goes on', async () => {
    const address = '192.0.2.150'
    for (let i = 0; i < 10; i++) expect((await reservar(solicitud(), { address, device: randomUUID() })).status).toBe(201)
    const once = await reservar(solicitud(), { address, device: randomUUID() })
    expect(once.status).toBe(400)
    expect(once.body).toMatchObject({ code: 'P0001', message: MENSAJES_RESERVA.limites.direccion })
    sinConteo(once.body)
    // Without a device header too.
    expect((await reservar(solicitud(), { address })).body?.message).toBe(MENSAJES_RESERVA.limites.direccion)
    expect((await reservar(solicitud(), { address: '192.0.2.151', device: randomUUID() })).status).toBe(201)
    expect(await cupo(proxied, 'direccion', address)).toBe(10)
  })

  it('an IPv4 address written as IPv6 (::ffff:) is the same address; IPv6 counts by its /64', async () => {
    for (let i = 0; i < 10; i++) expect((await reservar(solicitud(), { address: i % 2 ? '192.0.2.160' : '::ffff:192.0.2.160' })).status).toBe(201)
    expect((await reservar(solicitud(), { address: '192.0.2.160' })).body?.message).toBe(MENSAJES_RESERVA.limites.direccion)

    // A host rotating its addresses inside its /64 is one address.
    for (let i = 0; i < 10; i++) expect((await reservar(solicitud(), { address: `2001:db8:5:6::${(i + 1).toString(16)}` })).status).toBe(201)
    expect((await reservar(solicitud(), { address: '2001:db8:5:6:ffff:1:2:3' })).body?.message).toBe(MENSAJES_RESERVA.limites.direccion)
    expect((await reservar(solicitud(), { address: '2001:db8:5:7::1' })).status).toBe(201)
  })

  it('the email limit answers first: a mailbox with three requests today hears about its email', async () => {
    const email = `${unico('primero')}@x.com`
    for (let i = 0; i < 3; i++) expect((await reservar(solicitud(email), { address: '192.0.2.170' })).status).toBe(201)
    expect((await reservar(solicitud(email), { address: '192.0.2.170' })).body?.message).toBe(MENSAJES_RESERVA.limites.correo)
    // The refused request did not use up the address' day.
    expect(await cupo(proxied, 'direccion', '192.0.2.170')).toBe(3)
  })
})

describe('who is not limited', () => {
  it('staff insert requests whatever device or address they come from', async () => {
    const device = randomUUID()
    const address = '192.0.2.180'
    for (let i = 0; i < 5; i++) expect((await reservar(solicitud(), { device, address: `198.18.5.${i + 1}` })).status).toBe(201)
    for (let i = 0; i < 10; i++) expect((await reservar(solicitud(), { address, device: randomUUID() })).status).toBe(201)
    expect((await reservar(solicitud(), { device, address })).status).toBe(400)

    const staff = await proxied.signIn(demo.staff.email, demo.staff.password)
    const token = (await staff.auth.getSession()).data.session!.access_token
    for (let i = 0; i < 3; i++) expect((await reservar(solicitud(), { device, address, token })).status).toBe(201)
  })

  it('a request with no address known (a server-side caller) is not limited by address', async () => {
    const insertar = () =>
      proxied.db.transaction(async (tx) => {
        await tx.exec(`set local role anon`)
        await tx.query(
          `insert into public.tb_reservas (nombre_cliente, email_cliente, id_tratamiento, nombre_tratamiento, fecha_reserva, hora_reserva, estado_reserva)
           values ('Gabriela Núñez', $1, $2, 'Masaje Relajante', $3, '10:30 am', 'pendiente')`,
          [`${unico('servidor')}@x.com`, masaje, diaAbiertoPeru(2)],
        )
      })
    for (let i = 0; i < 12; i++) await insertar()
    expect(await valor<string>(proxied.db, `select count(*)::text as v from tb_reservas where email_cliente like 'servidor-%'`)).toBe('12')
  })

  it('from the machine itself (loopback) the address identifies nobody and is not counted', async () => {
    for (let i = 0; i < 11; i++) expect((await reservar(solicitud(), { address: i % 2 ? '127.0.0.1' : '::1' })).status).toBe(201)
  })
})

describe('the address is the server\'s, never the client\'s say', () => {
  it('without --trust-proxy a spoofed X-Forwarded-For is ignored: it is neither limited nor counted', async () => {
    const spoofed = '192.0.2.190'
    // Behind the trusted proxy this address would be refused at the 11th request.
    for (let i = 0; i < 12; i++) expect((await reservar(solicitud(), { stack: direct, address: spoofed })).status).toBe(201)
    expect(await cupo(direct, 'direccion', spoofed)).toBe(0)
    // Nor do rotating spoofed addresses escape the device count.
    const device = randomUUID()
    for (let i = 0; i < 5; i++) expect((await reservar(solicitud(), { stack: direct, device, address: `203.0.113.${i + 1}` })).status).toBe(201)
    expect((await reservar(solicitud(), { stack: direct, device, address: '203.0.113.99' })).body?.message).toBe(MENSAJES_RESERVA.limites.dispositivo)
  })

  it('a browser on another origin may send the device header (CORS preflight)', async () => {
    const res = await fetch(`${direct.url}/rest/v1/tb_reservas`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://spa.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': `apikey, authorization, content-type, x-client-info, ${BOOKING_DEVICE_HEADER}`,
      },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-headers')?.split(',').map((h) => h.trim())).toContain(BOOKING_DEVICE_HEADER)
  })
})

describe('what is stored', () => {
  it('only hashes per day, never an address or a device id; days before yesterday are purged', async () => {
    const device = randomUUID()
    await proxied.db.query(`insert into private.reservas_publicas_cupos (clave, dia, solicitudes) values ('vieja', public.hoy_peru() - 3, 1)`)
    expect((await reservar(solicitud(), { device, address: '192.0.2.200' })).status).toBe(201)
    const { rows } = await proxied.db.query<{ clave: string; dia: string }>(`select clave, dia::text from private.reservas_publicas_cupos`)
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) expect(r.clave).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(rows)).not.toContain('192.0.2')
    expect(JSON.stringify(rows)).not.toContain(device)
    expect(rows.some((r) => r.clave === 'vieja')).toBe(false)
    // tb_reservas (replicated to the tablets) gained no column for this.
    const columnas = await valor<string[]>(
      proxied.db,
      `select array_agg(column_name::text order by column_name) as v from information_schema.columns where table_schema = 'public' and table_name = 'tb_reservas'`,
    )
    expect(columnas.filter((c) => /direcc|dispositiv|ip/i.test(c))).toEqual([])
  })

  it('visitors and staff cannot read the counters', async () => {
    for (const role of ['anon', 'authenticated']) {
      await expect(
        proxied.db.transaction(async (tx) => {
          await tx.exec(`set local role ${role}`)
          await tx.query(`select * from private.reservas_publicas_cupos`)
        }),
      ).rejects.toThrow(/permission denied/)
    }
  })
})
