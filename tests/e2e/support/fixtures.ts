/**
 * `test` and `expect` for every e2e spec: each Playwright worker starts its own
 * backend (the whole product as `npm start` serves it, in-memory database) on its own
 * port, once, and its tests use it as baseURL. Two workers then run spec files side by
 * side without sharing data, and no test pays for a backend start.
 *
 *   import { expect, test } from './support/fixtures.ts'
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { test as base, type Browser } from '@playwright/test'
import { recordToasts } from './toasts.ts'

export { expect } from '@playwright/test'

/**
 * The first worker's port; worker N uses this + N (E2E_PORT moves the whole range). Below
 * Linux's ephemeral range (32768–60999), where outgoing connections and port-0 servers
 * cannot take it first.
 */
const firstPort = Number(process.env.E2E_PORT ?? 24329)

/**
 * A backend left running on the port by an earlier run would answer the readiness check
 * before ours fails to bind, and the worker's tests would then run against its old data
 * (this happened: a stale server made three specs fail on a clean clone). Refuse instead.
 */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', () =>
      reject(new Error(`el puerto ${port} ya está en uso (¿un backend de una ejecución anterior?); detenlo o usa E2E_PORT`)),
    )
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()))
  })
}

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el backend de pruebas terminó al arrancar (código ${child.exitCode})`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`el backend de pruebas no respondió en ${url}`)
}

export const test = base.extend<object, { workerOrigin: string }>({
  workerOrigin: [
    // Playwright reads a fixture's dependencies from this destructuring: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = firstPort + workerInfo.workerIndex
      await assertPortFree(port)
      const child = spawn('npx', ['tsx', 'supabase/local/cli.ts', 'start', '--memory', '--port', String(port), '--host', '127.0.0.1', '--quiet'], {
        // Its own process group, so stopping it also stops what npx and tsx started.
        detached: true,
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      const origin = `http://127.0.0.1:${port}`
      try {
        await waitUntilServing(`${origin}/app-config.json`, child, 180_000)
        await use(origin)
      } finally {
        if (child.pid && child.exitCode === null) {
          const exited = new Promise((r) => child.once('exit', r))
          process.kill(-child.pid, 'SIGTERM')
          await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
        }
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  // Every context records its toasts (support/toasts.ts), the test's own and those a
  // spec makes for a second tablet: Playwright's default context is made through this too.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await newContext(...args)
        await recordToasts(context)
        return context
      }
      await use(browser)
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ workerOrigin }, use) => use(workerOrigin),
  // The home page arrives as HTML and the app hydrates it a moment later
  // (docs/decisions/0047-inicio-hidratado.md); until then its buttons do nothing. Tests
  // act once the app has taken the page over (#root loses data-prerendered).
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    const ready = async () => {
      if (new URL(page.url()).pathname === '/') await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' })
    }
    page.goto = async (...args) => {
      const response = await goto(...args)
      await ready()
      return response
    }
    page.reload = async (...args) => {
      const response = await reload(...args)
      await ready()
      return response
    }
    await use(page)
  },
})
