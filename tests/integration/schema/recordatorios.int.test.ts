/**
 * The reminder's mark on a cita, server half (docs/decisions/0056-recordatorios.md): who
 * marked is the server's (auth.uid() and the profile's name, whatever the tablet sends),
 * the time is the tablet's but never later than the server's, the first mark stays when a
 * second tablet marked the same cita offline (through the real three-way merge too), and
 * only the author or an administrator removes a mark.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { tbCitas } from '../../../sync/tables/product-tables.ts'
import { fromServerRow } from '../../../sync/tables/rows.ts'
import { threeWayMerge } from '../../../sync/merge/three-way-merge.ts'
import { crearActores, crearUsuarioAuth, idAuth, type Actores } from './support/actores.ts'
import { crearCita, insertar, leer, unico, type Fila } from './support/datos.ts'
import { copiaLocal, editado, subir } from './support/tablet.ts'

let stack: TestStack
let actores: Actores
let luis: SupabaseClient
const uid = { personal: '', admin: '', luis: '' }

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
  const email = `${unico('luis')}@spa.local`
  uid.luis = await crearUsuarioAuth(stack.db, email, 'clave-luis-1234')
  await insertar(stack.db, 'tbusuarios', { auth_user_id: uid.luis, id_nombre: 'Luis Rojas', id_correo: email })
  luis = await stack.signIn(email, 'clave-luis-1234')
  uid.personal = await idAuth(actores.personal)
  uid.admin = await idAuth(actores.admin)
})
afterAll(async () => {
  await stack?.close()
})

const marca = (cita: Fila | null) => ({ at: cita?.recordado_at ?? null, por: cita?.recordado_por ?? null, id: cita?.recordado_por_id ?? null })
const guardada = async (id: string) => marca(await leer(stack.db, 'tb_citas', 'id_cita', id))
const hace = (minutos: number) => new Date(Date.now() - minutos * 60_000).toISOString()

/** The tablet of `cliente` marks the cita (forging another author, as a hostile client could). */
async function marcar(cliente: SupabaseClient, id: string, cuando: string, falso: { por: string; id: string }) {
  const base = await copiaLocal(cliente, tbCitas, id)
  const local = editado(base, { recordado_at: cuando, recordado_por: falso.por, recordado_por_id: falso.id })
  return { base, local, resultado: await subir(cliente, tbCitas, [{ local, base }]) }
}

describe('la marca del recordatorio', () => {
  it('quién marcó lo pone el servidor, y la hora nunca es posterior a la del servidor', async () => {
    const cita = await crearCita(stack.db)
    const id = String(cita.id_cita)
    const tapped = hace(20)
    expect((await marcar(actores.personal, id, tapped, { por: 'Administrador', id: uid.admin })).resultado).toEqual([])
    const m = await guardada(id)
    expect(m.por).toBe('Recepción')
    expect(m.id).toBe(uid.personal)
    expect(Date.parse(String(m.at))).toBe(Date.parse(tapped))

    // A clock in the future is brought back to the server's time; a direct REST update is judged the same way.
    const otra = String((await crearCita(stack.db)).id_cita)
    const antes = Date.now()
    const { error } = await luis.from('tb_citas').update({ recordado_at: '2099-01-01T00:00:00Z', recordado_por: 'Recepción', recordado_por_id: uid.personal }).eq('id_cita', otra)
    expect(error).toBeNull()
    const m2 = await guardada(otra)
    expect(m2.por).toBe('Luis Rojas')
    expect(m2.id).toBe(uid.luis)
    expect(Date.parse(String(m2.at))).toBeLessThan(antes + 60_000)
  })

  it('dos tablets marcaron sin conexión: la primera marca se queda y la segunda recibe quién y cuándo', async () => {
    const id = String((await crearCita(stack.db)).id_cita)
    // Both tablets pulled the cita unmarked, then went offline.
    const baseLuis = await copiaLocal(luis, tbCitas, id)
    await marcar(actores.personal, id, hace(10), { por: 'Recepción', id: uid.personal })
    const primera = await guardada(id)

    // Luis's tablet, later clock, uploads its own mark against the base it had: a conflict.
    const localLuis = editado(baseLuis, { recordado_at: hace(5), recordado_por: 'Luis Rojas', recordado_por_id: uid.luis })
    const [conflicto] = await subir(luis, tbCitas, [{ local: localLuis, base: baseLuis }])
    expect(conflicto?.s).toBe('conflict')
    // The device's merge keeps the first mark (sync/merge/business-rules.ts) ...
    const server = fromServerRow(tbCitas, conflicto!.row!)
    const { doc } = threeWayMerge(tbCitas, { base: baseLuis, server, local: localLuis })
    expect(marca(doc)).toEqual(marca(server))
    // ... and even a tablet that sends its mark over the server's row does not replace it.
    expect(await subir(luis, tbCitas, [{ local: { ...localLuis, updated_at: new Date().toISOString() }, base: server }])).toEqual([])
    expect(await guardada(id)).toEqual(primera)
    expect(primera.por).toBe('Recepción')
  })

  it('solo quien marcó (o un administrador) quita la marca', async () => {
    const id = String((await crearCita(stack.db)).id_cita)
    await marcar(actores.personal, id, hace(3), { por: 'x', id: uid.luis })

    const deLuis = await copiaLocal(luis, tbCitas, id)
    const [rechazo] = await subir(luis, tbCitas, [{ local: editado(deLuis, { recordado_at: null, recordado_por: null, recordado_por_id: null }), base: deLuis }])
    expect(rechazo).toMatchObject({ s: 'refused', code: '42501', message: 'Solo quien marcó el recordatorio (Recepción) o un administrador puede quitar la marca.' })
    expect((await guardada(id)).por).toBe('Recepción')

    const propia = await copiaLocal(actores.personal, tbCitas, id)
    expect(await subir(actores.personal, tbCitas, [{ local: editado(propia, { recordado_at: null, recordado_por: 'queda', recordado_por_id: uid.personal }), base: propia }])).toEqual([])
    expect(await guardada(id)).toEqual({ at: null, por: null, id: null })

    await marcar(luis, id, hace(1), { por: 'Luis Rojas', id: uid.luis })
    const delAdmin = await copiaLocal(actores.admin, tbCitas, id)
    expect(await subir(actores.admin, tbCitas, [{ local: editado(delAdmin, { recordado_at: null }), base: delAdmin }])).toEqual([])
    expect(await guardada(id)).toEqual({ at: null, por: null, id: null })
  })

  it('una carga del servidor no deja una marca sin quién: el CHECK responde en español', async () => {
    const error = await crearCita(stack.db, { recordado_at: hace(1) }).then(
      () => null,
      (e: { code?: string; message?: string }) => e,
    )
    expect(error).toMatchObject({ code: '23514', message: 'Un recordatorio marcado debe indicar quién lo envió y cuándo.' })
  })

  it('una tablet que no conoce la marca edita la cita sin borrarla', async () => {
    const id = String((await crearCita(stack.db)).id_cita)
    await marcar(actores.personal, id, hace(2), { por: 'Recepción', id: uid.personal })
    const antes = await guardada(id)
    // An app from before this column sends only the columns it knows (sync_push's p_columns, or REST).
    const { data } = await luis.from('tb_citas').update({ notas_internas: 'Trae su toalla' }).eq('id_cita', id).select('notas_internas')
    expect(data).toEqual([{ notas_internas: 'Trae su toalla' }])
    expect(await guardada(id)).toEqual(antes)
  })
})
