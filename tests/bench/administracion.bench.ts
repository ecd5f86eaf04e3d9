/**
 * Administración (issue "Administración", docs/decisions/0010-administracion.md) with the
 * demo volume (seed-demo.ts: 20,000 payments over two years) plus 1,000 expenses over the
 * same two years and the past months reconciled, on the embedded stack serving a fresh
 * production build. The targets are measured on the screens, in Chromium, as the
 * administrator (support/administracion-pantallas.ts). Beside them, the domain code alone
 * in Node on the same rows (memoised inputs as the screens hold them), to tell the
 * computation from the rendering:
 * - the reconciliation of a month recomputed when the month changes (≤ 200 ms): the chain
 *   conciliacion-page.tsx recomputes (saldo inicial, income of the month, its list,
 *   expenses, summary);
 * - the 12-month chart series (≤ 300 ms): serieDoceMeses as grafico-doce-meses.tsx calls it;
 * - 'Exportar a Excel' of Gestión de Egresos (≤ 1 s): exportarEgresos → the .xlsx bytes.
 */
import { spawnSync } from 'node:child_process'
import type { Figure } from './run.ts'
import { screenFigures } from './support/administracion-pantallas.ts'
import { demoStack, leerCitas, leerConciliaciones, leerEgresos, leerFormasPago, leerPagos, medianMs, seedVolume } from './support/demo-volume.ts'
import type { LocalStack } from '../../supabase/local/server.ts'
import { conciliacionDe, egresosDelMes, resumenConciliacion, saldoInicial } from '../../src/domain/conciliacion.ts'
import { filasIngresos, ingresosDelMes, ingresosParaGuardar, totalIngresos, type IngresosInput } from '../../src/domain/conciliacion-ingresos.ts'
import { serieDoceMeses, type SerieInput } from '../../src/domain/conciliacion-reportes.ts'
import { exportarEgresos } from '../../src/domain/egresos-exportar.ts'
import { totalEgresos, type Egreso } from '../../src/domain/egresos.ts'
import { periodoAnterior, periodoDeFecha, ultimosPeriodos, type Periodo } from '../../src/domain/periodo.ts'
import { peruToday } from '../../src/domain/peru-time.ts'
import { buildWorkbook, sheet } from '../../src/lib/excel/workbook.ts'

const EXPENSES = 1000
const MONTHS = 24

export default async function administracionBench(): Promise<Figure[]> {
  if (spawnSync('npx', ['vite', 'build'], { stdio: 'ignore' }).status !== 0) throw new Error('vite build falló')
  const stack = await demoStack(true)
  try {
    await seedVolume(stack)
    await seedExpenses(stack)
    const [pagos, todasLasCitas, formasPago] = await Promise.all([leerPagos(stack), leerCitas(stack), leerFormasPago(stack)])
    // use-conciliacion.ts reads only the appointments with an advance.
    const citas = todasLasCitas.filter((c) => Number(c.monto_adelanto) > 0)
    const ingresos: IngresosInput = { pagos, citas, formasPago }
    const hoy = periodoDeFecha(peruToday())!
    await reconcilePastMonths(stack, ingresos, await leerEgresos(stack), hoy)
    const [egresos, conciliaciones] = await Promise.all([leerEgresos(stack), leerConciliaciones(stack)])
    const input: SerieInput = { ...ingresos, egresos, conciliaciones }
    console.log(`  egresos: ${egresos.length}; conciliaciones registradas: ${conciliaciones.length}; citas con adelanto: ${citas.length}`)
    // The months an administrator steps through: the last year, newest (not reconciled yet) first.
    const meses = ultimosPeriodos(hoy, 12).reverse()
    const computo = [...(await monthFigures(input, meses)), ...(await chartFigure(input, meses)), ...(await exportFigures(egresos, meses))]
    return [...(await screenFigures(`http://127.0.0.1:${stack.port}`, input, hoy)), ...computo]
  } finally {
    await stack.close()
  }
}

/**
 * 1,000 expenses over the two years (≈ 42 a month): a fifth fixed (no date), the rest
 * variable dated inside their month; some in dollars with an exchange rate. Built in SQL,
 * deterministic (no randomness) so every run has the same rows.
 */
async function seedExpenses(stack: LocalStack): Promise<void> {
  await stack.db.query(
    `insert into public.tb_egresos (tipo_egreso, descripcion, tipo_cambio, monto_soles, monto_dolares, descripcion_adicional, mes, anio, fecha)
     select case when i % 5 = 0 then 'Fijo' else 'Variable' end,
            (array['Alquiler del local', 'Luz', 'Agua', 'Internet', 'Planilla', 'Insumos de cabina', 'Aceites y cremas', 'Toallas y lavandería',
                   'Mantenimiento', 'Publicidad', 'Movilidad', 'Útiles de oficina'])[1 + i % 12] || ' ' || i,
            case when i % 7 = 0 then 3.7500 + (i % 30) / 100.0 else null end,
            20 + (i * 37) % 2000,
            case when i % 7 = 0 then 5 + (i * 13) % 500 else 0 end,
            case when i % 3 = 0 then 'Factura F001-' || i else null end,
            extract(month from m)::smallint, extract(year from m)::smallint,
            case when i % 5 = 0 then null else (m + ((i * 7) % 28) * interval '1 day')::date end
       from generate_series(1, ${EXPENSES}) as i,
            lateral (select (date_trunc('month', now() at time zone 'America/Lima') - ((i % ${MONTHS}) * interval '1 month'))::date as m) as mes`,
  )
}

/**
 * The administrator registered every month up to two months ago: the saved income list
 * (as 'Guardar' stores it), the saldo inicial carried from the previous month and the
 * saldo final of the summary. Last month and this one are not reconciled yet, so the
 * screen computes their income from the payments (the heavier path).
 */
async function reconcilePastMonths(stack: LocalStack, ingresos: IngresosInput, egresos: Egreso[], hoy: Periodo): Promise<void> {
  const meses = ultimosPeriodos(periodoAnterior(periodoAnterior(hoy)), MONTHS - 2)
  let saldo = 1_000_000 // céntimos: S/ 10,000.00 at the start
  const filas = meses.map((p) => {
    const lista = filasIngresos(ingresosDelMes(ingresos, p), null)
    const resumen = resumenConciliacion(saldo, lista, egresosDelMes(egresos, p))
    const fila = { anio: p.anio, mes: p.mes, saldo_inicial: saldo / 100, saldo_final: resumen.saldoFinal / 100, ingresos_tratamientos: ingresosParaGuardar(lista), egresos: resumen.totalEgresos / 100 }
    saldo = resumen.saldoFinal
    return fila
  })
  await stack.db.query(
    `insert into public.tb_conciliacion_bancaria (anio, mes, saldo_inicial, saldo_final, ingresos_tratamientos, egresos)
     select anio, mes, saldo_inicial, saldo_final, ingresos_tratamientos, egresos from jsonb_populate_recordset(null::public.tb_conciliacion_bancaria, $1::jsonb)`,
    [JSON.stringify(filas)],
  )
}

/** What conciliacion-page.tsx recomputes when the selected month changes. */
function conciliacionDelMes(input: SerieInput, periodo: Periodo) {
  const registro = conciliacionDe(input.conciliaciones, periodo)
  const saldo = saldoInicial(input.conciliaciones, periodo)
  const calculados = ingresosDelMes(input, periodo)
  const filas = filasIngresos(calculados, registro?.ingresos_tratamientos)
  const egresosMes = egresosDelMes(input.egresos, periodo)
  const resumen = resumenConciliacion(saldo.valor, filas, egresosMes)
  // The note under the list compares what was received with the list.
  return { resumen, recibido: totalIngresos(calculados), filas: filas.length }
}

async function monthFigures(input: SerieInput, meses: Periodo[]): Promise<Figure[]> {
  conciliacionDelMes(input, meses[0]!) // warm-up: the screen has already shown a month
  const abierto = await medianMs(11, (i) => conciliacionDelMes(input, meses[i % 2]!))
  const registrado = await medianMs(11, (i) => conciliacionDelMes(input, meses[2 + (i % 10)]!))
  return [
    { name: 'Conciliación de un mes sin registrar (ingresos calculados de los pagos): recálculo al cambiar de mes, cómputo (mediana de 11)', value: abierto, unit: 'ms', target: '≤ 200', ok: abierto <= 200 },
    { name: 'Conciliación de un mes registrado (lista guardada): recálculo al cambiar de mes, cómputo (mediana de 11)', value: registrado, unit: 'ms', target: '≤ 200', ok: registrado <= 200 },
  ]
}

async function chartFigure(input: SerieInput, meses: Periodo[]): Promise<Figure[]> {
  serieDoceMeses(input, meses[0]!) // warm-up
  // Each round ends the series at another month, as when the administrator changes month.
  const ms = await medianMs(11, (i) => serieDoceMeses(input, meses[i % meses.length]!))
  return [{ name: 'Gráfico de 12 meses: serie serieDoceMeses, cómputo (mediana de 11)', value: ms, unit: 'ms', target: '≤ 300', ok: ms <= 300 }]
}

async function exportFigures(egresos: Egreso[], meses: Periodo[]): Promise<Figure[]> {
  const exportar = (p: Periodo) => buildWorkbook([sheet(exportarEgresos(egresos, p).hoja)])
  const t0 = performance.now()
  await exportar(meses[1]!)
  const first = performance.now() - t0
  const filas = exportarEgresos(egresos, meses[1]!).hoja.rows.length
  const warm = await medianMs(5, (i) => exportar(meses[1 + (i % 5)]!))
  const total = totalEgresos(egresos).cantidad
  return [
    { name: `Exportar egresos de un mes (${filas} de ${total} egresos): primera exportación del proceso, hoja + bytes .xlsx`, value: first, unit: 'ms', target: '≤ 1000', ok: first <= 1000 },
    { name: 'Exportar egresos de un mes: hoja + bytes .xlsx (mediana de 5)', value: warm, unit: 'ms', target: '≤ 1000', ok: warm <= 1000 },
  ]
}
