/**
 * A list's search term and page live in the URL (`?q=…&page=2`), so a reload, the
 * back button and a link from elsewhere (e.g. 'Problemas de sincronización' opening
 * a patient) all land on the same view. Routes declare `validateSearch:
 * validateListSearch`; screens read and change it with useListSearch().
 */
import { useCallback } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'

export interface ListSearch {
  q?: string
  page?: number
}

/**
 * A sensible term and page (routes with more filters spread this into their own
 * validateSearch); empty values are left out of the URL.
 */
export function validateListSearch(search: Record<string, unknown>): ListSearch {
  const out: ListSearch = {}
  const q = typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q).slice(0, 200) : ''
  if (q) out.q = q
  const page = Number(search.page)
  if (Number.isInteger(page) && page > 1) out.page = page
  return out
}

export interface ListSearchState {
  q: string
  page: number
  /** A new term starts again at page 1. */
  setQ: (q: string) => void
  setPage: (page: number) => void
}

export function useListSearch(): ListSearchState {
  const search = useSearch({ strict: false }) as ListSearch
  const navigate = useNavigate()
  const update = useCallback(
    (next: ListSearch) =>
      void navigate({
        to: '.',
        // Typing replaces the history entry (one per keystroke would make 'back' useless).
        // Typed per route by TanStack; this hook serves every list route, hence the cast.
        search: ((prev: Record<string, unknown>) => {
          const { q: _q, page: _page, ...rest } = prev
          return { ...rest, ...validateListSearch({ ...prev, ...next }) }
        }) as never,
        replace: true,
      }),
    [navigate],
  )
  const setQ = useCallback((q: string) => update({ q, page: 1 }), [update])
  const setPage = useCallback((page: number) => update({ page }), [update])
  return { q: search.q ?? '', page: search.page ?? 1, setQ, setPage }
}
