/**
 * The migrations apply from an empty database (PGlite, or PostgreSQL when the suite runs
 * there), exactly once each, and seed.sql loads the demo catalogue, calendar, staff and
 * users — idempotently and with the credentials it is given.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openDb, type Db } from '../../../supabase/local/db.ts'
import { listMigrations, migrate } from '../../../supabase/local/migrate.ts'
import { supabaseDir } from '../../../supabase/local/paths.ts'
import { defaultSeed } from '../../../supabase/local/server.ts'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { withDatabase } from '../../support/template.ts'
import { valor } from './support/datos.ts'

/** A brand-new empty database on the engine this run uses. */
async function baseVacia(): Promise<{ db: Db; drop(): Promise<void> }> {
  const plantilla = inject('spaTemplate')
  if (plantilla.kind === 'pg' && plantilla.adminUrl) {
    const nombre = `spa_vacia_${randomBytes(4).toString('hex')}`
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: plantilla.adminUrl })
      await c.connect()
      await c.query(sql).finally(() => c.end())
    }
    await admin(`create database ${nombre}`)
    const db = await openDb({ databaseUrl: withDatabase(plantilla.adminUrl, nombre), poolSize: 2 })
    return { db, drop: async () => { await db.close(); await admin(`drop database if exists ${nombre} with (force)`) } }
  }
  const db = await openDb({ dataDir: 'memory' })
  return { db, drop: () => db.close() }
}

describe('desde una base vacía', () => {
  let vacia: { db: Db; drop(): Promise<void> }
  beforeAll(async () => {
    vacia = await baseVacia()
  })
  afterAll(async () => {
    await vacia?.drop()
  })

  it('aplica todas las migraciones una vez, en orden, y luego la semilla', async () => {
    const r = await migrate(vacia.db, { ...defaultSeed, adminEmail: 'Gerencia@Spa.Local', adminPassword: 'otra-clave-1' })
    expect(r.applied).toEqual(listMigrations().map((m) => m.version))
    expect(r.seeded).toBe(true)
    const otraVez = await migrate(vacia.db, defaultSeed)
    expect(otraVez).toEqual({ applied: [], seeded: false })
  })

  it('la semilla usa las credenciales configuradas (spa.admin_email…)', async () => {
    const ok = await valor<boolean>(
      vacia.db,
      `select u.encrypted_password = extensions.crypt('otra-clave-1', u.encrypted_password) and p.is_admin as v
         from auth.users u join public.tbusuarios p on p.auth_user_id = u.id where u.email = 'gerencia@spa.local'`,
    )
    expect(ok).toBe(true)
  })

  it('volver a ejecutar seed.sql no duplica nada', async () => {
    const contar = () =>
      vacia.db.query<{ t: string; n: number }>(
        `select 'tratamientos' as t, count(*)::int as n from public.tb_tratamientos union all
         select 'movimientos', count(*)::int from public.tb_movimientos_stock union all
         select 'horarios', count(*)::int from public.tb_horarios union all
         select 'especialistas', count(*)::int from public.tb_especialistas union all
         select 'formapago', count(*)::int from public.tb_formapago union all
         select 'usuarios', count(*)::int from auth.users union all
         select 'perfiles', count(*)::int from public.tbusuarios union all
         select 'identidades', count(*)::int from auth.identities`,
      )
    const antes = (await contar()).rows
    await vacia.db.transaction(async (tx) => {
      // The same credentials as the first run (migrate.ts passes them the same way).
      await tx.query(`select set_config('spa.admin_email', 'Gerencia@Spa.Local', true), set_config('spa.admin_password', 'otra-clave-1', true)`)
      await tx.exec(readFileSync(join(supabaseDir, 'seed.sql'), 'utf8'))
    })
    expect((await contar()).rows).toEqual(antes)
  })
})

describe('contenido de la semilla', () => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack()
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('catálogo con las tarjetas públicas, precios en soles y productos con stock del libro', async () => {
    const { data, error } = await stack.anon().from('tb_tratamientos').select('nombre,costo,duracion_estimada_minutos').eq('activo', true).eq('tipo', 'tratamiento')
    expect(error).toBeNull()
    const nombres = data!.map((t) => t.nombre)
    for (const tarjeta of ['Masaje Relajante', 'Facial Hidratante', 'Aromaterapia', 'Reflexología']) expect(nombres).toContain(tarjeta)
    expect(data!.length).toBeGreaterThanOrEqual(8)
    expect(data!.find((t) => t.nombre === 'Masaje Relajante')).toMatchObject({ duracion_estimada_minutos: 60 })

    const productos = await stack.db.query<{ nombre: string; tr_cantidad: number; libro: number }>(
      `select nombre, tr_cantidad, (select sum(cantidad)::int from public.tb_movimientos_stock m where m.id_tratamiento = t.id_tratamiento) as libro
         from public.tb_tratamientos t where tipo = 'producto'`,
    )
    expect(productos.rows.length).toBeGreaterThanOrEqual(8)
    expect(productos.rows.some((p) => /fórmula magistral/i.test(p.nombre))).toBe(true)
    for (const p of productos.rows) {
      expect(p.tr_cantidad, p.nombre).toBeGreaterThan(0)
      expect(p.tr_cantidad, p.nombre).toBe(p.libro)
    }
  })

  it('horario: lunes a sábado 09:00–19:00 con descanso 13:00–14:00; domingo cerrado', async () => {
    const { data } = await stack.anon().from('tb_horarios').select('dia_semana,orden_dia,esta_abierto,hora_apertura,hora_cierre,descanso_inicio,descanso_fin').order('orden_dia')
    expect(data!.map((h) => h.dia_semana)).toEqual(['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'])
    for (const h of data!.slice(0, 6)) {
      expect(h).toMatchObject({ esta_abierto: true, hora_apertura: '09:00:00', hora_cierre: '19:00:00', descanso_inicio: '13:00:00', descanso_fin: '14:00:00' })
    }
    expect(data![6]).toMatchObject({ esta_abierto: false, hora_apertura: null, hora_cierre: null })
  })

  it('tres especialistas, los métodos de pago de respaldo y los dos usuarios demo', async () => {
    const personal = await stack.signIn('recepcion@spa.local', 'recepcion1234')
    const especialistas = await personal.from('tb_especialistas').select('nombre,dias_trabajo').eq('activo', true)
    expect(especialistas.data).toHaveLength(3)
    const formas = await personal.from('tb_formapago').select('fp_descripcion,fp_comision')
    const porNombre = new Map(formas.data!.map((f) => [f.fp_descripcion, Number(f.fp_comision)]))
    for (const m of ['Efectivo', 'Yape', 'Plin', 'Transferencia']) expect(porNombre.get(m)).toBe(0)
    for (const m of ['Tarjeta de Crédito', 'Tarjeta de Débito']) expect(porNombre.get(m)).toBe(4.071)
    for (const m of ['CULQI-Debito', 'CULQI-Credito Visa', 'CULQI-Extranjero', 'V-MAS-Debito', 'V-MAS-Extranjero']) {
      expect(porNombre.get(m)).toBeGreaterThanOrEqual(4.059)
      expect(porNombre.get(m)).toBeLessThanOrEqual(4.708)
    }
    const admin = await stack.signIn('admin@spa.local', 'admin1234')
    expect((await admin.rpc('is_admin')).data).toBe(true)
    expect((await personal.rpc('is_admin')).data).toBe(false)
    expect((await personal.rpc('is_staff')).data).toBe(true)
  })
})
