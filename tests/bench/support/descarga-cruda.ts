/**
 * The first-sync bench's yardstick (tests/bench/primera-sincronizacion.bench.ts): the same
 * rows the sync downloads, fetched raw. Sign in as the user (password grant), then per
 * replicated table pages of `sync_pull` after the last (_xid, pk), as
 * sync/replication/table-sync.ts asks for them, until a page comes back short; the tables
 * side by side as the sync runs them. Nothing is stored: fetch and JSON only.
 *
 * Run twice: in Node at full speed, and in a page of the same Chromium with the same CPU
 * rate as the sync it is compared to (a budget tablet fetching the same rows), so the
 * ratio says what the sync adds on the same device.
 */
import type { Browser } from '@playwright/test'
import { productTables } from '../../../sync/tables/product-tables.ts'
import type { TableDef } from '../../../sync/tables/table-def.ts'

/** The largest page a REST read returns (architecture.md): the fastest way to fetch the rows. */
export const PULL_PAGE = 1000

export interface RawDownload {
  ms: number
  rows: number
  pages: number
  bytes: number
  tables: number
}

interface Job {
  base: string
  anonKey: string
  email: string
  password: string
  tables: Array<{ name: string; primaryKey: string }>
  page: number
}

/** The whole download; self-contained, as it also runs inside a page. */
async function download(job: Job): Promise<RawDownload> {
  const t0 = performance.now()
  const headers = { apikey: job.anonKey, 'content-type': 'application/json' }
  const signIn = await fetch(`${job.base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: job.email, password: job.password }),
    signal: AbortSignal.timeout(30_000),
  })
  if (!signIn.ok) throw new Error(`inicio de sesión: HTTP ${signIn.status}`)
  const { access_token } = (await signIn.json()) as { access_token: string }
  const auth = { ...headers, authorization: `Bearer ${access_token}` }
  let rows = 0
  let pages = 0
  let bytes = 0
  await Promise.all(
    job.tables.map(async (def) => {
      let after: { xid: string; id: string } | null = null
      let floor: string | null = null
      for (;;) {
        const res = await fetch(`${job.base}/rest/v1/rpc/sync_pull`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ p_table: def.name, p_after_xid: after?.xid ?? '0', p_after_id: after?.id ?? null, p_limit: job.page, p_floor: floor, p_fresh: after === null }),
          signal: AbortSignal.timeout(60_000),
        })
        const text = await res.text()
        if (!res.ok) throw new Error(`sync_pull ${def.name}: HTTP ${res.status} ${text.slice(0, 200)}`)
        const page = JSON.parse(text) as { rows: Array<Record<string, unknown>>; floor: string | null }
        bytes += text.length
        pages++
        rows += page.rows.length
        floor ??= page.floor
        const last = page.rows.at(-1)
        if (last) after = { xid: String(last._xid), id: String(last[def.primaryKey]) }
        if (page.rows.length < job.page) break
      }
    }),
  )
  return { ms: performance.now() - t0, rows, pages, bytes, tables: job.tables.length }
}

function job(base: string, anonKey: string, who: { email: string; password: string }): Job {
  const tables = (productTables as readonly TableDef[]).filter((t) => !t.adminOnly).map((t) => ({ name: t.name, primaryKey: t.primaryKey }))
  return { base, anonKey, email: who.email, password: who.password, tables, page: PULL_PAGE }
}

export function rawDownloadInNode(base: string, anonKey: string, who: { email: string; password: string }): Promise<RawDownload> {
  return download(job(base, anonKey, who))
}

/**
 * The same download from a page of the app's origin in a fresh context, with the CPU
 * slowed `rate` times through the DevTools protocol, as the sync it is compared to.
 */
export async function rawDownloadInBrowser(browser: Browser, base: string, anonKey: string, who: { email: string; password: string }, rate: number): Promise<RawDownload> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    // A small same-origin document: the fetches need the app's origin, not its script.
    await page.goto(`${base}/manifest.webmanifest`, { timeout: 30_000 })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    // The same function, so the page runs exactly what Node runs.
    return await page.evaluate(download, job(base, anonKey, who))
  } finally {
    await context.close()
  }
}
