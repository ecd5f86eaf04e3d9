/**
 * The demo-volume generator (supabase/local/seed-demo.ts): what it writes is consistent
 * under every rule of the schema (it goes through the real triggers), it can run twice on
 * the same database, and its CLI refuses a PGlite data dir another process has open.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lockDataDir } from '../../../supabase/local/data-lock.ts'
import { seedDemo, seedDemoIfEmpty } from '../../../supabase/local/seed-demo.ts'
import { repoRoot } from '../../../supabase/local/paths.ts'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { valor } from './support/datos.ts'

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.close()
})

describe('seedDemoIfEmpty (npm start -- --demo)', () => {
  it('carga la demo en una base nueva y nunca encima de datos', async () => {
    const fresh = await startTestStack()
    try {
      const contar = () => valor<string>(fresh.db, `select (select count(*) from public.tb_pacientes) || '/' || (select count(*) from public.tb_citas) as v`)
      expect(await contar()).toBe('0/0')
      const primera = await seedDemoIfEmpty(fresh.db, { patients: 20, appointments: 60, seed: 3 })
      expect(primera).toMatchObject({ patients: 20, appointments: 60 })
      const cargada = await contar()
      // A restart with --demo: the same folder keeps exactly what it had.
      expect(await seedDemoIfEmpty(fresh.db, { patients: 20, appointments: 60, seed: 3 })).toBeNull()
      expect(await contar()).toBe(cargada)
    } finally {
      await fresh.close()
    }
  })

  it('no agrega nada a una base con pacientes aunque no tenga citas', async () => {
    const fresh = await startTestStack()
    try {
      await fresh.db.exec(`insert into public.tb_pacientes (nombre, apellido, dni) values ('Paciente', 'Real', '12345678')`)
      expect(await seedDemoIfEmpty(fresh.db, { patients: 20, appointments: 60, seed: 3 })).toBeNull()
      expect(await valor<number>(fresh.db, `select count(*)::int as v from public.tb_citas`)).toBe(0)
    } finally {
      await fresh.close()
    }
  })
})

describe('seedDemo', () => {
  it('genera pacientes, citas, pagos y ventas coherentes con todas las reglas', async () => {
    const r = await seedDemo(stack.db, { patients: 80, appointments: 400, payments: 420, seed: 7 })
    expect(r).toMatchObject({ patients: 80, appointments: 400, payments: 420 })
    expect(r.directSales).toBeGreaterThan(0)
    expect(r.directSales + (await valor<number>(stack.db, `select count(*)::int as v from public.tb_citas where estado_cita = 'Completada'`))).toBe(420)

    const q = async (sql: string) => valor<number>(stack.db, `select (${sql})::int as v`)
    // No specialist is double-booked.
    expect(await q(`select count(*) from public.tb_citas a join public.tb_citas b on a.id_especialista = b.id_especialista and a.fecha_cita = b.fecha_cita and a.id_cita < b.id_cita
                     where not a._deleted and not b._deleted and a.estado_cita not in ('Cancelada','Venta Directa') and b.estado_cita not in ('Cancelada','Venta Directa')
                       and a.hora_inicio < b.hora_fin and b.hora_inicio < a.hora_fin`)).toBe(0)
    // Every payment completed its appointment; every completed appointment has its payment.
    expect(await q(`select count(*) from public.tb_pagos_citas p join public.tb_citas c using (id_cita) where c.id_pago_final is null or c.estado_cita not in ('Completada','Venta Directa')`)).toBe(0)
    expect(await q(`select count(*) from public.tb_citas where estado_cita = 'Completada' and id_pago_final is null`)).toBe(0)
    // Stock is the ledger's sum, restocks arrived before the sales: nothing oversold.
    expect(await q(`select count(*) from public.tb_tratamientos t where tr_cantidad <> (select coalesce(sum(cantidad),0) from public.tb_movimientos_stock m where m.id_tratamiento = t.id_tratamiento)`)).toBe(0)
    expect(await q(`select count(*) from public.tb_movimientos_stock where sobreventa`)).toBe(0)
    expect(await q(`select count(*) from public.tb_movimientos_stock where motivo in ('venta','venta_directa')`)).toBeGreaterThan(0)
    // Reservations turned into appointments were marked Procesada by the trigger.
    expect(await q(`select count(*) from public.tb_citas c join public.tb_reservas r on r.id_reserva = c.id_reserva_origen where r.estado_reserva <> 'Procesada'`)).toBe(0)
    // Two years of dates, unique Peruvian-style DNIs.
    expect(await q(`select max(fecha_cita) - min(fecha_cita) from public.tb_citas`)).toBeGreaterThan(600)
    expect(await q(`select count(*) from public.tb_pacientes where dni !~ '^[0-9]{8}$'`)).toBe(0)
  })

  it('se puede ejecutar otra vez sobre la misma base sin choques ni duplicados', async () => {
    const r = await seedDemo(stack.db, { patients: 30, appointments: 100, seed: 7 })
    expect(r).toMatchObject({ patients: 30, appointments: 100 })
  })

  it('si algo falla no deja nada a medias', async () => {
    const contar = () => valor<string>(stack.db, `select (select count(*) from public.tb_pacientes) || '/' || (select count(*) from public.tb_citas) as v`)
    const antes = await contar()
    // A failure injected into the last step (payments), after patients and appointments were written.
    await stack.db.exec(`alter table public.tb_pagos_citas add constraint prueba_sin_pagos check (monto_final_pagado < 0) not valid`)
    try {
      await expect(seedDemo(stack.db, { patients: 5, appointments: 20, seed: 3 })).rejects.toThrow(/prueba_sin_pagos/)
    } finally {
      await stack.db.exec(`alter table public.tb_pagos_citas drop constraint prueba_sin_pagos`)
    }
    expect(await contar()).toBe(antes)
  })

  it('los especialistas que contrata tienen días y horas de trabajo, y sus citas caen dentro de su turno', async () => {
    // Without active specialists the generator must hire some to place the citas.
    await stack.db.exec(`update public.tb_especialistas set activo = false`)
    await seedDemo(stack.db, { patients: 10, appointments: 60, seed: 11 })
    const q = async (sql: string) => valor<number>(stack.db, `select (${sql})::int as v`)
    const activos = `select * from public.tb_especialistas where activo and not _deleted`
    expect(await q(`select count(*) from (${activos}) e`)).toBeGreaterThan(0)
    expect(await q(`select count(*) from (${activos}) e where coalesce(cardinality(dias_trabajo), 0) = 0 or hora_inicio_trabajo is null or hora_fin_trabajo is null`)).toBe(0)
    const citas = `select c.*, e.dias_trabajo, e.hora_inicio_trabajo, e.hora_fin_trabajo from public.tb_citas c join (${activos}) e using (id_especialista)`
    expect(await q(`select count(*) from (${citas}) c`)).toBe(60)
    expect(
      await q(`select count(*) from (${citas}) c
                where c.hora_inicio < c.hora_inicio_trabajo or c.hora_fin > c.hora_fin_trabajo
                   or not ((array['Domingo','Lunes','Martes','Miércoles','Jueves','Viernes','Sábado'])[extract(dow from c.fecha_cita)::int + 1] = any (c.dias_trabajo))`),
    ).toBe(0)
  })
})

describe('npm run seed:demo', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'supabase/local/seed-demo.ts'), ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', ...env },
      timeout: 120_000,
    })

  it('se niega a abrir una carpeta de PGlite que otro proceso tiene abierta', async () => {
    // Since 0032 the seed takes the same backend.lock as `npm start`: a live owner (this
    // test process) keeps it out, and the refusal names the owner.
    const dir = mkdtempSync(join(tmpdir(), 'spa-demo-'))
    const lock = await lockDataDir(dir, { command: 'npm start' })
    try {
      const r = cli(['--data-dir', dir, '--patients', '1', '--appointments', '1'])
      expect(r.status).toBe(1)
      expect(r.stderr).toContain('ya está en uso por otro proceso')
      expect(r.stderr).toContain(`pid ${process.pid}, npm start`)
      expect(existsSync(join(dir, 'pg'))).toBe(false)
    } finally {
      lock.release()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('rechaza argumentos inválidos con un mensaje claro', () => {
    const r = cli(['--data-dir', join(tmpdir(), 'no-se-usa'), '--patients', 'muchos'])
    expect(r.status).toBe(2)
    expect(r.stderr).toContain('--patients debe ser un entero')
  })

  // The child migrates a new folder: on a busy machine that alone passed 60 s. The
  // child's own 120 s bound (spawnSync) is the limit; the test waits for it.
  it('migra, siembra y genera sobre una carpeta nueva', { timeout: 180_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'spa-demo-'))
    try {
      const r = cli(['--data-dir', dir, '--patients', '12', '--appointments', '40'])
      expect(r.status, r.stderr).toBe(0)
      expect(r.stdout).toMatch(/Listo en [\d.]+ s: 12 pacientes, 40 citas/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
