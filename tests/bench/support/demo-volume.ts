/**
 * Shared by caja.bench.ts and administracion.bench.ts: the issue's "demo volume"
 * (20,000 payments over two years, from supabase/local/seed-demo.ts) on an in-memory
 * embedded stack, and the local tables read back in the shapes the screens' hooks give
 * the domain code (use-reporte-pagos.ts, use-conciliacion.ts), so the domain functions
 * run on rows like the ones a tablet holds, not on hand-made fixtures.
 */
import { startStack, defaultSeed, type LocalStack } from '../../../supabase/local/server.ts'
import { seedDemo, type DemoOptions, type DemoResult } from '../../../supabase/local/seed-demo.ts'
import { internalStatementDeadlineMs, type Db } from '../../../supabase/local/db.ts'
import type { PagoReporte, TratamientoComision } from '../../../src/domain/comisiones.ts'
import type { CitaAdelanto } from '../../../src/domain/reporte-pagos.ts'
import type { Egreso } from '../../../src/domain/egresos.ts'
import type { FormaPagoFila } from '../../../src/domain/formas-pago.ts'
import type { Conciliacion } from '../../../src/domain/conciliacion.ts'

/** The volume: 20,000 payments over two years (seed-demo's spread). */
export const DEMO = { patients: 5000, appointments: 20_000, payments: 20_000, seed: 7 } as const

/** On BENCH_PORT when given (a port of one's own on a shared machine), else any free port. */
export async function demoStack(serveApp: boolean): Promise<LocalStack> {
  return startStack({ memory: true, port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1', seed: defaultSeed, serveApp, log: () => {} })
}

/**
 * seedDemo on a started stack's database, whose statements have the stack's per-statement
 * limit: a demo-volume statement passed it on a busy machine ('canceling statement due to
 * statement timeout', twice in seven bench runs). The generation runs without it, as
 * `--demo` does before the stack starts; the limit is back once it is done.
 */
export async function seedDemoOnStack(db: Db, options: DemoOptions): Promise<DemoResult> {
  db.setStatementDeadline?.(0)
  try {
    return await seedDemo(db, options)
  } finally {
    db.setStatementDeadline?.(internalStatementDeadlineMs)
  }
}

/** Seeds the demo volume and says what it wrote (printed, so a reader sees the volume). */
export async function seedVolume(stack: LocalStack): Promise<void> {
  const r = await seedDemoOnStack(stack.db, DEMO)
  console.log(`  datos demo: ${r.payments} pagos, ${r.appointments} citas, ${r.directSales} ventas directas, ${r.patients} pacientes (${Math.round(r.ms / 1000)} s)`)
}

/** Money columns as numbers, like the synced documents (PostgREST sends numeric as JSON numbers). */
export async function leerPagos(stack: LocalStack): Promise<PagoReporte[]> {
  const { rows } = await stack.db.query<PagoReporte>(
    `select id_pago_cita::text, id_cita::text, coalesce(monto_total_calculado, 0)::float8 as monto_total_calculado,
            coalesce(monto_adelanto_aplicado, 0)::float8 as monto_adelanto_aplicado, monto_final_pagado::float8 as monto_final_pagado,
            metodo_pago_final, referencia_pago_final, tratamientos_adicionales_info, fecha_pago::text,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
       from public.tb_pagos_citas where not _deleted`,
  )
  return rows
}

export async function leerCitas(stack: LocalStack): Promise<CitaAdelanto[]> {
  const { rows } = await stack.db.query<CitaAdelanto>(
    `select id_cita::text, id_tratamiento::text, nombre_tratamiento, nombre_cliente, estado_cita, fecha_cita::text,
            hora_inicio::text, coalesce(monto_adelanto, 0)::float8 as monto_adelanto, metodo_pago_adelanto,
            referencia_pago_adelanto, fecha_pago_adelanto::text
       from public.tb_citas where not _deleted`,
  )
  return rows
}

/** The catalogue keyed by lower-case id, as use-reporte-pagos.ts builds it. */
export async function leerCatalogo(stack: LocalStack): Promise<Map<string, TratamientoComision>> {
  const { rows } = await stack.db.query<{ id: string; nombre: string; tipo: string; comision: number | null }>(
    `select id_tratamiento::text as id, nombre, tipo, comision::float8 as comision from public.tb_tratamientos where not _deleted`,
  )
  return new Map(rows.map((t) => [t.id.toLowerCase(), { nombre: t.nombre, tipo: t.tipo, comision: t.comision }]))
}

export async function leerFormasPago(stack: LocalStack): Promise<FormaPagoFila[]> {
  const { rows } = await stack.db.query<FormaPagoFila>(`select fp_descripcion, fp_comision::float8 as fp_comision from public.tb_formapago where not _deleted`)
  return rows
}

export async function leerEgresos(stack: LocalStack): Promise<Egreso[]> {
  const { rows } = await stack.db.query<Egreso>(
    `select id_egreso::text, tipo_egreso, descripcion, tipo_cambio::float8 as tipo_cambio, monto_soles::float8 as monto_soles,
            monto_dolares::float8 as monto_dolares, descripcion_adicional, mes, anio, fecha::text, created_at::text
       from public.tb_egresos where not _deleted`,
  )
  return rows
}

export async function leerConciliaciones(stack: LocalStack): Promise<Conciliacion[]> {
  const { rows } = await stack.db.query<Conciliacion>(
    `select id_conciliacion::text, anio, mes, saldo_inicial::float8 as saldo_inicial, saldo_final::float8 as saldo_final,
            ingresos_tratamientos, egresos::float8 as egresos
       from public.tb_conciliacion_bancaria where not _deleted`,
  )
  return rows
}

/** Median of `rounds` timed calls of `run(i)` (i lets each round change a filter). */
export async function medianMs(rounds: number, run: (i: number) => unknown): Promise<number> {
  const samples: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now()
    await run(i)
    samples.push(performance.now() - t0)
  }
  samples.sort((a, b) => a - b)
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN
}
