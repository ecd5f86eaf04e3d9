/**
 * Cash closes on the tablet (docs/decisions/0038-cierre-de-caja.md), the device half against
 * the real server on both engines: a close made offline waits in the device's outbox and
 * goes up once the server answers, once; a close the server refuses keeps its reason and
 * is not sent again; a close uploads only under its author (a colleague signing in on the
 * same tablet does not send it under their name); erasing the device's data counts the
 * closes still waiting; the server's closes are read back, and offline the cache answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexedDB, IDBKeyRange } from 'fake-indexeddb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { SyncSession } from '../../../sync/session.ts'
import { manualNetwork, type ManualNetwork } from '../../../sync/runtime/network.ts'
import type { CierreCaja } from '../../../sync/cierres/cierres-outbox.ts'
import { createFixtureTables, fixtureTables } from '../../sync/fixture-tables.ts'
import { createSqlBackend } from '../../sync/sql-backend.ts'
import { waitFor } from '../../sync/wait.ts'
import { crearActores, crearUsuarioAuth, idAuth, type Actores } from '../schema/support/actores.ts'
import { fechaPeru, insertar, unico } from '../schema/support/datos.ts'

const storage = getRxStorageDexie({ indexedDB, IDBKeyRange })

let stack: TestStack
let actores: Actores
let bea: SupabaseClient
const id = { personal: '', admin: '', bea: '' }

beforeAll(async () => {
  stack = await startTestStack()
  await createFixtureTables(stack.db)
  actores = await crearActores(stack)
  const email = `${unico('caja-bea')}@spa.local`
  id.bea = await crearUsuarioAuth(stack.db, email, 'clave-caja-bea-1')
  await insertar(stack.db, 'tbusuarios', { auth_user_id: id.bea, id_nombre: 'Bea Caja', id_correo: email })
  bea = await stack.signIn(email, 'clave-caja-bea-1')
  id.personal = await idAuth(actores.personal)
  id.admin = await idAuth(actores.admin)
})
afterAll(async () => {
  await stack?.close()
})

function open(databaseName: string, cliente: SupabaseClient, userId: string, network: ManualNetwork, isAdmin = false) {
  return SyncSession.open({
    supabase: cliente,
    user: { id: userId, email: `${userId.slice(0, 4)}@spa.local`, isAdmin },
    databaseName,
    storage: storage as never,
    tables: fixtureTables,
    network,
    backend: createSqlBackend(stack.db, userId),
    realtime: false,
    multiInstance: false,
    periodicPullMs: 300,
  })
}

function cierre(extra: Partial<CierreCaja> = {}): Omit<CierreCaja, 'dispositivo'> {
  return { id_cierre: crypto.randomUUID(), fecha: fechaPeru(), metodo: 'Efectivo', esperado: 235, contado: 230, diferencia: -5, nota: 'Faltan S/ 5', cerrado_at: new Date().toISOString(), ...extra }
}

async function enServidor(idCierre: string) {
  const { rows } = await stack.db.query<{ id_usuario: string; contado: string; dispositivo: string }>('select id_usuario, contado::text, dispositivo from public.tb_cierres_caja where id_cierre = $1', [idCierre])
  return rows
}
const local = async (s: SyncSession, idCierre: string) => (await s.cierresCaja.outbox.list()).find((c) => c.id_cierre === idCierre)

describe('cash closes on the device', () => {
  it('a close made offline waits on the device and goes up once, under its author, when the server answers', async () => {
    const network = manualNetwork(false)
    const s = await open(`caja-${unico('a')}`, actores.personal, id.personal, network)
    try {
      const c = cierre()
      await s.cierresCaja.registrar([c])
      expect(await local(s, c.id_cierre)).toMatchObject({ subido_at: null, rechazo: null, autor: { id: id.personal } })
      expect((await local(s, c.id_cierre))!.dispositivo).toMatch(/^Equipo [0-9A-F]{4}$/)
      expect(await s.cierresCaja.waiting()).toBe(1)
      expect(await enServidor(c.id_cierre)).toEqual([])

      network.set(true)
      await waitFor('el cierre llegó al servidor', async () => (await local(s, c.id_cierre))?.subido_at)
      expect(await enServidor(c.id_cierre)).toEqual([{ id_usuario: id.personal, contado: '230.00', dispositivo: (await local(s, c.id_cierre))!.dispositivo }])
      // Another kick sends nothing more: the close is stored once.
      s.resync()
      await s.cierresCaja.send()
      expect(await enServidor(c.id_cierre)).toHaveLength(1)
      expect(await s.cierresCaja.waiting()).toBe(0)

      // Read back from the server, and offline from the device's cache.
      const leidos = await s.cierresCaja.delServidor(fechaPeru(), fechaPeru())
      expect(leidos.desdeCache).toBe(false)
      expect(leidos.cierres.map((r) => r.id_cierre)).toContain(c.id_cierre)
      network.set(false)
      const cache = await s.cierresCaja.delServidor(fechaPeru(), fechaPeru())
      expect(cache.desdeCache).toBe(true)
      expect(cache.cierres.find((r) => r.id_cierre === c.id_cierre)).toMatchObject({ contado: 230, esperado: 235, diferencia: -5 })
    } finally {
      await s.close({ upload: false })
    }
  })

  it('a close the server refuses keeps its Spanish reason and is not sent again; the others of the batch go up', async () => {
    const network = manualNetwork(true)
    const s = await open(`caja-${unico('b')}`, actores.personal, id.personal, network)
    try {
      // A tablet off for ten days closes a day the server no longer takes.
      const viejo = cierre({ fecha: fechaPeru(-10) })
      const bueno = cierre({ metodo: 'Yape', esperado: 80, contado: 80, diferencia: 0 })
      await s.cierresCaja.registrar([viejo, bueno])
      await waitFor('el servidor respondió', async () => (await local(s, viejo.id_cierre))?.rechazo)
      expect((await local(s, viejo.id_cierre))!.rechazo).toBe('La fecha del cierre de caja debe estar entre los últimos 7 días y hoy.')
      await waitFor('el cierre válido subió', async () => (await local(s, bueno.id_cierre))?.subido_at)
      expect(await enServidor(viejo.id_cierre)).toEqual([])
      expect(await s.cierresCaja.waiting()).toBe(0)
    } finally {
      await s.close({ upload: false })
    }
  })

  it('a close waits for its author: a colleague on the same tablet does not upload it; its author does at the next sign-in', async () => {
    const name = `caja-${unico('c')}`
    const network = manualNetwork(false)
    const ana = await open(name, actores.personal, id.personal, network)
    const c = cierre()
    await ana.cierresCaja.registrar([c])
    await ana.close({ upload: false })

    network.set(true)
    const b = await open(name, bea, id.bea, network)
    await b.cierresCaja.send()
    b.resync()
    await b.cierresCaja.send()
    expect(await enServidor(c.id_cierre)).toEqual([])
    expect((await local(b, c.id_cierre))?.subido_at).toBeNull()
    // Erasing the device's data would lose it: the waiting close counts.
    const borrar = await b.close({ upload: true })
    expect(borrar).toMatchObject({ removed: false, pending: 1 })
    await b.close({ upload: false })

    const ana2 = await open(name, actores.personal, id.personal, network)
    try {
      await waitFor('el cierre de Ana subió con Ana', async () => (await enServidor(c.id_cierre))[0])
      expect((await enServidor(c.id_cierre))[0]!.id_usuario).toBe(id.personal)
    } finally {
      await ana2.close({ upload: false })
    }
  })

  it('an administrator reads every tablet’s closes; staff only their own', async () => {
    const network = manualNetwork(true)
    const name = `caja-${unico('d')}`
    const deBea = cierre({ metodo: 'Plin', esperado: 10, contado: 10, diferencia: 0 })
    const b = await open(name, bea, id.bea, network)
    await b.cierresCaja.registrar([deBea])
    await waitFor('el cierre de Bea subió', async () => (await local(b, deBea.id_cierre))?.subido_at)
    await b.close({ upload: false })

    const personal = await open(`caja-${unico('e')}`, actores.personal, id.personal, network)
    const admin = await open(`caja-${unico('f')}`, actores.admin, id.admin, network, true)
    try {
      expect((await personal.cierresCaja.delServidor(fechaPeru(), fechaPeru())).cierres.map((r) => r.id_cierre)).not.toContain(deBea.id_cierre)
      const todos = await admin.cierresCaja.delServidor(fechaPeru(), fechaPeru())
      expect(todos.cierres.find((r) => r.id_cierre === deBea.id_cierre)).toMatchObject({ id_usuario: id.bea, metodo: 'Plin' })
    } finally {
      await personal.close({ upload: false })
      await admin.close({ upload: false })
    }
  })
})
