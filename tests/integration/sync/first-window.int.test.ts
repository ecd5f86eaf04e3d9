/**
 * A new device downloads the rows of the days around today first, then the whole table
 * (docs/decisions/0055-hoy-primero.md): against the real sync SQL functions, with a
 * fixture table that has a date column and a first window like tb_citas'.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { SyncSession } from '../../../sync/session.ts'
import { TableSync } from '../../../sync/replication/table-sync.ts'
import { manualNetwork } from '../../../sync/runtime/network.ts'
import { createFixtureTables, fxNotas } from '../../sync/fixture-tables.ts'
import { defineTable, type TableDef } from '../../../sync/tables/table-def.ts'
import { createSqlBackend, type SqlBackend } from '../../sync/sql-backend.ts'
import { waitFor } from '../../sync/wait.ts'

const USER = '7a1c0000-0000-4000-8000-00000000cccc'

const fxAgenda = defineTable({
  name: 'sx_agenda',
  label: 'Agenda',
  entity: 'turno',
  primaryKey: 'id_turno',
  version: 0,
  columns: {
    id_turno: { type: 'uuid' },
    fecha: { type: 'date' },
    cliente: { type: 'text' },
    created_at: { type: 'timestamptz' },
    updated_at: { type: 'timestamptz' },
  },
  indexes: ['fecha'],
  firstWindow: { column: 'fecha', daysBefore: 1, daysAfter: 7 },
})

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack()
  await createFixtureTables(stack.db)
  await stack.db.exec(`
    create table public.sx_agenda (
      id_turno uuid primary key,
      fecha date not null,
      cliente text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      _modified timestamptz not null default clock_timestamp(),
      _xid xid8 not null default pg_current_xact_id(),
      _deleted boolean not null default false
    );
    create index sx_agenda_checkpoint on public.sx_agenda (_xid, id_turno);
    create trigger tg90_sync before insert or update on public.sx_agenda for each row execute function public.sx_sync_columns();
    alter table public.sx_agenda enable row level security;
    create policy sx_agenda_all on public.sx_agenda for all to authenticated using (true) with check (true);
    grant all on public.sx_agenda to authenticated, service_role;
  `)
})
afterAll(async () => {
  await stack?.close()
})

const open: SyncSession[] = []
afterEach(async () => {
  for (const s of open.splice(0)) await s.close({ upload: false }).catch(() => {})
  await stack.db.query('delete from public.sx_agenda')
})

/** Today in Lima, and a day `n` days away, as the device computes them. */
function dia(n: number): string {
  return new Date(Date.now() - 5 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10)
}

async function seed(fechas: string[]): Promise<string[]> {
  const ids = fechas.map(() => crypto.randomUUID())
  await stack.db.query(
    `insert into public.sx_agenda (id_turno, fecha, cliente) select * from unnest($1::uuid[], $2::date[], $3::text[])`,
    [ids, fechas, fechas.map((_, i) => `cliente ${i}`)],
  )
  return ids
}

async function device(backend: SqlBackend, batch: number, tables: TableDef[] = [fxAgenda]) {
  const session = await SyncSession.open({
    supabase: stack.anon(),
    user: { id: `ventana-${Date.now()}`, isAdmin: false },
    databaseName: `ventana-${crypto.randomUUID()}`,
    storage: getRxStorageMemory(),
    tables,
    network: manualNetwork(true),
    backend,
    realtime: false,
    multiInstance: false,
    periodicPullMs: 500,
    batchSize: { pull: batch },
  })
  open.push(session)
  return session
}

describe('first window of a new device', () => {
  it("stores the days around today before the history, then every row, and nothing waits to upload", async () => {
    // 30 rows of history, 5 of the window (yesterday, today, in a week), in one transaction
    // with the history first: the general order (_xid, pk) would mix them.
    const history = Array.from({ length: 30 }, (_, i) => dia(-40 - i))
    const window = [dia(-1), dia(0), dia(0), dia(3), dia(7)]
    const outside = [dia(-2), dia(8)]
    await seed([...history, ...window, ...outside])
    const backend = createSqlBackend(stack.db, USER)
    const session = await device(backend, 10)
    const agenda = session.collection('sx_agenda')!
    const stored: string[][] = []
    const sub = agenda.$.subscribe((e) => stored.push([e.documentData.fecha as string]))
    try {
      await waitFor('primera descarga', () => session.status.getState().initialSync?.done, 30_000)
      // The first rows the device stored are the window's, all five of them.
      expect(stored.slice(0, 5).map(([f]) => f).sort()).toEqual([...window].sort())
      expect(await agenda.count().exec()).toBe(37)
      expect(await session.pendingTotal()).toBe(0)
      expect(backend.pushedRows).toEqual({})
    } finally {
      sub.unsubscribe()
    }
  })

  it('a window larger than a page is read page by page, and an empty window goes straight to the general pull', async () => {
    const window = Array.from({ length: 23 }, (_, i) => dia(i % 7))
    await seed([...window, dia(-30)])
    const session = await device(createSqlBackend(stack.db, USER), 10)
    await waitFor('primera descarga', () => session.status.getState().initialSync?.done, 30_000)
    expect(await session.collection('sx_agenda')!.count().exec()).toBe(24)

    await stack.db.query('delete from public.sx_agenda')
    await seed([dia(-30), dia(-31)])
    const empty = await device(createSqlBackend(stack.db, USER), 10)
    await waitFor('primera descarga sin ventana', () => empty.status.getState().initialSync?.done, 30_000)
    expect(await empty.collection('sx_agenda')!.count().exec()).toBe(2)
  })

  it('a row read in the window and deleted on the server before the general pull ends deleted on the device', async () => {
    const [hoy] = await seed([dia(0), dia(-50)])
    const backend = createSqlBackend(stack.db, USER)
    const window = backend.window.bind(backend)
    let deleted = false
    backend.window = async (table, request) => {
      const rows = await window(table, request)
      if (!deleted) {
        deleted = true
        // Another tablet deletes it right after this device read it.
        await stack.db.query('update public.sx_agenda set _deleted = true where id_turno = $1', [hoy])
      }
      return rows
    }
    const session = await device(backend, 10)
    await waitFor('primera descarga', () => session.status.getState().initialSync?.done, 30_000)
    expect(deleted).toBe(true)
    await waitFor('la fila borrada deja el equipo', async () => (await session.collection('sx_agenda')!.findOne(hoy!).exec()) === null, 15_000)
    expect(await session.collection('sx_agenda')!.count().exec()).toBe(1)
  })

  it("the other tables' first pages are asked for only once the window has answered", async () => {
    await seed([dia(0), dia(-50)])
    const backend = createSqlBackend(stack.db, USER)
    const order: string[] = []
    const pull = backend.pull.bind(backend)
    const window = backend.window.bind(backend)
    backend.pull = async (table, request) => {
      order.push(`pull ${table}${request.fresh ? ' (primera)' : ''}`)
      return pull(table, request)
    }
    backend.window = async (table, request) => {
      const rows = await window(table, request)
      order.push(`ventana ${table} respondida`)
      return rows
    }
    const session = await device(backend, 10, [fxAgenda, fxNotas])
    await waitFor('primera descarga', () => session.status.getState().initialSync?.done, 30_000)
    const answered = order.indexOf('ventana sx_agenda respondida')
    expect(answered).toBeGreaterThan(-1)
    expect(order.indexOf('pull sx_notas (primera)')).toBeGreaterThan(answered)
  })

  it('a new device asks for its window as the session opens, before the replications start, and reads it once', async () => {
    await seed([dia(0), dia(1), dia(-50)])
    const backend = createSqlBackend(stack.db, USER)
    const order: string[] = []
    const pull = backend.pull.bind(backend)
    const window = backend.window.bind(backend)
    let windows = 0
    backend.pull = async (table, request) => {
      order.push(`pull ${table}${request.fresh ? ' (primera)' : ''}`)
      return pull(table, request)
    }
    backend.window = async (table, request) => {
      windows++
      return window(table, request)
    }
    const start = TableSync.prototype.start
    const starts = vi.spyOn(TableSync.prototype, 'start').mockImplementation(function (this: TableSync, collection) {
      order.push(`inicio ${this.def.name}`)
      start.call(this, collection)
    })
    try {
      // The table with a window comes second in the list.
      const session = await device(backend, 10, [fxNotas, fxAgenda])
      await waitFor('primera descarga', () => session.status.getState().initialSync?.done, 30_000)
      // Its window's first request (the tombstone floor) went out before any replication
      // started, and the table with a window started first.
      expect(order.slice(0, 3)).toEqual(['pull sx_agenda (primera)', 'inicio sx_agenda', 'inicio sx_notas'])
      // The replication took that page: the window was read once.
      expect(windows).toBe(1)
      expect(await session.collection('sx_agenda')!.count().exec()).toBe(3)
    } finally {
      starts.mockRestore()
    }
  })
})
