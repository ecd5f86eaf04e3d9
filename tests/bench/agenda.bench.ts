/**
 * The agenda's speed targets (issue text: "With the demo volume (5,000 patients, 20,000
 * citas) locally"), on the demo generator's data (supabase/local/seed-demo.ts) in the
 * embedded stack, a fresh production build and Debian's Chromium:
 *
 * 1. Citas Programadas, switching to the next day: change of the 'Día' input → the new
 *    day's rows (table) or blocks (day view) in the DOM, measured in the page, median;
 *    target ≤ 50 ms.
 * 2. `slotsAgenda` for a specialist's day in Node, on that specialist's busiest coming
 *    day among all 20,000 citas, median of many; target ≤ 5 ms.
 * 3. Opening Citas Programadas for a day from the device (already synced) vs the same
 *    day read over REST with its joins through a local proxy adding 150 ms, as an
 *    online-only back office would; both printed and the ratio (target ≥ 10×).
 *    Beside it, labelled as such, read against read: the app's own first local read of a
 *    day nobody had read yet (the User Timing measure src/lib/db/use-citas-dia.ts records:
 *    RxDB over IndexedDB by the fecha_cita index, no rendering; the specialist and
 *    treatment names it joins are already in memory) vs the same REST read. The screen
 *    figure stays the one compared with the target (docs/decisions/0025-agenda-velocidad.md).
 * 4. The hub with its 'Hoy' board (docs/decisions/0051-tablero-hoy.md): tap on 'Volver al
 *    panel' from Citas Programadas → the board's figures drawn from the device's data
 *    (every table it reads has answered), median; target ≤ 50 ms.
 * 5. The client card (docs/decisions/0053-ficha-del-paciente.md): a demo patient with 50
 *    completed, paid visits; tap on 'Ver ficha' in Pacientes → the card with its 50 past
 *    citas and its totals, from the device's data, median; target ≤ 50 ms.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { startStack, defaultSeed, type LocalStack } from '../../supabase/local/server.ts'
import { seedDemoOnStack } from './support/demo-volume.ts'
import { slotsAgenda, duracionTratamiento, type CitaAgenda, type EspecialistaAgenda, type HorarioSemana } from '../../src/domain/agenda-slots.ts'
import { fechaLargaDia } from '../../src/domain/agenda-format.ts'
import { peruMinutesOfDay, peruToday } from '../../src/domain/peru-time.ts'
import { countLabel } from '../../src/domain/text.ts'
import { TODO_SINCRONIZADO } from './support/primera-sincronizacion-browser.ts'
import type { Figure } from './run.ts'
import { clickUntil, launchChromium, median, profiled, settled, staffPage } from './support/panel-browser.ts'
import { fichaConVisitas, sembrarFicha, VISITAS_FICHA } from './support/ficha-paciente.ts'
import { hoyDomainFigure, hubWithBoard } from './support/tablero-hoy.ts'

const PATIENTS = 5000
const CITAS = 20_000
/** Day switches measured per view: consecutive open days, so "the next day" each time. */
const SWITCHES = 10
const SLOT_ROUNDS = 500
const OPENS = 15
const LATENCY_MS = 150
/** MEASURE_LECTURA of src/lib/db/use-citas-dia.ts (that module needs a browser to load). */
const MEASURE_LECTURA = 'agenda: leer día'

const SCREEN = '/control-citas/citas-confirmadas'
const TABLE_ROW = 'table[aria-label="Lista de citas programadas"] tbody tr'
const BLOCK = '[aria-label="Vista del día por especialista"] [aria-label^="Acciones para"]'
/** What the screen shows: live citas with a specialist, neither Cancelada nor Venta Directa (src/domain/citas-dia.ts). */
const LIVE = `not _deleted and id_especialista is not null and estado_cita not in ('Cancelada', 'Venta Directa')`

export default async function agendaBench(): Promise<Figure[]> {
  // With SPA_BENCH_PERFIL=<dir> the day switches and the opens are profiled there, on an
  // unminified build so the profile names the app's functions.
  const build = ['vite', 'build', ...(process.env.SPA_BENCH_PERFIL ? ['--minify', 'false'] : [])]
  if (spawnSync('npx', build, { stdio: 'ignore' }).status !== 0) throw new Error('vite build falló')
  const stack = await startStack({ memory: true, port: 0, host: '127.0.0.1', serveApp: true, seed: defaultSeed, log: () => {} })
  const base = `http://127.0.0.1:${stack.port}`
  let proxy: Server | null = null
  const browser = await launchChromium()
  try {
    const seeded = await seedDemoOnStack(stack.db, { patients: PATIENTS, appointments: CITAS, seed: 7 })
    console.log(`  datos demo: ${seeded.patients} pacientes, ${seeded.appointments} citas + ${seeded.directSales} ventas directas (${Math.round(seeded.ms / 1000)} s)`)
    const conVisitas = await sembrarFicha(stack)

    const figures: Figure[] = []
    // Each figure is also printed as soon as it is measured (a later failure keeps them).
    figures.push = (...items: Figure[]) => {
      for (const f of items) console.log(`  · ${f.name}: ${Math.round(f.value * 100) / 100} ${f.unit}`)
      return Array.prototype.push.apply(figures, items)
    }
    figures.push(...(await slotsFigures(stack)))
    figures.push(await hoyDomainFigure(stack, SLOT_ROUNDS))

    // Consecutive open days up to today with citas to show, oldest first.
    const hoy = peruToday()
    const days = (
      await stack.db.query<{ d: string; n: number }>(
        `select fecha_cita::text as d, count(*)::int as n from public.tb_citas where ${LIVE} and fecha_cita <= $1::date
          group by 1 order by 1 desc limit ${SWITCHES + 1}`,
        [hoy],
      )
    ).rows.reverse()
    const page = await staffPage(browser, base, SCREEN)
    // "Already synced": the device's first download of every table is over (the header
    // says 'Todo sincronizado'; with this volume ~30 s after today's citas show up, and
    // until then the sync's IndexedDB writes share the main thread with the screen), and
    // every measured day shows the server's count (this pass also loads the screen's
    // code and warms it, as a day of use would).
    await page.getByText(TODO_SINCRONIZADO, { exact: true }).first().waitFor({ timeout: 600_000 })
    for (const { d, n } of days) await showDay(page, base, d, n, false)

    const table = await profiled(page, 'agenda-cambio-de-dia-tabla', () => switchDays(page, base, days, false))
    const dayView = await profiled(page, 'agenda-cambio-de-dia-vista', () => switchDays(page, base, days, true))
    console.log(`  muestras (ms), tabla: ${table.map(Math.round).join(' ')}; vista del día: ${dayView.map(Math.round).join(' ')}`)
    figures.push(
      { name: `Citas Programadas (tabla): cambiar al día siguiente hasta sus filas (mediana de ${table.length})`, value: median(table), unit: 'ms', target: '≤ 50', ok: median(table) <= 50 },
      { name: `Citas Programadas (vista del día): cambiar al día siguiente hasta sus bloques (mediana de ${dayView.length})`, value: median(dayView), unit: 'ms', target: '≤ 50', ok: median(dayView) <= 50 },
    )

    // 3. Local vs online-only, for today (what the panel tile opens).
    const today = (await stack.db.query<{ n: number }>(`select count(*)::int as n from public.tb_citas where ${LIVE} and fecha_cita = $1::date`, [hoy])).rows[0]!.n
    await showDay(page, base, hoy, today, false)
    const local = await profiled(page, 'agenda-abrir-desde-el-panel', () => openFromHub(page, base, today))
    // 4. Printed now: the steps after it do not depend on it.
    const hub = await hubWithBoard(page, base, { screen: SCREEN, rounds: OPENS })
    figures.push({
      name: `Panel con el tablero Hoy desde datos locales (${hub.resumen}; toque en 'Volver al panel' → cifras, mediana de ${hub.times.length})`,
      value: median(hub.times),
      unit: 'ms',
      target: '≤ 50',
      ok: median(hub.times) <= 50,
    })
    // 5. Printed now too.
    const ficha = await fichaConVisitas(page, base, { nombre: conVisitas.nombre, rounds: OPENS })
    figures.push({
      name: `Ficha del paciente con ${VISITAS_FICHA} visitas desde datos locales (toque en 'Ver ficha' → sus ${VISITAS_FICHA} citas anteriores y el resumen, mediana de ${ficha.length})`,
      value: median(ficha),
      unit: 'ms',
      target: '≤ 50',
      ok: median(ficha) <= 50,
    })
    const { server, seen } = await latencyProxy(stack.port, LATENCY_MS)
    proxy = server
    const proxyBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const remote = await restReads(page, stack, proxyBase, hoy)
    const requests = Object.entries(seen).map(([method, n]) => `${n} ${method}`).join(' + ')
    const direct = await restReads(page, stack, stack.url, hoy)
    const ratio = median(remote.times) / median(local)
    // Days far from every day shown or prefetched so far (≥ 5 days with citas apart, so
    // no day's neighbours are another's): each is read from the device for the first time.
    const lejanos = (
      await stack.db.query<{ d: string }>(
        `select fecha_cita::text as d from public.tb_citas where ${LIVE} and fecha_cita <= $1::date group by 1 order by 1 desc offset ${SWITCHES + 10} limit ${OPENS * 5}`,
        [hoy],
      )
    ).rows.filter((_, i) => i % 5 === 0)
    const reads = await firstLocalReads(page, base, lejanos.map((r) => r.d))
    figures.push(
      { name: `Abrir Citas Programadas de hoy desde datos locales (${today} citas; toque en el panel → filas, mediana de ${local.length})`, value: median(local), unit: 'ms' },
      {
        name: `Las mismas citas por REST con +${LATENCY_MS} ms por petición (${remote.rows} filas con especialista y tratamiento; fetch + JSON, mediana de ${remote.times.length}; ${requests} por el proxy)`,
        value: median(remote.times),
        unit: 'ms',
      },
      { name: 'Las mismas citas por REST sin proxy (solo el servidor local, referencia)', value: median(direct.times), unit: 'ms' },
      { name: 'REST con latencia / datos locales', value: ratio, unit: '×', target: '≥ 10', ok: ratio >= 10 },
      {
        name: `Lectura contra lectura (referencia, sin dibujar): primera lectura local de un día aún no leído (RxDB/IndexedDB por fecha_cita, mediana de ${reads.length})`,
        value: median(reads),
        unit: 'ms',
      },
      { name: 'Lectura contra lectura: REST con latencia / lectura local (referencia; el objetivo se compara con la apertura de la pantalla)', value: median(remote.times) / median(reads), unit: '×' },
    )
    return figures
  } finally {
    await browser.close()
    if (proxy) await new Promise((r) => proxy!.close(r))
    await stack.close()
  }
}

/**
 * 2. Slots on the busiest (specialist, day) from today on: the day's own citas as the
 *    edit dialog passes them, and all 20,000 (the function skips other days itself).
 *    Rows are read as the device holds them (text dates and times).
 */
async function slotsFigures(stack: LocalStack): Promise<Figure[]> {
  const citas = (
    await stack.db.query<CitaAgenda & { id_tratamiento: string | null }>(
      `select id_cita::text, id_especialista::text, id_tratamiento::text, fecha_cita::text, hora_inicio::text, hora_fin::text, estado_cita, _deleted
         from public.tb_citas`,
    )
  ).rows
  const especialistas = (
    await stack.db.query<EspecialistaAgenda>(
      `select id_especialista::text, dias_trabajo, hora_inicio_trabajo::text, hora_fin_trabajo::text, _deleted from public.tb_especialistas`,
    )
  ).rows
  const horarios = (
    await stack.db.query<HorarioSemana>(
      `select dia_semana, hora_apertura::text, hora_cierre::text, descanso_inicio::text, descanso_fin::text, esta_abierto from public.tb_horarios where not _deleted`,
    )
  ).rows
  const tratamientos = (await stack.db.query<{ id: string; d: number | null }>(`select id_tratamiento::text as id, duracion_estimada_minutos as d from public.tb_tratamientos`)).rows
  const sinHorario = especialistas.filter((e) => !e._deleted && (!e.hora_inicio_trabajo || !e.hora_fin_trabajo)).length
  if (sinHorario) console.log(`  (${sinHorario} de ${especialistas.length} especialistas sin horario de trabajo: no reciben horarios libres)`)
  const hoy = peruToday()
  const busiest = (
    await stack.db.query<{ e: string; f: string; n: number }>(
      // Only specialists with working hours: without them slotsAgenda answers at once
      // ('no tiene un horario definido'), which would time nothing.
      `select c.id_especialista::text as e, c.fecha_cita::text as f, count(*)::int as n
         from public.tb_citas c join public.tb_especialistas e using (id_especialista)
        where ${LIVE.replaceAll('_deleted', 'c._deleted')} and c.fecha_cita >= $1::date
          and e.hora_inicio_trabajo is not null and e.hora_fin_trabajo is not null
        group by 1, 2 order by 3 desc, 2 limit 1`,
      [hoy],
    )
  ).rows[0]
  if (!busiest) return [{ name: 'slotsAgenda: no hay citas futuras en los datos demo', value: Number.NaN, unit: 'ms', target: '≤ 5', ok: false }]

  const especialista = especialistas.find((e) => e.id_especialista === busiest.e)
  // The treatment of that specialist's first cita that day: a duration the spa really books.
  const first = citas.find((c) => c.id_especialista === busiest.e && c.fecha_cita === busiest.f)
  const duracion = duracionTratamiento({ duracion_estimada_minutos: tratamientos.find((t) => t.id === first?.id_tratamiento)?.d ?? null })
  const delDia = citas.filter((c) => c.fecha_cita === busiest.f)
  const ahora = { hoy, minutos: peruMinutesOfDay() }
  const time = (input: readonly CitaAgenda[]) => {
    const out: number[] = []
    let offered = ''
    for (let i = 0; i < SLOT_ROUNDS; i++) {
      const t0 = performance.now()
      const r = slotsAgenda({ fecha: busiest.f, especialista, horarios, citas: input, duracion, ahora })
      out.push(performance.now() - t0)
      offered = r.ok ? `${r.slots.length} horarios libres` : `sin horarios: ${r.mensaje}`
    }
    return { ms: median(out), offered }
  }
  time(citas) // warm-up: the JIT compiles the loop before it is measured
  const all = time(citas)
  const day = time(delDia)
  const label = `${busiest.n} citas del especialista el ${busiest.f}, ${duracion} min, ${all.offered}`
  return [
    { name: `slotsAgenda entre las ${citas.length} citas (${label}; mediana de ${SLOT_ROUNDS})`, value: all.ms, unit: 'ms', target: '≤ 5', ok: all.ms <= 5 },
    { name: `slotsAgenda con las ${delDia.length} citas del día (como el diálogo de edición; mediana de ${SLOT_ROUNDS})`, value: day.ms, unit: 'ms', target: '≤ 5', ok: day.ms <= 5 },
  ]
}

/** Opens the screen on `fecha` and waits for the server's count of that day (synced). */
async function showDay(page: Page, base: string, fecha: string, n: number, vistaDia: boolean) {
  const url = `${base}${SCREEN}?fecha=${fecha}${vistaDia ? '&vista=dia' : ''}`
  const reload = page.url() !== url
  if (reload) await page.goto(url)
  await page.getByText(countLabel(n, 'cita', 'citas'), { exact: true }).first().waitFor({ timeout: 180_000 })
  if (n > 0) {
    await page.waitForSelector(vistaDia ? BLOCK : TABLE_ROW, { timeout: 60_000 }).catch(async (error: Error) => {
      // Seen twice in a dozen runs on the day view (0027, second update): keep what the
      // screen showed instead, for whoever picks it up.
      mkdirSync('tests/artifacts', { recursive: true })
      await page.screenshot({ path: 'tests/artifacts/agenda-dia-sin-filas.png', fullPage: true }).catch(() => {})
      const shown = (await page.locator('main').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 400)
      throw new Error(`${fecha}${vistaDia ? ' (vista del día)' : ''}: ${n} citas contadas y ninguna dibujada en 60 s; la pantalla decía: «${shown}» (${error.message.split('\n')[0]})`)
    })
  }
  if (reload) console.log(`  (tras recargar, el hilo principal quedó en calma a los ${((await settled(page)) / 1000).toFixed(1)} s)`)
}

/**
 * From each day to the next: the 'Día' input gets the new date as a person's typing or
 * picker would set it (input event), and a MutationObserver in the page stops the clock
 * when the new day is drawn. Table: the first row shows the new day's long date. Day
 * view: blocks are keyed by cita, so the old day's are marked first and the clock stops
 * when only unmarked blocks are left.
 */
async function switchDays(page: Page, base: string, days: Array<{ d: string; n: number }>, vistaDia: boolean): Promise<number[]> {
  await showDay(page, base, days[0]!.d, days[0]!.n, vistaDia)
  const out: number[] = []
  for (const { d } of days.slice(1)) {
    await page.waitForTimeout(100) // let the previous switch settle (effects, idle sync)
    out.push(
      await page.evaluate(
        ({ fecha, label, vistaDia, row, block }) =>
          new Promise<number>((resolve, reject) => {
            const input = document.querySelector<HTMLInputElement>('input[data-dates-input]')!
            for (const el of document.querySelectorAll(block)) el.setAttribute('data-bench-old', '')
            let t0 = 0
            const timer = setTimeout(() => reject(new Error(`el día ${fecha} no apareció`)), 30_000)
            // No named helpers in here: tsx would wrap them in a `__name` the page lacks.
            const observer = new MutationObserver(() => {
              const drawn = vistaDia
                ? document.querySelector(block) !== null && document.querySelector(`${block}[data-bench-old]`) === null
                : (document.querySelector(row)?.textContent ?? '').includes(label)
              if (!drawn) return
              observer.disconnect()
              clearTimeout(timer)
              resolve(performance.now() - t0)
            })
            observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true })
            const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
            t0 = performance.now()
            setValue.call(input, fecha)
            input.dispatchEvent(new Event('input', { bubbles: true }))
          }),
        { fecha: d, label: fechaLargaDia(d), vistaDia, row: TABLE_ROW, block: BLOCK },
      ),
    )
  }
  return out
}

/**
 * The app's first local read of each of `fechas` (none read before): the 'Día' input gets
 * the date as in switchDays, and the figure is the User Timing measure the day cache
 * records from its query's start to the first answer.
 */
async function firstLocalReads(page: Page, base: string, fechas: string[]): Promise<number[]> {
  await page.goto(`${base}${SCREEN}`)
  await page.waitForSelector(TABLE_ROW, { timeout: 60_000 })
  const out: number[] = []
  for (const fecha of fechas) {
    await page.waitForTimeout(100)
    out.push(
      await page.evaluate(
        ({ fecha, name }) =>
          new Promise<number>((resolve, reject) => {
            if (performance.getEntriesByName(name, 'measure').length) return reject(new Error(`el día ${fecha} ya se había leído`))
            const input = document.querySelector<HTMLInputElement>('input[data-dates-input]')!
            const timer = setTimeout(() => reject(new Error(`el día ${fecha} no se leyó`)), 30_000)
            const observer = new PerformanceObserver((list) => {
              const entry = list.getEntriesByName(name)[0]
              if (!entry) return
              observer.disconnect()
              clearTimeout(timer)
              resolve(entry.duration)
            })
            observer.observe({ type: 'measure' })
            const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
            setValue.call(input, fecha)
            input.dispatchEvent(new Event('input', { bubbles: true }))
          }),
        { fecha, name: `${MEASURE_LECTURA} ${fecha}` },
      ),
    )
  }
  return out
}

/**
 * Local open: on a warm panel, tap the Citas Programadas tile → today's first row in the
 * DOM (route, local query of every cita, the day's filter and the table's render).
 */
async function openFromHub(page: Page, base: string, expected: number): Promise<number[]> {
  if (expected === 0) return [Number.NaN] // a closed day has no rows to wait for
  const out: number[] = []
  await page.goto(`${base}${SCREEN}`)
  await page.waitForSelector(TABLE_ROW, { timeout: 60_000 })
  await settled(page)
  for (let i = 0; i < OPENS; i++) {
    await page.getByRole('link', { name: /Volver al panel/ }).click()
    await page.waitForSelector('nav[aria-label="Secciones del panel"]')
    await page.waitForTimeout(100)
    out.push(await clickUntil(page, `a[href="${SCREEN}"]`, TABLE_ROW))
  }
  return out
}

/**
 * The online-only read of the same day: one PostgREST request from the page (CORS
 * preflight included when the browser makes one) with the joins the table shows, timed
 * to the parsed JSON. Rendering is not included, so the ratio errs in REST's favour.
 */
async function restReads(page: Page, stack: LocalStack, restBase: string, fecha: string) {
  const signIn = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: defaultSeed.staffEmail, password: defaultSeed.staffPassword }),
  })
  const { access_token: token } = (await signIn.json()) as { access_token: string }
  const select = 'id_cita,nombre_cliente,email_cliente,telefono_cliente,nombre_tratamiento,fecha_cita,hora_inicio,hora_fin,estado_cita,monto_adelanto,metodo_pago_adelanto,referencia_pago_adelanto,notas_internas,id_especialista,id_tratamiento,tb_especialistas(nombre,apellido,especialidad),tb_tratamientos(nombre,duracion_estimada_minutos)'
  const query = new URLSearchParams({
    select,
    fecha_cita: `eq.${fecha}`,
    _deleted: 'is.false',
    id_especialista: 'not.is.null',
    estado_cita: 'not.in.(Cancelada,Venta Directa)',
    order: 'hora_inicio.asc',
  })
  return page.evaluate(
    async ({ url, headers, rounds }) => {
      const times: number[] = []
      let rows = 0
      for (let i = 0; i < rounds; i++) {
        const t0 = performance.now()
        // The default cache mode, as supabase-js: Chromium may keep the preflight (the
        // proxy's counts show it) and the GET carries no cache headers to reuse.
        const res = await fetch(url, { headers })
        const body = (await res.json()) as unknown
        times.push(performance.now() - t0)
        if (!res.ok || !Array.isArray(body)) throw new Error(`REST ${res.status}: ${JSON.stringify(body).slice(0, 200)}`)
        rows = body.length
      }
      return { times, rows }
    },
    { url: `${restBase}/rest/v1/tb_citas?${query}`, headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` }, rounds: OPENS },
  )
}

/**
 * A loopback proxy that holds every request `ms` before passing it on: one round trip of
 * a slow link. It counts requests by method, so CORS preflights show in the figure.
 */
async function latencyProxy(port: number, ms: number): Promise<{ server: Server; seen: Record<string, number> }> {
  const seen: Record<string, number> = {}
  const server = createServer((req, res) => {
    seen[req.method ?? '?'] = (seen[req.method ?? '?'] ?? 0) + 1
    setTimeout(() => {
      const upstream = request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers)
        up.pipe(res)
      })
      upstream.on('error', () => res.writeHead(502).end())
      req.pipe(upstream)
    }, ms)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { server, seen }
}
