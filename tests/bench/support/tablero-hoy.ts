/**
 * The agenda bench's figures for the hub's 'Hoy' board (docs/decisions/0051-tablero-hoy.md):
 * the computation alone in Node, and the hub drawn in Chromium from the device's data.
 */
import type { Page } from 'playwright-core'
import type { LocalStack } from '../../../supabase/local/server.ts'
import type { PagoReporte } from '../../../src/domain/comisiones.ts'
import { citasDeHoy, cobradoHoy, productosStockBajo, reservasPorConfirmar, type CitaHoy, type ProductoHoy } from '../../../src/domain/hoy.ts'
import { peruToday } from '../../../src/domain/peru-time.ts'
import type { ReservaLista } from '../../../src/domain/reservas.ts'
import type { Figure } from '../run.ts'
import { clickUntil, median, settled } from './panel-browser.ts'

/** The 'Hoy' board with its figures (not its 'Calculando…' line). */
const HOY_LISTO = 'section[aria-labelledby="hoy-titulo"] [aria-label="Citas de hoy por estado"]'
/** 'Volver al panel' (the header's brand also links to the hub: this is the screen's own link). */
const VOLVER = 'main a[href="/control-citas"]'

/**
 * The 'Hoy' board's computation alone, in Node, on the demo rows the hub reads for a day
 * (the same selections as src/features/panel/use-hoy.ts) for the busiest day up to today,
 * median of many.
 */
export async function hoyDomainFigure(stack: LocalStack, rounds: number): Promise<Figure> {
  const rows = async <T>(sql: string, params: unknown[] = []) => (await stack.db.query<T>(sql, params)).rows
  // The busiest day up to today stands for "today" (today may be a closed Sunday).
  const [{ hoy } = { hoy: peruToday() }] = await rows<{ hoy: string }>(
    `select fecha_cita::text as hoy from public.tb_citas where not _deleted and fecha_cita <= $1::date group by 1 order by count(*) desc, 1 desc limit 1`,
    [peruToday()],
  )
  const citas = await rows<CitaHoy>(
    `select id_cita::text, id_tratamiento::text, id_especialista::text, nombre_tratamiento, nombre_cliente, fecha_cita::text, hora_inicio::text,
            estado_cita, monto_adelanto::text, id_pago_final::text
       from public.tb_citas where not _deleted and fecha_cita = $1::date`,
    [hoy],
  )
  const pagos = await rows<PagoReporte>(
    `select id_pago_cita::text, id_cita::text, monto_total_calculado::text, monto_adelanto_aplicado::text, monto_final_pagado::text, metodo_pago_final,
            referencia_pago_final, tratamientos_adicionales_info, fecha_pago::text
       from public.tb_pagos_citas
      where not _deleted and (fecha_pago = $1::date or id_cita in (select id_cita from public.tb_citas where fecha_cita = $1::date))`,
    [hoy],
  )
  const tratamientos = await rows<ProductoHoy & { costo: string }>(`select id_tratamiento::text, nombre, tipo, activo, tr_cantidad, costo::text from public.tb_tratamientos where not _deleted`)
  const especialistas = await rows<{ id_especialista: string; nombre: string; apellido: string }>(`select id_especialista::text, nombre, apellido from public.tb_especialistas where not _deleted`)
  const reservas = await rows<ReservaLista>(
    `select id_reserva::text, nombre_cliente, email_cliente, telefono_cliente, id_tratamiento::text, nombre_tratamiento, fecha_reserva::text, hora_reserva, estado_reserva
       from public.tb_reservas where not _deleted and estado_reserva = 'pendiente'`,
  )
  const citasReserva = await rows<{ id_reserva_origen: string; estado_cita: string }>(
    `select id_reserva_origen::text, estado_cita from public.tb_citas where not _deleted and id_reserva_origen is not null and fecha_cita >= $1::date`,
    [hoy],
  )
  const ahora = 0 // every cita of the day still to come: the upcoming ones are sorted too
  const calcular = () => {
    const porId = new Map(especialistas.map((e) => [e.id_especialista, e]))
    const catalogo = { precios: new Map(tratamientos.map((t) => [t.id_tratamiento, t])), especialista: (id: string) => porId.get(id) }
    return [citasDeHoy(citas, pagos, hoy, ahora, catalogo), cobradoHoy(pagos, hoy), reservasPorConfirmar(reservas, citasReserva), productosStockBajo(tratamientos, new Map())] as const
  }
  calcular() // warm-up
  const out: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now()
    calcular()
    out.push(performance.now() - t0)
  }
  const [c, cobrado, porConfirmar, bajos] = calcular()
  const resumen = `el ${hoy}: ${c.total} citas, ${c.porCobrar} por cobrar, ${cobrado.pagos} pagos, ${porConfirmar} reservas, ${bajos.length} productos con stock bajo`
  const ms = median(out)
  return { name: `Tablero Hoy: solo el cálculo, en Node (${resumen}; ${pagos.length} pagos y ${tratamientos.length} tratamientos leídos; mediana de ${rounds})`, value: ms, unit: 'ms', target: '≤ 50', ok: ms <= 50 }
}

/**
 * 4. From Citas Programadas back to the hub until the 'Hoy' board shows its figures: the
 *    board's queries run afresh each time (only today's citas come from the agenda's
 *    shared cache, as on a tablet).
 */
export async function hubWithBoard(page: Page, base: string, { screen, rounds }: { screen: string; rounds: number }): Promise<{ times: number[]; resumen: string }> {
  const times: number[] = []
  await page.goto(`${base}${screen}`)
  // The screen is drawn (a day may have no rows: a closed Sunday).
  await page.waitForSelector(VOLVER, { timeout: 60_000 })
  await settled(page)
  for (let i = 0; i < rounds; i++) {
    await page.waitForTimeout(100)
    times.push(await clickUntil(page, VOLVER, HOY_LISTO))
    await page.click(`a[href="${screen}"]`)
    await page.waitForSelector(VOLVER)
  }
  await page.getByRole('link', { name: /Volver al panel/ }).click()
  await page.waitForSelector(HOY_LISTO)
  const cifras = await page.locator('section[aria-labelledby="hoy-titulo"] a[class*="_valor_"]').allTextContents()
  return { times, resumen: `hoy: ${cifras.join(' · ')}` }
}
