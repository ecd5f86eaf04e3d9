/**
 * The administración figures on the real screen path (docs/decisions/0019-administracion-cierre.md): a production
 * build served by the embedded stack with the demo volume, Debian's Chromium signed in as
 * the administrator, the device synced, then measured in the page:
 * - Conciliación Bancaria: a tap on another month in 'Mes' → 'Total Ingresos' and
 *   'Total Egresos' of that month on screen (local queries already live; the page's
 *   recomputation and render), and → the 12-month chart redrawn ending at that month
 *   (its accessible table's last row), median over the year's months;
 * - Gestión de Egresos: tap on 'Exportar a Excel' → the file handed to the browser, the
 *   first export (it loads SheetJS) and the median of 5.
 * Expected figures come from the same domain functions in Node, so a figure is only
 * taken once the screen shows the right month (never a stale one).
 */
import type { Browser, Page } from 'playwright-core'
import type { Figure } from '../run.ts'
import { adminPage, launchChromium, median } from './panel-browser.ts'
import { conciliacionDe, egresosDelMes, resumenConciliacion, saldoInicial } from '../../../src/domain/conciliacion.ts'
import { filasIngresos, ingresosDelMes } from '../../../src/domain/conciliacion-ingresos.ts'
import type { SerieInput } from '../../../src/domain/conciliacion-reportes.ts'
import { nombreMes } from '../../../src/domain/calendar.ts'
import { formatCentimos } from '../../../src/domain/money.ts'
import { periodoAnterior, type Periodo } from '../../../src/domain/periodo.ts'

const CONCILIACION = '/control-citas/conciliacion-bancaria'
const RESUMEN = 'dl[aria-label="Resumen de Conciliación"]'
const GRAFICO_ULTIMA_FILA = 'table[aria-label="Últimos 12 meses"] tbody tr:last-child td'

interface Esperado {
  periodo: Periodo
  nombre: string
  etiqueta: string
  ingresos: string
  egresos: string
}

/** What the summary shows for a month (the page's own chain, run in Node). */
function esperado(input: SerieInput, periodo: Periodo): Esperado {
  const registro = conciliacionDe(input.conciliaciones, periodo)
  const filas = filasIngresos(ingresosDelMes(input, periodo), registro?.ingresos_tratamientos)
  const resumen = resumenConciliacion(saldoInicial(input.conciliaciones, periodo).valor, filas, egresosDelMes(input.egresos, periodo))
  return {
    periodo,
    nombre: nombreMes(periodo.mes),
    etiqueta: `${nombreMes(periodo.mes).slice(0, 3)} ${periodo.anio}`,
    ingresos: formatCentimos(resumen.totalIngresos),
    egresos: formatCentimos(resumen.totalEgresos),
  }
}

export async function screenFigures(base: string, input: SerieInput, hoy: Periodo): Promise<Figure[]> {
  const browser = await launchChromium()
  try {
    const conciliacion = await conciliacionFigures(browser, base, input, hoy)
    // A failure of the second screen must not lose the first one's figures: said, not hidden.
    const exportacion = await exportFigures(browser, base, input, hoy).catch((e: unknown) => {
      console.log(`  ✗ Pantalla Egresos: no se pudo medir la exportación: ${e instanceof Error ? e.message : String(e)}`)
      return []
    })
    return [...conciliacion, ...exportacion]
  } finally {
    await browser.close()
  }
}

async function conciliacionFigures(browser: Browser, base: string, input: SerieInput, hoy: Periodo): Promise<Figure[]> {
  const page = await adminPage(browser, base, CONCILIACION)
  await page.addInitScript(RESUMEN_MUESTRA)
  await page.evaluate(RESUMEN_MUESTRA)
  // The screen opens on this month: its full totals on screen mean the device holds the two years.
  const actual = esperado(input, hoy)
  const t0 = performance.now()
  for (let intento = 1; ; intento++) {
    const listo = await page
      .waitForFunction(`window.resumenMuestra(${JSON.stringify(RESUMEN)}, ${JSON.stringify(actual)})`, undefined, { timeout: 60_000, polling: 500 })
      .then(() => true)
      .catch(() => false)
    if (listo) break
    const visto = (await page.locator(RESUMEN).textContent({ timeout: 5_000 }).catch(() => null)) ?? 'sin resumen'
    console.log(`  … ${intento} min: esperando ${actual.ingresos} / ${actual.egresos}; en pantalla: ${visto}`)
    if (intento >= 25) throw new Error('la conciliación del mes no llegó a los totales del servidor')
  }
  const sync = (performance.now() - t0) / 1000
  await page.locator(GRAFICO_ULTIMA_FILA).first().waitFor({ timeout: 60_000 })

  // The months of this year before this one, back and forth, each a real change of totals.
  const meses: Esperado[] = []
  for (let p = periodoAnterior(hoy); p.anio === hoy.anio; p = periodoAnterior(p)) meses.push(esperado(input, p))
  const orden = [...meses, actual, ...meses.slice(0, 4)]
  const resumenMs: number[] = []
  const graficoMs: number[] = []
  let mostrado = actual
  for (const destino of orden) {
    if (destino.ingresos === mostrado.ingresos && destino.egresos === mostrado.egresos) continue
    await page.waitForTimeout(150) // the previous change settles (effects, idle sync)
    // The month picker (docs/decisions/0050-reserva-publica-en-espanol.md): this year's months, by name.
    await page.getByRole('button', { name: 'Mes', exact: true }).click()
    await page.getByRole('button', { name: destino.nombre.toLowerCase(), exact: true }).waitFor()
    const { resumen, grafico } = await cambiarMes(page, destino)
    resumenMs.push(resumen)
    graficoMs.push(grafico)
    mostrado = destino
  }
  await page.context().close()
  const n = resumenMs.length
  return [
    {
      name: `Pantalla Conciliación: cambiar de mes → resumen del mes recalculado en pantalla (navegador, administrador, mediana de ${n})`,
      value: median(resumenMs),
      unit: 'ms',
      target: '≤ 200',
      ok: median(resumenMs) <= 200,
    },
    {
      name: `Pantalla Conciliación: cambiar de mes → gráfico de 12 meses redibujado hasta ese mes (mediana de ${n})`,
      value: median(graficoMs),
      unit: 'ms',
      target: '≤ 300',
      ok: median(graficoMs) <= 300,
    },
    { name: 'Pantalla Conciliación: el peor cambio de mes hasta el gráfico redibujado (informativo)', value: Math.max(...graficoMs), unit: 'ms' },
    { name: 'Pantalla Conciliación: sincronización inicial del dispositivo con el volumen demo hasta ver el mes (informativo)', value: sync, unit: 's' },
  ]
}

/** Whether the summary shows these totals: source text for the page (tsx would wrap a named function in a `__name` the page lacks). */
const RESUMEN_MUESTRA = `window.resumenMuestra = (selector, e) => {
  const dl = document.querySelector(selector)
  if (!dl) return false
  const valor = (label) => [...dl.querySelectorAll('dt')].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent
  return valor('Total Ingresos') === e.ingresos && valor('Total Egresos') === e.egresos
}`

/** Tap on the month's option → summary drawn, and → chart's last month drawn, measured in the page. */
async function cambiarMes(page: Page, destino: Esperado): Promise<{ resumen: number; grafico: number }> {
  return page.evaluate(
    ({ destino, resumenSel, graficoSel }) =>
      new Promise<{ resumen: number; grafico: number }>((resolve, reject) => {
        const option = [...document.querySelectorAll<HTMLElement>('[data-dates-dropdown] button')].find((o) => o.textContent === destino.nombre.toLowerCase())
        if (!option) return reject(new Error(`no hay opción ${destino.nombre}`))
        let resumen = 0
        const timer = setTimeout(() => reject(new Error(`el mes ${destino.nombre} no apareció`)), 30_000)
        const observer = new MutationObserver(() => {
          const w = window as unknown as { resumenMuestra: (s: string, e: typeof destino) => boolean }
          if (!resumen && w.resumenMuestra(resumenSel, destino)) resumen = performance.now() - t0
          if (!resumen || document.querySelector(graficoSel)?.textContent !== destino.etiqueta) return
          observer.disconnect()
          clearTimeout(timer)
          resolve({ resumen, grafico: performance.now() - t0 })
        })
        observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true })
        const t0 = performance.now()
        option.click()
      }),
    { destino, resumenSel: RESUMEN, graficoSel: GRAFICO_ULTIMA_FILA },
  )
}

async function exportFigures(browser: Browser, base: string, input: SerieInput, hoy: Periodo): Promise<Figure[]> {
  const mes = periodoAnterior(hoy)
  const filas = input.egresos.filter((e) => e.anio === mes.anio && e.mes === mes.mes).length
  const page = await adminPage(browser, base, `/control-citas/egresos`)
  await page.goto(`${base}/control-citas/egresos?anio=${mes.anio}&mes=${mes.mes}`)
  await page.waitForFunction((n) => document.querySelectorAll('table[aria-label="Lista de Egresos Fijos"] tbody tr, table[aria-label="Lista de Egresos Variables"] tbody tr').length >= n, Math.min(filas, 10), {
    timeout: 600_000,
  })
  await page.evaluate(() => {
    const w = window as unknown as { __descargas: number[] }
    w.__descargas = []
    const click = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      // The file is not saved: the measure ends when the browser is handed it.
      if (this.download) w.__descargas.push(performance.now())
      else click.call(this)
    }
  })
  const ms: number[] = []
  for (let i = 0; i < 6; i++) {
    await page.waitForTimeout(300) // the previous export's toast and busy state are over
    const t0 = await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Exportar a Excel'))!
      const start = performance.now()
      button.click()
      return start
    })
    await page.waitForFunction((n) => (window as unknown as { __descargas: number[] }).__descargas.length > n, i)
    ms.push((await page.evaluate((n) => (window as unknown as { __descargas: number[] }).__descargas[n]!, i)) - t0)
  }
  await page.context().close()
  const [first, ...warm] = ms
  return [
    { name: `Pantalla Egresos: Exportar a Excel (${filas} egresos del mes): toque → descarga, primera vez (carga SheetJS)`, value: first!, unit: 'ms', target: '≤ 1000', ok: first! <= 1000 },
    { name: 'Pantalla Egresos: Exportar a Excel: toque → descarga (mediana de 5)', value: median(warm), unit: 'ms', target: '≤ 1000', ok: median(warm) <= 1000 },
  ]
}
