/**
 * The replication engine against the real sync SQL functions (RLS, triggers, unique
 * and foreign keys), with two devices in this process on small fixture tables and a
 * backend whose faults are injected call by call. The device scenarios (docs/decisions/0003-sync.md) run
 * in tests/integration/sync/scenarios-*.int.test.ts through supabase-js.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { IDBFactory } from 'fake-indexeddb'
import { getRxStoragePersistedMemory } from '../../../sync/storage/persisted-memory.ts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { demo, startTestStack, type TestStack } from '../../support/stack.ts'
import { SyncSession } from '../../../sync/session.ts'
import { manualNetwork, type ManualNetwork } from '../../../sync/runtime/network.ts'
import { createFixtureTables, fixtureTables, fxItems, fxNotas } from '../../sync/fixture-tables.ts'
import type { TableDef } from '../../../sync/tables/table-def.ts'
import { createSqlBackend, type SqlBackend } from '../../sync/sql-backend.ts'
import { waitFor } from '../../sync/wait.ts'
import { watchDownloadWrites, writeAsDownload, type DownloadWrites } from '../../sync/engine-slip.ts'

const USER = '7a1c0000-0000-4000-8000-00000000aaaa'
const OTHER = '7a1c0000-0000-4000-8000-00000000bbbb'

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack()
  await createFixtureTables(stack.db)
})
afterAll(async () => {
  await stack?.close()
})

interface Device {
  session: SyncSession
  backend: SqlBackend
  network: ManualNetwork
  /** The download's writes to sx_notas (their context strands a change: strandLocalChange). */
  downloads: DownloadWrites
}
const open: SyncSession[] = []
const watchers: DownloadWrites[] = []
afterEach(async () => {
  for (const w of watchers.splice(0)) w.stop()
  for (const s of open.splice(0)) await s.close({ upload: false }).catch(() => {})
})

let seq = 0
async function device(
  name = `dev${++seq}`,
  options: { online?: boolean; sub?: string; supabase?: SupabaseClient; integrityCheckAfterMs?: number } = {},
): Promise<Device> {
  const backend = createSqlBackend(stack.db, options.sub ?? USER)
  const network = manualNetwork(options.online ?? true)
  const session = await SyncSession.open({
    supabase: options.supabase ?? stack.anon(),
    user: { id: `${name}-${Date.now()}`, isAdmin: false },
    databaseName: `engine-${name}-${seq}-${Date.now()}`,
    storage: getRxStorageMemory(),
    tables: fixtureTables,
    network,
    backend,
    realtime: false,
    multiInstance: false,
    periodicPullMs: 500,
    integrityCheckAfterMs: options.integrityCheckAfterMs,
  })
  open.push(session)
  const downloads = watchDownloadWrites(session.collection('sx_notas')!)
  watchers.push(downloads)
  return { session, backend, network, downloads }
}

const notas = (d: Device) => d.session.collection('sx_notas')!
const items = (d: Device) => d.session.collection('sx_items')!
const id = () => crypto.randomUUID()

async function serverNota(idNota: string) {
  const { rows } = await stack.db.query<Record<string, unknown>>('select * from public.sx_notas where id_nota = $1', [idNota])
  return rows[0]
}

async function localNota(d: Device, idNota: string) {
  const doc = await notas(d).findOne(idNota).exec()
  return doc?.toJSON() as Record<string, unknown> | undefined
}

async function settled(d: Device) {
  await waitFor('sin cambios pendientes', async () => (await d.session.pendingTotal()) === 0)
}

describe('sync engine', () => {
  it('uploads a local insert and pulls back what the server derived', async () => {
    const a = await device()
    const idNota = id()
    await notas(a).insert({ id_nota: idNota, titulo: ' Hola ', etiquetas: ['x', 'y'] })
    const row = await waitFor('fila en el servidor', () => serverNota(idNota))
    expect(row).toMatchObject({ titulo: ' Hola ', total: 2, _deleted: false })
    // The device never wrote `total`; the server's value arrives with the next pull.
    a.session.resync()
    await waitFor('total en el dispositivo', async () => (await localNota(a, idNota))?.total === 2)
    const local = (await localNota(a, idNota))!
    expect(local.sync_xid).toBe(String(row._xid))
    expect(local.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  })

  it('delivers a row written elsewhere to a second device', async () => {
    const a = await device()
    const b = await device()
    const idNota = id()
    await notas(a).insert({ id_nota: idNota, titulo: `compartida ${idNota.slice(0, 8)}` })
    await waitFor('fila en el servidor', () => serverNota(idNota))
    b.session.resync()
    await waitFor('fila en B', () => localNota(b, idNota))
  })

  it('merges offline edits of different fields from two devices', async () => {
    const a = await device()
    const b = await device()
    const idNota = id()
    await notas(a).insert({ id_nota: idNota, titulo: `merge ${idNota.slice(0, 8)}`, cuerpo: 'original', prioridad: 1 })
    await waitFor('fila en el servidor', () => serverNota(idNota))
    b.session.resync()
    await waitFor('fila en B', () => localNota(b, idNota))

    a.network.set(false)
    b.network.set(false)
    await (await notas(a).findOne(idNota).exec())!.incrementalPatch({ cuerpo: 'de A' })
    await (await notas(b).findOne(idNota).exec())!.incrementalPatch({ prioridad: 7 })
    a.network.set(true)
    await settled(a)
    b.network.set(true)
    await settled(b)
    a.session.resync()
    b.session.resync()

    await waitFor('servidor con ambos cambios', async () => {
      const row = await serverNota(idNota)
      return row?.cuerpo === 'de A' && row?.prioridad === 7
    })
    for (const d of [a, b]) {
      await waitFor('dispositivo con ambos cambios', async () => {
        const n = await localNota(d, idNota)
        return n?.cuerpo === 'de A' && n?.prioridad === 7
      })
    }
    expect(a.session.status.getState().conflicts).toEqual([])
    expect(b.session.status.getState().conflicts).toEqual([])
  })

  it('same field on both: the later edit wins everywhere and the loser keeps its value in the conflict log', async () => {
    const a = await device()
    const b = await device()
    const idNota = id()
    await notas(a).insert({ id_nota: idNota, titulo: `lww ${idNota.slice(0, 8)}`, cuerpo: 'original' })
    await waitFor('fila en el servidor', () => serverNota(idNota))
    b.session.resync()
    await waitFor('fila en B', () => localNota(b, idNota))

    a.network.set(false)
    b.network.set(false)
    await (await notas(a).findOne(idNota).exec())!.incrementalPatch({ cuerpo: 'A (antes)' })
    await new Promise((r) => setTimeout(r, 5))
    await (await notas(b).findOne(idNota).exec())!.incrementalPatch({ cuerpo: 'B (después)' })
    // The winner uploads first; the loser meets the conflict.
    b.network.set(true)
    await settled(b)
    a.network.set(true)
    await settled(a)
    a.session.resync()
    b.session.resync()

    await waitFor('servidor con B', async () => (await serverNota(idNota))?.cuerpo === 'B (después)')
    for (const d of [a, b]) await waitFor('dispositivo con B', async () => (await localNota(d, idNota))?.cuerpo === 'B (después)')
    const log = await waitFor('entrada en el registro de conflictos', () => a.session.status.getState().conflicts.find((c) => c.docId === idNota))
    expect(log).toMatchObject({ collection: 'sx_notas', field: 'cuerpo', localValue: 'A (antes)', serverValue: 'B (después)' })
    expect(b.session.status.getState().conflicts).toEqual([])
  })

  it('a refused insert is dropped, recorded with a Spanish reason, and does not block later writes', async () => {
    const a = await device()
    const bad = id()
    const good = id()
    a.network.set(false)
    await notas(a).insert({ id_nota: bad, titulo: 'prohibido' })
    await notas(a).insert({ id_nota: good, titulo: `después ${good.slice(0, 8)}` })
    a.network.set(true)
    await waitFor('la escritura posterior llega', () => serverNota(good))
    await waitFor('la insertada rechazada se retira del dispositivo', async () => !(await localNota(a, bad)))
    expect(await serverNota(bad)).toBeUndefined()
    const refused = await waitFor('escritura rechazada registrada', () => a.session.status.getState().refused.find((r) => r.docId === bad))
    expect(refused).toMatchObject({ collection: 'sx_notas', operation: 'insert', code: '42501', reason: 'No tienes permiso para guardar este cambio.' })
    expect(refused.localVersion).toMatchObject({ titulo: 'prohibido' })
    expect(refused.serverVersion).toBeNull()
  })

  it('a write refused by a trigger takes the server state back and keeps the trigger message', async () => {
    const a = await device()
    const idNota = id()
    await notas(a).insert({ id_nota: idNota, titulo: `regla ${idNota.slice(0, 8)}` })
    await waitFor('fila en el servidor', () => serverNota(idNota))
    await settled(a)
    await (await notas(a).findOne(idNota).exec())!.incrementalPatch({ titulo: 'rechazar', cuerpo: 'no llegará' })
    const refused = await waitFor('rechazo registrado', () => a.session.status.getState().refused.find((r) => r.docId === idNota))
    expect(refused).toMatchObject({ operation: 'update', code: 'P0001', reason: 'Regla de prueba: este título no se acepta.' })
    expect(refused.serverVersion).toMatchObject({ titulo: `regla ${idNota.slice(0, 8)}` })
    await waitFor('estado del servidor de vuelta', async () => (await localNota(a, idNota))?.titulo === `regla ${idNota.slice(0, 8)}`)
    expect((await localNota(a, idNota))?.cuerpo).toBeNull()
  })

  it('is idempotent after a lost acknowledgement: the row exists once and the device converges', async () => {
    const a = await device()
    const idNota = id()
    a.backend.inject('push', 'lost-ack', 2)
    await notas(a).insert({ id_nota: idNota, titulo: `ack ${idNota.slice(0, 8)}`, etiquetas: [{ k: 1 }] })
    await waitFor('fila en el servidor', () => serverNota(idNota))
    await settled(a)
    const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.sx_notas where id_nota = $1', [idNota])
    expect(rows[0]!.n).toBe(1)
    expect(a.backend.calls.push).toBeGreaterThanOrEqual(3)
    expect(a.session.status.getState().refused).toEqual([])
    expect(a.session.status.getState().conflicts).toEqual([])
  })

  it('retries server errors with backoff and reports them meanwhile', async () => {
    const a = await device()
    const idNota = id()
    a.backend.inject('push', 'http500', 2)
    await notas(a).insert({ id_nota: idNota, titulo: `500 ${idNota.slice(0, 8)}` })
    await waitFor('error visible', () => a.session.status.getState().error)
    await waitFor('fila en el servidor', () => serverNota(idNota))
    await waitFor('error despejado', () => a.session.status.getState().error === null)
  })

  it('uploads a child row after the parent it references, even when written together offline', async () => {
    const a = await device()
    const idNota = id()
    const idItem = id()
    a.network.set(false)
    await notas(a).insert({ id_nota: idNota, titulo: `padre ${idNota.slice(0, 8)}` })
    await items(a).insert({ id_item: idItem, id_nota: idNota, cantidad: 3 })
    a.network.set(true)
    await waitFor('hijo en el servidor', async () => (await stack.db.query('select 1 from public.sx_items where id_item = $1', [idItem])).rows.length === 1)
    expect(a.session.status.getState().refused).toEqual([])
  })

  it("a row refused for a missing parent is tried again once, not while the next write of its own table waits behind it", async () => {
    const a = await device()
    const parent = id()
    await notas(a).insert({ id_nota: parent, titulo: `padre ${parent.slice(0, 8)}` })
    await waitFor('padre en el servidor', () => serverNota(parent))
    await settled(a)
    a.network.set(false)
    const orphan = id()
    // Its parent exists nowhere: the server refuses it (23503) however long it waits.
    await items(a).insert({ id_item: orphan, id_nota: id(), cantidad: 1 })
    await items(a).insert({ id_item: id(), id_nota: parent, cantidad: 2 })
    const before = a.backend.pushedRows.sx_items ?? 0
    a.network.set(true)
    const refused = await waitFor('rechazo registrado', () => a.session.status.getState().refused.find((r) => r.docId === orphan), 60_000)
    expect(refused.code).toBe('23503')
    // The orphan went twice (the first answer and the one retry), the other row once.
    expect((a.backend.pushedRows.sx_items ?? 0) - before).toBeLessThanOrEqual(4)
  })

  it('an update hidden by RLS removes the row locally and says why', async () => {
    const a = await device()
    const idNota = id()
    await notas(a).insert({ id_nota: idNota, titulo: `oculta ${idNota.slice(0, 8)}` })
    await waitFor('fila en el servidor', () => serverNota(idNota))
    await settled(a)
    await stack.db.query('update public.sx_notas set dueno = $2 where id_nota = $1', [idNota, OTHER])
    await (await notas(a).findOne(idNota).exec())!.incrementalPatch({ cuerpo: 'no visible' })
    const refused = await waitFor('rechazo registrado', () => a.session.status.getState().refused.find((r) => r.docId === idNota))
    expect(refused).toMatchObject({ code: '42501', operation: 'update', serverVersion: null })
    expect(refused.reason).toMatch(/no existe en el servidor o no tienes permiso/)
    await waitFor('retirada del dispositivo', async () => !(await localNota(a, idNota)))
  })

  it('rows that leave the user visibility are removed on the next catch-up', async () => {
    const a = await device()
    const keep = id()
    const leave = id()
    await notas(a).bulkInsert([
      { id_nota: keep, titulo: `queda ${keep.slice(0, 8)}` },
      { id_nota: leave, titulo: `se va ${leave.slice(0, 8)}` },
    ])
    await waitFor('filas en el servidor', async () => (await serverNota(keep)) && (await serverNota(leave)))
    await settled(a)
    await a.session.close({ upload: false })
    // Another user's row now: a pull will never mention it again.
    await stack.db.query('update public.sx_notas set dueno = $2 where id_nota = $1', [leave, OTHER])
    const again = await SyncSession.open({
      supabase: stack.anon(),
      user: a.session.user,
      databaseName: a.session.database.name,
      storage: getRxStorageMemory(),
      tables: fixtureTables,
      network: manualNetwork(true),
      backend: createSqlBackend(stack.db, USER),
      realtime: false,
      multiInstance: false,
    })
    open.push(again)
    await waitFor('fila invisible retirada', async () => !(await again.collection('sx_notas')!.findOne(leave).exec()))
    expect(await again.collection('sx_notas')!.findOne(keep).exec()).toBeTruthy()
  })

  it('an offline edit of a pulled row counts as pending after a scan found every row clean', async () => {
    const a = await device()
    const b = await device()
    const ids = [id(), id(), id()]
    await notas(a).bulkInsert(ids.map((k, i) => ({ id_nota: k, titulo: `limpia ${i} ${k.slice(0, 8)}` })))
    await waitFor('filas en el servidor', async () => (await Promise.all(ids.map(serverNota))).every(Boolean))
    b.session.resync()
    await waitFor('filas en B', async () => (await Promise.all(ids.map((k) => localNota(b, k)))).every(Boolean))
    // This scan walks the pulled rows and remembers them as clean…
    expect(await b.session.pendingTotal()).toBe(0)
    b.network.set(false)
    // …so the edit, which moves the first of them to the end of the change order, must
    // still be found by the next scan.
    await (await notas(b).findOne(ids[0]!).exec())!.incrementalPatch({ cuerpo: 'editada sin red' })
    expect(await b.session.pendingTotal()).toBe(1)
    await waitFor('1 pendiente en el estado', () => b.session.status.getState().pendingTotal === 1)
    b.network.set(true)
    await waitFor('edición en el servidor', async () => (await serverNota(ids[0]!))?.cuerpo === 'editada sin red')
    await settled(b)
  })

  it('the first download counts as done only once its rows are stored (no empty table behind a "done")', async () => {
    // Rows on the server for both fixture tables, so each one's last batch has something to store.
    const nota = id()
    await stack.db.query(`insert into public.sx_notas (id_nota, titulo) values ($1, $2)`, [nota, `primera ${nota.slice(0, 8)}`])
    await stack.db.query(`insert into public.sx_items (id_item, id_nota, cantidad) values ($1, $2, 1)`, [id(), nota])
    const a = await device(undefined, { online: false })
    expect(a.session.status.getState().initialSync?.done).toBe(false)
    // The order in which the device stores rows and declares its first download done.
    const order: string[] = []
    const subs = [notas(a), items(a)].map((c) => c.$.subscribe(() => order.push('fila')))
    const stop = a.session.status.subscribe((s) => {
      if (s.initialSync?.done && !order.includes('hecho')) order.push('hecho')
    })
    try {
      a.network.set(true)
      await waitFor('primera descarga', () => a.session.status.getState().initialSync?.done)
      expect(order).toContain('fila')
      expect(order.lastIndexOf('fila')).toBeLessThan(order.indexOf('hecho'))
      expect(await notas(a).findOne(nota).exec()).not.toBeNull()
    } finally {
      subs.forEach((s) => s.unsubscribe())
      stop()
    }
  })

  it('counts pending uploads offline and reports them on sign-out; removes the database once uploaded', async () => {
    const a = await device(undefined, { online: false })
    await notas(a).bulkInsert([0, 1, 2].map((i) => ({ id_nota: id(), titulo: `pendiente ${i} ${Date.now()}` })))
    await waitFor('3 pendientes', () => a.session.status.getState().pendingTotal === 3)
    expect(a.session.status.getState().oldestPendingAt).toMatch(/Z$/)
    const offline = await a.session.close({ upload: true, timeoutMs: 500 })
    expect(offline).toEqual({ uploaded: false, pending: 3, removed: false })
    a.network.set(true)
    const online = await a.session.close({ upload: true, timeoutMs: 10_000 })
    expect(online).toEqual({ uploaded: true, pending: 0, removed: true })
  })

  // Both RxDB's plain memory storage and the device's own (memory kept in IndexedDB,
  // docs/decisions/0052-almacen-en-memoria.md): a version bump reaches installed tablets.
  it.each([
    ['RxDB memory storage', () => getRxStorageMemory()],
    ["the device's storage", () => getRxStoragePersistedMemory({ indexedDB: new IDBFactory() })],
  ])('a local schema version bump migrates stored documents and keeps pending writes (%s)', async (_label, makeStorage) => {
    const name = `migracion-${Date.now()}`
    const storage = makeStorage()
    const openWith = (tables: readonly TableDef[], online: boolean, backend = createSqlBackend(stack.db, USER)) =>
      SyncSession.open({
        supabase: stack.anon(),
        user: { id: name, isAdmin: false },
        databaseName: name,
        storage,
        tables,
        network: manualNetwork(online),
        backend,
        realtime: false,
        multiInstance: false,
      })
    const synced = id()
    const pending = id()
    const v0 = await openWith(fixtureTables, true)
    await v0.collection('sx_notas')!.insert({ id_nota: synced, titulo: `sincronizada ${synced.slice(0, 8)}` })
    await waitFor('sincronizada en el servidor', () => serverNota(synced))
    await waitFor('nada pendiente', async () => (await v0.pendingTotal()) === 0)
    await v0.close({ upload: false })

    // Offline, the old version writes one more note, then the app updates.
    const v0offline = await openWith(fixtureTables, false)
    await v0offline.collection('sx_notas')!.insert({ id_nota: pending, titulo: `pendiente ${pending.slice(0, 8)}` })
    await v0offline.close({ upload: false })

    const v1Notas = {
      ...fxNotas,
      version: 1,
      columns: { ...fxNotas.columns, titulo: { type: 'text', maxLength: 40 } },
      indexes: ['prioridad', 'titulo'],
      migrationStrategies: { 1: (d: Record<string, unknown>) => ({ ...d, cuerpo: d.cuerpo ?? '(migrado)' }) },
    } satisfies TableDef
    const backend = createSqlBackend(stack.db, USER)
    const network = manualNetwork(false)
    const v1 = await SyncSession.open({
      supabase: stack.anon(),
      user: { id: name, isAdmin: false },
      databaseName: name,
      storage,
      tables: [v1Notas, fxItems],
      network,
      backend,
      realtime: false,
      multiInstance: false,
    })
    open.push(v1)
    const migrated = await v1.collection('sx_notas')!.findOne(pending).exec()
    expect(migrated?.get('cuerpo')).toBe('(migrado)')
    expect(await v1.pendingCounts()).toEqual({ sx_notas: 1, sx_items: 0 })

    network.set(true)
    await waitFor('la escritura pendiente llega migrada', async () => (await serverNota(pending))?.cuerpo === '(migrado)')
    await waitFor('nada pendiente', async () => (await v1.pendingTotal()) === 0)
    // The synced note's server copy was migrated alongside it: not re-uploaded.
    expect(backend.pushedRows.sx_notas).toBe(1)
    expect((await serverNota(synced))?.cuerpo).toBeNull()
  })

  it('a 401 refreshes the session and retries at once', async () => {
    const client = await stack.signIn(demo.staff.email, demo.staff.password)
    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    const a = await device(undefined, { supabase: client })
    a.backend.inject('push', 'http401', 1)
    const idNota = id()
    await notas(a).insert({ id_nota: idNota, titulo: `401 ${idNota.slice(0, 8)}` })
    await waitFor('fila en el servidor', () => serverNota(idNota))
    expect(events).toContain('TOKEN_REFRESHED')
    expect(events).not.toContain('SIGNED_OUT')
  })

  it('when the session cannot be refreshed, writes wait (kept) until the user signs in again', async () => {
    const client = stack.anon() // no session: the refresh is refused
    const a = await device(undefined, { supabase: client })
    a.backend.inject('push', 'http401', 1)
    const idNota = id()
    await notas(a).insert({ id_nota: idNota, titulo: `sin sesión ${idNota.slice(0, 8)}` })
    const error = await waitFor('aviso de sesión', () => a.session.status.getState().error)
    expect(error.message).toMatch(/Inicia sesión de nuevo/)
    await new Promise((r) => setTimeout(r, 700))
    expect(await serverNota(idNota)).toBeUndefined()
    expect(a.session.status.getState().pendingTotal).toBe(1)
    const { error: signInError } = await client.auth.signInWithPassword(demo.staff)
    expect(signInError).toBeNull()
    await waitFor('fila en el servidor tras iniciar sesión', () => serverNota(idNota))
    await waitFor('aviso despejado', () => a.session.status.getState().error === null)
  })

  it('a local change left behind the upload checkpoint is found and uploaded (defence against engine slips)', async () => {
    const a = await device()
    const idNota = id()
    await notas(a).insert({ id_nota: idNota, titulo: `rescate ${idNota.slice(0, 8)}` })
    await waitFor('fila en el servidor', () => serverNota(idNota))
    await settled(a)
    await strandLocalChange(a, idNota, 'varado')
    expect(await a.session.pendingTotal()).toBe(0)
    expect(await a.session.pendingTotal({ full: true })).toBe(1)
    expect(await a.session.waitForUpload(10_000)).toBe(true)
    expect((await serverNota(idNota))?.cuerpo).toBe('varado')
  })

  it('the once-per-session integrity check finds and uploads such a change by itself', async () => {
    const a = await device(undefined, { integrityCheckAfterMs: 4000 })
    const idNota = id()
    await notas(a).insert({ id_nota: idNota, titulo: `revisión ${idNota.slice(0, 8)}` })
    await waitFor('fila en el servidor', () => serverNota(idNota))
    await settled(a)
    await strandLocalChange(a, idNota, 'revisado')
    expect(await a.session.pendingTotal()).toBe(0)
    await waitFor('el cambio varado llega solo', async () => (await serverNota(idNota))?.cuerpo === 'revisado', 20_000)
  })
})

/**
 * Changes a document the way only the download does: the upload skips such writes yet
 * moves its checkpoint past them — exactly the engine slip the integrity check defends
 * against (the local change would otherwise never be sent).
 */
async function strandLocalChange(d: Device, idNota: string, cuerpo: string) {
  const context = await waitFor('una escritura de la descarga', () => d.downloads.context())
  await writeAsDownload(notas(d), context, idNota, { cuerpo })
  // The upload has moved past it: the quick count no longer sees it.
  await waitFor('la subida pasa de largo el cambio', async () => (await d.session.pendingTotal()) === 0)
}
