import type { Locator } from '@playwright/test'

/** Dates as the spa sees them (Peru, fixed UTC−5), for choosing booking days in tests. */

/** The next date strictly after today in Peru whose weekday is `day` (0 = Sunday), as YYYY-MM-DD. */
export function nextPeruWeekday(day: number): string {
  const lima = new Date(Date.now() - 5 * 3_600_000)
  let d = new Date(Date.UTC(lima.getUTCFullYear(), lima.getUTCMonth(), lima.getUTCDate()))
  do d = new Date(d.getTime() + 86_400_000)
  while (d.getUTCDay() !== day)
  return d.toISOString().slice(0, 10)
}

/** Today in Peru, as YYYY-MM-DD. */
export function peruToday(): string {
  return new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10)
}

/**
 * Types a date into one of the panel's date fields as a receptionist does, day first
 * ('27/11/2026'), over what the field showed, and leaves the field
 * (docs/decisions/0044-fechas-en-espanol.md).
 */
export async function typeDate(field: Locator, iso: string): Promise<void> {
  const [y, m, d] = iso.split('-')
  await field.click()
  await field.press('ControlOrMeta+a')
  await field.pressSequentially(`${d}/${m}/${y}`)
  await field.press('Tab')
}
