// The anonymous REST surface is a closed list (rest/anon-surface.ts,
// docs/decisions/0030-superficie-anonima.md): the public site's own requests pass, every
// other shape on a listed table — costly or not — is refused with 400 PGRST100 and Spanish
// details; a table, function or method anon has no grant to gets 401 42501, as from the
// database, so a device whose session is not back yet waits for it instead of giving up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demo, startTestStack, type TestStack } from '../../../tests/support/stack.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.close()
})

async function rest(path: string, init: RequestInit & { token?: string } = {}) {
  const token = init.token ?? stack.anonKey
  const res = await fetch(`${stack.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }
}

async function expectRefused(path: string, details: RegExp, init: RequestInit = {}) {
  const res = await rest(path, init)
  expect(res.status, path).toBe(400)
  expect(res.body, path).toMatchObject({ code: 'PGRST100', message: 'Esta petición no está permitida sin iniciar sesión.' })
  expect(String(res.body?.details), path).toMatch(details)
}

async function expectNoGrant(path: string, details: RegExp, init: RequestInit = {}) {
  const res = await rest(path, init)
  expect(res.status, path).toBe(401)
  expect(res.body, path).toMatchObject({ code: '42501', message: expect.stringMatching(/^permission denied for (table|function) /) })
  expect(String(res.body?.details), path).toMatch(details)
}

describe('anon: what the public site sends still works', () => {
  it('catalogue, one day of hours and a booking request, through supabase-js', async () => {
    const db = stack.anon()
    const catalogo = await db
      .from('tb_tratamientos')
      .select('id_tratamiento, nombre, costo, duracion_estimada_minutos')
      .eq('activo', true)
      .eq('tipo', 'tratamiento')
      .order('nombre', { ascending: true })
    expect(catalogo.error).toBeNull()
    expect(catalogo.data!.length).toBeGreaterThan(0)
    const horario = await db
      .from('tb_horarios')
      .select('hora_apertura, hora_cierre, descanso_inicio, descanso_fin, esta_abierto')
      .eq('dia_semana', 'Lunes')
      .eq('esta_abierto', true)
      .maybeSingle()
    expect(horario.error).toBeNull()
    expect(horario.data).toMatchObject({ esta_abierto: true })

    const masaje = catalogo.data!.find((t) => t.nombre === 'Masaje Relajante')!
    let dia = new Date(Date.now() + 3 * 86_400_000)
    if (dia.getUTCDay() === 0) dia = new Date(dia.getTime() + 86_400_000)
    const reserva = await db.from('tb_reservas').insert({
      nombre_cliente: 'Lucía Paredes', email_cliente: 'lucia.paredes.superficie@example.com', telefono_cliente: null,
      id_tratamiento: masaje.id_tratamiento, nombre_tratamiento: masaje.nombre, fecha_reserva: dia.toISOString().slice(0, 10),
      hora_reserva: '10:00 am', mensaje_adicional: null, estado_reserva: 'pendiente',
    })
    expect(reserva.error).toBeNull()
  })
})

describe('anon: everything else is refused before any SQL runs', () => {
  it("the issue's basic-regex pattern with a bracketed \\] that desynchronised the blocklist", async () => {
    const pattern = encodeURIComponent('(?b)^\\(.*\\)*\\(.*\\)*\\(.*\\)*\\(.*\\)*\\(.*\\)*[\\]*\\1\\2\\3\\4\\5$')
    await expectRefused(`/tb_tratamientos?select=nombre&descripcion=match.${pattern}`, /columna «descripcion» de «tb_tratamientos» no se puede filtrar/)
    await expectRefused(`/tb_tratamientos?select=nombre&tipo=imatch.${pattern}`, /operador «imatch» no está permitido en la columna «tipo» de «tb_tratamientos» \(solo: eq\)/)
  })

  it('shapes no blocklist names: LIKE with many wildcards in an or-tree, an embed, a cast, an aggregate, a JSON path', async () => {
    const like = encodeURIComponent(`*${'%_'.repeat(40)}*`)
    await expectRefused(`/tb_tratamientos?select=nombre&or=(nombre.like.${like},nombre.ilike.${like})`, /or\/and no están permitidos/)
    await expectRefused(`/tb_tratamientos?select=id_tratamiento,tb_citas(id_cita)`, /recursos embebidos \(tb_citas\)/)
    await expectRefused(`/tb_tratamientos?select=nombre::text`, /conversiones de tipo/)
    await expectRefused(`/tb_tratamientos?select=costo.sum()`, /agregado/)
    await expectRefused(`/tb_tratamientos?select=nombre&nombre->>x=eq.1`, /rutas JSON/)
    await expectRefused(`/tb_tratamientos?select=nombre&nombre=not.eq.x`, /negados/)
    await expectRefused(`/tb_tratamientos?select=nombre&nombre=eq.x`, /«nombre» de «tb_tratamientos» no se puede filtrar/)
    await expectRefused(`/tb_tratamientos`, /Indica las columnas en select/)
    await expectRefused(`/tb_tratamientos?select=descripcion`, /«descripcion» de «tb_tratamientos» no se puede leer/)
    await expectRefused(`/tb_tratamientos?select=nombre&order=costo.desc`, /No se puede ordenar «tb_tratamientos» por «costo»/)
    await expectRefused(`/tb_tratamientos?select=nombre&limit=1&offset=5`, /offset no está permitido/)
    await expectRefused(`/tb_tratamientos?select=nombre`, /preferencia «count»/, { headers: { prefer: 'count=exact' } })
  })

  it('other tables, functions and methods: 401 42501, as the grants would answer', async () => {
    await expectNoGrant(`/tb_citas?select=id_cita`, /tabla «tb_citas» no se puede leer/)
    await expectNoGrant(`/tabla_que_no_existe?select=x`, /tabla «tabla_que_no_existe» no se puede leer/)
    await expectNoGrant(`/rpc/is_staff`, /función «is_staff» no se puede llamar/, { method: 'POST', body: '{}' })
    await expectNoGrant(`/rpc/sync_push`, /función «sync_push» no se puede llamar/, { method: 'POST', body: '{"p_table":"tb_pacientes","p_rows":[]}' })
    await expectNoGrant(`/tb_reservas?id_reserva=eq.00000000-0000-0000-0000-000000000000`, /PATCH no está permitido/, { method: 'PATCH', body: '{"nombre_cliente":"x"}' })
    await expectNoGrant(`/tb_tratamientos?select=nombre`, /no se puede insertar/, { method: 'POST', body: '{"nombre":"x"}' })
  })

  it('a booking may carry only the form’s columns and read nothing back', async () => {
    const before = await stack.db.query(`select count(*) from tb_reservas`)
    await expectRefused(`/tb_reservas`, /columna «_deleted» de «tb_reservas» no se puede enviar/, { method: 'POST', body: '{"nombre_cliente":"x","_deleted":false}' })
    await expectRefused(`/tb_reservas?select=id_reserva`, /no se puede leer «tb_reservas»/, { method: 'POST', body: '{"nombre_cliente":"x"}' })
    await expectRefused(`/tb_reservas?select=*`, /preferencia «return=representation» no está permitida/, {
      method: 'POST', body: '{"nombre_cliente":"x"}', headers: { prefer: 'return=representation' },
    })
    await expectRefused(`/tb_reservas?on_conflict=id_reserva`, /on_conflict/, { method: 'POST', body: '{"nombre_cliente":"x"}' })
    expect((await stack.db.query(`select count(*) from tb_reservas`)).rows).toEqual(before.rows)
  })

  it('signed-in staff keep the full grammar, behind the blocklist', async () => {
    const staff = await stack.signIn(demo.staff.email, demo.staff.password)
    const token = (await staff.auth.getSession()).data.session!.access_token
    const plain = await rest(`/tb_tratamientos?select=nombre&nombre=imatch.${encodeURIComponent('^(ma|fa)')}&limit=2`, { token })
    expect(plain.status).toBe(200)
    const pattern = encodeURIComponent('^(.*)*(.*)*\\1\\2$')
    expect((await rest(`/tb_tratamientos?select=nombre&descripcion=match.${pattern}`, { token })).body).toMatchObject({ code: 'PGRST100' })
    // The (?b) shape no longer slips past the blocklist's scanner either.
    const basic = encodeURIComponent('(?b)^\\(.*\\)*\\(.*\\)*\\(.*\\)*\\(.*\\)*\\(.*\\)*[\\]*\\1\\2\\3\\4\\5$')
    expect((await rest(`/tb_tratamientos?select=nombre&descripcion=match.${basic}`, { token })).body).toMatchObject({
      code: 'PGRST100', details: expect.stringContaining('opciones incrustadas'),
    })
  })
})
