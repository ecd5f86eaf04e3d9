/**
 * A list's search term and page live in the URL (`?q=…&page=2`), so a reload, the
 * back button and a link from elsewhere (e.g. 'Problemas de sincronización' opening
 * a patient) all land on the same view. Routes declare `validateSearch:
 * validarBusquedaLista`; screens read and change it with useListSearch().
 *
 * The term answers each keystroke from React state and reaches the URL once typing
 * pauses: a router navigation per keystroke re-renders the whole panel and cost ~200 ms
 * a key on a tablet with 500 rows (benchmark `catalogo`).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'

export interface ListSearch {
  q?: string
  page?: number
}

/**
 * A sensible term and page (routes with more filters spread this into their own
 * validateSearch); empty values are left out of the URL.
 */
export function validarBusquedaLista(search: Record<string, unknown>): ListSearch {
  const out: ListSearch = {}
  const q = typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q).slice(0, 200) : ''
  if (q) out.q = q
  const page = Number(search.page)
  if (Number.isInteger(page) && page > 1) out.page = page
  return out
}

export interface ListSearchState {
  /** The term as typed (ahead of the URL while typing). */
  q: string
  page: number
  /** A new term starts again at page 1. */
  setQ: (q: string) => void
  setPage: (page: number) => void
}

/** How long typing must pause before the term is written to the URL. */
export const URL_WRITE_DELAY_MS = 300

type SearchUpdate = (prev: Record<string, unknown>) => Record<string, unknown>

/**
 * The one way a screen writes its filters into the URL. It replaces the history entry
 * ('back' leaves the screen, not the last keystroke) and keeps the scroll position: the
 * router's scroll restoration would otherwise jump to the top of the page whenever a
 * filter reaches the URL — with a typed term that is 300 ms after the last key, when the
 * receptionist may already have scrolled down to a row and opened its menu.
 */
export function useSearchWriter(): (update: SearchUpdate) => void {
  const navigate = useNavigate()
  return useCallback(
    // Typed per route by TanStack; the kit serves every screen's route, hence the cast.
    (update: SearchUpdate) => void navigate({ to: '.', search: update as never, replace: true, resetScroll: false }),
    [navigate],
  )
}

export function useListSearch(): ListSearchState {
  const search = useSearch({ strict: false }) as ListSearch
  const writeSearch = useSearchWriter()
  const urlQ = search.q ?? ''
  const [q, setLocalQ] = useState(urlQ)
  const written = useRef(urlQ)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // The URL changed from elsewhere (back button, a link): follow it.
  useEffect(() => {
    if (urlQ !== written.current) {
      written.current = urlQ
      clearTimeout(timer.current)
      setLocalQ(urlQ)
    }
  }, [urlQ])
  // Leaving the screen drops a pending write: it would land on the next screen's URL.
  useEffect(() => () => clearTimeout(timer.current), [])

  const update = useCallback(
    (next: ListSearch) =>
      writeSearch((prev) => {
        const { q: _q, page: _page, ...rest } = prev
        return { ...rest, ...validarBusquedaLista({ ...prev, ...next }) }
      }),
    [writeSearch],
  )
  const setQ = useCallback(
    (next: string) => {
      setLocalQ(next)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        written.current = next
        update({ q: next, page: 1 })
      }, URL_WRITE_DELAY_MS)
    },
    [update],
  )
  const setPage = useCallback((page: number) => update({ page }), [update])
  // Until a new term reaches the URL, its results start at their first page.
  return { q, page: q === urlQ ? (search.page ?? 1) : 1, setQ, setPage }
}
