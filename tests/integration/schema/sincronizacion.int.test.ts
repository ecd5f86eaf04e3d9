/**
 * What every replicated table must have for the sync layer (docs/architecture.md §3, §5) and that
 * the server, not the client, owns `_modified` and `_xid`: they move forward on every
 * write — including writes made by triggers on other tables — whatever a client sends.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearCita, crearProducto, crearReserva, crearEspecialista, idTratamiento, insertar, lunesFuturo, unico } from './support/datos.ts'

let stack: TestStack
let actores: Actores

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
})
afterAll(async () => {
  await stack?.close()
})

const replicadas: Record<string, string> = {
  tb_tratamientos: 'id_tratamiento',
  tb_horarios: 'id_horario',
  tb_especialistas: 'id_especialista',
  tb_reservas: 'id_reserva',
  tb_citas: 'id_cita',
  tb_pacientes: 'id_paciente',
  tb_formapago: 'id_forma_pago',
  tb_pagos_citas: 'id_pago_cita',
  tbusuarios: 'id_usuario',
  tb_egresos: 'id_egreso',
  tb_conciliacion_bancaria: 'id_conciliacion',
  tb_movimientos_stock: 'id_movimiento',
}

describe('estructura de las tablas replicadas', () => {
  it('son exactamente las 12 (RxDB open source admite 13 colecciones)', async () => {
    const { rows } = await stack.db.query<{ t: string }>(
      `select c.relname as t from pg_class c join pg_attribute a on a.attrelid = c.oid
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attname = '_xid' order by 1`,
    )
    expect(rows.map((r) => r.t)).toEqual(Object.keys(replicadas).sort())
  })

  it.each(Object.entries(replicadas))('%s: pk uuid, columnas de sincronización, trigger, índice del checkpoint, RLS y Realtime', async (tabla, pk) => {
    const columnas = await stack.db.query<{ c: string; tipo: string; nulo: boolean; defecto: string | null }>(
      `select a.attname as c, format_type(a.atttypid, a.atttypmod) as tipo, not a.attnotnull as nulo, pg_get_expr(d.adbin, d.adrelid) as defecto
         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped`,
      [`public.${tabla}`],
    )
    const col = Object.fromEntries(columnas.rows.map((r) => [r.c, r]))
    expect(col[pk]).toMatchObject({ tipo: 'uuid', nulo: false })
    expect(col.created_at).toMatchObject({ tipo: 'timestamp with time zone', nulo: false })
    expect(col.updated_at).toMatchObject({ tipo: 'timestamp with time zone', nulo: false })
    expect(col._modified).toMatchObject({ tipo: 'timestamp with time zone', nulo: false })
    expect(col._xid).toMatchObject({ tipo: 'xid8', nulo: false })
    expect(col._deleted).toMatchObject({ tipo: 'boolean', nulo: false, defecto: 'false' })

    const clave = await stack.db.query<{ pk: string }>(
      `select a.attname as pk from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
        where i.indrelid = $1::regclass and i.indisprimary`,
      [`public.${tabla}`],
    )
    expect(clave.rows).toEqual([{ pk }])

    const indice = await stack.db.query<{ def: string }>(`select indexdef as def from pg_indexes where schemaname = 'public' and tablename = $1`, [tabla])
    expect(indice.rows.map((r) => r.def)).toContain(`CREATE INDEX ${tabla}_checkpoint_idx ON public.${tabla} USING btree (_xid, ${pk})`)

    const otros = await stack.db.query<{ rls: boolean; publicada: boolean; trigger: boolean }>(
      `select c.relrowsecurity as rls,
              exists (select 1 from pg_publication_tables p where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = c.relname) as publicada,
              exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'tg90_sincronizacion' and t.tgenabled = 'O') as trigger
         from pg_class c where c.oid = $1::regclass`,
      [`public.${tabla}`],
    )
    expect(otros.rows[0]).toEqual({ rls: true, publicada: true, trigger: true })

    // Every command of every role is covered by an explicit policy or denied by privilege:
    // a table with RLS on and no policy at all would be a silent dead end.
    const politicas = await stack.db.query(`select 1 from pg_policies where schemaname = 'public' and tablename = $1`, [tabla])
    expect(politicas.rows.length).toBeGreaterThan(0)
  })

  it('el dinero es numeric(12,2)', async () => {
    const { rows } = await stack.db.query<{ t: string; c: string; tipo: string }>(
      `select c.relname as t, a.attname as c, format_type(a.atttypid, a.atttypmod) as tipo
         from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attname ~ '^(costo|monto_|saldo_|egresos$)' and a.attnum > 0`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(10)
    for (const r of rows) expect(r.tipo, `${r.t}.${r.c}`).toBe('numeric(12,2)')
  })
})

async function marca(tabla: string, id: unknown) {
  // Microseconds, as text: two writes can fall within the same millisecond.
  const { rows } = await stack.db.query<{ m: string; x: string }>(
    `select (extract(epoch from _modified) * 1000000)::bigint::text as m, _xid::text as x from public.${tabla} where "${replicadas[tabla]}" = $1`,
    [id],
  )
  return { m: BigInt(rows[0]!.m), x: BigInt(rows[0]!.x) }
}

describe('_modified y _xid los pone el servidor', () => {
  const falsos = { _modified: '2000-01-01T00:00:00Z', _xid: '1' }

  /** A valid new row per table, written by the admin (who may write them all). */
  const nuevas: Record<string, () => Promise<Record<string, unknown>>> = {
    tb_tratamientos: async () => ({ nombre: unico('Spa de manos'), costo: 60, duracion_estimada_minutos: 40 }),
    tb_horarios: async () => {
      await stack.db.query(`delete from public.tb_horarios where dia_semana = 'Domingo'`)
      return { dia_semana: 'Domingo', orden_dia: 7, esta_abierto: false }
    },
    tb_especialistas: async () => ({ nombre: 'Milagros', apellido: unico('Soto'), especialidad: 'Faciales' }),
    tb_reservas: async () => ({ nombre_cliente: 'Teresa Ramos', id_tratamiento: await idTratamiento(stack.db, 'Reflexología'), fecha_reserva: lunesFuturo() }),
    tb_citas: async () => ({
      id_especialista: (await crearEspecialista(stack.db)).id_especialista, id_tratamiento: await idTratamiento(stack.db, 'Reflexología'),
      nombre_cliente: 'Teresa Ramos', fecha_cita: lunesFuturo(), hora_inicio: '09:00', hora_fin: '09:50',
    }),
    tb_pacientes: async () => ({ nombre: 'Teresa', apellido: unico('Ramos') }),
    tb_formapago: async () => ({ fp_descripcion: unico('Niubiz'), fp_comision: 3.99 }),
    tb_pagos_citas: async () => ({ id_cita: (await crearCita(stack.db)).id_cita, monto_final_pagado: 120, metodo_pago_final: 'Efectivo' }),
    tbusuarios: async () => ({ id_nombre: 'Caja', id_correo: `${unico('caja')}@spa.local` }),
    tb_egresos: async () => ({ tipo_egreso: 'Fijo', descripcion: 'Internet', monto_soles: 150, monto_dolares: 40, mes: 5, anio: 2026 }),
    tb_conciliacion_bancaria: async () => ({ anio: 2040, mes: 6, saldo_inicial: 100 }),
    tb_movimientos_stock: async () => ({ id_tratamiento: (await crearProducto(stack.db, 0)).id_tratamiento, cantidad: 4, motivo: 'inicial' }),
  }

  it.each(Object.keys(replicadas))('%s: insert y update ignoran los valores del cliente y avanzan', async (tabla) => {
    const pk = replicadas[tabla]!
    const id = randomUUID()
    const cliente: SupabaseClient = actores.admin
    const inicio = BigInt(Date.now() - 5_000) * 1000n
    const alta = await cliente.from(tabla).insert({ [pk]: id, ...(await nuevas[tabla]!()), ...falsos })
    expect(alta.error).toBeNull()
    const a = await marca(tabla, id)
    expect(a.m).toBeGreaterThanOrEqual(inicio)
    expect(a.x).toBeGreaterThan(1n)

    if (tabla === 'tb_movimientos_stock') return // append-only: no update to check
    const cambio = await cliente.from(tabla).update({ updated_at: new Date().toISOString(), ...falsos }).eq(pk, id)
    expect(cambio.error).toBeNull()
    const b = await marca(tabla, id)
    expect(b.m).toBeGreaterThan(a.m)
    expect(b.x).toBeGreaterThan(a.x)
  })

  it('los efectos de un trigger también avanzan la fila afectada', async () => {
    // Payment → appointment; ledger → product; appointment → reservation.
    const cita = await crearCita(stack.db)
    const producto = await crearProducto(stack.db, 5)
    const reserva = await crearReserva(stack.db)
    const antes = { cita: await marca('tb_citas', cita.id_cita), producto: await marca('tb_tratamientos', producto.id_tratamiento), reserva: await marca('tb_reservas', reserva.id_reserva) }

    await actores.personal.from('tb_pagos_citas').insert({
      id_cita: cita.id_cita, monto_final_pagado: 50, metodo_pago_final: 'Yape',
      tratamientos_adicionales_info: [{ id_tratamiento: producto.id_tratamiento, nombre: producto.nombre, costo_al_momento_del_pago: 40, cantidad: 1, tipo: 'producto' }],
    })
    await actores.personal.from('tb_citas').insert({
      id_reserva_origen: reserva.id_reserva, id_especialista: (await crearEspecialista(stack.db)).id_especialista,
      id_tratamiento: reserva.id_tratamiento, nombre_cliente: 'Carmen Rojas', fecha_cita: lunesFuturo(), hora_inicio: '10:00', hora_fin: '10:45',
    })

    expect((await marca('tb_citas', cita.id_cita)).x).toBeGreaterThan(antes.cita.x)
    expect((await marca('tb_tratamientos', producto.id_tratamiento)).x).toBeGreaterThan(antes.producto.x)
    expect((await marca('tb_reservas', reserva.id_reserva)).x).toBeGreaterThan(antes.reserva.x)
  })

  it('una transacción abierta queda por encima del corte seguro hasta que confirma', async () => {
    // The sync pull only hands out rows with _xid < pg_snapshot_xmin(pg_current_snapshot()).
    // A row written by a transaction still open has an _xid at or above any snapshot's
    // xmin taken meanwhile, so it cannot be skipped by a checkpoint given out now.
    let escrito!: (xid: bigint) => void
    const xidEscrito = new Promise<bigint>((r) => (escrito = r))
    let soltar!: () => void
    const fin = new Promise<void>((r) => (soltar = r))
    const larga = stack.db.transaction(async (tx) => {
      const p = await insertar(tx, 'tb_pacientes', { nombre: 'Lenta', apellido: 'Confirmación' })
      escrito(BigInt(String(p._xid)))
      await fin
    })
    const xid = await xidEscrito
    if (stack.db.kind === 'pg') {
      const corte = BigInt((await stack.db.query<{ c: string }>(`select pg_snapshot_xmin(pg_current_snapshot())::text as c`)).rows[0]!.c)
      expect(xid).toBeGreaterThanOrEqual(corte)
    }
    soltar()
    await larga
    // Once committed, the row falls below the cut as soon as every older transaction has
    // ended. The cut is cluster-wide on PostgreSQL, and other test databases share this
    // server, so their transactions may hold it back for a moment: wait, do not sample.
    const corte = async () => BigInt((await stack.db.query<{ c: string }>(`select pg_snapshot_xmin(pg_current_snapshot())::text as c`)).rows[0]!.c)
    const limite = Date.now() + 30_000
    let despues = await corte()
    while (despues <= xid && Date.now() < limite) {
      await new Promise((r) => setTimeout(r, 50))
      despues = await corte()
    }
    expect(xid).toBeLessThan(despues)
  })
})
