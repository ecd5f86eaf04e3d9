/**
 * 'Cierre de caja', server half (docs/decisions/0038-cierre-de-caja.md): the tablet uploads
 * its closes through `registrar_cierres_caja` (idempotent per id, one answer per row, the
 * same caps as sync_push) and reads them back with REST. Staff read their own closes,
 * administrators read every close, nobody updates or deletes one, the author and arrival
 * time are the server's, and the day lies within Peru's last 7 days.
 */
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, crearUsuarioAuth, idAuth, type Actores } from './support/actores.ts'
import { fechaPeru, insertar, leer, unico, valor, type Fila } from './support/datos.ts'

const FECHA_FUERA = 'La fecha del cierre de caja debe estar entre los últimos 7 días y hoy.'
const INMUTABLE = 'Un cierre de caja no se modifica: registra otro cierre del mismo día.'

interface Resultado {
  i: number
  s: 'ok' | 'refused'
  code?: string
  message?: string
  constraint?: string
}

let stack: TestStack
let actores: Actores
let personalB: SupabaseClient
const uid: Record<'personal' | 'admin' | 'personalB', string> = { personal: '', admin: '', personalB: '' }

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
  const email = `${unico('caja-b')}@spa.local`
  const idB = await crearUsuarioAuth(stack.db, email, 'clave-caja-b-1')
  await insertar(stack.db, 'tbusuarios', { auth_user_id: idB, id_nombre: 'Caja B', id_correo: email })
  personalB = await stack.signIn(email, 'clave-caja-b-1')
  uid.personal = await idAuth(actores.personal)
  uid.admin = await idAuth(actores.admin)
  uid.personalB = idB
})
afterAll(async () => {
  await stack?.close()
})

/** A close as the tablet sends it (decision 0038's example: Efectivo S/ 235 expected). */
function cierre(extra: Fila = {}): Fila & { id_cierre: string } {
  return {
    id_cierre: randomUUID(),
    fecha: fechaPeru(),
    metodo: 'Efectivo',
    esperado: 235,
    contado: 230,
    diferencia: -5,
    nota: 'Faltan S/ 5: vuelto mal dado',
    dispositivo: 'tablet-recepcion-1',
    cerrado_at: new Date(Date.now() - 60_000).toISOString(),
    ...extra,
  }
}

async function registrar(cliente: SupabaseClient, filas: unknown[]): Promise<Resultado[]> {
  const { data, error } = await cliente.rpc('registrar_cierres_caja', { p_filas: filas })
  expect(error).toBeNull()
  return (data as { results: Resultado[] }).results
}

const guardado = (id: string) => leer(stack.db, 'tb_cierres_caja', 'id_cierre', id)
const cuantos = (ids: string[]) => valor<number>(stack.db, `select count(*)::int as v from public.tb_cierres_caja where id_cierre = any ($1::uuid[])`, [ids])

describe('registrar_cierres_caja', () => {
  it('el personal registra dos cierres; reenviar la misma llamada responde ok y no duplica', async () => {
    const efectivo = cierre()
    const yape = cierre({ metodo: '  Yape ', esperado: 80, contado: 80, diferencia: 0, nota: '   ' })
    expect(await registrar(actores.personal, [efectivo, yape])).toEqual([{ i: 0, s: 'ok' }, { i: 1, s: 'ok' }])
    // The acknowledgement was lost: the tablet sends the same call again.
    expect(await registrar(actores.personal, [efectivo, yape])).toEqual([{ i: 0, s: 'ok' }, { i: 1, s: 'ok' }])
    expect(await cuantos([efectivo.id_cierre, yape.id_cierre])).toBe(2)

    const a = await guardado(efectivo.id_cierre)
    expect(a).toMatchObject({ fecha: efectivo.fecha, metodo: 'Efectivo', esperado: 235, contado: 230, diferencia: -5, nota: efectivo.nota, dispositivo: 'tablet-recepcion-1', id_usuario: uid.personal })
    expect(Date.parse(String(a!.cerrado_at))).toBe(Date.parse(String(efectivo.cerrado_at)))
    expect(Math.abs(Date.parse(String(a!.created_at)) - Date.now())).toBeLessThan(60_000)
    // Texts are trimmed, an empty note is no note; the retry compares the trimmed values.
    expect(await guardado(yape.id_cierre)).toMatchObject({ metodo: 'Yape', nota: null })
  })

  it('el cierre es de quien llama aunque el envío diga otro usuario u otra hora de llegada', async () => {
    const c = cierre({ id_usuario: uid.admin, created_at: '2001-01-01T00:00:00Z' })
    expect(await registrar(actores.personal, [c])).toEqual([{ i: 0, s: 'ok' }])
    const fila = await guardado(c.id_cierre)
    expect(fila!.id_usuario).toBe(uid.personal)
    expect(Date.parse(String(fila!.created_at))).toBeGreaterThan(Date.now() - 60_000)

    // Straight through REST as well: the trigger sets the author before RLS checks it.
    const rest = cierre({ id_usuario: uid.personalB, created_at: '2001-01-01T00:00:00Z' })
    const { error } = await actores.personal.from('tb_cierres_caja').insert(rest)
    expect(error).toBeNull()
    expect((await guardado(rest.id_cierre))!.id_usuario).toBe(uid.personal)
  })

  it('fechas fuera de los últimos 7 días se rechazan en español y las demás filas de la llamada se guardan', async () => {
    const hoy = cierre()
    const hace8 = cierre({ fecha: fechaPeru(-8) })
    const manana = cierre({ fecha: fechaPeru(1) })
    const hace7 = cierre({ fecha: fechaPeru(-7), metodo: 'Yape', esperado: 80, contado: 80, diferencia: 0 })
    expect(await registrar(actores.personal, [hoy, hace8, manana, hace7])).toEqual([
      { i: 0, s: 'ok' },
      { i: 1, s: 'refused', code: '23514', constraint: 'tb_cierres_caja_fecha_acotada', message: FECHA_FUERA },
      { i: 2, s: 'refused', code: '23514', constraint: 'tb_cierres_caja_fecha_acotada', message: FECHA_FUERA },
      { i: 3, s: 'ok' },
    ])
    expect(await cuantos([hoy.id_cierre, hace7.id_cierre])).toBe(2)
    expect(await cuantos([hace8.id_cierre, manana.id_cierre])).toBe(0)
  })

  it('una diferencia que no cuadra o una nota de 501 caracteres se rechazan con su motivo; una hora futura (reloj adelantado) se acota a la del servidor', async () => {
    const descuadre = cierre({ diferencia: 5 })
    const notaLarga = cierre({ nota: 'n'.repeat(501) })
    const futura = cierre({ cerrado_at: new Date(Date.now() + 3_600_000).toISOString() })
    const bien = cierre({ nota: 'n'.repeat(500) })
    expect(await registrar(actores.personal, [descuadre, notaLarga, futura, bien])).toEqual([
      { i: 0, s: 'refused', code: '23514', constraint: 'tb_cierres_caja_diferencia_cuadra', message: 'La diferencia del cierre de caja (5.00) debe ser el monto contado (230.00) menos el esperado (235.00).' },
      { i: 1, s: 'refused', code: '23514', constraint: 'tb_cierres_caja_nota_larga', message: 'La nota del cierre de caja no puede superar 500 caracteres.' },
      { i: 2, s: 'ok' },
      { i: 3, s: 'ok' },
    ])
    expect(await cuantos([descuadre.id_cierre, notaLarga.id_cierre])).toBe(0)
    const acotada = await guardado(futura.id_cierre)
    expect(Date.parse(String(acotada!.cerrado_at))).toBe(Date.parse(String(acotada!.created_at)))
    expect(Date.parse(String(acotada!.cerrado_at))).toBeLessThan(Date.parse(String(futura.cerrado_at)))
    // The retry of that close (its acknowledgement lost) is the same close, not another one.
    expect(await registrar(actores.personal, [futura])).toEqual([{ i: 0, s: 'ok' }])
  })

  it('datos con otra forma se rechazan por fila en español', async () => {
    const sinMetodo = cierre({ metodo: undefined })
    const resultados = await registrar(actores.personal, [
      'no es un objeto',
      cierre({ fecha: '2026-02-30' }),
      cierre({ esperado: 'mucho' }),
      sinMetodo,
      cierre({ metodo: 42 }),
    ])
    expect(resultados).toEqual([
      { i: 0, s: 'refused', code: '22023', message: 'Cada cierre de caja debe ser un objeto JSON.' },
      { i: 1, s: 'refused', code: expect.stringMatching(/^22/), message: 'Dato no válido en el cierre de caja: fecha (2026-02-30).' },
      { i: 2, s: 'refused', code: '22P02', message: 'Dato no válido en el cierre de caja: esperado (mucho).' },
      { i: 3, s: 'refused', code: '23502', message: 'Falta un dato obligatorio: metodo.' },
      { i: 4, s: 'refused', code: '22023', message: 'Dato no válido en el cierre de caja: metodo debe ser un texto.' },
    ])
  })

  it('el mismo id con otros datos, o ya usado por otro usuario, se rechaza sin tocar el guardado', async () => {
    const c = cierre()
    expect(await registrar(actores.personal, [c])).toEqual([{ i: 0, s: 'ok' }])
    expect(await registrar(actores.personal, [{ ...c, contado: 235, diferencia: 0 }])).toEqual([
      { i: 0, s: 'refused', code: '23505', constraint: 'tb_cierres_caja_pkey', message: 'Este cierre de caja ya se registró con otros datos y un cierre no se modifica: registra otro cierre del mismo día.' },
    ])
    for (const otro of [personalB, actores.admin]) {
      expect(await registrar(otro, [c])).toEqual([
        { i: 0, s: 'refused', code: '23505', constraint: 'tb_cierres_caja_pkey', message: 'Este cierre de caja no se guardó: su identificador ya pertenece a un cierre de otro usuario.' },
      ])
    }
    expect(await guardado(c.id_cierre)).toMatchObject({ contado: 230, id_usuario: uid.personal })
  })

  it('anon no puede llamarla, ni un usuario sin perfil de personal', async () => {
    const c = cierre()
    const anon = await actores.anon.rpc('registrar_cierres_caja', { p_filas: [c] })
    expect(anon.error).not.toBeNull()
    expect(anon.data).toBeNull()
    const sinPerfil = await actores.sinPerfil.rpc('registrar_cierres_caja', { p_filas: [c] })
    expect(sinPerfil.error).toMatchObject({ code: '42501', message: 'Solo el personal activo del spa puede registrar cierres de caja.' })
    expect(await cuantos([c.id_cierre])).toBe(0)
    // And the grant itself: anon has no EXECUTE (PostgREST's own answer would be 42501).
    expect(await valor<boolean>(stack.db, `select has_function_privilege('anon', 'public.registrar_cierres_caja(jsonb)', 'execute') as v`)).toBe(false)
    expect(await valor<boolean>(stack.db, `select has_table_privilege('anon', 'public.tb_cierres_caja', 'select') as v`)).toBe(false)
  })

  it('más de 500 filas o de 1 MB se rechaza entera (PT413) sin guardar nada; 500 filas pasan', async () => {
    const muchas = Array.from({ length: 501 }, () => cierre({ dispositivo: 'tope' }))
    const r501 = await actores.personal.rpc('registrar_cierres_caja', { p_filas: muchas })
    expect(r501.data).toBeNull()
    expect(r501.error).toMatchObject({ code: 'PT413', hint: 'registrar_cierres_caja_lote_grande' })
    expect(r501.error!.message).toMatch(/^La subida tiene demasiados cierres de caja o datos para una sola llamada \(501 filas, \d+ KB; el máximo es 500 filas y 1024 KB\)\. Divídela en lotes más pequeños\.$/)

    // 300 rows with 4,000-character notes: few rows, but over 1 MB.
    const pesadas = Array.from({ length: 300 }, () => cierre({ dispositivo: 'tope', nota: 'x'.repeat(4000) }))
    const rBytes = await actores.personal.rpc('registrar_cierres_caja', { p_filas: pesadas })
    expect(rBytes.error).toMatchObject({ code: 'PT413', hint: 'registrar_cierres_caja_lote_grande' })
    expect(rBytes.error!.message).toMatch(/\(300 filas, \d{4,} KB;/)
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_cierres_caja where dispositivo = 'tope'`)).toBe(0)

    const resultados = await registrar(actores.personal, muchas.slice(0, 500))
    expect(resultados).toHaveLength(500)
    expect(resultados.every((r, i) => r.i === i && r.s === 'ok')).toBe(true)
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_cierres_caja where dispositivo = 'tope'`)).toBe(500)
  })

  it('una llamada vacía responde una lista vacía; p_filas que no es una lista se rechaza', async () => {
    expect(await registrar(actores.personal, [])).toEqual([])
    const { error } = await actores.personal.rpc('registrar_cierres_caja', { p_filas: { id_cierre: randomUUID() } })
    expect(error).toMatchObject({ code: '22023', message: 'p_filas debe ser un arreglo JSON de cierres de caja.' })
  })
})

describe('lectura y seguridad de tb_cierres_caja', () => {
  it('el personal lee solo sus cierres; un administrador lee los de todos', async () => {
    const deA = cierre({ dispositivo: 'tablet-a' })
    const deB = cierre({ dispositivo: 'tablet-b', metodo: 'Plin', esperado: 40, contado: 50, diferencia: 10 })
    expect(await registrar(actores.personal, [deA])).toEqual([{ i: 0, s: 'ok' }])
    expect(await registrar(personalB, [deB])).toEqual([{ i: 0, s: 'ok' }])
    const ids = [deA.id_cierre, deB.id_cierre]

    const leeA = await actores.personal.from('tb_cierres_caja').select('id_cierre').in('id_cierre', ids)
    expect(leeA.error).toBeNull()
    expect(leeA.data).toEqual([{ id_cierre: deA.id_cierre }])
    const leeB = await personalB.from('tb_cierres_caja').select('id_cierre').eq('id_cierre', deA.id_cierre)
    expect(leeB.error).toBeNull()
    expect(leeB.data).toEqual([])

    // The read the device makes when the report opens (sync/cierres): a day range, by time.
    const admin = await actores.admin
      .from('tb_cierres_caja')
      .select('*')
      .gte('fecha', fechaPeru(-7))
      .lte('fecha', fechaPeru())
      .in('id_cierre', ids)
      .order('cerrado_at')
    expect(admin.error).toBeNull()
    expect(admin.data!.map((r) => r.id_cierre).sort()).toEqual([...ids].sort())
    expect(admin.data!.find((r) => r.id_cierre === deB.id_cierre)).toMatchObject({
      fecha: deB.fecha, metodo: 'Plin', esperado: 40, contado: 50, diferencia: 10, nota: deB.nota, dispositivo: 'tablet-b', id_usuario: uid.personalB,
    })
    expect(Object.keys(admin.data![0]!).sort()).toEqual(
      ['cerrado_at', 'contado', 'created_at', 'diferencia', 'dispositivo', 'esperado', 'fecha', 'id_cierre', 'id_usuario', 'metodo', 'nota'],
    )

    // Anon and a user without a staff profile read nothing.
    expect((await actores.anon.from('tb_cierres_caja').select('id_cierre').in('id_cierre', ids)).data ?? []).toEqual([])
    expect((await actores.sinPerfil.from('tb_cierres_caja').select('id_cierre').in('id_cierre', ids)).data ?? []).toEqual([])
  })

  it('por REST rigen las mismas reglas: una fecha fuera de la ventana se rechaza en español', async () => {
    const { error } = await actores.personal.from('tb_cierres_caja').insert(cierre({ fecha: fechaPeru(-30) }))
    expect(error).toMatchObject({ code: '23514', message: FECHA_FUERA })
  })

  it('nadie actualiza ni borra un cierre: ni el personal, ni un administrador, ni el servidor', async () => {
    const deA = cierre()
    expect(await registrar(actores.personal, [deA])).toEqual([{ i: 0, s: 'ok' }])
    const antes = await guardado(deA.id_cierre)

    for (const cliente of [actores.personal, actores.admin]) {
      const upd = await cliente.from('tb_cierres_caja').update({ contado: 235, diferencia: 0 }).eq('id_cierre', deA.id_cierre)
      expect(upd.error?.code).toBe('42501')
      const del = await cliente.from('tb_cierres_caja').delete().eq('id_cierre', deA.id_cierre)
      expect(del.error?.code).toBe('42501')
    }
    // The service role bypasses RLS and keeps its privileges: the guard still refuses.
    const servicio = stack.service()
    const upd = await servicio.from('tb_cierres_caja').update({ nota: 'corregido' }).eq('id_cierre', deA.id_cierre)
    expect(upd.error).toMatchObject({ code: 'P0001', message: INMUTABLE })
    const del = await servicio.from('tb_cierres_caja').delete().eq('id_cierre', deA.id_cierre)
    expect(del.error).toMatchObject({ code: 'P0001', message: INMUTABLE })
    await expect(stack.db.query(`update public.tb_cierres_caja set contado = 0, diferencia = -235 where id_cierre = $1`, [deA.id_cierre])).rejects.toThrow(INMUTABLE)
    await expect(stack.db.query(`delete from public.tb_cierres_caja where id_cierre = $1`, [deA.id_cierre])).rejects.toThrow(INMUTABLE)

    expect(await guardado(deA.id_cierre)).toEqual(antes)
  })

  it('no se replica: sin columnas de sincronización, fuera de Realtime, con RLS y sin políticas de escritura salvo la inserción', async () => {
    const { rows } = await stack.db.query<{ rls: boolean; publicada: boolean; sync: boolean }>(
      `select c.relrowsecurity as rls,
              exists (select 1 from pg_publication_tables p where p.pubname = 'supabase_realtime' and p.tablename = c.relname) as publicada,
              exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname in ('_xid', '_modified', '_deleted')) as sync
         from pg_class c where c.oid = 'public.tb_cierres_caja'::regclass`,
    )
    expect(rows[0]).toEqual({ rls: true, publicada: false, sync: false })
    const politicas = await stack.db.query<{ cmd: string }>(`select cmd from pg_policies where schemaname = 'public' and tablename = 'tb_cierres_caja' order by cmd`)
    expect(politicas.rows.map((p) => p.cmd)).toEqual(['INSERT', 'SELECT', 'SELECT'])
  })
})
