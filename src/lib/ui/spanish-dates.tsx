/**
 * @mantine/dates in Spanish (month and day names, Monday first). Wrap the screens
 * that use date pickers; kept out of the panel layout so screens without pickers do
 * not download Mantine dates (docs/decisions/0004-front-end.md).
 */
import type { ReactNode } from 'react'
import { DatesProvider } from '@mantine/dates'
import '@/lib/dates/dayjs-es.ts'
import '@mantine/dates/styles.css'

export function SpanishDates({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1, weekendDays: [0] }}>{children}</DatesProvider>
}
