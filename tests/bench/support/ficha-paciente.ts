/**
 * The agenda bench's figure for the client card (docs/decisions/0053-ficha-del-paciente.md):
 * a demo patient given 50 completed visits (each with its payment) on the server before the
 * device's first download, then, in Chromium from the device's data, the tap on 'Ver ficha'
 * → the card with its 50 past citas and its totals drawn, median.
 */
import type { Page } from 'playwright-core'
import type { LocalStack } from '../../../supabase/local/server.ts'
import { settled } from './panel-browser.ts'

export const VISITAS_FICHA = 50

/** The card with every past cita drawn and its totals (not 'Cargando…' nor the download's line). */
const FICHA_LISTA = `[role="dialog"] table[aria-label="Citas anteriores"] tbody tr`
const TOTALES = `[role="dialog"] section[aria-label="Resumen"] dl`

/** Gives one demo patient 50 completed, paid visits (a new specialist, one every third day back). */
export async function sembrarFicha(stack: LocalStack): Promise<{ nombre: string }> {
  const q = async <T>(sql: string, params: unknown[] = []) => (await stack.db.query<T>(sql, params)).rows
  const [p] = await q<{ id_paciente: string; nombre: string; apellido: string }>(
    `select id_paciente::text, nombre, apellido from public.tb_pacientes where not _deleted order by created_at, id_paciente limit 1`,
  )
  const [t] = await q<{ id_tratamiento: string; nombre: string }>(
    `select id_tratamiento::text, nombre from public.tb_tratamientos where not _deleted and tipo = 'tratamiento' and activo order by nombre limit 1`,
  )
  if (!p || !t) throw new Error('los datos demo no tienen pacientes o tratamientos')
  const [e] = await q<{ id: string }>(
    `insert into public.tb_especialistas (id_especialista, nombre, apellido, especialidad) values (gen_random_uuid(), 'Ficha', 'Banco', 'Masajes') returning id_especialista::text as id`,
  )
  const nombre = `${p.nombre} ${p.apellido}`
  await q(
    `insert into public.tb_citas (id_cita, id_paciente, id_especialista, id_tratamiento, nombre_cliente, nombre_tratamiento, fecha_cita, hora_inicio, hora_fin, estado_cita)
     select gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, $4, $5, (current_date - g * 3), '08:00', '09:00', 'Confirmada' from generate_series(1, ${VISITAS_FICHA}) g`,
    [p.id_paciente, e!.id, t.id_tratamiento, nombre, t.nombre],
  )
  // A payment completes its cita (server trigger, docs/architecture.md §3).
  await q(
    `insert into public.tb_pagos_citas (id_pago_cita, id_cita, monto_total_calculado, monto_final_pagado, metodo_pago_final, fecha_pago)
     select gen_random_uuid(), id_cita, 150, 150, 'Efectivo', fecha_cita from public.tb_citas where id_especialista = $1::uuid`,
    [e!.id],
  )
  return { nombre }
}

/**
 * Pacientes searched to the patient; each round opens the row's menu, then times the tap
 * on 'Ver ficha' until the card shows its 50 past citas and its totals, and closes it.
 */
export async function fichaConVisitas(page: Page, base: string, { nombre, rounds }: { nombre: string; rounds: number }): Promise<number[]> {
  await page.goto(`${base}/control-citas/pacientes?q=${encodeURIComponent(nombre)}`)
  const menu = page.getByRole('button', { name: `Acciones para ${nombre}` }).first()
  await menu.waitFor({ timeout: 60_000 })
  await settled(page)
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    await page.waitForTimeout(100)
    await menu.click()
    await page.getByRole('menuitem', { name: 'Ver ficha' }).waitFor()
    times.push(
      await page.evaluate(
        ({ ready, totales, count }) =>
          new Promise<number>((resolve) => {
            const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((b) => b.textContent?.trim() === 'Ver ficha')!
            let t0 = 0
            item.addEventListener('click', () => (t0 = performance.now()), { capture: true, once: true })
            const observer = new MutationObserver(() => {
              if (t0 && document.querySelectorAll(ready).length >= count && document.querySelector(totales)) {
                observer.disconnect()
                resolve(performance.now() - t0)
              }
            })
            observer.observe(document, { childList: true, subtree: true, attributes: true })
            item.click()
          }),
        { ready: FICHA_LISTA, totales: TOTALES, count: VISITAS_FICHA },
      ),
    )
    await page.keyboard.press('Escape')
    await page.locator('[role="dialog"]').waitFor({ state: 'hidden' })
  }
  return times
}
