/**
 * Toasts as a test sees them. A toast closes after 5 s (src/lib/toast/toast-store.ts);
 * on a busy machine a test's steps between the action and its check can take longer
 * (a CI run saw the toast appear, the title matched, and it had closed before the
 * description's check). So every page records each toast the notification region
 * shows, from the document's start, and a check matches the toast on screen or one
 * that has already closed. A closed toast matches one check only, and a match puts the
 * toasts before it behind the test: a check that expects a second toast with the same
 * text needs a second toast.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { expect } from '@playwright/test'

/** Installed in every context (support/fixtures.ts): records what the region showed. */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    type Record = { el: Element; text: string; gone: boolean; used: boolean }
    const records: Record[] = []
    ;(window as unknown as { __toasts: Record[] }).__toasts = records
    new MutationObserver(() => {
      const region = document.querySelector('[role="region"][aria-label="Notificaciones (F8)"]')
      const live = region ? Array.from(region.children) : []
      for (const r of records) if (!r.gone && !live.includes(r.el)) r.gone = true
      for (const el of live) {
        let r = records.find((x) => x.el === el)
        if (!r) records.push((r = { el, text: '', gone: false, used: false }))
        r.text = (el.textContent ?? '').replace(/\s+/g, ' ').trim()
      }
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

type Wanted = { text: string } | { source: string; flags: string }

function wanted(value: string | RegExp): Wanted {
  return typeof value === 'string' ? { text: value.replace(/\s+/g, ' ').trim() } : { source: value.source, flags: value.flags }
}

/**
 * A toast with `title` (and `description`) is on screen, or was shown since the page
 * loaded and not matched by an earlier check after it closed.
 */
export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp) {
  const parts = [wanted(title), ...(description === undefined ? [] : [wanted(description)])]
  await expect
    .poll(
      () =>
        page.evaluate((parts) => {
          const matches = (text: string) =>
            parts.every((p) => ('text' in p ? text.includes(p.text) : new RegExp(p.source, p.flags).test(text)))
          const records = (window as unknown as { __toasts?: { text: string; gone: boolean; used: boolean }[] }).__toasts
          if (!records) {
            // A page whose context was made without the recorder: what is on screen only.
            const region = document.querySelector('[role="region"][aria-label="Notificaciones (F8)"]')
            const text = (region?.textContent ?? '').replace(/\s+/g, ' ').trim()
            return matches(text) ? 'ok' : `en pantalla: «${text}»`
          }
          const found = records.find((r) => !r.gone && matches(r.text)) ?? records.find((r) => r.gone && !r.used && matches(r.text))
          if (found) {
            // It and every toast before it are behind the test now.
            for (const r of records.slice(0, records.indexOf(found) + 1)) r.used = true
            return 'ok'
          }
          return `avisos mostrados: ${records.map((r) => `«${r.text}»${r.gone ? ' (cerrado)' : ''}`).join(', ') || 'ninguno'}`
        }, parts),
      { message: `un aviso con ${parts.map((p) => ('text' in p ? `«${p.text}»` : `/${p.source}/`)).join(' y ')}` },
    )
    .toBe('ok')
}
