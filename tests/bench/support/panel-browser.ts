/**
 * Shared by the front-end benchmarks: Debian's Chromium as the e2e suite starts it, a
 * staff or admin sign-in through the real form, in-page timing helpers and the median.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
}

export const RECEPCION = { email: 'recepcion@spa.local', password: 'recepcion1234' }
export const ADMINISTRADOR = { email: 'admin@spa.local', password: 'admin1234' }

/** A tablet-sized page signed in (as reception unless told), opened at `path` after the sign-in. */
export async function staffPage(browser: Browser, base: string, path: string, who = RECEPCION): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1180, height: 820 }, locale: 'es-PE', timezoneId: 'America/Lima' })
  const page = await context.newPage()
  await page.goto(`${base}/login?redirect=${encodeURIComponent(path)}`)
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(who.email)
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await page.waitForURL((u) => u.pathname === new URL(path, base).pathname, { timeout: 120_000 })
  return page
}

/** The same as the demo administrator (the admin screens and tables). */
export function adminPage(browser: Browser, base: string, path: string): Promise<Page> {
  return staffPage(browser, base, path, ADMINISTRADOR)
}

/**
 * Types into the search box one character at a time; each sample is input event → next
 * frame (what the receptionist waits for), median of `rounds`.
 */
export async function searchKeystroke(page: Page, label: string, text: string, rounds = 15): Promise<number> {
  const samples = await page.evaluate(
    async ({ label, text, rounds }) => {
      const input = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      const out: number[] = []
      for (let round = 0; round < rounds; round++) {
        const value = text.slice(0, (round % text.length) + 1)
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)))
        const t0 = performance.now()
        setValue.call(input, value)
        input.dispatchEvent(new Event('input', { bubbles: true }))
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
        out.push(performance.now() - t0)
      }
      return out
    },
    { label, text, rounds },
  )
  return median(samples)
}

/**
 * Clicks `click` (a CSS selector) and measures, in the page, until `count` elements match
 * `ready`: the time a person waits after the tap.
 */
export async function clickUntil(page: Page, click: string, ready: string, count = 1): Promise<number> {
  const timing = page.evaluate(
    ({ click, ready, count }) =>
      new Promise<number>((resolve) => {
        const target = document.querySelector<HTMLElement>(click)!
        let t0 = 0
        target.addEventListener('click', () => (t0 = performance.now()), { capture: true, once: true })
        const observer = new MutationObserver(() => {
          if (t0 && document.querySelectorAll(ready).length >= count) {
            observer.disconnect()
            resolve(performance.now() - t0)
          }
        })
        observer.observe(document, { childList: true, subtree: true, attributes: true })
        target.click()
      }),
    { click, ready, count },
  )
  return timing
}

/**
 * Waits until the page's main thread has been quiet for `quietMs`: after a reload the
 * device opens its collections (each read whole from IndexedDB), builds its lookups and
 * restarts its replication, much of it in slices too short to be long tasks, and a figure
 * meant for a device in use must not time that. A message loop in the page measures how
 * late each turn comes back; quiet means less than 5 % of a 500 ms window went to other
 * work, for `quietMs` in a row (at most `limitMs`; the wait's length is returned, so a
 * figure can say it). Long tasks alone let switches run beside the replication's
 * restart (docs/decisions/0027-pantalla-sin-trabajo-de-mas.md, second update).
 */
export async function settled(page: Page, quietMs = 1500, limitMs = 60_000): Promise<number> {
  return page.evaluate(
    ({ quietMs, limitMs }) =>
      new Promise<number>((resolve) => {
        const t0 = performance.now()
        const channel = new MessageChannel()
        let windowStart = t0
        let last = t0
        let busy = 0
        let quietSince = t0
        // No named helpers in here: tsx would wrap them in a `__name` the page lacks.
        channel.port1.onmessage = () => {
          const now = performance.now()
          // A turn normally comes back within a millisecond; the rest went to other tasks.
          busy += Math.max(0, now - last - 1)
          last = now
          if (now - windowStart >= 500) {
            if (busy > 0.05 * (now - windowStart)) quietSince = now
            windowStart = now
            busy = 0
            if (now - quietSince >= quietMs || now - t0 >= limitMs) {
              channel.port1.close()
              return resolve(now - t0)
            }
          }
          channel.port2.postMessage(null)
        }
        channel.port2.postMessage(null)
      }),
    { quietMs, limitMs },
  )
}

/**
 * Runs `work`; with SPA_BENCH_PERFIL=<folder> set, records a CPU profile of the page
 * meanwhile into `<folder>/<name>.cpuprofile` (read it with profile-summary.ts). A profile
 * that cannot be written is said, and the figures still count.
 */
export async function profiled<T>(page: Page, name: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.SPA_BENCH_PERFIL
  if (!folder) return work()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  try {
    return await work()
  } finally {
    try {
      const { profile } = await cdp.send('Profiler.stop')
      mkdirSync(folder, { recursive: true })
      const file = join(folder, `${name}.cpuprofile`)
      writeFileSync(file, JSON.stringify(profile))
      console.log(`  perfil de CPU: ${file}`)
    } catch (error) {
      console.log(`  ✗ perfil de CPU ${name} no guardado: ${(error as Error).message.split('\n')[0]}`)
    }
    await cdp.detach().catch(() => {})
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
