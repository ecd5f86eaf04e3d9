/**
 * The catalogue screens (docs/decisions/0005-back-office-kit.md), on a fresh production build served by the embedded
 * stack, in Debian's Chromium, with 500 treatments/products and 30 specialists synced
 * to the device:
 * - a search keystroke on Tratamientos (input → next frame, median of 15);
 * - 'Imprimir stock' for the active products: tap → file handed to the browser, the
 *   first export (it loads SheetJS) and the median of 5 more;
 * - opening each catalogue screen from the hub on a warm panel (tap on the tile → the
 *   screen's content in the page), median of 5.
 */
import { spawnSync } from 'node:child_process'
import type { Page } from 'playwright-core'
import { startStack } from '../../supabase/local/server.ts'
import type { Figure } from './run.ts'
import { clickUntil, launchChromium, median, searchKeystroke, staffPage } from './support/panel-browser.ts'

const ITEMS = 500
const SPECIALISTS = 30

/** Screen → what on it says the screen is ready (its list or cards rendered). */
const SCREENS = [
  { slug: 'tratamientos', ready: 'table[aria-label="Lista de tratamientos y productos"] tbody tr', count: 1 },
  { slug: 'especialistas', ready: 'table[aria-label="Lista de especialistas"] tbody tr', count: 1 },
  // All six day cards (Lunes–Sábado) on screen.
  { slug: 'horarios', ready: 'main section[aria-labelledby]', count: 6 },
] as const

export default async function catalogoBench(): Promise<Figure[]> {
  if (spawnSync('npx', ['vite', 'build'], { stdio: 'ignore' }).status !== 0) throw new Error('vite build falló')
  const stack = await startStack({ memory: true, port: 0, host: '127.0.0.1', serveApp: true, log: () => {} })
  const base = `http://127.0.0.1:${stack.port}`
  const browser = await launchChromium()
  try {
    // Half treatments, half products with an initial stock movement each (the ledger).
    await stack.db.query(
      `insert into public.tb_tratamientos (nombre, descripcion, categoria, tipo, costo, duracion_estimada_minutos, comision)
       select 'Catálogo ' || i, 'Descripción del ítem ' || i, 'Categoría ' || (i % 12),
              case when i % 2 = 0 then 'producto' else 'tratamiento' end, 20 + (i % 180),
              case when i % 2 = 0 then null else 30 + (i % 4) * 15 end, case when i % 2 = 0 then null else 10 end
       from generate_series(1, ${ITEMS}) as i`,
    )
    await stack.db.query(
      `insert into public.tb_movimientos_stock (id_tratamiento, cantidad, motivo)
       select id_tratamiento, 1 + (abs(hashtext(nombre)) % 40), 'inicial' from public.tb_tratamientos where tipo = 'producto'`,
    )
    await stack.db.query(
      `insert into public.tb_especialistas (nombre, apellido, especialidad, email, dias_trabajo, hora_inicio_trabajo, hora_fin_trabajo)
       select 'Especialista', 'Número ' || i, 'Masajes', 'esp' || i || '@spa.pe', array['Lunes','Martes','Miércoles','Jueves','Viernes'], '09:00', '18:00'
       from generate_series(1, ${SPECIALISTS}) as i`,
    )
    const page = await staffPage(browser, base, '/control-citas/tratamientos')
    await page.getByText(/\d{3} registros/).waitFor({ timeout: 120_000 })
    const total = Number((await page.getByText(/\d{3} registros/).textContent())!.replace(/\D/g, ''))

    const keystroke = await searchKeystroke(page, 'Buscar tratamientos', 'catalogo 1')
    await page.getByRole('searchbox', { name: 'Buscar tratamientos' }).fill('')
    const [firstExport, ...warm] = await exports(page, 6)
    const opening = await openFromHub(page, base)
    return [
      { name: `Tratamientos: una pulsación en la búsqueda (${total} ítems, mediana de 15)`, value: keystroke, unit: 'ms', target: '≤ 50', ok: keystroke <= 50 },
      { name: 'Imprimir stock: primera exportación (carga SheetJS)', value: firstExport!, unit: 'ms', target: '≤ 1000', ok: firstExport! <= 1000 },
      { name: 'Imprimir stock: exportación (mediana de 5)', value: median(warm), unit: 'ms', target: '≤ 1000', ok: median(warm) <= 1000 },
      ...opening.map(({ slug, ms }) => ({ name: `Abrir ${slug} desde el panel (panel ya cargado, mediana de 5)`, value: ms, unit: 'ms', target: '≤ 300', ok: ms <= 300 })),
    ]
  } finally {
    await browser.close()
    await stack.close()
  }
}

/** Tap on 'Imprimir stock' → the workbook's download link clicked, measured in the page. */
async function exports(page: Page, times: number): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __descargas: number[] }
    w.__descargas = []
    const click = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download) w.__descargas.push(performance.now())
      else click.call(this)
    }
  })
  const out: number[] = []
  for (let i = 0; i < times; i++) {
    const t0 = await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Imprimir stock'))!
      const start = performance.now()
      button.click()
      return start
    })
    await page.waitForFunction((n) => (window as unknown as { __descargas: number[] }).__descargas.length > n, i)
    out.push((await page.evaluate((n) => (window as unknown as { __descargas: number[] }).__descargas[n]!, i)) - t0)
  }
  return out
}

async function openFromHub(page: Page, base: string) {
  const results: Array<{ slug: string; ms: number }> = []
  for (const screen of SCREENS) {
    // Warm: the screen's code is loaded once before measuring.
    await page.goto(`${base}/control-citas/${screen.slug}`)
    await page.waitForFunction(({ ready, count }) => document.querySelectorAll(ready).length >= count, screen, { timeout: 60_000 })
    const samples: number[] = []
    for (let i = 0; i < 5; i++) {
      await page.getByRole('link', { name: /Volver al panel/ }).click()
      await page.waitForSelector('nav[aria-label="Secciones del panel"]')
      samples.push(await clickUntil(page, `a[href="/control-citas/${screen.slug}"]`, screen.ready, screen.count))
    }
    results.push({ slug: screen.slug, ms: median(samples) })
  }
  return results
}
