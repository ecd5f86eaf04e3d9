/** The table's pure parts: sort order and paging. */
import { compararEsNatural } from '@/domain/text.ts'

export type SortDirection = 'asc' | 'desc'
export type SortValue = string | number | null | undefined

/** Numbers by value, text by Spanish collation ('Ángela' beside 'Andrea'); empty values last either way. */
export function compareSortValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  const aEmpty = a === null || a === undefined || a === ''
  const bEmpty = b === null || b === undefined || b === ''
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : compararEsNatural(String(a), String(b))
  return direction === 'asc' ? order : -order
}

export function pageCount(rows: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rows / pageSize))
}

/** Rows of a 1-based page (a page past the end shows the last one). */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): readonly T[] {
  const current = Math.min(Math.max(1, page), pageCount(rows.length, pageSize))
  return rows.slice((current - 1) * pageSize, current * pageSize)
}
