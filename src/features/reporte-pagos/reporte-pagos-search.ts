/**
 * The report's filters live in the URL with `r`-prefixed keys (src/domain/reporte-pagos-busqueda.ts),
 * so a reload or the back button keeps the view and the Pagos screen's own keys on the
 * same route are left alone. The client name answers each keystroke from React state and
 * reaches the URL when typing pauses, as the kit's list search does
 * (docs/decisions/0005-back-office-kit.md "URL state").
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearch } from '@tanstack/react-router'
import { busquedaDeFiltros, CLAVES_BUSQUEDA_REPORTE, filtrosDeBusqueda, leerBusquedaReporte, type BusquedaReporte, type FiltrosReporte } from '@/domain/reporte-pagos-busqueda.ts'
import { URL_WRITE_DELAY_MS, useSearchWriter } from '@/lib/ui/list-search.ts'

/** The route's validateSearch (merge it with the Pagos screen's). */
export function validarBusquedaReporte(search: Record<string, unknown>): BusquedaReporte {
  return leerBusquedaReporte(search)
}

export interface ReporteFiltrosState {
  /** The filters as shown (the client as typed, ahead of the URL). */
  filtros: FiltrosReporte
  cambiar: (patch: Partial<FiltrosReporte>) => void
}

export function useReporteFiltros(hoy: string): ReporteFiltrosState {
  const search = useSearch({ strict: false }) as Record<string, unknown>
  const writeSearch = useSearchWriter()
  const enUrl = filtrosDeBusqueda(leerBusquedaReporte(search), hoy)
  const [cliente, setCliente] = useState(enUrl.cliente)
  const escrito = useRef(enUrl.cliente)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // The URL changed from elsewhere (back button, a link): follow it.
  useEffect(() => {
    if (enUrl.cliente !== escrito.current) {
      escrito.current = enUrl.cliente
      clearTimeout(timer.current)
      setCliente(enUrl.cliente)
    }
  }, [enUrl.cliente])
  // Leaving the screen drops a pending write: it would land on the next screen's URL.
  useEffect(() => () => clearTimeout(timer.current), [])

  const escribir = useCallback(
    (patch: Partial<FiltrosReporte>) =>
      writeSearch((prev) => {
        const otros = Object.fromEntries(Object.entries(prev).filter(([k]) => !(CLAVES_BUSQUEDA_REPORTE as readonly string[]).includes(k)))
        const actuales = filtrosDeBusqueda(leerBusquedaReporte(prev), hoy)
        return { ...otros, ...busquedaDeFiltros({ ...actuales, ...patch }, hoy) }
      }),
    [writeSearch, hoy],
  )

  const cambiar = useCallback(
    (patch: Partial<FiltrosReporte>) => {
      const { cliente: nuevo, ...resto } = patch
      if (nuevo !== undefined) {
        setCliente(nuevo)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => {
          escrito.current = nuevo.trim()
          escribir({ cliente: nuevo })
        }, URL_WRITE_DELAY_MS)
      }
      if (Object.keys(resto).length > 0) escribir(resto)
    },
    [escribir],
  )

  return { filtros: { ...enUrl, cliente }, cambiar }
}
