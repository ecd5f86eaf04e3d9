import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { renderScreen } from '@tests/support/render.tsx'
import { useListSearch, validarBusquedaLista } from './list-search.ts'
import { SearchBox } from './search-box.tsx'

describe('validarBusquedaLista', () => {
  it('keeps a term and a page above 1, drops the rest', () => {
    expect(validarBusquedaLista({ q: 'masaje', page: '3' })).toEqual({ q: 'masaje', page: 3 })
    expect(validarBusquedaLista({ q: '', page: 1 })).toEqual({})
    expect(validarBusquedaLista({ page: 'dos', q: { x: 1 } })).toEqual({})
    expect(validarBusquedaLista({ page: 2.5 })).toEqual({})
    expect(validarBusquedaLista({ q: 123 })).toEqual({ q: '123' })
    expect(validarBusquedaLista({ q: 'x'.repeat(500) }).q).toHaveLength(200)
  })
})

function Lista() {
  const { q, page, setQ, setPage } = useListSearch()
  return (
    <>
      <SearchBox value={q} onChange={setQ} label="Buscar tratamientos" placeholder="Buscar" count={`página ${page}`} />
      <button type="button" onClick={() => setPage(page + 1)}>
        siguiente
      </button>
    </>
  )
}

describe('useListSearch', () => {
  it('opens at the term and page of the URL', async () => {
    await renderScreen(() => <Lista />, { url: '/lista?q=facial&page=2', validateSearch: validarBusquedaLista })
    expect(screen.getByRole('searchbox', { name: 'Buscar tratamientos' })).toHaveValue('facial')
    expect(screen.getByRole('status')).toHaveTextContent('página 2')
  })

  it('writes the term to the URL and starts again at page 1, keeping other filters', async () => {
    const { user, router } = await renderScreen(() => <Lista />, { url: '/lista?page=3&dia=2026-11-24', validateSearch: (s) => ({ ...validarBusquedaLista(s), dia: s.dia }) })
    await user.type(screen.getByRole('searchbox', { name: 'Buscar tratamientos' }), 'masaje')
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'masaje', dia: '2026-11-24' }))
    await user.click(screen.getByRole('button', { name: 'siguiente' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'masaje', page: 2, dia: '2026-11-24' }))
  })

  it('follows the URL when it changes elsewhere (back button)', async () => {
    const { user, router } = await renderScreen(() => <Lista />, { url: '/lista', validateSearch: validarBusquedaLista })
    await user.type(screen.getByRole('searchbox', { name: 'Buscar tratamientos' }), 'uñas')
    await router.navigate({ to: '/lista' as never, search: { q: 'cabello' } as never })
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Buscar tratamientos' })).toHaveValue('cabello'))
  })
})
